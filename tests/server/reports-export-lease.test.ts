import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExportWorker } from '../../src/server/modules/reports/export-worker';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// An export whose worker died while writing it (status running, lease run out) is taken up again
// by another worker and finished exactly once, even when two workers look for work at the same
// moment; an export whose lease is still running is left to the worker that holds it.

let server: ServerFixture;
let ownerId: number;

const FILTER = { date_from: '2001-01-01', date_to: '2001-12-31', service_type: null, status: [], council: null, group_by: null };

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(server.config.storageDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => `${entry.parentPath}/${entry.name}`);
}

async function insertRunning(claimedUntil: string) {
  return server.db
    .insertInto('report_exports')
    .values({ owner_id: ownerId, report: 'decisions', filters: JSON.stringify(FILTER), format: 'csv', language: 'en', status: 'running', progress: 40, rows: 1, attempts: 1, claimed_until: sql<Date>`now() + ${claimedUntil}::interval` })
    .returning('id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  server = await createServerFixture();
  ownerId = (await server.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  await server.db.updateTable('applications').set({ decided_at: '2001-03-05T10:00:00Z', decision_outcome: 'approved' }).where('id', '=', (await server.db.selectFrom('applications').select('id').orderBy('id').executeTakeFirstOrThrow()).id).execute();
});
afterAll(async () => server?.close());

describe('an export whose lease ran out', () => {
  it('is finished once by one of two workers; a live lease is left alone', async () => {
    const abandoned = await insertRunning('-1 minute');
    const held = await insertRunning('5 minutes');
    const before = await storedFiles();

    const options = { db: server.db, storage: server.storage, log: server.app.log, clock: () => new Date(), intervalMs: 3_600_000 };
    const first = startExportWorker(options);
    const second = startExportWorker(options);
    const handled = await Promise.all([first.runOnce(), second.runOnce()]);
    // The app's own worker may have been the one; whoever it was, nobody takes it up again.
    expect(handled[0] + handled[1]).toBeLessThanOrEqual(1);
    expect(await first.runOnce()).toBe(0);
    await Promise.all([first.stop(), second.stop()]);

    for (let attempt = 0; attempt < 100; attempt += 1) {
      const row = await server.db.selectFrom('report_exports').select('status').where('id', '=', abandoned.id).executeTakeFirstOrThrow();
      if (row.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const done = await server.db.selectFrom('report_exports').selectAll().where('id', '=', abandoned.id).executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 1, attempts: 2, claimed_until: null, error: null });
    expect(done.storage_key).not.toBeNull();
    // One file, the one the row names.
    const after = await storedFiles();
    const added = after.filter((file) => !before.includes(file));
    expect(added).toHaveLength(1);
    expect(added[0]!.endsWith(done.storage_key!.split('/').at(-1)!)).toBe(true);

    const untouched = await server.db.selectFrom('report_exports').selectAll().where('id', '=', held.id).executeTakeFirstOrThrow();
    expect(untouched).toMatchObject({ status: 'running', progress: 40, attempts: 1, storage_key: null });

    const download = await server.app.inject({ url: `/api/reports/exports/${abandoned.id}/download/`, headers: await server.authorization('admin') });
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('2001-03');
  });
});
