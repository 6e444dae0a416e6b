import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupItem, userCreatedAnswer, userDetail, type UserDetail } from '../../src/shared/api/users';
import { GROUPS, isAdmin } from '../../src/shared/auth/permissions';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every endpoint of the users' records and groups × every demo group (spec §6): only
// administrators (superusers, Administrators, NARIC Administrators) get in; everyone else gets 403
// and nothing changes; signed out is 401.

let server: ServerFixture;
let target: UserDetail;
let groupId: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const ADMINS = new Set(DEMO_ACCOUNTS.filter((account) => isAdmin({ ...account, groups: [account.group], permissions: [] })).map((account) => account.username));

async function send(username: string | null, method: Method, path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}

const readTarget = async () => userDetail.parse((await send('admin', 'GET', `/users/${target.id}/`)).json());
const groupVersion = async () => (await server.db.selectFrom('groups').select('version').where('id', '=', groupId).executeTakeFirstOrThrow()).version;

const editBody = (user: UserDetail, changes: Record<string, unknown> = {}) => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  username: user.username,
  gender: user.gender,
  groups: user.groups,
  is_active: user.is_active,
  email_verified: user.email_verified,
  two_factor_required: user.two_factor_required,
  version: user.version,
  ...changes,
});

/** Every write, with a body valid for the target's current version. */
const writes = async (tag: string): Promise<[Method, string, object][]> => {
  const user = await readTarget();
  const version = await groupVersion();
  return [
    ['POST', '/users/', { first_name: 'New', last_name: tag, email: `new.${tag}@naric.example`, username: `new.${tag}`, password_delivery: 'show' }],
    ['PATCH', `/users/${user.id}/`, editBody(user, { last_name: `Edited by ${tag}` })],
    ['PUT', `/users/${user.id}/roles/`, { groups: [GROUPS.evaluators, GROUPS.inspectorate], version: user.version }],
    ['POST', '/users/groups/', { name: `Group of ${tag}`, permissions: ['reports.view_reports'] }],
    ['PATCH', `/users/groups/${groupId}/`, { name: 'Access group', description: `by ${tag}`, permissions: [], version }],
  ];
};

const reads = (): [Method, string][] => [
  ['GET', '/users/?page_size=5'],
  ['GET', `/users/${target.id}/`],
  ['GET', `/users/${target.id}/sign-ins/`],
  ['GET', `/users/${target.id}/audit/`],
  ['GET', `/users/${target.id}/sessions/`],
  ['GET', '/users/groups/'],
];

/** What a refused write must leave as it was. */
const state = async () => ({
  users: (await server.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
  groups: (await server.db.selectFrom('groups').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
  audit: (await server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('action', 'like', 'user.%').executeTakeFirstOrThrow()).n,
  target: await readTarget(),
  groupVersion: await groupVersion(),
});

beforeAll(async () => {
  server = await createServerFixture();
  const created = await send('admin', 'POST', '/users/', { first_name: 'Access', last_name: 'Target', email: 'access.target@naric.example', username: 'access.target', groups: [GROUPS.evaluators], password_delivery: 'show' });
  target = userCreatedAnswer.parse(created.json()).user;
  groupId = groupItem.parse((await send('admin', 'POST', '/users/groups/', { name: 'Access group' })).json()).id;
});
afterAll(async () => server?.close());

it('the demo has administrators and others', () => {
  expect([...ADMINS].sort()).toEqual(['admin', 'naric.admin']);
  expect(USERS.length).toBeGreaterThan(ADMINS.size);
});

describe('signed out', () => {
  it('gets 401 from every endpoint', async () => {
    for (const [method, path] of reads()) expect((await send(null, method, path)).statusCode, `${method} ${path}`).toBe(401);
    const before = await state();
    for (const [method, path, payload] of await writes('nobody')) expect((await send(null, method, path, payload)).statusCode, `${method} ${path}`).toBe(401);
    expect(await state()).toEqual(before);
  });
});

describe.each(USERS)('%s', (username) => {
  const admin = ADMINS.has(username);

  it(admin ? 'reads every endpoint (200)' : 'reads nothing (403)', async () => {
    for (const [method, path] of reads()) {
      const answer = await send(username, method, path);
      expect(answer.statusCode, `${method} ${path}`).toBe(admin ? 200 : 403);
      if (!admin) expect(answer.json().code).toBe('permission_denied');
    }
  });

  it(admin ? 'makes every change (2xx)' : 'changes nothing (403)', async () => {
    const tag = username.replace(/\W/g, '');
    if (!admin) {
      const before = await state();
      for (const [method, path, payload] of await writes(tag)) {
        const answer = await send(username, method, path, payload);
        expect(answer.statusCode, `${method} ${path}`).toBe(403);
      }
      expect(await state()).toEqual(before);
      return;
    }
    // Each write with the versions as they are now (the previous write bumped them).
    for (let index = 0; index < 5; index += 1) {
      const [method, path, payload] = (await writes(tag))[index]!;
      const answer = await send(username, method, path, payload);
      expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBe(method === 'POST' ? 201 : 200);
    }
    const after = await readTarget();
    expect(after.last_name).toBe(`Edited by ${tag}`);
    expect(after.groups).toEqual([GROUPS.evaluators, GROUPS.inspectorate]);
  });
});
