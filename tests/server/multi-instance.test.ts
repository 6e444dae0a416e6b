import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUTH_PATHS } from '../../src/shared/api/auth';
import { DEMO_PASSWORD } from '../../src/server/db/demo-accounts';
import { DOCUMENT_PATHS } from '../../src/shared/api/documents';
import { queueEmail } from '../../src/server/jobs/outbox';
import { createLogger } from '../../src/server/logger';
import { startServer, type StartedServer } from '../../src/server/start';
import { minimalPdf } from '../support/pdf-fixtures';
import { startS3Server, type TestS3Server } from '../support/s3-server';
import { testConfig } from '../support/server-fixture';
import { copyTemplateDatabase, databaseUrlFor, type DatabaseCopy } from '../support/test-database';
import { logLines } from '../support/log-lines';

// Three API instances (startServer, as in production) on ONE PostgreSQL database
// and ONE S3-compatible store, sharing NARIC_JWT_SECRET. Nothing of a session, a file or a queued
// message may live in one instance's memory. PostgreSQL only: PGlite has a single connection and
// cannot be shared by processes. Skipped (with the reason printed) when PostgreSQL is unreachable.
// The last test is the backup and restore drill that docs/operations.md describes.

const run = promisify(execFile);
const adminUrl = process.env.NARIC_TEST_DATABASE_URL;

// The run's global setup already chose the driver (scripts/test-server.mjs probes PostgreSQL).
const reachable = inject('naricTestTemplate').driver === 'postgres';
if (!reachable) console.warn('multi-instance.test.ts skipped: no PostgreSQL (set NARIC_TEST_DATABASE_URL to a reachable admin URL)');

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.skipIf(!reachable)('three API instances on one PostgreSQL and one S3 store', () => {
  let database: DatabaseCopy;
  let s3: TestS3Server;
  const instances: { server: StartedServer; lines: Record<string, unknown>[] }[] = [];
  const jwtSecret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    database = await copyTemplateDatabase();
    s3 = await startS3Server('naric-multi');
    const config = testConfig({
      ...database.location,
      jwtSecret,
      demo: true,
      port: 0,
      logLevel: 'info',
      storage: { backend: 's3', ...s3.settings('shared/') },
    });
    // One after the other, as a rolling deployment would: each migrates (nothing left) and checks the seed.
    for (let i = 0; i < 3; i += 1) {
      const { stream, lines } = logLines();
      instances.push({ server: await startServer(config, { logger: createLogger('info', stream) }), lines });
    }
  }, 120_000);

  afterAll(async () => {
    for (const { server } of instances) await server.close();
    await s3?.close();
    await database?.dispose();
  });

  const [a, b, c] = [0, 1, 2].map((i) => () => instances[i]!.server);
  const api = async (server: StartedServer, path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    return fetch(`${server.url}/api${path}`, { ...init, headers });
  };
  const post = (server: StartedServer, path: string, body: unknown, token?: string) =>
    api(server, path, { method: 'POST', body: JSON.stringify(body), ...(token ? { token } : {}) });

  it('a session started on one instance refreshes on another and a logout on the third ends it everywhere', async () => {
    const login = await post(a(), AUTH_PATHS.adminLogin, { username: 'officer', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const session = (await login.json()) as { access: string; refresh: string };
    expect((await api(b(), AUTH_PATHS.me, { token: session.access })).status).toBe(200);

    const refreshed = await post(b(), AUTH_PATHS.tokenRefresh, { refresh: session.refresh });
    expect(refreshed.status).toBe(200);
    const pair = (await refreshed.json()) as { access: string; refresh: string };
    // The spent token is known as spent on every instance.
    expect((await post(c(), AUTH_PATHS.tokenRefresh, { refresh: session.refresh })).status).toBe(401);

    // That reuse ended the family; start again and end it with a logout on the third instance.
    const again = (await (await post(a(), AUTH_PATHS.adminLogin, { username: 'officer', password: DEMO_PASSWORD })).json()) as typeof pair;
    const next = (await (await post(b(), AUTH_PATHS.tokenRefresh, { refresh: again.refresh })).json()) as typeof pair;
    for (const server of [a(), b(), c()]) expect((await api(server, AUTH_PATHS.me, { token: next.access })).status).toBe(200);
    expect((await post(c(), AUTH_PATHS.logout, { refresh_token: next.refresh })).status).toBe(204);
    for (const server of [a(), b(), c()]) {
      expect((await api(server, AUTH_PATHS.me, { token: next.access })).status).toBe(401);
      expect((await api(server, AUTH_PATHS.me, { token: again.access })).status).toBe(401);
    }
    expect((await post(a(), AUTH_PATHS.tokenRefresh, { refresh: next.refresh })).status).toBe(401);
    expect((await api(a(), AUTH_PATHS.me, { token: pair.access })).status).toBe(401);
  });

  it('an upload through one instance downloads byte-identical through another', async () => {
    const session = (await (await post(a(), AUTH_PATHS.adminLogin, { username: 'officer', password: DEMO_PASSWORD })).json()) as { access: string };
    const pool = new pg.Pool({ connectionString: database.location.databaseUrl!, max: 1 });
    const { rows } = await pool.query<{ id: number }>(`select id from applications where reference = 'NARIC-2026-900004'`);
    await pool.end();
    const pdf = minimalPdf('Uploaded through instance A', 3 * 1024 * 1024);
    const query = new URLSearchParams({ document_type: 'original_diploma', file_name: 'diploma.pdf' });
    const uploaded = await api(a(), `${DOCUMENT_PATHS.upload(rows[0]!.id)}?${query}`, {
      method: 'POST',
      token: session.access,
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(pdf),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const stored = (await uploaded.json()) as { id: number; sha256: string };
    expect(stored.sha256).toBe(sha256(pdf));

    for (const server of [b(), c()]) {
      const download = await api(server, DOCUMENT_PATHS.content(stored.id), { token: session.access });
      expect(download.status).toBe(200);
      expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(pdf));
    }
    const range = await api(c(), DOCUMENT_PATHS.content(stored.id), { token: session.access, headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(pdf.subarray(100, 200))).toBe(true);
  });

  it('the outbox sends each queued message exactly once while all three workers run', async () => {
    const db = instances[0]!.server.db;
    const ids: number[] = [];
    for (let i = 0; i < 180; i += 1) {
      ids.push(
        await queueEmail(db, { recipientUserId: null, recipientEmail: `multi-${i}@naric.example`, subject: `Message ${i}`, message: `Body ${i}` }),
      );
    }
    // The workers tick every 5 s on their own; nothing nudges them here.
    const deadline = Date.now() + 40_000;
    let rows: { id: string; status: string; attempts: number }[] = [];
    while (Date.now() < deadline) {
      rows = await db
        .selectFrom('notification_outbox')
        .select(['id', 'status', 'attempts'])
        .where('id', 'in', ids)
        .execute() as unknown as typeof rows;
      if (rows.every((row) => row.status === 'sent')) break;
      await new Promise((resolveWait) => setTimeout(resolveWait, 250));
    }
    expect(rows).toHaveLength(ids.length);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    // A row sent twice would have been updated twice.
    expect(rows.filter((row) => row.attempts !== 1)).toEqual([]);

    // Every delivery is in exactly one instance's log.
    const deliveries = instances.flatMap(({ lines }, instance) =>
      lines.filter((line) => line.outbox_id !== undefined && ids.includes(Number(line.outbox_id))).map((line) => ({ instance, id: Number(line.outbox_id) })),
    );
    expect(deliveries).toHaveLength(ids.length);
    expect(new Set(deliveries.map((delivery) => delivery.id)).size).toBe(ids.length);
  }, 60_000);

  it('backup and restore: pg_dump of the shared database restores into a new one with the same rows', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'naric-backup-'));
    const restoredName = `naric_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    const restoredUrl = databaseUrlFor(adminUrl!, restoredName);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const dump = join(folder, 'naric.dump');
      // The same commands as docs/operations.md: custom format, restored without owners.
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, database.location.databaseUrl!]);
      await admin.query(`create database "${restoredName}"`);
      await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dump]);

      const counts = async (url: string) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const tables = ['users', 'applications', 'application_documents', 'auth_sessions', 'refresh_tokens', 'notification_outbox', 'kysely_migration'];
          const result: Record<string, number> = {};
          for (const table of tables) result[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
          return result;
        } finally {
          await client.end();
        }
      };
      const original = await counts(database.location.databaseUrl!);
      expect(original.applications).toBeGreaterThan(0);
      expect(original.application_documents).toBeGreaterThan(0);
      expect(await counts(restoredUrl)).toEqual(original);
    } finally {
      await admin.query(`drop database if exists "${restoredName}" with (force)`).catch(() => {});
      await admin.end();
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
