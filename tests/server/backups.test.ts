import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { createGzip } from 'node:zlib';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type AppDatabase } from '../../src/server/db/database';
import { MIGRATIONS } from '../../src/server/db/migrate';
import { BackupRefused, readBackup, writeBackup, type BackupManifest, type BackupSource } from '../../src/server/backups/backup-archive';
import { applyPendingRestore, pendingRestorePath, restoreIntoFreshFolder, stageRestore } from '../../src/server/backups/embedded-restore';
import { LEDGER_FILE, ledgerFolder, reapplyAnonymisations } from '../../src/server/modules/personal-data/anonymised-ledger';
import { createLocalStorage } from '../../src/server/storage/local-storage';
import { PERSONAL_DATA_PATHS } from '../../src/shared/api/personal-data';
import { createTarWriter } from '../../src/server/backups/tar-archive';
import { tableShapes } from '../../src/server/backups/table-dump';
import { createLogger } from '../../src/server/logger';
import type { LocalStorage } from '../../src/server/storage/local-storage';
import { BACKUP_PATHS } from '../../src/shared/api/backups';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// A backup of the demo database with documents, restored into a fresh folder, holds every row of
// every table and every document byte for byte; a damaged or newer archive is refused before
// anything is replaced; a backup taken while writes go on is one consistent moment.

const KNOWN = Object.keys(MIGRATIONS);
const log = createLogger('silent');
let server: ServerFixture;
let work: string;
let source: BackupSource;
let archive: string;
let manifest: BackupManifest;
const documents = new Map<string, string>();

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every table's rows as sorted record texts (UTC, ISO dates: the same text on both drivers). */
async function tableContents(db: AppDatabase): Promise<Map<string, string[]>> {
  return db.transaction().execute(async (trx) => {
    await sql`set local timezone = 'UTC'`.execute(trx);
    await sql`set local datestyle = 'ISO, YMD'`.execute(trx);
    const contents = new Map<string, string[]>();
    for (const shape of await tableShapes(trx)) {
      const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.id(shape.name)} t`.execute(trx);
      // Sorted here: the two databases may collate text differently.
      contents.set(shape.name, rows.map((row) => row.row).sort());
    }
    return contents;
  });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'naric-backups-'));
  // As the desktop's embedded server: restoring is offered (its database here is the test's own).
  server = await createServerFixture({ config: { databaseUrl: null, dataDir: join(work, 'server') } });
  for (const text of ['diploma', 'transcript', 'decision']) {
    const bytes = Buffer.from(`%PDF-1.4 ${text} ${'x'.repeat(700)}`);
    documents.set(await server.storage.put(bytes), sha256(bytes));
  }
  source = { db: server.db, driver: server.database.driver, storageRoot: (server.storage as LocalStorage).root, appVersion: '9.9.9-test' };
  archive = join(work, 'naric-backup-20260301-020000.tar.gz');
  manifest = (await writeBackup(source, archive, { trigger: 'manual', now: new Date('2026-03-01T02:00:00Z') })).manifest;
});
afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

it('writes a manifest with counts, checksums, the app and the schema version', async () => {
  expect(manifest).toMatchObject({ format: 'naric-backup', app_version: '9.9.9-test', schema_version: KNOWN.at(-1), trigger: 'manual', documents_included: true });
  const applications = manifest.tables.find((table) => table.name === 'applications');
  const count = await server.db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  expect(applications?.rows).toBe(Number(count.n));
  expect(applications?.rows).toBeGreaterThan(10);
  expect(new Map(manifest.documents.map((document) => [document.key, document.sha256]))).toEqual(documents);
  expect(manifest.tables.map((table) => table.name)).not.toContain('kysely_migration');
});

describe('restore into a fresh folder', () => {
  it('swaps in a database with every row and every document of the backup', { timeout: 240_000 }, async () => {
    const dataDir = join(work, 'desktop');
    const config = { dataDir, pgliteDir: join(dataDir, 'db'), storageDir: join(dataDir, 'storage'), storage: { backend: 'local' as const } };
    // What the restore replaces: a database folder and a document of the office's current data.
    await mkdir(config.pgliteDir, { recursive: true });
    await writeFile(join(config.pgliteDir, 'PG_VERSION'), 'the old database');
    await mkdir(join(config.storageDir, 'objects'), { recursive: true });
    await writeFile(join(config.storageDir, 'objects', '00000000-0000-0000-0000-000000000000'), 'an old document');

    await stageRestore(dataDir, archive, KNOWN);
    expect(await applyPendingRestore(config, KNOWN, log)).toMatchObject({ created_at: '2026-03-01T02:00:00.000Z' });
    await expect(stat(pendingRestorePath(dataDir))).rejects.toThrow();

    const restored = await openPglite(config.pgliteDir);
    try {
      const [expected, actual] = [await tableContents(server.db), await tableContents(restored)];
      expect([...actual.keys()]).toEqual([...expected.keys()]);
      for (const [table, rows] of expected) {
        const restoredRows = actual.get(table) ?? [];
        expect(restoredRows.length, table).toBe(rows.length);
        expect(restoredRows.filter((row, index) => row !== rows[index]).slice(0, 1), `${table}: ${rows.find((row, index) => row !== restoredRows[index])?.slice(0, 400)}`).toEqual([]);
      }
      // The sequences go on after the restored ids.
      const next = await restored.insertInto('audit_log').values({ action: 'test.after_restore', entity_type: 'test', details: '{}' }).returning('id').executeTakeFirstOrThrow();
      expect(next.id).toBeGreaterThan(Math.max(0, ...(await server.db.selectFrom('audit_log').select('id').execute()).map((row) => row.id)));
    } finally {
      await restored.destroy();
    }
    const objects = await readdir(join(config.storageDir, 'objects'));
    expect(new Set(objects)).toEqual(new Set(documents.keys()));
    for (const key of objects) expect(sha256(await readFile(join(config.storageDir, 'objects', key))), key).toBe(documents.get(key));
    // The replaced state is kept aside.
    const kept = (await readdir(join(dataDir, 'restore'))).find((name) => name.startsWith('replaced-'));
    expect(await readFile(join(dataDir, 'restore', kept!, 'db', 'PG_VERSION'), 'utf8')).toBe('the old database');
  });
});

describe('a restore and personal data', () => {
  it('anonymises again what was anonymised after the backup was taken', { timeout: 240_000 }, async () => {
    // The archive was written before this run: it still holds the expired demo application's person.
    const run = await server.app.inject({ method: 'POST', url: `/api${PERSONAL_DATA_PATHS.runs}`, headers: await server.authorization('admin') });
    expect(run.statusCode, run.body).toBe(200);
    const anonymised = await server.db.selectFrom('applications').select(['id', 'applicant_name', 'applicant_id']).where('anonymised_at', 'is not', null).execute();
    expect(anonymised.length).toBeGreaterThan(0);
    const ledger = await readFile(join(await ledgerFolder(server), LEDGER_FILE), 'utf8');
    expect(ledger).toContain(`"application":${anonymised[0]!.id}`);

    const into = join(work, 'restored-with-ledger');
    await restoreIntoFreshFolder(archive, { pgliteDir: join(into, 'db'), storageDir: join(into, 'storage') }, KNOWN);
    const restored = await openPglite(join(into, 'db'));
    try {
      const before = await restored.selectFrom('applications').select(['id', 'anonymised_at']).where('id', 'in', anonymised.map((row) => row.id)).execute();
      expect(before.every((row) => row.anonymised_at === null)).toBe(true);
      const again = await reapplyAnonymisations({ db: restored, config: server.config, storage: createLocalStorage(join(into, 'storage')), log }, manifest.created_at);
      expect(again).toBe(anonymised.length);
      const after = await restored.selectFrom('applications').select(['id', 'applicant_name', 'personal_id', 'anonymised_at']).where('id', 'in', anonymised.map((row) => row.id)).orderBy('id').execute();
      expect(after.map((row) => [row.id, row.applicant_name, row.personal_id])).toEqual(anonymised.sort((a, b) => a.id - b.id).map((row) => [row.id, row.applicant_name, null]));
      const person = await restored.selectFrom('applicants').select(['email', 'personal_id', 'anonymised_at']).where('id', '=', anonymised[0]!.applicant_id).executeTakeFirstOrThrow();
      expect(person.email).toMatch(/@naric\.invalid$/);
      // A backup taken after the anonymisation has nothing to repeat.
      expect(await reapplyAnonymisations({ db: restored, config: server.config, storage: createLocalStorage(join(into, 'storage')), log }, new Date().toISOString())).toBe(0);
    } finally {
      await restored.destroy();
    }
  });
});

describe('refusals', () => {
  async function damaged(name: string, change: (bytes: Buffer) => void): Promise<string> {
    const bytes = await readFile(archive);
    change(bytes);
    const path = join(work, name);
    await writeFile(path, bytes);
    return path;
  }

  async function handWritten(name: string, manifestJson: object): Promise<string> {
    const path = join(work, name);
    const tar = new PassThrough();
    const writing = pipeline(tar, createGzip(), createWriteStream(path));
    const writer = createTarWriter(tar, new Date());
    const text = Buffer.from(JSON.stringify(manifestJson));
    await writer.add('manifest.json', text.length, text);
    await writer.finish();
    tar.end();
    await writing;
    return path;
  }

  async function refusalOf(path: string): Promise<unknown> {
    const dataDir = await mkdtemp(join(work, 'untouched-'));
    const thrown = await stageRestore(dataDir, path, KNOWN).then(
      () => null,
      (error: unknown) => error,
    );
    // Nothing was parked: the next start has nothing to restore.
    await expect(stat(pendingRestorePath(dataDir))).rejects.toThrow();
    return thrown instanceof BackupRefused ? thrown.problem : thrown;
  }

  it('refuses an archive whose bytes were changed, naming the file', async () => {
    const path = await damaged('bit-flipped.tar.gz', (bytes) => {
      // Past the gzip header: a changed byte in the compressed data fails gzip's own check or ours.
      bytes[Math.floor(bytes.length / 2)]! ^= 0x40;
    });
    expect((await refusalOf(path)) as { code: string }).toMatchObject({ code: expect.stringMatching(/^backup_(checksum_mismatch|unreadable)$/) });
  });

  it('refuses a file that is no backup', async () => {
    const path = join(work, 'notes.tar.gz');
    await writeFile(path, 'not an archive');
    expect(await refusalOf(path)).toEqual({ code: 'backup_unreadable' });
  });

  it('refuses an archive whose manifest does not match its files', async () => {
    const changed = { ...manifest, tables: manifest.tables.map((table) => (table.name === 'applicants' ? { ...table, sha256: '0'.repeat(64) } : table)) };
    const path = join(work, 'lying-manifest.tar.gz');
    // The same files behind a manifest whose applicants' checksum is wrong.
    const tar = new PassThrough();
    const writing = pipeline(tar, createGzip(), createWriteStream(path));
    const writer = createTarWriter(tar, new Date());
    const text = Buffer.from(JSON.stringify(changed));
    await writer.add('manifest.json', text.length, text);
    await readBackup(archive, KNOWN, {
      async table(table, rows) {
        const lines: string[] = [];
        for await (const row of rows) lines.push(`${JSON.stringify(row)}\n`);
        const body = Buffer.from(lines.join(''));
        await writer.add(table.file, body.length, body);
      },
    });
    await writer.finish();
    tar.end();
    await writing;
    expect(await refusalOf(path)).toEqual({ code: 'backup_checksum_mismatch', file: 'tables/applicants.jsonl' });
  });

  it('refuses an archive from a newer schema', async () => {
    const path = await handWritten('future.tar.gz', { ...manifest, schema_version: '9999-from-the-future', tables: [], documents: [] });
    expect(await refusalOf(path)).toEqual({ code: 'backup_newer_schema', schema: '9999-from-the-future' });
  });
});

it('a backup taken while writes go on is one consistent moment', async () => {
  // Each write adds two audit rows in one transaction: a consistent copy holds both or neither.
  let writing = true;
  let pairs = 0;
  const writer = (async () => {
    while (writing) {
      await server.db.transaction().execute(async (trx) => {
        for (const half of ['first', 'second']) await trx.insertInto('audit_log').values({ action: `test.pair_${half}`, entity_type: 'test', entity_id: String(pairs), details: '{}' }).execute();
      });
      pairs += 1;
      // A turn for the backup between writes, as requests leave one: on the embedded database
      // (one connection), a writer that never pauses would keep the backup's transaction waiting.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  // A writer that fails ends the wait with its error instead of leaving it spinning.
  let failed: unknown;
  writer.catch((error: unknown) => (failed = error));
  while (pairs < 3 && failed === undefined) await new Promise((resolve) => setImmediate(resolve));
  if (failed !== undefined) throw failed;
  const during = join(work, 'naric-backup-20260301-030000.tar.gz');
  const written = await writeBackup(source, during, { trigger: 'scheduled' });
  const pairsAtEnd = pairs;
  writing = false;
  await writer;
  const halves = new Map<string, number>();
  await readBackup(during, KNOWN, {
    async table(table, rows) {
      for await (const row of rows) {
        if (table.name !== 'audit_log') continue;
        const half = /test\.pair_(first|second)/.exec(row)?.[1];
        if (half) halves.set(half, (halves.get(half) ?? 0) + 1);
      }
    },
  });
  expect(halves.get('first')).toBeGreaterThanOrEqual(3);
  expect(halves.get('first')).toBe(halves.get('second'));
  expect(halves.get('first')).toBeLessThanOrEqual(pairsAtEnd);
  expect(written.manifest.tables.find((table) => table.name === 'audit_log')!.rows).toBeGreaterThanOrEqual(6);
});

describe('endpoints', () => {
  const ADMINS = new Set(['admin', 'naric.admin']);
  async function send(username: string | null, method: 'GET' | 'POST', path: string, payload?: object) {
    const headers = username ? await server.authorization(username) : {};
    return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
  }

  it('only administrators list, back up, inspect and restore; signed out is 401', async () => {
    const missing = { path: join(work, 'nowhere.tar.gz') };
    for (const account of DEMO_ACCOUNTS) {
      const admin = ADMINS.has(account.username);
      expect((await send(account.username, 'GET', BACKUP_PATHS.backups)).statusCode, account.username).toBe(admin ? 200 : 403);
      expect((await send(account.username, 'POST', BACKUP_PATHS.inspect, missing)).statusCode, account.username).toBe(admin ? 400 : 403);
      expect((await send(account.username, 'POST', BACKUP_PATHS.restore, missing)).statusCode, account.username).toBe(admin ? 400 : 403);
      if (!admin) expect((await send(account.username, 'POST', BACKUP_PATHS.backups)).statusCode, account.username).toBe(403);
    }
    for (const [method, path] of [['GET', BACKUP_PATHS.backups], ['POST', BACKUP_PATHS.backups], ['POST', BACKUP_PATHS.inspect], ['POST', BACKUP_PATHS.restore]] as const) {
      expect((await send(null, method, path, method === 'POST' ? missing : undefined)).statusCode).toBe(401);
    }
  });

  it('backs up now into the folder, lists it, and names what a restore would replace', async () => {
    const written = await send('naric.admin', 'POST', BACKUP_PATHS.backups);
    expect(written.statusCode).toBe(201);
    const { path, file_name, counts } = written.json();
    expect(counts.applications).toBeGreaterThan(10);
    const listed = (await send('admin', 'GET', BACKUP_PATHS.backups)).json();
    expect(listed).toMatchObject({ embedded: true, folder: join(work, 'server', 'backups'), keep: 14 });
    expect(listed.files.map((file: { file_name: string }) => file.file_name)).toContain(file_name);
    expect(listed.runs[0]).toMatchObject({ trigger: 'manual', status: 'done', started_by: 'naric.admin', file_name });

    const inspected = await send('admin', 'POST', BACKUP_PATHS.inspect, { path });
    expect(inspected.statusCode).toBe(200);
    expect(inspected.json()).toMatchObject({ counts, current: { applications: counts.applications } });
    const audit = await server.db.selectFrom('audit_log').select('details').where('action', '=', 'backup.written').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a damaged archive in words and parks nothing', async () => {
    const path = join(work, 'damaged.tar.gz');
    const bytes = await readFile(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x40;
    await writeFile(path, bytes);
    const answer = await send('admin', 'POST', BACKUP_PATHS.restore, { path });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toMatch(/^backup_(checksum_mismatch|unreadable)$/);
    await expect(stat(pendingRestorePath(join(work, 'server')))).rejects.toThrow();
  });
});
