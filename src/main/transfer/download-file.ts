import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { ERROR_CODES } from '../../shared/errors';
import { failure, TransportFailure } from '../../shared/transport-failure';

// A download to `<destination>.part`, renamed to `<destination>` only once every byte is there
// (and matches the expected SHA-256 when one is known). A dropped connection resumes with a
// Range request guarded by If-Range (the ETag of the first answer), so a file that changed on the
// server is never stitched together from two versions: the server then answers 200 and the
// download restarts cleanly from the first byte.

export interface ResumeFrom {
  from: number;
  /** The strong ETag of the answer being resumed. */
  ifRange: string;
}

export interface DownloadFileOptions {
  /** Opens the download (with a Range when resuming); resolves only with a 200 or 206 answer. */
  open(resume: ResumeFrom | null): Promise<IncomingMessage>;
  destination: string;
  signal: AbortSignal;
  onProgress(loaded: number, total: number | null): void;
  sha256?: string | null;
  /** Connection failures tolerated before giving up. */
  maxRetries?: number;
  retryDelayMs?: (retry: number) => number;
}

export const DOWNLOAD_MAX_RETRIES = 3;

/** `bytes 100-199/1000` → {start: 100, end: 199, total: 1000}; `*` totals give null. */
export function parseContentRange(header: string | undefined): { start: number; end: number; total: number | null } | null {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim()) : null;
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), total: match[3] === '*' ? null : Number(match[3]) };
}

function contentLength(response: IncomingMessage): number | null {
  const value = Number(response.headers['content-length']);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

function strongEtag(response: IncomingMessage): string | null {
  const etag = response.headers.etag;
  // If-Range needs a strong validator: a weak one may name different bytes.
  return etag && !etag.startsWith('W/') ? etag : null;
}

async function closed(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  await new Promise<void>((resolve) => stream.once('close', () => resolve()));
}

async function sizeOnDisk(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/** A SHA-256 of the first bytes already on disk, to continue hashing a resumed download. */
async function hashOfFile(path: string): Promise<Hash> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash;
}

function isRetryable(thrown: unknown): boolean {
  if (!(thrown instanceof TransportFailure)) return true;
  return thrown.error.code === ERROR_CODES.networkError || thrown.error.code === ERROR_CODES.timeout;
}

export async function downloadToFile(options: DownloadFileOptions): Promise<{ size: number }> {
  const { destination, signal, onProgress } = options;
  const maxRetries = options.maxRetries ?? DOWNLOAD_MAX_RETRIES;
  const retryDelay = options.retryDelayMs ?? ((retry: number) => 250 * retry);
  const part = `${destination}.part`;

  let written = 0;
  // Only a download with an expected SHA-256 is hashed (on the way in: a second read of the file
  // would cost as much as the download); hashing is a fifth of a download's time.
  const expected = options.sha256 ?? null;
  let hash = createHash('sha256');
  let hashed = 0;
  let total: number | null = null;
  let validator: string | null = null;
  let retries = 0;

  async function retryOrThrow(thrown: unknown): Promise<void> {
    if (signal.aborted) throw thrown;
    if (!isRetryable(thrown) || retries >= maxRetries) throw thrown instanceof TransportFailure ? thrown : failure(ERROR_CODES.networkError);
    retries += 1;
    await delay(retryDelay(retries), undefined, { signal });
  }

  try {
    // A .part left by an earlier run has no validator we could trust: start afresh.
    await rm(part, { force: true });
    for (;;) {
      const resume = written > 0 && validator ? { from: written, ifRange: validator } : null;
      let response: IncomingMessage;
      try {
        response = await options.open(resume);
      } catch (thrown) {
        await retryOrThrow(thrown);
        continue;
      }

      let append = false;
      if (response.statusCode === 206 && resume) {
        const range = parseContentRange(response.headers['content-range']);
        if (!range || range.start !== resume.from) {
          // Not the bytes we asked for: drop what we have and start again.
          response.destroy();
          written = 0;
          validator = null;
          await retryOrThrow(failure(ERROR_CODES.networkError));
          continue;
        }
        append = true;
        total = range.total ?? total;
      } else {
        // A full answer: the first one, or the server's choice after If-Range (the file changed).
        written = 0;
        total = contentLength(response);
        validator = strongEtag(response);
      }
      onProgress(written, total);
      if (!append) {
        hash = createHash('sha256');
        hashed = 0;
      } else if (expected && hashed !== written) {
        hash = await hashOfFile(part);
        hashed = written;
      }

      const sink = createWriteStream(part, { flags: append ? 'a' : 'w', highWaterMark: 1024 * 1024 });
      // Counted and hashed by a listener beside the pipe: a Transform stage in between costs a
      // third of the download's time (measured with bench/transfer.ts).
      response.on('data', (chunk: Buffer) => {
        written += chunk.length;
        if (expected) {
          hash.update(chunk);
          hashed += chunk.length;
        }
        onProgress(written, total);
      });
      try {
        await pipeline(response, sink, { signal });
        break;
      } catch (thrown) {
        await closed(sink);
        // Resume from what actually reached the disk, not from what was counted.
        written = await sizeOnDisk(part);
        await retryOrThrow(thrown);
      }
    }

    if (total !== null && written !== total) throw failure(ERROR_CODES.networkError, { message: 'The download was incomplete.' });
    if (expected && hashed !== written) hash = await hashOfFile(part);
    if (expected && hash.digest('hex') !== expected) {
      throw failure(ERROR_CODES.serverError, { message: 'The downloaded file does not match the stored document.' });
    }
    await rename(part, destination);
    return { size: written };
  } catch (thrown) {
    await rm(part, { force: true });
    throw thrown;
  }
}
