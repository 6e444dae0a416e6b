import type { Readable } from 'node:stream';

// Where document files live. Metadata stays in the database; the bytes live here. The local
// folder is the default. Uploads are written to a temporary object while they stream in (hashed
// and counted on the way) and become a stored object only once they are complete and checked,
// so an interrupted or refused upload never leaves a file behind.

export type StorageBackend = 'local' | 's3';

export type StorageHealth = { status: 'ok' } | { status: 'unavailable'; detail: string };

/** An upload that arrived completely, not yet kept. */
export interface TemporaryObject {
  readonly size: number;
  readonly sha256: string;
  /** Reads `length` bytes at `offset` (for checks of the content). */
  read(offset: number, length: number): Promise<Buffer>;
  /** Keeps it under a new key; returns the key. */
  keep(): Promise<string>;
  discard(): Promise<void>;
}

export class UploadTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The upload exceeds ${limitBytes} bytes.`);
    this.name = 'UploadTooLargeError';
  }
}

/** No byte of an upload arrived for the idle time-out: the client is gone or stuck. */
export class UploadStalledError extends Error {
  constructor(readonly idleTimeoutMs: number) {
    super(`No upload data arrived for ${idleTimeoutMs} ms.`);
    this.name = 'UploadStalledError';
  }
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface UploadWriteOptions {
  maxBytes: number;
  idleTimeoutMs?: number;
}

export interface DocumentStorage {
  readonly backend: StorageBackend;
  /** Whether documents can be written now (never throws). */
  health(): Promise<StorageHealth>;
  /**
   * Streams `source` into a temporary object. Rejects with UploadTooLargeError as soon as more than
   * `maxBytes` arrived, with UploadStalledError when no byte arrived for `idleTimeoutMs` (a slow
   * upload that keeps moving is never cut off), and with the stream's error when it breaks;
   * nothing remains in any of these cases.
   */
  writeTemporary(source: Readable, options: UploadWriteOptions): Promise<TemporaryObject>;
  /** Stores bytes made by the server itself (e.g. a rendered PDF); returns the key. */
  put(content: Buffer): Promise<string>;
  /** The stored object's bytes, or a range of them. */
  read(key: string, range?: ByteRange): Readable;
  size(key: string): Promise<number>;
  delete(key: string): Promise<void>;
}
