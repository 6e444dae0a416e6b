import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, type DocumentStorage, type StorageHealth, type TemporaryObject } from './document-storage';
import { meterUpload } from './metered-stream';

/** Large writes and reads: fewer system calls for files of hundreds of megabytes. */
const CHUNK_BYTES = 1024 * 1024;

export const STORAGE_UNAVAILABLE = 'The document storage is not writable.';

export interface LocalStorage extends DocumentStorage {
  readonly backend: 'local';
  readonly root: string;
}

/** Document storage in a local folder, created (owner-only) when missing. */
export async function openLocalStorage(root: string): Promise<LocalStorage> {
  await mkdir(join(root, 'objects'), { recursive: true, mode: 0o700 });
  await mkdir(join(root, 'incoming'), { recursive: true, mode: 0o700 });
  return createLocalStorage(root);
}

const KEY = /^[0-9a-f-]{36}$/;

export function createLocalStorage(root: string): LocalStorage {
  const objectPath = (key: string) => {
    // Keys are ours (UUIDs); anything else never reaches the file system.
    if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    return join(root, 'objects', key);
  };

  return {
    backend: 'local',
    root,
    async health(): Promise<StorageHealth> {
      // A real write, not an access() check: a read-only mount or a full disk passes access().
      const probe = join(root, `.health-${randomUUID()}`);
      try {
        await writeFile(probe, 'ok', { flag: 'wx' });
        return { status: 'ok' };
      } catch {
        return { status: 'unavailable', detail: STORAGE_UNAVAILABLE };
      } finally {
        await rm(probe, { force: true }).catch(() => {});
      }
    },

    async writeTemporary(source: Readable, { maxBytes, idleTimeoutMs }): Promise<TemporaryObject> {
      const path = join(root, 'incoming', randomUUID());
      const metered = meterUpload(source, maxBytes, idleTimeoutMs);
      try {
        await pipeline(metered.stream, createWriteStream(path, { flags: 'wx', mode: 0o600, highWaterMark: CHUNK_BYTES }));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      const size = metered.size();
      const sha256 = metered.sha256();
      return {
        size,
        sha256,
        async read(offset, length) {
          const file = await open(path, 'r');
          try {
            const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
            await file.read(buffer, 0, buffer.length, offset);
            return buffer;
          } finally {
            await file.close();
          }
        },
        async keep() {
          const key = randomUUID();
          await rename(path, objectPath(key));
          return key;
        },
        discard: () => rm(path, { force: true }),
      };
    },

    async put(content: Buffer): Promise<string> {
      const key = randomUUID();
      const incoming = join(root, 'incoming', key);
      await writeFile(incoming, content, { flag: 'wx', mode: 0o600 });
      await rename(incoming, objectPath(key));
      return key;
    },

    read(key: string, range?: ByteRange): Readable {
      return createReadStream(objectPath(key), { highWaterMark: CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) });
    },

    async size(key: string): Promise<number> {
      return (await stat(objectPath(key))).size;
    },

    delete: (key: string) => rm(objectPath(key), { force: true }),
  };
}
