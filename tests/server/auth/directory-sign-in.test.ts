import { createServer, type Server, type Socket } from 'node:net';
import { Attribute, Change } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../src/shared/api/auth';
import { SETTINGS_PATHS, type SettingsAnswer } from '../../../src/shared/api/settings';
import { loadConfig, type DirectorySettings } from '../../../src/server/config';
import { DirectoryUnreachable, askDirectory, fillFilter } from '../../../src/server/modules/auth/directory/directory-client';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import {
  TEST_DIRECTORY_GROUPS,
  TEST_DIRECTORY_PEOPLE,
  TEST_DIRECTORY_SERVICE_DN,
  TEST_DIRECTORY_SERVICE_PASSWORD,
  TEST_DIRECTORY_SUFFIX,
  startTestDirectory,
  type TestDirectory,
} from '../../support/slapd';
import { DEMO_PASSWORD, bodySignedIn, freshAddress, get, post } from './auth-test-helpers';

// Directory (LDAP) sign-in (spec §3 auth_source 'ldap') against a real OpenLDAP: slapd
// started once for this file with a test tree (tests/support/slapd.ts), the server configured
// through the NARIC_LDAP_* variables as an operator would.

const PASSWORDS = {
  ardita: 'Ardita-dir-2026',
  jovana: 'Jovana-dir-2026',
  mover: 'Mover-dir-2026',
  disabled: 'Disabled-dir-2026',
  officer: 'Not-the-local-one-2026',
  nogroup: 'Nogroup-dir-2026',
  clash: 'Clash-dir-2026',
  noMail: 'Nomail-dir-2026',
  guessed: 'Guessed-dir-2026',
  twoFactor: 'Twofactor-dir-2026',
  precreated: 'Precreated-dir-2026',
};

let directory: TestDirectory;
let server: ServerFixture;
let settings: DirectorySettings;

const login = (username: string, password: string, options: { address?: string; language?: string } = {}) =>
  server.app.inject({
    method: 'POST',
    url: `/api${AUTH_PATHS.adminLogin}`,
    payload: { username, password },
    remoteAddress: options.address ?? freshAddress(),
    headers: options.language ? { 'accept-language': options.language } : {},
  });

const localUser = (username: string) =>
  server.db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'first_name', 'last_name', 'auth_source', 'directory_dn', 'directory_synced_at', 'password_hash', 'email_verified', 'version'])
    .where('username', '=', username)
    .executeTakeFirst();

const groupsOf = async (userId: number) =>
  (
    await server.db
      .selectFrom('user_groups')
      .innerJoin('groups', 'groups.id', 'user_groups.group_id')
      .select('groups.name')
      .where('user_groups.user_id', '=', userId)
      .orderBy('groups.name')
      .execute()
  ).map((row) => row.name);

const auditOf = (action: string, userId: number) =>
  server.db.selectFrom('audit_log').select(['action', 'details', 'actor_id']).where('action', '=', action).where('entity_id', '=', String(userId)).orderBy('id').execute();

beforeAll(async () => {
  directory = await startTestDirectory({
    people: [
      { uid: 'dir.ardita', givenName: 'Ardita', sn: 'Morina', mail: 'ardita.morina@naric.test', password: PASSWORDS.ardita },
      { uid: 'dir.jovana', givenName: 'Jovana', sn: 'Đorđević', mail: 'jovana.djordjevic@naric.test', password: PASSWORDS.jovana },
      { uid: 'dir.mover', givenName: 'Besnik', sn: 'Rexhepi', mail: 'besnik.rexhepi@naric.test', password: PASSWORDS.mover },
      { uid: 'dir.disabled', givenName: 'Agron', sn: 'Kelmendi', mail: 'agron.kelmendi@naric.test', password: PASSWORDS.disabled, disabled: true },
      // Same username as the demo's local officer: the directory must not take that account over.
      { uid: 'officer', givenName: 'Impostor', sn: 'Officer', mail: 'impostor@naric.test', password: PASSWORDS.officer },
      { uid: 'dir.nogroup', givenName: 'Lirie', sn: 'Berisha', mail: 'lirie.berisha@naric.test', password: PASSWORDS.nogroup },
      { uid: 'dir.clash', givenName: 'Drita', sn: 'Hasani', mail: 'payments@naric.example', password: PASSWORDS.clash },
      { uid: 'dir.nomail', givenName: 'Milica', sn: 'Stojanović', password: PASSWORDS.noMail },
      { uid: 'dir.guessed', givenName: 'Teuta', sn: 'Zeka', mail: 'teuta.zeka@naric.test', password: PASSWORDS.guessed },
      { uid: 'dir.twofactor', givenName: 'Fisnik', sn: 'Dema', mail: 'fisnik.dema@naric.test', password: PASSWORDS.twoFactor },
      { uid: 'dir.precreated', givenName: 'Valdete', sn: 'Krasniqi', mail: 'valdete.krasniqi@naric.test', password: PASSWORDS.precreated },
    ],
    groups: [
      { cn: 'officers', members: ['dir.ardita', 'dir.jovana', 'dir.mover', 'dir.disabled', 'officer', 'dir.clash', 'dir.nomail', 'dir.guessed', 'dir.twofactor', 'dir.precreated'] },
      { cn: 'payments', members: ['dir.jovana'] },
      { cn: 'council', members: ['dir.mover', 'dir.disabled'] },
      // Not in the mapping: membership here means nothing to us.
      { cn: 'librarians', members: ['dir.ardita', 'dir.nogroup'] },
    ],
  });
  settings = loadConfig({
    NARIC_JWT_SECRET: 'x'.repeat(40),
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
    NARIC_LDAP_URL: directory.url,
    NARIC_LDAP_BASE_DN: TEST_DIRECTORY_PEOPLE,
    NARIC_LDAP_BIND_DN: TEST_DIRECTORY_SERVICE_DN,
    NARIC_LDAP_BIND_PASSWORD: TEST_DIRECTORY_SERVICE_PASSWORD,
    NARIC_LDAP_GROUP_BASE_DN: TEST_DIRECTORY_GROUPS,
    // Both formats are accepted; the pairs form here (the JSON form has a test of its own).
    NARIC_LDAP_GROUP_MAP: [
      `cn=officers,${TEST_DIRECTORY_GROUPS}=NARIC Officers`,
      `CN=Payments, ${TEST_DIRECTORY_GROUPS.toUpperCase()}=Payment Officers`,
      `cn=council,${TEST_DIRECTORY_GROUPS}=Council Members`,
    ].join(';'),
    NARIC_LDAP_DISABLED_FILTER: '(employeeType=disabled)',
  }).directory!;
  server = await createServerFixture({ config: { directory: settings } });
});

afterAll(async () => {
  await server?.close();
  await directory?.close();
});

describe('directory sign-in, first time', () => {
  it('creates the local user from the directory entry: auth_source ldap, DN, names, e-mail, mapped groups; audited', async () => {
    const answer = await login('dir.ardita', PASSWORDS.ardita);
    expect(answer.statusCode).toBe(200);
    const body = bodySignedIn.parse(answer.json());
    expect(body.user).toMatchObject({
      username: 'dir.ardita',
      email: 'ardita.morina@naric.test',
      first_name: 'Ardita',
      last_name: 'Morina',
      auth_source: 'ldap',
      groups: ['NARIC Officers'],
      is_staff: true,
    });
    const user = (await localUser('dir.ardita'))!;
    expect(user).toMatchObject({ auth_source: 'ldap', directory_dn: directory.personDn('dir.ardita'), password_hash: '', email_verified: true });
    expect(user.directory_synced_at).not.toBeNull();
    const [created] = await auditOf('user.directory_created', user.id);
    expect(created?.details).toMatchObject({ source: 'directory', before: null, after: { email: 'ardita.morina@naric.test', groups: ['NARIC Officers'] } });
    const [signedIn] = await auditOf('auth.login', user.id);
    expect(signedIn?.details).toEqual({ how: 'directory' });
  });

  it('takes over a directory user an administrator created in advance (by username), keeping its hand-given groups', async () => {
    const { id } = await server.db
      .insertInto('users')
      .values({ username: 'Dir.Precreated', email: 'valdete.krasniqi@naric.test', auth_source: 'ldap', first_name: 'V.', last_name: 'K.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const verifiers = await server.db.selectFrom('groups').select('id').where('name', '=', 'Document Verifiers').executeTakeFirstOrThrow();
    await server.db.insertInto('user_groups').values({ user_id: id, group_id: verifiers.id }).execute();
    const answer = await login('dir.precreated', PASSWORDS.precreated);
    expect(answer.statusCode).toBe(200);
    expect(bodySignedIn.parse(answer.json()).user).toMatchObject({ id, first_name: 'Valdete', last_name: 'Krasniqi', groups: ['Document Verifiers', 'NARIC Officers'] });
    expect((await localUser('Dir.Precreated'))!.directory_dn).toBe(directory.personDn('dir.precreated'));
  });

  it('keeps Serbian letters and maps several groups (a DN of the mapping in other case and spacing still matches)', async () => {
    const answer = await login('DIR.Jovana', PASSWORDS.jovana);
    expect(answer.statusCode).toBe(200);
    expect(bodySignedIn.parse(answer.json()).user).toMatchObject({
      username: 'dir.jovana',
      last_name: 'Đorđević',
      groups: ['NARIC Officers', 'Payment Officers'],
    });
  });

  it('starts a new user in the office’s default language (system settings, no restart); existing users keep theirs', async () => {
    const headers = await server.authorization('admin');
    const saveDefault = async (language: string) => {
      const general = ((await server.app.inject({ method: 'GET', url: `/api${SETTINGS_PATHS.all}`, headers })).json() as SettingsAnswer).general;
      const saved = await server.app.inject({
        method: 'PUT',
        url: `/api${SETTINGS_PATHS.group('general')}`,
        headers,
        payload: { version: general.version, values: { ...general.values, default_language: language } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const languageOf = async (username: string) =>
      (await server.db.selectFrom('users').select('preferred_language').where('username', '=', username).executeTakeFirstOrThrow()).preferred_language;
    await saveDefault('sq');
    try {
      expect((await login('dir.guessed', PASSWORDS.guessed)).statusCode).toBe(200);
      expect(await languageOf('dir.guessed')).toBe('sq');
      expect((await login('dir.ardita', PASSWORDS.ardita)).statusCode).toBe(200);
      expect(await languageOf('dir.ardita')).toBe('en');
    } finally {
      await saveDefault('en');
    }
  });

  it('signs in by the directory e-mail too (the default user filter), to the same local user', async () => {
    const first = await login('dir.guessed', PASSWORDS.guessed);
    expect(first.statusCode).toBe(200);
    const byMail = await login('Teuta.Zeka@naric.test', PASSWORDS.guessed);
    expect(byMail.statusCode).toBe(200);
    expect(bodySignedIn.parse(byMail.json()).user.id).toBe(bodySignedIn.parse(first.json()).user.id);
  });

  it('a later sign-in with the session works like any other: the access token opens /me', async () => {
    const body = bodySignedIn.parse((await login('dir.ardita', PASSWORDS.ardita)).json());
    const me = await get(server.app, AUTH_PATHS.me, { token: body.access });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'dir.ardita', auth_source: 'ldap' });
  });
});

describe('refusals', () => {
  it('a wrong password is 401 "Invalid credentials" like a local one, audited and throttled', async () => {
    const address = freshAddress();
    const local = await login('officer', 'wrong-local-password', { address: freshAddress() });
    const wrong = await login('dir.ardita', 'wrong-password', { address });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(local.json());
    const user = (await localUser('dir.ardita'))!;
    const failures = await auditOf('auth.login_failed', user.id);
    expect(failures.at(-1)?.details).toMatchObject({ username: 'dir.ardita', how: 'directory' });

    // Three free failures for a pair, then it waits (throttle-rules.ts): even the right password.
    await login('dir.ardita', 'wrong-password', { address });
    await login('dir.ardita', 'wrong-password', { address });
    const slowed = await login('dir.ardita', PASSWORDS.ardita, { address });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: 'throttled' });
  });

  it('an unknown username is 401 like a wrong password, and creates nobody', async () => {
    const answer = await login('dir.nobody', 'whatever-2026');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'invalid_credentials' });
    expect(await localUser('dir.nobody')).toBeUndefined();
  });

  it('an empty password never reaches the directory (it would be an unauthenticated bind, RFC 4513 §5.1.2)', async () => {
    // Pointed at a closed port: any attempt to connect would throw, so a verdict means none was made.
    const closed = { ...settings, url: 'ldap://127.0.0.1:1' };
    await expect(askDirectory(closed, 'dir.ardita', '')).resolves.toEqual({ verdict: 'rejected' });
    await expect(askDirectory(closed, 'dir.ardita', 'x')).rejects.toBeInstanceOf(DirectoryUnreachable);
  });

  it('disabled in the directory: refused with a clear message once the password is right; a wrong one learns nothing', async () => {
    const refused = await login('dir.disabled', PASSWORDS.disabled);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      code: 'directory_disabled',
      detail: "This account is disabled in the directory. Ask the directory's administrators if you need access.",
      message: "This account is disabled in the directory. Ask the directory's administrators if you need access.",
    });
    const inAlbanian = await login('dir.disabled', PASSWORDS.disabled, { language: 'sq' });
    expect(inAlbanian.json()).toMatchObject({ message: 'Kjo llogari është çaktivizuar në direktori. Pyetni administratorët e direktorisë nëse ju nevojitet qasja.' });
    const guess = await login('dir.disabled', 'wrong-password');
    expect(guess.json()).toMatchObject({ code: 'invalid_credentials' });
    expect(await localUser('dir.disabled')).toBeUndefined();
  });

  it('a local account is never taken over: its username signs in with the local password only', async () => {
    const before = (await localUser('officer'))!;
    const withDirectoryPassword = await login('officer', PASSWORDS.officer);
    expect(withDirectoryPassword.statusCode).toBe(401);
    const withLocalPassword = await login('officer', DEMO_PASSWORD);
    expect(withLocalPassword.statusCode).toBe(200);
    const after = (await localUser('officer'))!;
    expect(after).toMatchObject({ auth_source: 'local', directory_dn: null, email: before.email, first_name: before.first_name });
  });

  it('a directory person whose e-mail another account uses is refused (409) and no user is created', async () => {
    const answer = await login('dir.clash', PASSWORDS.clash, { language: 'sr' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'directory_email_taken',
      message: 'Drugi nalog ove aplikacije već koristi adresu e-pošte ovog naloga iz direktorijuma. Obratite se administratoru.',
    });
    expect(await localUser('dir.clash')).toBeUndefined();
  });

  it('a directory person without an e-mail address is refused (409) with a clear message', async () => {
    const answer = await login('dir.nomail', PASSWORDS.noMail);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: 'This directory account has no e-mail address. Ask the directory\'s administrators to add one, then sign in again.' });
    expect(await localUser('dir.nomail')).toBeUndefined();
  });

  it('a directory person in no mapped group is refused (403) and leaves no user behind', async () => {
    const answer = await login('dir.nogroup', PASSWORDS.nogroup);
    expect(answer.statusCode).toBe(403);
    expect(await localUser('dir.nogroup')).toBeUndefined();
  });
});

describe('LDAP injection', () => {
  it('filter syntax in the login is escaped (RFC 4515)', () => {
    expect(fillFilter('(uid={login})', 'login', '*)(uid=*')).toBe('(uid=\\2a\\29\\28uid=\\2a)');
    expect(fillFilter('(member={dn})', 'dn', 'cn=a\\,b')).toBe('(member=cn=a\\5c,b)');
    expect(fillFilter('(|(uid={login})(mail={login}))', 'login', 'x\u0000')).toBe('(|(uid=x\\00)(mail=x\\00))');
  });

  it.each(['*', '*)(uid=*', '*)(|(uid=*', 'dir.ard*', 'dir.ardita)(objectClass=*', '*)(&', ')('])('"%s" with a real password finds nobody', async (typed) => {
    const answer = await login(typed, PASSWORDS.ardita);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'invalid_credentials' });
  });
});

describe('later sign-ins', () => {
  it('pick up a group change in the directory; groups an administrator gave by hand stay', async () => {
    expect((await login('dir.mover', PASSWORDS.mover)).statusCode).toBe(200);
    const user = (await localUser('dir.mover'))!;
    expect(await groupsOf(user.id)).toEqual(['Council Members', 'NARIC Officers']);

    // An administrator adds a group the mapping does not name; another adds one it does.
    const groupId = async (name: string) => (await server.db.selectFrom('groups').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    await server.db.insertInto('user_groups').values([
      { user_id: user.id, group_id: await groupId('Document Verifiers') },
      { user_id: user.id, group_id: await groupId('Payment Officers') },
    ]).execute();

    // The directory moves them from the council group to payments and changes their surname.
    await directory.asRoot(async (client) => {
      await client.modify(directory.groupDn('council'), [new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [directory.personDn('dir.mover')] }) })]);
      await client.modify(directory.groupDn('officers'), [new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [directory.personDn('dir.mover')] }) })]);
      await client.modify(directory.groupDn('payments'), [new Change({ operation: 'add', modification: new Attribute({ type: 'member', values: [directory.personDn('dir.mover')] }) })]);
      await client.modify(directory.personDn('dir.mover'), [new Change({ operation: 'replace', modification: new Attribute({ type: 'sn', values: ['Rexhepi-Gashi'] }) })]);
    });
    // Nothing changes before they sign in again.
    expect(await groupsOf(user.id)).toEqual(['Council Members', 'Document Verifiers', 'NARIC Officers', 'Payment Officers']);

    const again = await login('dir.mover', PASSWORDS.mover);
    expect(again.statusCode).toBe(200);
    // Mapped groups follow the directory (Payment Officers now from it); Document Verifiers, not mapped, stays.
    expect(bodySignedIn.parse(again.json()).user.groups).toEqual(['Document Verifiers', 'Payment Officers']);
    const updated = (await localUser('dir.mover'))!;
    expect(updated.last_name).toBe('Rexhepi-Gashi');
    expect(updated.version).toBeGreaterThan(user.version);
    const [change] = await auditOf('user.directory_updated', user.id);
    expect(change?.details).toMatchObject({
      before: { last_name: 'Rexhepi', groups: ['Council Members', 'Document Verifiers', 'NARIC Officers', 'Payment Officers'] },
      after: { last_name: 'Rexhepi-Gashi', groups: ['Document Verifiers', 'Payment Officers'] },
    });

    // A sign-in that changes nothing writes no audit entry and keeps the version.
    expect((await login('dir.mover', PASSWORDS.mover)).statusCode).toBe(200);
    expect(await auditOf('user.directory_updated', user.id)).toHaveLength(1);
    expect((await localUser('dir.mover'))!.version).toBe(updated.version);
  });

  it('a local deactivation wins over the directory', async () => {
    const user = (await localUser('dir.guessed'))!;
    await server.db.updateTable('users').set({ is_active: false }).where('id', '=', user.id).execute();
    const answer = await login('dir.guessed', PASSWORDS.guessed);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ code: 'account_inactive', detail: 'This account is disabled.' });
  });

  it('the two-factor step applies to directory users as to everyone', async () => {
    expect((await login('dir.twofactor', PASSWORDS.twoFactor)).statusCode).toBe(200);
    await server.db.updateTable('users').set({ two_factor_enabled: true, two_factor_method: 'email' }).where('username', '=', 'dir.twofactor').execute();
    const answer = await login('dir.twofactor', PASSWORDS.twoFactor);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ requires_2fa: true, two_factor_method: 'email', username: 'dir.twofactor', challenge: expect.any(String) });
  });

  it('directory users cannot change their password here', async () => {
    const body = bodySignedIn.parse((await login('dir.ardita', PASSWORDS.ardita)).json());
    const answer = await post(
      server.app,
      AUTH_PATHS.changePassword,
      { current_password: PASSWORDS.ardita, new_password: 'A-new-password-2026!' },
      { token: body.access },
    );
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain('Directory (LDAP) accounts change their password in the directory.');
    expect((await localUser('dir.ardita'))!.password_hash).toBe('');
  });
});

describe('directory unreachable', () => {
  it('directory sign-ins get a translated 503 at once, local users still sign in, never a 500', async () => {
    await directory.stop();
    try {
      const started = Date.now();
      const answer = await login('dir.ardita', PASSWORDS.ardita);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        code: 'directory_unavailable',
        message: 'The directory cannot be reached, so directory accounts cannot sign in right now. Try again in a few minutes; accounts of this application still sign in.',
      });
      expect(Date.now() - started).toBeLessThan(2000);
      const inSerbian = await login('dir.ardita', PASSWORDS.ardita, { language: 'sr' });
      expect(inSerbian.json()).toMatchObject({
        detail: expect.stringMatching(/^Direktorijum nije dostupan/),
        message: expect.stringMatching(/^Direktorijum nije dostupan/),
      });
      // An unknown username may be a directory person: the same answer.
      expect((await login('dir.nobody', 'whatever-2026')).statusCode).toBe(503);
      expect((await login('officer', DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await directory.start();
    }
    expect((await login('dir.ardita', PASSWORDS.ardita)).statusCode).toBe(200);
  });

  it('a directory that accepts the connection and never answers: 503 after the operation time-out', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((listening) => silent.listen(0, '127.0.0.1', listening));
    const { port } = silent.address() as { port: number };
    server.config.directory = { ...settings, url: `ldap://127.0.0.1:${port}`, operationTimeoutMs: 300 };
    try {
      const started = Date.now();
      const answer = await login('dir.ardita', PASSWORDS.ardita);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'directory_unavailable' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      server.config.directory = settings;
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => silent.close(closed));
    }
  });

  it('a wrong service account password is the same 503 (the directory cannot be used), not a wrong user password', async () => {
    server.config.directory = { ...settings, bindPassword: 'not-the-service-password' };
    try {
      const answer = await login('dir.ardita', PASSWORDS.ardita);
      expect(answer.statusCode).toBe(503);
    } finally {
      server.config.directory = settings;
    }
  });
});

describe('configuration', () => {
  const base = { NARIC_JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://a@b/c' };

  it('is off without NARIC_LDAP_URL', () => {
    expect(loadConfig(base).directory).toBeNull();
  });

  it('reads the JSON mapping, with a list of groups for one directory group', () => {
    const map = loadConfig({
      ...base,
      NARIC_LDAP_URL: 'ldaps://ldap.example:636',
      NARIC_LDAP_BASE_DN: TEST_DIRECTORY_SUFFIX,
      NARIC_LDAP_GROUP_MAP: JSON.stringify({ 'cn=Admins, ou=groups,dc=naric,dc=test': ['NARIC Administrators', 'NARIC Officers'], 'cn=x,dc=y': 'Evaluators' }),
    }).directory!.groupMap;
    expect([...map.entries()]).toEqual([
      ['cn=admins,ou=groups,dc=naric,dc=test', ['NARIC Administrators', 'NARIC Officers']],
      ['cn=x,dc=y', ['Evaluators']],
    ]);
  });

  it.each([
    [{ NARIC_LDAP_URL: 'http://ldap.example' }, 'NARIC_LDAP_URL'],
    [{ NARIC_LDAP_URL: 'ldap://ldap.example' }, 'NARIC_LDAP_BASE_DN'],
    [{ NARIC_LDAP_URL: 'ldap://ldap.example', NARIC_LDAP_BASE_DN: 'dc=x', NARIC_LDAP_BIND_DN: 'cn=a,dc=x' }, 'give both or neither'],
    [{ NARIC_LDAP_URL: 'ldap://ldap.example', NARIC_LDAP_BASE_DN: 'dc=x', NARIC_LDAP_USER_FILTER: '(uid=x)' }, 'must contain {login}'],
    [{ NARIC_LDAP_URL: 'ldap://ldap.example', NARIC_LDAP_BASE_DN: 'dc=x', NARIC_LDAP_GROUP_MAP: '{not json' }, 'not valid JSON'],
    [{ NARIC_LDAP_URL: 'ldap://ldap.example', NARIC_LDAP_BASE_DN: 'dc=x', NARIC_LDAP_GROUP_MAP: 'NARIC Officers' }, '<group DN>=<our group>'],
    [{ NARIC_LDAP_URL: 'ldap://ldap.example', NARIC_LDAP_BASE_DN: 'dc=x', NARIC_LDAP_CA_FILE: '/nonexistent/ca.pem' }, 'NARIC_LDAP_CA_FILE'],
    [{ NARIC_LDAP_URL: 'ldaps://ldap.example', NARIC_LDAP_BASE_DN: 'dc=x', NARIC_LDAP_STARTTLS: '1' }, 'NARIC_LDAP_STARTTLS'],
  ])('refuses %j (%s)', (variables, problem) => {
    expect(() => loadConfig({ ...base, ...variables })).toThrow(problem);
  });
});
