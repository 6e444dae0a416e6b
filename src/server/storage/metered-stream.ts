import { createHash } from 'node:crypto';
import { finished, Transform, type Readable } from 'node:stream';
import { UploadStalledError, UploadTooLargeError } from './document-storage';

// An upload's bytes on their way to storage: counted and hashed while they pass, refused as soon
// as one byte too many arrived. On the refusal the source is unhooked and paused, never
// destroyed: destroying a request's stream resets the connection, and the client would read a
// reset instead of the 413 answer (the route drains or closes the request after answering). A
// source that breaks or closes early (the client went away) fails the metered stream, and so does
// one that stops sending for `idleTimeoutMs` (an idle timer reset by every chunk, not a deadline,
// so a slow upload that keeps moving is never cut off).

export interface MeteredStream {
  /** The bytes, for the storage backend to write; errors with UploadTooLargeError past the limit. */
  readonly stream: Readable;
  /** Bytes that passed so far. */
  size(): number;
  /** Hex SHA-256 of the bytes; only once the stream ended. */
  sha256(): string;
}

export function meterUpload(source: Readable, maxBytes: number, idleTimeoutMs?: number): MeteredStream {
  const hash = createHash('sha256');
  let size = 0;
  let digest: string | null = null;
  let idle: NodeJS.Timeout | undefined;
  const armIdleTimer = () => {
    if (idleTimeoutMs === undefined) return;
    clearTimeout(idle);
    idle = setTimeout(() => {
      source.unpipe(meter);
      source.pause();
      meter.destroy(new UploadStalledError(idleTimeoutMs));
    }, idleTimeoutMs);
  };
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      armIdleTimer();
      size += chunk.length;
      if (size > maxBytes) {
        source.unpipe(meter);
        source.pause();
        callback(new UploadTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      clearTimeout(idle);
      digest = hash.digest('hex');
      callback();
    },
  });
  const stopWatching = finished(source, { writable: false }, (error) => {
    // A request that ended early (reset, aborted) is an error here even when it ends quietly.
    if (error && !meter.destroyed) meter.destroy(error);
  });
  meter.once('close', () => {
    clearTimeout(idle);
    stopWatching();
  });
  source.pipe(meter);
  armIdleTimer();
  return {
    stream: meter,
    size: () => size,
    sha256: () => {
      if (digest === null) throw new Error('The upload has not ended yet.');
      return digest;
    },
  };
}
