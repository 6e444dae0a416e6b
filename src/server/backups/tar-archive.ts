import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';

// The backup archive is a plain ustar file (gzip around it, by the caller), so an IT manager can
// open one with `tar -xzf` anywhere. Written and read here rather than with a library: the format
// needs a 512-byte header per file and nothing else, and the server already ships no tar package.

const BLOCK = 512;
/** ustar's size field holds 11 octal digits: up to 8 GiB per file. */
const MAX_ENTRY_BYTES = 8 ** 11 - 1;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Archive entry name too long: ${name}`);
  if (size > MAX_ENTRY_BYTES) throw new Error(`Archive entry too large: ${name}`);
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148, 'ascii');
  return header;
}

async function write(output: Writable, chunk: Buffer): Promise<void> {
  if (!output.write(chunk)) await once(output, 'drain');
}

export interface TarWriter {
  /** Adds one file; `content` must yield exactly `size` bytes. */
  add(name: string, size: number, content: Buffer | AsyncIterable<Buffer>): Promise<void>;
  /** Writes the end-of-archive blocks; the caller ends the stream. */
  finish(): Promise<void>;
}

export function createTarWriter(output: Writable, mtime: Date): TarWriter {
  return {
    async add(name, size, content) {
      await write(output, tarHeader(name, size, mtime));
      let written = 0;
      const chunks = Buffer.isBuffer(content) ? [content] : content;
      for await (const chunk of chunks) {
        written += chunk.length;
        if (written > size) throw new Error(`Archive entry ${name} grew while it was written`);
        await write(output, chunk);
      }
      if (written !== size) throw new Error(`Archive entry ${name} has ${written} bytes, not ${size}`);
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (padding > 0) await write(output, Buffer.alloc(padding));
    },
    async finish() {
      await write(output, Buffer.alloc(BLOCK * 2));
    },
  };
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; must be read (or skipped with `skip`) before the next entry is asked for. */
  body(): AsyncIterable<Buffer>;
}

export class ArchiveFormatError extends Error {
  override readonly name = 'ArchiveFormatError';
}

/** Reads exact byte counts from a stream of chunks. */
function byteReader(source: Readable) {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer = Buffer.alloc(0);
  const more = async (): Promise<boolean> => {
    const next = await iterator.next();
    if (next.done) return false;
    pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    return true;
  };
  return {
    async exactly(length: number): Promise<Buffer | null> {
      while (pending.length < length) if (!(await more())) return null;
      const taken = pending.subarray(0, length);
      pending = pending.subarray(length);
      return taken;
    },
    async *upTo(length: number): AsyncIterable<Buffer> {
      let left = length;
      while (left > 0) {
        if (pending.length === 0 && !(await more())) throw new ArchiveFormatError('The archive ends in the middle of a file.');
        const taken = pending.subarray(0, Math.min(left, pending.length));
        pending = pending.subarray(taken.length);
        left -= taken.length;
        yield taken;
      }
    },
  };
}

function parseOctal(field: Buffer): number {
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveFormatError('The archive has a damaged header.');
  return text === '' ? 0 : parseInt(text, 8);
}

/** The archive's files in order. Stops at the end-of-archive blocks; a damaged header throws ArchiveFormatError. */
export async function* readTar(source: Readable): AsyncIterable<TarEntry> {
  const reader = byteReader(source);
  for (;;) {
    const header = await reader.exactly(BLOCK);
    if (header === null) throw new ArchiveFormatError('The archive ends before its end marker.');
    if (header.every((byte) => byte === 0)) return;
    const stored = parseOctal(header.subarray(148, 156));
    let sum = 0;
    for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 32 : header[index]!;
    if (sum !== stored) throw new ArchiveFormatError('The archive has a damaged header.');
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseOctal(header.subarray(124, 136));
    let consumed = false;
    const body = () => {
      if (consumed) throw new Error('An archive entry is read once.');
      consumed = true;
      return reader.upTo(size);
    };
    yield { name, size, body };
    if (!consumed) for await (const _chunk of reader.upTo(size));
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0 && (await reader.exactly(padding)) === null) throw new ArchiveFormatError('The archive ends in the middle of a file.');
  }
}
