import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_KEYS, REPORT_PATHS } from '../../src/shared/api/reports';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every reports endpoint × every demo account (spec §6): reading needs
// reports.view_reports (NARIC Officers and the administrators), starting an export
// reports.export_reports (NARIC Officers and the administrators); everyone else gets 403 and nothing is queued;
// signed out is 401. An export is its owner's alone (404 for anyone else).

let server: ServerFixture;
let adminExport: number;

const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const READERS = new Set(['admin', 'naric.admin', 'officer']);
const EXPORTERS = new Set(['admin', 'naric.admin', 'officer']);
const EXPORT = { report: 'decisions', format: 'csv', filter: { date_from: '2025-01-01', date_to: '2025-12-31' } };

async function send(username: string | null, method: 'GET' | 'POST', path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}
const queued = async () => (await server.db.selectFrom('report_exports').select('id').execute()).length;

beforeAll(async () => {
  server = await createServerFixture();
  const started = await send('admin', 'POST', REPORT_PATHS.exports, EXPORT);
  expect(started.statusCode, started.body).toBe(202);
  adminExport = started.json().id;
});
afterAll(async () => server?.close());

it('the demo has readers, exporters and others', () => {
  for (const username of READERS) expect(USERS).toContain(username);
  expect(USERS.length).toBeGreaterThan(READERS.size);
});

it('signed out gets 401 everywhere', async () => {
  const before = await queued();
  for (const path of [REPORT_PATHS.catalogue, REPORT_PATHS.report('fees'), REPORT_PATHS.exports, REPORT_PATHS.export(adminExport), REPORT_PATHS.download(adminExport)]) {
    expect((await send(null, 'GET', path)).statusCode, path).toBe(401);
  }
  expect((await send(null, 'POST', REPORT_PATHS.exports, EXPORT)).statusCode).toBe(401);
  expect(await queued()).toBe(before);
});

describe.each(USERS)('%s', (username) => {
  const reader = READERS.has(username);
  const exporter = EXPORTERS.has(username);

  it(reader ? 'reads every report (200)' : 'reads no report (403)', async () => {
    expect((await send(username, 'GET', REPORT_PATHS.catalogue)).statusCode).toBe(reader ? 200 : 403);
    for (const key of REPORT_KEYS) expect((await send(username, 'GET', REPORT_PATHS.report(key))).statusCode, key).toBe(reader ? 200 : 403);
    expect((await send(username, 'GET', REPORT_PATHS.exports)).statusCode).toBe(reader ? 200 : 403);
  });

  it(exporter ? 'starts an export (202)' : 'starts no export (403)', async () => {
    const before = await queued();
    const answer = await send(username, 'POST', REPORT_PATHS.exports, EXPORT);
    expect(answer.statusCode, answer.body).toBe(exporter ? 202 : 403);
    expect(await queued()).toBe(before + (exporter ? 1 : 0));
  });

  it('sees another person’s export as nothing', async () => {
    if (username === 'admin') return;
    expect((await send(username, 'GET', REPORT_PATHS.export(adminExport))).statusCode).toBe(reader ? 404 : 403);
    expect((await send(username, 'GET', REPORT_PATHS.download(adminExport))).statusCode).toBe(reader ? 404 : 403);
    if (reader) expect((await send(username, 'GET', REPORT_PATHS.exports)).json().results.map((row: { id: number }) => row.id)).not.toContain(adminExport);
  });
});
