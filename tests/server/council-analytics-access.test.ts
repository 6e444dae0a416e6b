import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Council analytics × every demo group (docs/access.md): only holders of
// councils.view_analytics (the administrators) read it; council members and every other group get
// 403 permission_denied, whatever the period or council asked for; signed out 401.

let server: ServerFixture;
const HOLDERS = new Set(['admin', 'naric.admin']);
const USERS = DEMO_ACCOUNTS.map((account) => account.username);

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe.each(USERS)('%s', (username) => {
  const allowed = HOLDERS.has(username);
  it(allowed ? 'reads the analytics' : 'may not read the analytics (403)', async () => {
    const headers = await server.authorization(username);
    for (const query of ['', '?from=2025-01&to=2025-12', '?council=1']) {
      const answer = await server.app.inject({ url: `/api/councils/analytics/${query}`, headers });
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(allowed ? 200 : 403);
      if (!allowed) expect(answer.json().code).toBe('permission_denied');
    }
  });
});

it('answers 401 to a caller who is not signed in', async () => {
  expect((await server.app.inject({ url: '/api/councils/analytics/' })).statusCode).toBe(401);
});
