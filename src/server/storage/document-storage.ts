// Where document files live. Metadata stays in the database; the bytes live here. The local
// folder is the default; an S3-compatible backend implements the same interface.

export type StorageBackend = 'local' | 's3';

export type StorageHealth = { status: 'ok' } | { status: 'unavailable'; detail: string };

export interface DocumentStorage {
  readonly backend: StorageBackend;
  /** Whether documents can be written now (never throws). */
  health(): Promise<StorageHealth>;
}
