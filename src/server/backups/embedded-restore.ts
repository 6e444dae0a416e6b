import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import { openPglite } from '../db/database';
import { createMigrator } from '../db/migrate';
import { loadBackup, readBackup, type BackupManifest } from './backup-archive';

// Restoring the desktop's embedded database happens in two steps, with the app restarting
// between them: the running server checks the chosen archive completely and parks a copy as
// `restore/pending.tar.gz`; the next start, before it opens the database, loads that copy into
// fresh folders and only then swaps them in for the database and the documents. Whatever fails
// before the swap leaves the data as it was (the copy is moved aside as `failed-…`), and the
// replaced folders are kept beside it until the next restore, a way back if the wrong archive was
// chosen.

const restoreDir = (dataDir: string) => join(dataDir, 'restore');
export const pendingRestorePath = (dataDir: string) => join(restoreDir(dataDir), 'pending.tar.gz');

/** Checks the archive and parks it for the next start; throws BackupRefused and parks nothing when it fails. */
export async function stageRestore(dataDir: string, archivePath: string, knownMigrations: readonly string[]): Promise<BackupManifest> {
  const manifest = await readBackup(archivePath, knownMigrations);
  await mkdir(restoreDir(dataDir), { recursive: true, mode: 0o700 });
  const partial = `${pendingRestorePath(dataDir)}.partial`;
  await copyFile(archivePath, partial);
  await rename(partial, pendingRestorePath(dataDir));
  return manifest;
}

const exists = (path: string) => stat(path).then(() => true, () => false);
const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export interface RestoreTargets {
  pgliteDir: string;
  /** The local document folder; null when documents are not kept locally. */
  storageDir: string | null;
}

/** Builds a restored database (and documents) in fresh folders below `into`. */
export async function restoreIntoFreshFolder(archivePath: string, into: RestoreTargets, knownMigrations: readonly string[]): Promise<BackupManifest> {
  const first = await readBackup(archivePath, knownMigrations);
  const db = await openPglite(into.pgliteDir);
  try {
    const { error } = await createMigrator(db).migrateTo(first.schema_version);
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return await loadBackup(archivePath, db, { knownMigrations, objectsDir: into.storageDir ? join(into.storageDir, 'objects') : null });
  } finally {
    await db.destroy();
  }
}

/**
 * Applies a parked restore, if any, before the embedded database opens. Returns the manifest
 * restored, or null (none parked, or it failed and was moved aside: the start goes on with the
 * data as it was).
 */
export async function applyPendingRestore(
  config: Pick<ServerConfig, 'dataDir' | 'pgliteDir' | 'storageDir' | 'storage'>,
  knownMigrations: readonly string[],
  log: FastifyBaseLogger,
): Promise<BackupManifest | null> {
  const pending = pendingRestorePath(config.dataDir);
  if (!(await exists(pending))) return null;
  const localDocuments = (config.storage?.backend ?? 'local') === 'local';
  const fresh = join(restoreDir(config.dataDir), `incoming-${randomUUID()}`);
  let manifest: BackupManifest;
  try {
    manifest = await restoreIntoFreshFolder(pending, { pgliteDir: join(fresh, 'db'), storageDir: localDocuments ? join(fresh, 'storage') : null }, knownMigrations);
  } catch (error) {
    log.error({ err: error }, 'restoring the backup failed; the data is as it was');
    await rename(pending, join(restoreDir(config.dataDir), `failed-${stamp()}.tar.gz`)).catch(() => rm(pending, { force: true }));
    await rm(fresh, { recursive: true, force: true });
    return null;
  }
  // Only one earlier state is kept: the one this restore replaces.
  for (const name of await readdir(restoreDir(config.dataDir))) {
    if (name.startsWith('replaced-')) await rm(join(restoreDir(config.dataDir), name), { recursive: true, force: true });
  }
  const replaced = join(restoreDir(config.dataDir), `replaced-${stamp()}`);
  await mkdir(replaced, { recursive: true });
  if (await exists(config.pgliteDir)) await rename(config.pgliteDir, join(replaced, 'db'));
  await rename(join(fresh, 'db'), config.pgliteDir);
  if (localDocuments) {
    const objects = join(config.storageDir, 'objects');
    await mkdir(config.storageDir, { recursive: true, mode: 0o700 });
    if (await exists(objects)) await rename(objects, join(replaced, 'objects'));
    await rename(join(fresh, 'storage', 'objects'), objects);
  }
  await rm(fresh, { recursive: true, force: true });
  await rm(pending, { force: true });
  log.info({ created_at: manifest.created_at, schema: manifest.schema_version, replaced }, 'backup restored');
  return manifest;
}
