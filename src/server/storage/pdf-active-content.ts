import { once } from 'node:events';
import { constants, createInflate, type Inflate } from 'node:zlib';
import { ACTIVE_CONTENT_KINDS, type ActiveContentKind } from '../../shared/api/applications';
import type { TemporaryObject } from './document-storage';

// Which active content a PDF carries, from the names in its bytes (the markers pdfid counts):
// `/JavaScript` `/JS` (scripts), `/OpenAction` (an action run on opening), `/Launch` (starts a
// program), `/EmbeddedFile(s)` (attached files), `/RichMedia` (Flash and video). Names are
// compared after their `#xx` escapes are decoded (`/J#61vaScript` is `/JavaScript`). Object
// streams (`/Type /ObjStm`, PDF 1.5), where a writer hides whole dictionaries behind
// FlateDecode, are inflated and read the same way. The file is read chunk by chunk and an object
// stream is inflated as it arrives, so a large upload is never held in memory.
//
// The scan is deliberately of the raw bytes, not a parse: a viewer finds objects by the offsets
// in the cross-reference table, so an object may sit anywhere, even inside another stream's data
// or a string, and a lexical parse can be led past it. Inside stream data only `/JS` is ignored:
// three letters turn up by chance in a few megabytes of compressed image data, and a script
// needs `/S /JavaScript` (or the `/JavaScript` name tree) to run anyway.

const MARKERS: ReadonlyMap<string, ActiveContentKind> = new Map([
  ['JavaScript', 'javascript'],
  ['JS', 'javascript'],
  ['OpenAction', 'open_action'],
  ['Launch', 'launch'],
  ['EmbeddedFile', 'embedded_file'],
  ['EmbeddedFiles', 'embedded_file'],
  ['RichMedia', 'rich_media'],
]);
const CHANCE_NAMES: ReadonlySet<string> = new Set(['JS']);
const FLATE_NAMES: ReadonlySet<string> = new Set(['FlateDecode', 'Fl']);
const OTHER_FILTER_NAMES: ReadonlySet<string> = new Set(['ASCIIHexDecode', 'AHx', 'ASCII85Decode', 'A85', 'LZWDecode', 'LZW', 'RunLengthDecode', 'RL', 'Crypt']);

/** Longer names and keywords are none of ours; they are skipped, not collected. */
const MAX_TOKEN_BYTES = 64;
/** Inflated bytes read per file: a deflate bomb must not keep the upload busy. */
export const MAX_INFLATED_BYTES = 512 * 1024 * 1024;
const READ_CHUNK_BYTES = 1024 * 1024;

// Byte classes of PDF syntax (ISO 32000-1, 7.2.2): white-space and delimiters end a token.
const REGULAR = 0;
const WHITE = 1;
const DELIMITER = 2;
const CLASS = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[byte] = WHITE;
for (const char of '()<>[]{}/%') CLASS[char.charCodeAt(0)] = DELIMITER;
const SLASH = 0x2f;
const CR = 0x0d;
const LF = 0x0a;
const ENDSTREAM = Buffer.from('endstream', 'latin1');

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/** A name's bytes with its `#xx` escapes decoded; a `#` not followed by two hex digits stays as it is. */
export function decodeName(raw: Uint8Array): string {
  let out = '';
  for (let index = 0; index < raw.length; index += 1) {
    const byte = raw[index]!;
    if (byte === 0x23 && index + 2 < raw.length) {
      const high = hexValue(raw[index + 1] ?? -1);
      const low = hexValue(raw[index + 2] ?? -1);
      if (high >= 0 && low >= 0) {
        out += String.fromCharCode(high * 16 + low);
        index += 2;
        continue;
      }
    }
    out += String.fromCharCode(byte);
  }
  return out;
}

type TokenListener = (token: string, isName: boolean) => void;

/** Only names this long or shorter, starting with one of these letters, are ever looked at. */
const MAX_NAME_BYTES = 15;
const NAME_STARTS = new Uint8Array(256);
for (const name of [...MARKERS.keys(), ...FLATE_NAMES, ...OTHER_FILTER_NAMES, 'ObjStm', 'Predictor']) NAME_STARTS[name.charCodeAt(0)] = 1;
const HASH = 0x23;

/**
 * Splits bytes into names (their escapes decoded on the way) and keywords, across chunk
 * boundaries. Only tokens that could be one we look for become strings: this runs over every
 * byte of the upload.
 */
class Lexer {
  private readonly bytes = Buffer.alloc(MAX_TOKEN_BYTES);
  private length = 0;
  private inToken = false;
  private isName = false;
  private overflow = false;
  /** Within a `#xx` escape of a name: 0 none, 1 after `#`, 2 after its first digit. */
  private escape = 0;
  private escapeHigh = 0;

  constructor(private readonly onToken: TokenListener) {}

  /** One byte; true when it ended a keyword (the caller may change what follows). */
  push(byte: number): boolean {
    if (CLASS[byte] === REGULAR) {
      if (!this.inToken) this.start(false);
      if (this.isName) this.pushNameByte(byte);
      else this.append(byte);
      return false;
    }
    const wasKeyword = this.inToken && !this.isName;
    if (this.inToken) this.end();
    if (byte === SLASH) this.start(true);
    return wasKeyword;
  }

  feed(chunk: Uint8Array): void {
    for (let index = 0; index < chunk.length; index += 1) this.push(chunk[index]!);
  }

  end(): void {
    if (!this.inToken) return;
    this.inToken = false;
    if (this.isName) {
      // An escape cut short by the end of the name stays as written.
      if (this.escape === 1) this.append(HASH);
      else if (this.escape === 2) {
        this.append(HASH);
        this.append(this.escapeHigh);
      }
      this.escape = 0;
      if (this.overflow || this.length < 2 || this.length > MAX_NAME_BYTES || NAME_STARTS[this.bytes[0]!] !== 1) return;
    } else if (this.overflow || (this.length !== 3 && this.length !== 6)) {
      return;
    }
    this.onToken(this.bytes.toString('latin1', 0, this.length), this.isName);
  }

  reset(): void {
    this.inToken = false;
    this.escape = 0;
  }

  get inName(): boolean {
    return this.inToken && this.isName;
  }

  private pushNameByte(byte: number): void {
    if (this.escape === 0) {
      if (byte === HASH) this.escape = 1;
      else this.append(byte);
      return;
    }
    if (this.escape === 1) {
      if (hexValue(byte) >= 0) {
        this.escapeHigh = byte;
        this.escape = 2;
      } else {
        this.escape = 0;
        this.append(HASH);
        this.pushNameByte(byte);
      }
      return;
    }
    this.escape = 0;
    const low = hexValue(byte);
    if (low >= 0) {
      this.append(hexValue(this.escapeHigh) * 16 + low);
    } else {
      this.append(HASH);
      this.append(this.escapeHigh);
      this.pushNameByte(byte);
    }
  }

  private append(byte: number): void {
    if (this.length < MAX_TOKEN_BYTES) this.bytes[this.length++] = byte;
    else this.overflow = true;
  }

  private start(isName: boolean): void {
    this.inToken = true;
    this.isName = isName;
    this.length = 0;
    this.overflow = false;
    this.escape = 0;
  }
}

/** Inflates one object stream as its bytes arrive and reads the names in what comes out. */
class ObjectStreamReader {
  private readonly inflate: Inflate;
  readonly finished: Promise<void>;

  constructor(onName: (name: string) => void, budget: { inflated: number }) {
    const lexer = new Lexer((token, isName) => {
      if (isName) onName(token);
    });
    // A stream cut short still counts for what it held.
    this.inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    this.inflate.on('data', (chunk: Buffer) => {
      budget.inflated += chunk.length;
      if (budget.inflated > MAX_INFLATED_BYTES) {
        this.inflate.destroy();
        return;
      }
      lexer.feed(chunk);
    });
    // Damaged compressed data ends the reading; the names before it were read.
    this.inflate.on('error', () => {});
    this.finished = once(this.inflate, 'close').then(
      () => lexer.end(),
      () => lexer.end(),
    );
  }

  write(bytes: Uint8Array): void {
    if (!this.inflate.destroyed && !this.inflate.writableEnded) this.inflate.write(bytes);
  }

  end(): void {
    if (!this.inflate.destroyed && !this.inflate.writableEnded) this.inflate.end();
  }

  /** Resolves once the inflater has taken what it was given (or gave up). */
  async drained(): Promise<void> {
    if (!this.inflate.writableNeedDrain || this.inflate.destroyed) return;
    await Promise.race([once(this.inflate, 'drain').catch(() => {}), this.finished]);
  }
}

function indexOrEnd(bytes: Buffer, byte: number, from: number): number {
  const found = bytes.indexOf(byte, from);
  return found < 0 ? bytes.length : found;
}

type Mode = 'objects' | 'stream_eol' | 'stream_data';

/**
 * Reads a PDF's bytes in order (`push` each chunk, then `finish`) and answers the kinds of active
 * content named in them.
 */
export class ActiveContentScanner {
  private readonly found = new Set<ActiveContentKind>();
  private readonly budget = { inflated: 0 };
  private readonly objects: Lexer;
  private readonly streamData: Lexer;
  private mode: Mode = 'objects';
  private endstreamMatched = 0;
  /** What the dictionary before a `stream` keyword said, since the last `obj`. */
  private dictionary = { objectStream: false, flate: 0, otherFilter: false, predictor: false };
  private reader: ObjectStreamReader | null = null;
  /** The keyword `stream` just ended; its end of line comes next. */
  private pendingStream = false;
  /** An uncompressed object stream: its data is objects, read with every name. */
  private plainObjects = false;
  private readonly readers: Promise<void>[] = [];

  constructor() {
    this.objects = new Lexer((token, isName) => (isName ? this.onDictionaryName(token) : this.onKeyword(token)));
    this.streamData = new Lexer((token, isName) => {
      if (isName) this.mark(token, !this.plainObjects);
    });
  }

  async push(chunk: Uint8Array): Promise<void> {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let dataStart = this.mode === 'stream_data' ? 0 : -1;
    // Where the next `/` and `e` are: stream data is mostly compressed bytes, skipped up to them.
    let nextSlash = -1;
    let nextE = -1;
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index]!;
      if (this.mode === 'objects') {
        if (this.objects.push(byte) && this.pendingStream) {
          this.pendingStream = false;
          // `stream` ends with CR LF or LF; the data starts after it.
          if (byte === CR) {
            this.mode = 'stream_eol';
          } else {
            this.beginStreamData();
            dataStart = index + 1;
          }
        }
        continue;
      }
      if (this.mode === 'stream_eol') {
        this.beginStreamData();
        if (byte === LF) {
          dataStart = index + 1;
          continue;
        }
        dataStart = index;
      }
      if (this.endstreamMatched === 0 && !this.streamData.inName && byte !== SLASH && byte !== ENDSTREAM[0]) {
        if (nextSlash < index) nextSlash = indexOrEnd(bytes, SLASH, index);
        if (nextE < index) nextE = indexOrEnd(bytes, ENDSTREAM[0]!, index);
        // The data up to there can hold neither a name nor `endstream`.
        index = Math.min(nextSlash, nextE) - 1;
        continue;
      }
      this.streamData.push(byte);
      this.endstreamMatched = byte === ENDSTREAM[this.endstreamMatched] ? this.endstreamMatched + 1 : byte === ENDSTREAM[0] ? 1 : 0;
      if (this.endstreamMatched === ENDSTREAM.length) {
        // The inflater ignores what follows the end of its data (the EOL and `endstream`).
        this.reader?.write(chunk.subarray(dataStart, index + 1));
        this.endStreamData();
        dataStart = -1;
      }
    }
    if (this.mode === 'stream_data' && dataStart >= 0 && dataStart < chunk.length) this.reader?.write(chunk.subarray(dataStart));
    await this.reader?.drained();
  }

  async finish(): Promise<ActiveContentKind[]> {
    this.objects.end();
    this.streamData.end();
    this.reader?.end();
    await Promise.all(this.readers);
    return ACTIVE_CONTENT_KINDS.filter((kind) => this.found.has(kind));
  }

  private mark(name: string, inStreamData: boolean): void {
    const kind = MARKERS.get(name);
    if (kind && !(inStreamData && CHANCE_NAMES.has(name))) this.found.add(kind);
  }

  private onDictionaryName(name: string): void {
    this.mark(name, false);
    if (name === 'ObjStm') this.dictionary.objectStream = true;
    else if (FLATE_NAMES.has(name)) this.dictionary.flate += 1;
    else if (OTHER_FILTER_NAMES.has(name)) this.dictionary.otherFilter = true;
    else if (name === 'Predictor') this.dictionary.predictor = true;
  }

  private onKeyword(keyword: string): void {
    if (keyword === 'obj' || keyword === 'endobj') this.clearDictionary();
    else if (keyword === 'stream') this.pendingStream = true;
  }

  private clearDictionary(): void {
    this.dictionary = { objectStream: false, flate: 0, otherFilter: false, predictor: false };
  }

  /** The data of a stream begins: an object stream's is read for names too. */
  private beginStreamData(): void {
    this.mode = 'stream_data';
    const { objectStream, flate, otherFilter, predictor } = this.dictionary;
    this.plainObjects = objectStream && flate === 0 && !otherFilter;
    if (objectStream && flate === 1 && !otherFilter && !predictor) {
      this.reader = new ObjectStreamReader((name) => this.mark(name, false), this.budget);
      this.readers.push(this.reader.finished);
    }
  }

  private endStreamData(): void {
    this.streamData.reset();
    this.reader?.end();
    this.reader = null;
    this.plainObjects = false;
    this.endstreamMatched = 0;
    this.mode = 'objects';
    this.objects.reset();
    this.clearDictionary();
  }
}

/** The kinds of active content in `chunks`, a PDF's bytes in order. */
export async function scanActiveContent(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<ActiveContentKind[]> {
  const scanner = new ActiveContentScanner();
  for await (const chunk of chunks) await scanner.push(chunk);
  return scanner.finish();
}

/** An upload's bytes from storage, a chunk at a time. */
export async function* temporaryObjectChunks(object: Pick<TemporaryObject, 'size' | 'read'>, chunkBytes = READ_CHUNK_BYTES): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < object.size; offset += chunkBytes) yield await object.read(offset, Math.min(chunkBytes, object.size - offset));
}
