import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { NOTIFICATION_PATHS, notificationDetail, notificationListAnswer } from '../../src/shared/api/notifications';
import { hasPermission, type PermissionName } from '../../src/shared/auth/permissions';
import { loadUserObject } from '../../src/server/auth-context';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every notifications endpoint × every demo account and signed out (spec §6): 401 signed out, 403
// with nothing changed without the permission, 2xx for those who hold it. The bell is everyone's
// own. Then the rows: a holder limited to some applications sees the messages about those (and
// their own), the same applications the applications list gives them.

let server: ServerFixture;
let failedIds: number[] = [];
let applicationId: number;
let staffId: number;
const ownMessage = new Map<string, number>();

type Method = 'GET' | 'POST' | 'PUT';
type Rule = (username: string) => boolean;

const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const permissions = new Map<string, Set<PermissionName>>();
const holds = (...names: PermissionName[]): Rule => (username) => names.every((name) => permissions.get(username)!.has(name));
const either = (...names: PermissionName[]): Rule => (username) => names.some((name) => permissions.get(username)!.has(name));
const everyone: Rule = () => true;

interface Endpoint {
  name: string;
  method: Method;
  path: (username: string) => string;
  payload?: (username: string) => object | Promise<object>;
  allowed: Rule;
  status: number;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'list', method: 'GET', path: () => `${NOTIFICATION_PATHS.list}?page_size=5`, allowed: holds('notifications.view_notification'), status: 200 },
  { name: 'detail', method: 'GET', path: () => NOTIFICATION_PATHS.detail(failedIds[0]!), allowed: holds('notifications.view_notification'), status: 200 },
  {
    name: 'resend',
    method: 'POST',
    path: (username) => NOTIFICATION_PATHS.resend(failedIds[USERS.indexOf(username) % failedIds.length]!),
    payload: () => ({}),
    allowed: holds('notifications.view_notification', 'notifications.send_notification'),
    status: 201,
  },
  {
    name: 'send',
    method: 'POST',
    path: () => NOTIFICATION_PATHS.list,
    payload: (username) => ({ kind: 'system', recipient: { type: 'staff', user_id: staffId }, subject: `Access ${username}`, message: 'Text' }),
    allowed: holds('notifications.send_notification'),
    status: 201,
  },
  { name: 'staff recipients', method: 'GET', path: () => `${NOTIFICATION_PATHS.staffRecipients}?search=a`, allowed: either('notifications.view_notification', 'notifications.send_notification'), status: 200 },
  { name: 'inbox', method: 'GET', path: () => NOTIFICATION_PATHS.inbox, allowed: everyone, status: 200 },
  { name: 'mark read', method: 'POST', path: (username) => NOTIFICATION_PATHS.markRead(ownMessage.get(username)!), payload: () => ({}), allowed: everyone, status: 200 },
  { name: 'mark all read', method: 'POST', path: () => NOTIFICATION_PATHS.markAllRead, payload: () => ({}), allowed: everyone, status: 200 },
  { name: 'templates', method: 'GET', path: () => NOTIFICATION_PATHS.templates, allowed: holds('notifications.manage_templates'), status: 200 },
  { name: 'template', method: 'GET', path: () => NOTIFICATION_PATHS.template('status_changed', 'sq'), allowed: holds('notifications.manage_templates'), status: 200 },
  {
    name: 'save template',
    method: 'PUT',
    path: () => NOTIFICATION_PATHS.template('status_changed', 'en'),
    allowed: holds('notifications.manage_templates'),
    status: 200,
  },
];

async function send(username: string | null, method: Method, path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}

const count = async (table: 'notification_outbox' | 'notification_templates' | 'audit_log') =>
  (await server.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
const state = async () => ({
  outbox: await count('notification_outbox'),
  templates: await count('notification_templates'),
  audit: await count('audit_log'),
  read: (await server.db.selectFrom('notification_outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('read_at', 'is not', null).executeTakeFirstOrThrow()).n,
});

beforeAll(async () => {
  server = await createServerFixture();
  for (const username of USERS) {
    const { id } = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const user = (await loadUserObject(server.db, id))!;
    permissions.set(username, new Set((['notifications.view_notification', 'notifications.send_notification', 'notifications.manage_templates'] as const).filter((name) => hasPermission(user, name))));
    const message = await server.db
      .insertInto('notification_outbox')
      .values({ recipient_user_id: id, recipient_email: null, kind: 'system', subject: `For ${username}`, message: 'Hello', status: 'sent', sent_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    ownMessage.set(username, message.id);
  }
  const failed = await server.db.selectFrom('notification_outbox').select('id').where('status', '=', 'failed').where('confidential', '=', false).orderBy('id').execute();
  failedIds = failed.map((row) => row.id);
  applicationId = (await server.db.selectFrom('applications').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  staffId = (await server.db.selectFrom('users').select('id').where('username', '=', 'council').executeTakeFirstOrThrow()).id;
  // Each save starts from the version the last one left.
  ENDPOINTS.find((endpoint) => endpoint.name === 'save template')!.payload = async (username) => {
    const active = await server.db.selectFrom('notification_templates').select('version').where('event', '=', 'status_changed').where('language', '=', 'en').where('active', '=', true).executeTakeFirstOrThrow();
    return { version: active.version, subject: 'Status {{reference}}', body: `Now {{status}} (${username})` };
  };
});
afterAll(async () => server?.close());

it('the demo has people with and without each permission', () => {
  expect(USERS.filter(holds('notifications.view_notification')).length).toBeGreaterThan(0);
  expect(USERS.filter((username) => !holds('notifications.view_notification')(username)).length).toBeGreaterThan(0);
  expect(USERS.filter(holds('notifications.manage_templates'))).toContain('content');
  expect(failedIds.length).toBeGreaterThan(0);
  expect(applicationId).toBeGreaterThan(0);
});

describe.each(ENDPOINTS)('$name', (endpoint) => {
  it('is 401 signed out', async () => {
    const answer = await send(null, endpoint.method, endpoint.path('admin'), await endpoint.payload?.('admin'));
    expect(answer.statusCode).toBe(401);
  });

  it.each(USERS)('%s: allowed or 403 with nothing changed', async (username) => {
    const before = await state();
    const answer = await send(username, endpoint.method, endpoint.path(username), await endpoint.payload?.(username));
    if (endpoint.allowed(username)) {
      expect(answer.statusCode, answer.body).toBe(endpoint.status);
    } else {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(await state()).toEqual(before);
    }
  });
});

/** Every id of a paged list, following the pages. */
async function everyId(username: string, path: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await send(username, 'GET', `${path}${path.includes('?') ? '&' : '?'}page_size=200&page=${page}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as { results: { id: number }[]; next: string | null };
    ids.push(...body.results.map((row) => row.id));
    if (!body.next) return ids;
  }
}

// The demo's holders of notifications.view_notification all see every application; an
// administrator may grant it to a group limited to some (docs/access.md, "Rows").
const LIMITED = ['agency', 'council', 'evaluator', 'inspector'];

describe('row scope: a holder limited to some applications', () => {
  beforeAll(async () => {
    const granted = await server.db
      .selectFrom('permissions')
      .select('id')
      .where('app_label', '=', 'notifications')
      .where('codename', 'in', ['view_notification', 'send_notification'])
      .execute();
    for (const username of LIMITED) {
      const { id } = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      for (const permission of granted) await server.db.insertInto('user_permissions').values({ user_id: id, permission_id: permission.id }).execute();
    }
  });

  it.each(LIMITED)('%s sees only the messages of their applications and their own; any other is 404', async (username) => {
    const { id: userId } = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const applications = new Set(await everyId(username, APPLICATION_PATHS.list));
    const all = await server.db.selectFrom('notification_outbox').select(['id', 'application_id', 'recipient_user_id', 'sender_id', 'status', 'confidential']).execute();
    const theirs = (row: (typeof all)[number]) => (row.application_id !== null && applications.has(row.application_id)) || row.recipient_user_id === userId || row.sender_id === userId;
    const expected = all.filter(theirs).map((row) => row.id).sort((a, b) => a - b);
    const listed = (await everyId(username, NOTIFICATION_PATHS.list)).sort((a, b) => a - b);
    expect(listed).toEqual(expected);

    const outside = all.filter((row) => row.application_id !== null && !theirs(row));
    expect(outside.length).toBeGreaterThan(0);
    const other = outside[0]!;
    expect((await send(username, 'GET', NOTIFICATION_PATHS.detail(other.id))).statusCode).toBe(404);
    const reference = (await server.db.selectFrom('applications').select('reference').where('id', '=', other.application_id!).executeTakeFirstOrThrow()).reference;
    const searched = notificationListAnswer.parse((await send(username, 'GET', `${NOTIFICATION_PATHS.list}?search=${encodeURIComponent(reference)}`)).json());
    expect(searched.count).toBe(0);
    const filtered = notificationListAnswer.parse((await send(username, 'GET', `${NOTIFICATION_PATHS.list}?application_id=${other.application_id}`)).json());
    expect(filtered.count).toBe(0);

    // Resend: a failed message outside their rows does not exist for them, and nothing is copied.
    const failedOutside = outside.find((row) => row.status === 'failed' && !row.confidential);
    if (failedOutside) {
      const before = await state();
      expect((await send(username, 'POST', NOTIFICATION_PATHS.resend(failedOutside.id), {})).statusCode).toBe(404);
      expect(await state()).toEqual(before);
    }
    // Send: an application outside their rows is as unknown as one that does not exist.
    const before = await state();
    const refused = await send(username, 'POST', NOTIFICATION_PATHS.list, { kind: 'email', recipient: { type: 'applicant', application_id: other.application_id }, subject: 'Hi', message: 'Text' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ recipient: ['There is no such application.'] });
    const aboutIt = await send(username, 'POST', NOTIFICATION_PATHS.list, { kind: 'system', recipient: { type: 'staff', user_id: staffId }, subject: 'Hi', message: 'Text', application_id: other.application_id });
    expect(aboutIt.statusCode).toBe(400);
    expect(await state()).toEqual(before);

    // A message of one of their applications opens.
    const inside = all.find((row) => row.application_id !== null && applications.has(row.application_id));
    if (inside) {
      const answer = await send(username, 'GET', NOTIFICATION_PATHS.detail(inside.id));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(notificationDetail.parse(answer.json()).application?.id).toBe(inside.application_id);
    }
  });
});
