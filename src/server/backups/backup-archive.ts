import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDatabase } from '../db/database';
import { ArchiveFormatError, createTarWriter, readTar, type TarEntry } from './tar-archive';
import { dumpTable, emptyTables, fixTextSettings, loadTable, restoreSequences, schemaVersion, sequenceValues, tableShapes, withoutForeignKeys } from './table-dump';

// One backup = one .tar.gz: `manifest.json` first (what is inside, with the SHA-256 and size of
// every other file), then one file of rows per table, then the stored documents. The manifest
// comes first so a restore can refuse a newer schema before reading the rest; every file is
// checked against it before anything is replaced.
//
// Consistency while officers work: the rows are read inside one REPEATABLE READ transaction (one
// snapshot of every table). On PGlite the single connection is held by that transaction, so
// requests wait for the few seconds of the dump: writes pause rather than interleave. Documents
// are written once under a fresh key before the row naming them commits and never change, so the
// set of document files listed inside the snapshot is every file its rows can name; they are
// hard-linked into a staging folder inside the snapshot (instant, no copy), so a deletion during
// the archive's writing cannot take one away.

export const BACKUP_FORMAT = 'naric-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_FILE = /^naric-backup-\d{8}-\d{6}(-[a-z-]+)?\.tar\.gz$/;
export const BACKUP_TRIGGERS = ['scheduled', 'manual', 'before_migration', 'export'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

const fileDigest = z.object({ file: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.number().int().positive(),
  created_at: z.string(),
  app_version: z.string(),
  /** The last migration the database had run. */
  schema_version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  trigger: z.enum(BACKUP_TRIGGERS),
  tables: z.array(fileDigest.extend({ name: z.string(), rows: z.number().int().nonnegative() })),
  sequences: z.array(z.object({ name: z.string(), last_value: z.number().nullable() })),
  /** false when the documents live in S3 (covered there by bucket versioning, docs/operations.md). */
  documents_included: z.boolean(),
  documents: z.array(fileDigest.extend({ key: z.string() })),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** Why an archive is refused; each has its refusal code (src/shared/refusals.ts). */
export type BackupProblem =
  | { code: 'backup_unreadable' }
  | { code: 'backup_checksum_mismatch'; file: string }
  | { code: 'backup_newer_schema'; schema: string };

export class BackupRefused extends Error {
  override readonly name = 'BackupRefused';
  constructor(readonly problem: BackupProblem) {
    super(problem.code === 'backup_checksum_mismatch' ? `${problem.code}: ${problem.file}` : problem.code);
  }
}

export interface BackupSource {
  db: AppDatabase;
  driver: 'pglite' | 'postgres';
  /** The local document folder (its `objects/`); null when the documents live in S3. */
  storageRoot: string | null;
  appVersion: string;
}

export interface WrittenBackup {
  path: string;
  fileName: string;
  bytes: number;
  manifest: BackupManifest;
}

const stamp = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

export function backupFileName(instant: Date, trigger: BackupTrigger): string {
  return `naric-backup-${stamp(instant)}${trigger === 'before_migration' ? '-before-migration' : ''}.tar.gz`;
}

async function hashFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

const STORAGE_KEY = /^[0-9a-f-]{36}$/;

/** Takes the snapshot into `staging`: a file per table and a link per document. */
async function stageSnapshot(source: BackupSource, staging: string, trigger: BackupTrigger, now: Date): Promise<BackupManifest> {
  await mkdir(join(staging, 'tables'), { recursive: true });
  await mkdir(join(staging, 'documents'), { recursive: true });
  return source.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      await fixTextSettings(trx);
      const version = await schemaVersion(trx);
      if (version === null) throw new Error('The database has no schema to back up.');
      const tables: BackupManifest['tables'] = [];
      for (const shape of await tableShapes(trx)) {
        const file = `tables/${shape.name}.jsonl`;
        const handle = await open(join(staging, file), 'wx', 0o600);
        try {
          const dumped = await dumpTable(trx, shape.name, async (chunk) => void (await handle.write(chunk)));
          tables.push({ name: shape.name, rows: dumped.rows, file, bytes: dumped.bytes, sha256: dumped.sha256 });
        } finally {
          await handle.close();
        }
      }
      const sequences = await sequenceValues(trx);
      const keys: string[] = [];
      if (source.storageRoot) {
        const objects = join(source.storageRoot, 'objects');
        for (const key of (await readdir(objects).catch(() => [] as string[])).sort()) {
          if (!STORAGE_KEY.test(key)) continue;
          const target = join(staging, 'documents', key);
          await link(join(objects, key), target).catch(async () => copyFile(join(objects, key), target));
          keys.push(key);
        }
      }
      const documents: BackupManifest['documents'] = [];
      for (const key of keys) documents.push({ key, file: `documents/${key}`, ...(await hashFile(join(staging, 'documents', key))) });
      return {
        format: BACKUP_FORMAT,
        format_version: BACKUP_FORMAT_VERSION,
        created_at: now.toISOString(),
        app_version: source.appVersion,
        schema_version: version,
        database: source.driver,
        trigger,
        tables,
        sequences,
        documents_included: source.storageRoot !== null,
        documents,
      } satisfies BackupManifest;
    });
}

/**
 * Writes a backup archive to `target` (a file path); written as `<target>.partial` and renamed
 * when complete, so a crash never leaves a half archive that looks whole.
 */
export async function writeBackup(source: BackupSource, target: string, options: { trigger: BackupTrigger; now?: Date }): Promise<WrittenBackup> {
  const now = options.now ?? new Date();
  const staging = `${target}.staging-${randomUUID()}`;
  const partial = `${target}.partial`;
  try {
    const manifest = await stageSnapshot(source, staging, options.trigger, now);
    const tar = new PassThrough();
    const writing = pipeline(tar, createGzip({ level: 6 }), createWriteStream(partial, { flags: 'w', mode: 0o600 }));
    const writer = createTarWriter(tar, now);
    try {
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
      await writer.add('manifest.json', manifestBytes.length, manifestBytes);
      for (const file of [...manifest.tables, ...manifest.documents]) {
        await writer.add(file.file, file.bytes, createReadStream(join(staging, file.file)) as AsyncIterable<Buffer>);
      }
      await writer.finish();
      tar.end();
    } catch (error) {
      tar.destroy(error as Error);
      throw error;
    } finally {
      await writing.catch(() => {});
    }
    await writing;
    await rename(partial, target);
    const { size } = await stat(target);
    return { path: target, fileName: target.split(/[\\/]/).pop()!, bytes: size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** The archive's entries, gunzipped; a file that is no gzip or no tar reads as ArchiveFormatError. */
async function* archiveEntries(path: string): AsyncIterable<TarEntry> {
  const gunzip = createGunzip();
  const input = createReadStream(path);
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    yield* readTar(gunzip);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

async function readManifest(entry: TarEntry | undefined): Promise<BackupManifest> {
  if (!entry || entry.name !== 'manifest.json' || entry.size > 64 * 1024 * 1024) throw new BackupRefused({ code: 'backup_unreadable' });
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body()) chunks.push(chunk);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BackupRefused({ code: 'backup_unreadable' });
  }
  const manifest = backupManifest.safeParse(parsed);
  if (!manifest.success || manifest.data.format_version > BACKUP_FORMAT_VERSION) throw new BackupRefused({ code: 'backup_unreadable' });
  return manifest.data;
}

/** A newer schema than this build's migrations: refused, as this build cannot read what it added. */
function checkSchema(manifest: BackupManifest, knownMigrations: readonly string[]): void {
  if (!knownMigrations.includes(manifest.schema_version)) throw new BackupRefused({ code: 'backup_newer_schema', schema: manifest.schema_version });
}

export interface ArchiveVisitor {
  /** A table's record literals, in order, before their file's hash is known to be right. */
  table?(table: BackupManifest['tables'][number], rows: AsyncIterable<string>): Promise<void>;
  /** A document's bytes, before its hash is known to be right. */
  document?(document: BackupManifest['documents'][number], bytes: AsyncIterable<Buffer>): Promise<void>;
}

async function* lines(chunks: AsyncIterable<Buffer>): AsyncIterable<string> {
  // A character's bytes may be split between two chunks: the decoder keeps the first part until the rest comes.
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of chunks) {
    const text = rest + decoder.write(chunk);
    const parts = text.split('\n');
    rest = parts.pop()!;
    for (const part of parts) yield JSON.parse(part) as string;
  }
  rest += decoder.end();
  if (rest !== '') yield JSON.parse(rest) as string;
}

/** Passes the chunks on while hashing and counting them. */
function measured(chunks: AsyncIterable<Buffer>) {
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    async *chunks() {
      for await (const chunk of chunks) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    matches: (expected: { bytes: number; sha256: string }) => bytes === expected.bytes && hash.digest('hex') === expected.sha256,
  };
}

/**
 * Reads the whole archive and checks every file against its manifest (size, SHA-256, rows, none
 * missing, none extra). Throws BackupRefused; with a visitor, hands each file on while reading it.
 */
export async function readBackup(path: string, knownMigrations: readonly string[], visitor: ArchiveVisitor = {}): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  try {
    const expected = new Map<string, { kind: 'table'; item: BackupManifest['tables'][number] } | { kind: 'document'; item: BackupManifest['documents'][number] }>();
    const seen = new Set<string>();
    for await (const entry of archiveEntries(path)) {
      if (!manifest) {
        manifest = await readManifest(entry);
        checkSchema(manifest, knownMigrations);
        for (const item of manifest.tables) expected.set(item.file, { kind: 'table', item });
        for (const item of manifest.documents) expected.set(item.file, { kind: 'document', item });
        continue;
      }
      const wanted = expected.get(entry.name);
      if (!wanted || seen.has(entry.name) || entry.size !== wanted.item.bytes) throw new BackupRefused({ code: 'backup_checksum_mismatch', file: entry.name });
      seen.add(entry.name);
      const body = measured(entry.body());
      if (wanted.kind === 'table') {
        let rows = 0;
        const counted = async function* () {
          for await (const row of lines(body.chunks())) {
            rows += 1;
            yield row;
          }
        };
        if (visitor.table) await visitor.table(wanted.item, counted());
        else for await (const _row of counted());
        if (rows !== wanted.item.rows) throw new BackupRefused({ code: 'backup_checksum_mismatch', file: entry.name });
      } else if (visitor.document) {
        await visitor.document(wanted.item, body.chunks());
      } else {
        for await (const _chunk of body.chunks());
      }
      if (!body.matches(wanted.item)) throw new BackupRefused({ code: 'backup_checksum_mismatch', file: entry.name });
    }
    if (!manifest) throw new BackupRefused({ code: 'backup_unreadable' });
    const missing = [...expected.keys()].find((file) => !seen.has(file));
    if (missing) throw new BackupRefused({ code: 'backup_checksum_mismatch', file: missing });
    return manifest;
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    // A damaged gzip stream, a damaged header, a row line that is no JSON: the archive is not whole.
    if (error instanceof ArchiveFormatError || error instanceof SyntaxError || (error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw manifest ? new BackupRefused({ code: 'backup_checksum_mismatch', file: 'archive' }) : new BackupRefused({ code: 'backup_unreadable' });
    }
    throw error;
  }
}

/**
 * Loads an archive into a database already migrated to the archive's schema version: every
 * table emptied and filled in one transaction, the sequences set, and the documents written to
 * `objectsDir` (when given). The archive is checked first, completely; nothing is changed when
 * it fails.
 */
export async function loadBackup(path: string, db: AppDatabase, options: { knownMigrations: readonly string[]; objectsDir: string | null }): Promise<BackupManifest> {
  const manifest = await readBackup(path, options.knownMigrations);
  const current = await schemaVersion(db);
  if (current !== manifest.schema_version) throw new Error(`The database is at ${String(current)}, the archive at ${manifest.schema_version}.`);
  await db.transaction().execute(async (trx) => {
    await fixTextSettings(trx);
    const shapes = await tableShapes(trx);
    const byName = new Map(shapes.map((shape) => [shape.name, shape]));
    await emptyTables(trx, shapes);
    if (options.objectsDir) await mkdir(options.objectsDir, { recursive: true, mode: 0o700 });
    await withoutForeignKeys(trx, () => readBackup(path, options.knownMigrations, {
      async table(table, rows) {
        const shape = byName.get(table.name);
        if (!shape) throw new Error(`The archive's table ${table.name} is not in the database.`);
        await loadTable(trx, shape, rows);
      },
      async document(document, bytes) {
        if (!options.objectsDir) {
          for await (const _chunk of bytes);
          return;
        }
        await pipeline(Readable.from(bytes), createWriteStream(join(options.objectsDir, document.key), { flags: 'w', mode: 0o600 }));
      },
    }));
    await restoreSequences(trx, manifest.sequences);
  });
  return manifest;
}

/** Removes the oldest archives in `folder` beyond the newest `keep`. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => BACKUP_FILE.test(name)).sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await rm(join(folder, name), { force: true });
  return removed;
}

export interface BackupFileInfo {
  file_name: string;
  bytes: number;
  modified_at: string;
}

export async function listBackups(folder: string): Promise<BackupFileInfo[]> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => BACKUP_FILE.test(name)).sort().reverse();
  const files: BackupFileInfo[] = [];
  for (const name of names) {
    const info = await stat(join(folder, name)).catch(() => null);
    if (info) files.push({ file_name: name, bytes: info.size, modified_at: info.mtime.toISOString() });
  }
  return files;
}

