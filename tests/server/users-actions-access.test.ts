import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_PATHS } from '../../src/shared/api/users';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every single-user and bulk action endpoint × every demo group: administrators only
// (superuser, Administrators, NARIC Administrators); everyone else 403 with nothing changed,
// signed out 401. Administrators are sent requests that pass the guard and change nothing (an
// unknown user, an unknown session, a count that does not match), so the walk has no side effects.

let server: ServerFixture;
let target: number;
const ADMINS = new Set(['admin', 'naric.admin']);
const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const UNKNOWN_SESSION = '00000000-0000-4000-8000-000000000000';

type Method = 'POST' | 'DELETE';
interface Call {
  name: string;
  method: Method;
  path: (user: number) => string;
  payload?: object;
  /** What an administrator gets for the harmless request. */
  adminStatus: number;
}

const CALLS: Call[] = [
  { name: 'reset password', method: 'POST', path: () => USER_PATHS.resetPassword(999_999), payload: { delivery: 'show' }, adminStatus: 404 },
  { name: 'revoke all sessions', method: 'POST', path: () => USER_PATHS.revokeSessions(999_999), adminStatus: 404 },
  { name: 'revoke one session', method: 'DELETE', path: (user) => USER_PATHS.session(user, UNKNOWN_SESSION), adminStatus: 404 },
  { name: 'turn off two-factor', method: 'POST', path: (user) => USER_PATHS.disableTwoFactor(user), payload: { identity_checked: true, reason: 'Lost phone' }, adminStatus: 409 },
  { name: 'notify', method: 'POST', path: () => USER_PATHS.notify(999_999), payload: { subject: 'Hello', message: 'Text' }, adminStatus: 404 },
  { name: 'bulk preview', method: 'POST', path: () => USER_PATHS.bulkPreview, payload: { selection: { filter: { search: 'nobody-matches-this' } } }, adminStatus: 200 },
  {
    name: 'bulk action',
    method: 'POST',
    path: () => USER_PATHS.bulk,
    payload: { action: 'verify_email', selection: { filter: { search: 'nobody-matches-this' } }, expected_count: 3 },
    adminStatus: 409,
  },
];

async function send(username: string | null, call: Call) {
  const auth = username ? await server.authorization(username) : {};
  return server.app.inject({
    method: call.method,
    url: `/api${call.path(target)}`,
    headers: auth,
    ...(call.payload ? { payload: call.payload } : {}),
  });
}

async function sideEffects() {
  const [audit, outbox, sessions] = await Promise.all([
    server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('action', 'like', 'user.%').executeTakeFirstOrThrow(),
    server.db.selectFrom('notification_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    server.db.selectFrom('users').select(['must_change_password', 'email_verified', 'two_factor_enabled']).where('id', '=', target).executeTakeFirstOrThrow(),
  ]);
  return { audit: Number(audit.n), outbox: Number(outbox.n), target: sessions };
}

beforeAll(async () => {
  server = await createServerFixture();
  // A colleague without two-factor, so 'turn off two-factor' answers 409 for administrators.
  target = (await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

describe('user actions: who may call them', () => {
  it('signed out: 401 on every endpoint', async () => {
    for (const call of CALLS) {
      const answer = await send(null, call);
      expect(answer.statusCode, call.name).toBe(401);
    }
  });

  for (const username of USERS) {
    it(`${username}: ${ADMINS.has(username) ? 'passes the guard' : '403 on every endpoint, nothing changes'}`, async () => {
      const before = await sideEffects();
      for (const call of CALLS) {
        const answer = await send(username, call);
        if (ADMINS.has(username)) {
          expect(answer.statusCode, `${username} ${call.name}`).toBe(call.adminStatus);
        } else {
          expect(answer.statusCode, `${username} ${call.name}`).toBe(403);
          expect(answer.json(), `${username} ${call.name}`).toMatchObject({ code: 'permission_denied' });
        }
      }
      expect(await sideEffects()).toEqual(before);
    });
  }

  it('every demo group is walked', () => {
    expect(USERS).toEqual(expect.arrayContaining(['admin', 'naric.admin', 'officer', 'agency', 'council', 'evaluator', 'payments', 'verifier', 'inspector', 'content']));
  });
});
