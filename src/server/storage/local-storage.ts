import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentStorage, StorageHealth } from './document-storage';

export const STORAGE_UNAVAILABLE = 'The document storage is not writable.';

export interface LocalStorage extends DocumentStorage {
  readonly backend: 'local';
  readonly root: string;
}

/** Document storage in a local folder, created (owner-only) when missing. */
export async function openLocalStorage(root: string): Promise<LocalStorage> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  return createLocalStorage(root);
}

export function createLocalStorage(root: string): LocalStorage {
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
  };
}
