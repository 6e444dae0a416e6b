import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_GROUPS, SETTINGS_PATHS, type SettingsAnswer, type SettingsGroup } from '../../src/shared/api/settings';
import { hasPermission } from '../../src/shared/auth/permissions';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every settings endpoint × every demo account (spec §6): reading needs
// settings.view_settings, saving settings.change_settings (in the demo: the superuser and the
// NARIC Administrators); everyone else gets 403 and nothing changes; signed out is 401.

let server: ServerFixture;
const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const SETTINGS_STAFF = new Set(['admin', 'naric.admin']);

async function send(username: string | null, method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}

/** The body that saves a group unchanged (the values as read, at their version). */
function unchanged(settings: SettingsAnswer, group: SettingsGroup) {
  const { values, version } = settings[group];
  if (group === 'smtp') {
    const { password_set: _shown, ...fields } = values as SettingsAnswer['smtp']['values'];
    return { version, values: fields };
  }
  return { version, values };
}

const state = async () => ({
  groups: await server.db.selectFrom('system_setting_groups').select(['name', 'version']).orderBy('name').execute(),
  audit: (await server.db.selectFrom('audit_log').select('id').where('action', '=', 'settings.changed').execute()).length,
});

async function readAsAdmin(): Promise<SettingsAnswer> {
  return (await send('admin', 'GET', SETTINGS_PATHS.all)).json();
}

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

it('the demo has settings staff and others, as the permissions say', async () => {
  for (const username of USERS) {
    const me = (await send(username, 'GET', '/auth/me/')).json();
    expect(hasPermission(me, 'settings.change_settings'), username).toBe(SETTINGS_STAFF.has(username));
    expect(hasPermission(me, 'settings.view_settings'), username).toBe(SETTINGS_STAFF.has(username));
  }
});

describe('signed out', () => {
  it('gets 401 from every endpoint and changes nothing', async () => {
    const settings = await readAsAdmin();
    const before = await state();
    expect((await send(null, 'GET', SETTINGS_PATHS.all)).statusCode).toBe(401);
    expect((await send(null, 'GET', SETTINGS_PATHS.logo)).statusCode).toBe(401);
    expect((await send(null, 'GET', SETTINGS_PATHS.logoFile)).statusCode).toBe(401);
    expect((await send(null, 'DELETE', `${SETTINGS_PATHS.logo}?version=0`)).statusCode).toBe(401);
    for (const group of SETTINGS_GROUPS) expect((await send(null, 'PUT', SETTINGS_PATHS.group(group), unchanged(settings, group))).statusCode, group).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('reads the public settings: the default language, the idle timeout and nothing else', async () => {
    const answer = await send(null, 'GET', SETTINGS_PATHS.public);
    expect(answer.statusCode, answer.body).toBe(200);
    const settings = await readAsAdmin();
    expect(answer.json()).toEqual({
      default_language: settings.general.values.default_language,
      session_idle_timeout_minutes: settings.security.values.session_idle_timeout_minutes,
    });
  });
});

describe.each(USERS)('%s', (username) => {
  const staff = SETTINGS_STAFF.has(username);

  it('reads the public settings like anyone (200)', async () => {
    const answer = await send(username, 'GET', SETTINGS_PATHS.public);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(Object.keys(answer.json()).sort()).toEqual(['default_language', 'session_idle_timeout_minutes']);
  });

  it(staff ? 'reads the settings (200)' : 'reads nothing (403)', async () => {
    const answer = await send(username, 'GET', SETTINGS_PATHS.all);
    expect(answer.statusCode, answer.body).toBe(staff ? 200 : 403);
    if (staff) expect(Object.keys(answer.json()).sort()).toEqual([...SETTINGS_GROUPS].sort());
  });

  it(staff ? 'saves every group (200, audited)' : 'saves no group (403, nothing changes)', async () => {
    const settings = await readAsAdmin();
    const before = await state();
    for (const group of SETTINGS_GROUPS) {
      const answer = await send(username, 'PUT', SETTINGS_PATHS.group(group), unchanged(settings, group));
      expect(answer.statusCode, `${group}: ${answer.body}`).toBe(staff ? 200 : 403);
      if (staff) expect(answer.json()[group].version).toBe(settings[group].version + 1);
    }
    const after = await state();
    if (staff) {
      expect(after.audit).toBe(before.audit + SETTINGS_GROUPS.length);
      const editor = (await send(username, 'GET', SETTINGS_PATHS.all)).json() as SettingsAnswer;
      for (const group of SETTINGS_GROUPS) expect(editor[group].updated_by).toBe(username);
    } else {
      expect(after).toEqual(before);
    }
  });

  it(staff ? 'reads, sets and removes the letterhead logo (200)' : 'neither reads nor changes the letterhead logo (403)', async () => {
    expect((await send(username, 'GET', SETTINGS_PATHS.logo)).statusCode).toBe(staff ? 200 : 403);
    expect((await send(username, 'GET', SETTINGS_PATHS.logoFile)).statusCode).toBe(staff ? 404 : 403);
    const version = (await send('admin', 'GET', SETTINGS_PATHS.logo)).json().version as number;
    const png = await QRCode.toBuffer(username, { type: 'png', width: 64 });
    const set = await server.app.inject({
      method: 'PUT',
      url: `/api${SETTINGS_PATHS.logo}?version=${version}`,
      headers: { ...(await server.authorization(username)), 'content-type': 'image/png' },
      payload: png,
    });
    expect(set.statusCode, set.body).toBe(staff ? 200 : 403);
    const now = (await send('admin', 'GET', SETTINGS_PATHS.logo)).json().version as number;
    expect(now).toBe(staff ? version + 1 : version);
    expect((await send(username, 'DELETE', `${SETTINGS_PATHS.logo}?version=${now}`)).statusCode).toBe(staff ? 200 : 403);
  });
});
