import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PATHS } from '../../src/shared/api/notifications';
import { hasPermission, type PermissionName } from '../../src/shared/auth/permissions';
import { loadUserObject } from '../../src/server/auth-context';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every notifications endpoint × every demo account and signed out (issue 16, spec §6): 401
// signed out, 403 with nothing changed without the permission, 2xx for those who hold it. The bell
// is everyone's own.

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
