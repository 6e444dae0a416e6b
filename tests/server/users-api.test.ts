import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enServer from '../../locales/en/server.json';
import srServer from '../../locales/sr/server.json';
import { AUTH_PATHS, signedInAnswer } from '../../src/shared/api/auth';
import {
  USER_MESSAGES,
  TEMPORARY_PASSWORD_HOURS,
  auditEntriesAnswer,
  groupItem,
  groupListAnswer,
  signInEventsAnswer,
  userCreatedAnswer,
  userDetail,
  userListAnswer,
  userSessionsAnswer,
  type UserCreate,
  type UserDetail,
} from '../../src/shared/api/users';
import { ALL_PERMISSIONS, GROUPS } from '../../src/shared/auth/permissions';
import { signAccessToken } from '../../src/server/auth-context';
import { DEMO_PASSWORD } from '../../src/server/db/demo-accounts';
import { createPasswordHasher } from '../../src/server/password-hashing';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';
import { userUpdateBody } from '../support/user-update-body';

// The users' records: the list (filters, search in Albanian and Serbian letters, sort,
// pages), one user's details with where each permission comes from, create (temporary password
// shown once or e-mailed, unique username and e-mail in any case), edit (412 when stale, the
// administrator guards, deactivation ending sessions), roles, activity, sessions, the audit with
// before and after, and the groups.

let server: ServerFixture;
const API = '/api';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

async function send(username: string | null, method: Method, path: string, payload?: object, headers: Record<string, string> = {}) {
  const auth = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `${API}${path}`, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
}

const userId = async (username: string) =>
  (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const detailOf = async (id: number) => userDetail.parse((await send('admin', 'GET', `/users/${id}/`)).json());
const updateBody = userUpdateBody;

const newUser = (username: string, extra: Partial<UserCreate> = {}): UserCreate => ({
  first_name: 'Test',
  last_name: 'Person',
  email: `${username}@naric.example`,
  username,
  groups: [],
  password_delivery: 'show',
  ...extra,
});

async function create(body: UserCreate, headers: Record<string, string> = {}) {
  const answer = await send('admin', 'POST', '/users/', body, headers);
  expect(answer.statusCode, answer.body).toBe(201);
  return userCreatedAnswer.parse(answer.json());
}

const TEMPORARY_PASSWORD = /^[A-HJ-NP-Za-km-z2-9]{4}(-[A-HJ-NP-Za-km-z2-9]{4}){3}$/;

let cela: UserDetail;
let djordjevic: UserDetail;
let inactive: UserDetail;
let directory: UserDetail;

beforeAll(async () => {
  server = await createServerFixture();
  cela = (await create(newUser('arta.cela', { first_name: 'Arta', last_name: 'Çollakuqe', personal_id: 'SORT-1234567890', groups: [GROUPS.naricOfficers] }))).user;
  djordjevic = (await create(newUser('djordje', { first_name: 'Đorđe', last_name: 'Šćepanović-Đokić', email: 'dj@naric.example', personal_id: 'SORT-2', groups: [GROUPS.evaluators], email_verified: true }))).user;
  inactive = (await create(newUser('sleeping.user', { first_name: 'Zana', last_name: 'Zekaj', personal_id: 'SORT-3', is_active: false }))).user;
  await create(newUser('b.sorted', { first_name: 'Zana', last_name: 'Bajrami', personal_id: 'SORT-4' }));
  await create(newUser('a.sorted', { first_name: 'Agon', last_name: 'bajrami', personal_id: 'SORT-5' }));
  directory = (await create(newUser('dir.user', { first_name: 'Dardan', last_name: 'Direktori', auth_source: 'ldap', password_delivery: 'email' }))).user;
});
afterAll(async () => server?.close());

describe('the list', () => {
  const list = async (query: string) => {
    const answer = await send('admin', 'GET', `/users/?page_size=200&${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return userListAnswer.parse(answer.json());
  };
  const usernames = async (query: string) => (await list(query)).results.map((user) => user.username);

  it('searches every word, case-insensitively, in Albanian and Serbian letters', async () => {
    expect(await usernames(`search=${encodeURIComponent('Çollakuqe')}`)).toEqual(['arta.cela']);
    expect(await usernames(`search=${encodeURIComponent('çollakuqe')}`)).toEqual(['arta.cela']);
    expect(await usernames(`search=${encodeURIComponent('ÇOLLAKUQE arta')}`)).toEqual(['arta.cela']);
    expect(await usernames(`search=${encodeURIComponent('šćepanović-đokić')}`)).toEqual(['djordje']);
    expect(await usernames(`search=${encodeURIComponent('ŠĆEPANOVIĆ đorđe')}`)).toEqual(['djordje']);
    // Every word must match somewhere: the two people share none.
    expect(await usernames(`search=${encodeURIComponent('Arta Šćepanović')}`)).toEqual([]);
    // The personal ID and the e-mail are searched too; % is a letter, not a wildcard.
    expect(await usernames('search=4567')).toEqual(['arta.cela']);
    expect(await usernames(`search=${encodeURIComponent('sort-2')}`)).toEqual(['djordje']);
    expect(await usernames(`search=${encodeURIComponent('dj@naric')}`)).toEqual(['djordje']);
    expect(await usernames(`search=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await usernames(`search=${encodeURIComponent('a_ta')}`)).toEqual([]);
  });

  it('filters by group, active, e-mail verified, two-factor and source', async () => {
    const all = await list('');
    const countWhere = async (query: ReturnType<typeof server.db.selectFrom<'users'>>) =>
      Number((await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()).count);
    const evaluators = await list(`group=${encodeURIComponent(GROUPS.evaluators)}`);
    expect(evaluators.count).toBe(
      await countWhere(
        server.db
          .selectFrom('users')
          .where((eb) =>
            eb.exists(eb.selectFrom('user_groups').innerJoin('groups', 'groups.id', 'user_groups.group_id').select('user_groups.user_id').whereRef('user_groups.user_id', '=', 'users.id').where('groups.name', '=', GROUPS.evaluators)),
          ),
      ),
    );
    expect(evaluators.results.every((user) => user.groups.includes(GROUPS.evaluators))).toBe(true);
    expect(await usernames(`group=${encodeURIComponent(GROUPS.evaluators)}&search=SORT-2`)).toEqual(['djordje']);
    expect(await usernames(`group=${encodeURIComponent(GROUPS.naricOfficers)}&search=SORT-2`)).toEqual([]);
    expect((await list('group=Nobody')).count).toBe(0);

    const sleeping = await list('is_active=false');
    expect(sleeping.count).toBe(await countWhere(server.db.selectFrom('users').where('is_active', '=', false)));
    expect(sleeping.results.every((user) => !user.is_active)).toBe(true);
    expect(sleeping.results.map((user) => user.username)).toContain('sleeping.user');
    expect((await list('is_active=true')).count).toBe(all.count - sleeping.count);

    const ldap = await list('auth_source=ldap');
    expect(ldap.results.every((user) => user.auth_source === 'ldap')).toBe(true);
    expect(await usernames('auth_source=ldap&search=dir.user')).toEqual(['dir.user']);
    expect(await usernames('auth_source=local&search=dir.user')).toEqual([]);
    expect(ldap.count + (await list('auth_source=local')).count).toBe(all.count);

    const verified = await list('email_verified=true');
    expect(verified.results.every((user) => user.email_verified)).toBe(true);
    expect(await usernames('email_verified=true&search=SORT-2')).toEqual(['djordje']);
    expect(await usernames('email_verified=false&search=SORT-2')).toEqual([]);
    expect(verified.count + (await list('email_verified=false')).count).toBe(all.count);

    const twoFactor = await list('two_factor_enabled=true');
    expect(twoFactor.count).toBe(await countWhere(server.db.selectFrom('users').where('two_factor_enabled', '=', true)));
    expect(twoFactor.results.every((user) => user.two_factor_enabled)).toBe(true);
    expect(twoFactor.count + (await list('two_factor_enabled=false')).count).toBe(all.count);
    // Filters combine.
    expect(await usernames(`is_active=false&search=${encodeURIComponent('Zekaj')}`)).toEqual(['sleeping.user']);
    expect(await usernames(`is_active=true&search=${encodeURIComponent('Zekaj')}`)).toEqual([]);
  });

  it('sorts by name (last, first), username, joining date and sign-in, both ways', async () => {
    // Last name, then first name, whatever their case: Bajrami Agon, Bajrami Zana, Zekaj (the letters
    // beyond ASCII, Ç and Š, sort where the database's collation puts them).
    const sorted = await usernames('search=SORT-&ordering=name');
    expect([...sorted].sort()).toEqual(['a.sorted', 'arta.cela', 'b.sorted', 'djordje', 'sleeping.user']);
    expect(sorted.filter((name) => ['a.sorted', 'b.sorted', 'sleeping.user'].includes(name))).toEqual(['a.sorted', 'b.sorted', 'sleeping.user']);
    expect(await usernames('search=SORT-&ordering=-name')).toEqual([...sorted].reverse());
    expect(await usernames('search=SORT-&ordering=username')).toEqual(['a.sorted', 'arta.cela', 'b.sorted', 'djordje', 'sleeping.user']);
    expect(await usernames('search=SORT-&ordering=-username')).toEqual(['sleeping.user', 'djordje', 'b.sorted', 'arta.cela', 'a.sorted']);
    // Joined one after another in beforeAll.
    expect(await usernames('search=SORT-&ordering=date_joined')).toEqual(['arta.cela', 'djordje', 'sleeping.user', 'b.sorted', 'a.sorted']);
    const lower = (name: string) => name.toLowerCase();
    const asc = await usernames('ordering=username');
    expect(asc.map(lower)).toEqual([...asc.map(lower)].sort());
    const desc = await usernames('ordering=-username');
    expect(desc.map(lower)).toEqual([...desc.map(lower)].sort().reverse());
    const joined = (await list('ordering=-date_joined')).results.map((user) => user.date_joined);
    expect(joined).toEqual([...joined].sort().reverse());
    for (const ordering of ['last_login', '-last_login']) {
      const logins = (await list(`ordering=${ordering}`)).results;
      const signedIn = logins.filter((user) => user.last_login !== null);
      expect(signedIn.length).toBeGreaterThan(0);
      // Never signed in: last, whichever way.
      expect(logins.slice(0, signedIn.length).every((user) => user.last_login !== null)).toBe(true);
      const moments = signedIn.map((user) => user.last_login);
      expect(moments).toEqual(ordering.startsWith('-') ? [...moments].sort().reverse() : [...moments].sort());
    }
  });

  it('pages with links and refuses a page past the end', async () => {
    const all = await list('ordering=username');
    const first = await send('admin', 'GET', '/users/?ordering=username&page_size=2');
    const second = userListAnswer.parse((await send('admin', 'GET', '/users/?ordering=username&page_size=2&page=2')).json());
    const firstPage = userListAnswer.parse(first.json());
    expect(firstPage.count).toBe(all.count);
    expect(firstPage.previous).toBeNull();
    expect(firstPage.next).toContain('page=2');
    expect(firstPage.next).toContain('ordering=username');
    expect([...firstPage.results, ...second.results].map((user) => user.username)).toEqual(all.results.slice(0, 4).map((user) => user.username));
    expect(second.previous).not.toBeNull();
    expect((await send('admin', 'GET', `/users/?page_size=2&page=${Math.ceil(all.count / 2) + 1}`)).statusCode).toBe(404);
  });

  it('refuses bad filters with 400', async () => {
    expect((await send('admin', 'GET', '/users/?is_active=maybe')).statusCode).toBe(400);
    expect((await send('admin', 'GET', '/users/?ordering=password_hash')).statusCode).toBe(400);
    expect((await send('admin', 'GET', '/users/?auth_source=kerberos')).statusCode).toBe(400);
  });
});

describe('one user', () => {
  it('shows where each permission comes from: a NARIC officer’s groups, implicit set and direct grants', async () => {
    const officerId = await userId('officer');
    const permission = await server.db.selectFrom('permissions').select('id').where('app_label', '=', 'news').where('codename', '=', 'view_news').executeTakeFirstOrThrow();
    await server.db.insertInto('user_permissions').values({ user_id: officerId, permission_id: permission.id }).execute();
    const officer = await detailOf(officerId);
    const sources = new Map(officer.effective_permissions.map((entry) => [entry.permission, entry.sources]));
    expect(sources.get('documents.verify_document')).toEqual([
      { kind: 'group', group: GROUPS.naricOfficers },
      { kind: 'implicit', group: GROUPS.naricOfficers },
    ]);
    expect(sources.get('news.view_news')).toEqual([{ kind: 'direct' }]);
    expect(sources.get('applications.view_application')).toEqual([{ kind: 'group', group: GROUPS.naricOfficers }]);
    expect(sources.has('settings.change_settings')).toBe(false);
    const names = officer.effective_permissions.map((entry) => entry.permission);
    expect(names).toEqual([...names].sort());
    expect(officer.is_admin).toBe(false);
    expect(officer.is_self).toBe(false);
    expect(officer.groups).toEqual([GROUPS.naricOfficers]);

    // Arta is a NARIC officer whose group lost a grant: the implicit set still gives it (§6).
    const officersGroup = await server.db.selectFrom('groups').select('id').where('name', '=', GROUPS.naricOfficers).executeTakeFirstOrThrow();
    const markPaid = await server.db.selectFrom('permissions').select('id').where('app_label', '=', 'payments').where('codename', '=', 'mark_paid').executeTakeFirstOrThrow();
    await server.db.deleteFrom('group_permissions').where('group_id', '=', officersGroup.id).where('permission_id', '=', markPaid.id).execute();
    try {
      const arta = await detailOf(cela.id);
      expect(arta.effective_permissions.find((entry) => entry.permission === 'payments.mark_paid')?.sources).toEqual([{ kind: 'implicit', group: GROUPS.naricOfficers }]);
    } finally {
      await server.db.insertInto('group_permissions').values({ group_id: officersGroup.id, permission_id: markPaid.id }).execute();
    }
  });

  it('a superuser holds every permission; the caller sees that it is their own account', async () => {
    const admin = await detailOf(await userId('admin'));
    expect(admin.is_self).toBe(true);
    expect(admin.is_admin).toBe(true);
    expect(admin.is_superuser).toBe(true);
    for (const permission of ALL_PERMISSIONS) {
      expect(admin.effective_permissions.find((entry) => entry.permission === permission)?.sources).toContainEqual({ kind: 'superuser' });
    }
  });

  it('counts unused backup codes and open sessions, and 404s an unknown user', async () => {
    const id = djordjevic.id;
    await server.db.withTables<{ two_factor_backup_codes: { user_id: number; code_hash: string; used_at: Date | null } }>()
      .insertInto('two_factor_backup_codes')
      .values([
        { user_id: id, code_hash: 'a', used_at: null },
        { user_id: id, code_hash: 'b', used_at: null },
        { user_id: id, code_hash: 'c', used_at: new Date() },
      ])
      .execute();
    const sessions = server.db.withTables<{ auth_sessions: { id: string; user_id: number; ended_at: Date | null } }>();
    await sessions.insertInto('auth_sessions').values([
      { id: randomUUID(), user_id: id, ended_at: null },
      { id: randomUUID(), user_id: id, ended_at: new Date() },
    ]).execute();
    const detail = await detailOf(id);
    expect(detail.backup_codes_remaining).toBe(2);
    expect(detail.open_session_count).toBe(1);
    expect((await send('admin', 'GET', '/users/999999/')).statusCode).toBe(404);
    // Not a number: no such user (as DRF answers a malformed primary key).
    expect((await send('admin', 'GET', '/users/abc/')).statusCode).toBe(404);
  });
});

describe('create', () => {
  it('shows a temporary password once, must be changed, expires, and only its hash is stored', async () => {
    const before = Date.now();
    const created = await create(newUser('shown.once', { groups: [GROUPS.councilMembers] }));
    expect(created.password.delivery).toBe('show');
    expect(created.password.temporary_password).toMatch(TEMPORARY_PASSWORD);
    const expires = Date.parse(created.password.expires_at!);
    expect(expires).toBeGreaterThanOrEqual(before + TEMPORARY_PASSWORD_HOURS * 3_600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + TEMPORARY_PASSWORD_HOURS * 3_600_000 + 1000);
    expect(created.user.must_change_password).toBe(true);
    expect(created.user.temporary_password_expires_at).toBe(created.password.expires_at);
    expect(created.user.is_staff).toBe(true);
    expect(created.user.groups).toEqual([GROUPS.councilMembers]);
    const row = await server.db.selectFrom('users').select(['password_hash', 'must_change_password']).where('id', '=', created.user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(created.password.temporary_password);
    expect(await createPasswordHasher().verify(row.password_hash, created.password.temporary_password!)).toBe(true);
    // Nothing was e-mailed.
    const mails = await server.db.selectFrom('notification_outbox').select('id').where('recipient_user_id', '=', created.user.id).execute();
    expect(mails).toHaveLength(0);
    // The detail never shows the password again.
    expect(JSON.stringify(await detailOf(created.user.id))).not.toContain(created.password.temporary_password);
  });

  it('e-mails the temporary password in the caller’s language and does not show it', async () => {
    const created = await create(newUser('by.mail', { groups: [GROUPS.evaluators], password_delivery: 'email' }), { 'accept-language': 'sq' });
    expect(created.password).toMatchObject({ delivery: 'email', temporary_password: null });
    expect(created.user.is_staff).toBe(false);
    const mail = await server.db
      .selectFrom('notification_outbox')
      .select(['recipient_email', 'subject', 'message', 'kind'])
      .where('recipient_user_id', '=', created.user.id)
      .executeTakeFirstOrThrow();
    expect(mail.recipient_email).toBe('by.mail@naric.example');
    expect(mail.kind).toBe('email');
    expect(mail.subject).toBe('Llogaria juaj në NARIC: fjalëkalim i përkohshëm');
    expect(mail.message).toContain('by.mail');
    const password = /[A-HJ-NP-Za-km-z2-9]{4}(-[A-HJ-NP-Za-km-z2-9]{4}){3}/.exec(mail.message)?.[0];
    expect(password).toBeDefined();
    const row = await server.db.selectFrom('users').select('password_hash').where('id', '=', created.user.id).executeTakeFirstOrThrow();
    expect(await createPasswordHasher().verify(row.password_hash, password!)).toBe(true);
  });

  it('gives a directory user no password and sends nothing', async () => {
    expect((await detailOf(directory.id)).auth_source).toBe('ldap');
    const mails = await server.db.selectFrom('notification_outbox').select('id').where('recipient_user_id', '=', directory.id).execute();
    expect(mails).toHaveLength(0);
    const row = await server.db.selectFrom('users').select(['password_hash', 'must_change_password']).where('id', '=', directory.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: '', must_change_password: false });
  });

  it('refuses a username or e-mail in use in another case, an unknown group, and bad fields with 400', async () => {
    const taken = await send('admin', 'POST', '/users/', newUser('ARTA.CELA', { email: 'fresh@naric.example' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ username: [USER_MESSAGES.usernameTaken] });
    const email = await send('admin', 'POST', '/users/', newUser('someone.new', { email: 'DJ@Naric.Example' }));
    expect(email.json()).toMatchObject({ email: [USER_MESSAGES.emailTaken] });
    const translated = await send('admin', 'POST', '/users/', newUser('Arta.Cela', { email: 'Dj@naric.example' }), { 'accept-language': 'sr' });
    expect(translated.json()).toMatchObject({ username: [srServer.users.messages.usernameTaken], email: [srServer.users.messages.emailTaken] });
    const group = await send('admin', 'POST', '/users/', newUser('grouped', { groups: ['Wizards'] }));
    expect(group.statusCode).toBe(400);
    expect(group.json()).toMatchObject({ 'groups.0': [USER_MESSAGES.unknownGroup] });
    const twice = await send('admin', 'POST', '/users/', newUser('grouped', { groups: [GROUPS.evaluators, GROUPS.evaluators] }));
    expect(twice.json()).toMatchObject({ 'groups.1': [USER_MESSAGES.duplicateGroup] });
    const bad = await send('admin', 'POST', '/users/', { ...newUser('bad name!'), email: 'nope', phone: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['email', 'field_codes', 'phone', 'username']);
    for (const date_of_birth of ['2023-02-29', '2024-04-31', '2999-01-01']) {
      const day = await send('admin', 'POST', '/users/', newUser('grouped', { date_of_birth }));
      expect(day.statusCode, date_of_birth).toBe(400);
      expect(day.json()).toMatchObject({ date_of_birth: [USER_MESSAGES.invalidFormat] });
    }
    expect((await create(newUser('born.leap', { date_of_birth: '2000-02-29' }))).user.date_of_birth).toBe('2000-02-29');
    expect(await server.db.selectFrom('users').select('id').where('username', 'in', ['ARTA.CELA', 'someone.new', 'grouped']).execute()).toEqual([]);
  });

  it('answers a race for the same username as 400, never 500', async () => {
    const answers = await Promise.all(
      ['race.user', 'RACE.user', 'Race.User'].map((username, index) => send('admin', 'POST', '/users/', newUser(username, { email: `race${index}@naric.example` }))),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) expect(answer.json()).toMatchObject({ username: [USER_MESSAGES.usernameTaken] });
  });

  it('is audited with every field, never a password', async () => {
    const created = await create(newUser('audited.new', { groups: [GROUPS.contentManagers] }));
    const entry = await server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(created.user.id))
      .where('action', '=', 'user.created')
      .executeTakeFirstOrThrow();
    expect(entry.actor_id).toBe(await userId('admin'));
    const details = entry.details as { before: unknown; after: Record<string, unknown>; password_delivery: string };
    expect(details.before).toBeNull();
    expect(details.after).toMatchObject({ username: 'audited.new', groups: [GROUPS.contentManagers], is_staff: true });
    expect(details.password_delivery).toBe('show');
    expect(JSON.stringify(entry.details)).not.toContain(created.password.temporary_password);
    expect(JSON.stringify(entry.details)).not.toContain('password_hash');
  });
});

describe('edit', () => {
  it('saves every field, bumps the version, and audits only what changed', async () => {
    const user = await detailOf(cela.id);
    const answer = await send('admin', 'PATCH', `/users/${user.id}/`, updateBody(user, { phone: '+383 44 123 456', country: 'XK', two_factor_required: true }));
    expect(answer.statusCode, answer.body).toBe(200);
    const saved = userDetail.parse(answer.json());
    expect(saved).toMatchObject({ phone: '+383 44 123 456', country: 'XK', two_factor_required: true, version: user.version + 1 });
    const entry = await server.db
      .selectFrom('audit_log')
      .select('details')
      .where('entity_id', '=', String(user.id))
      .where('action', '=', 'user.updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.details).toEqual({
      before: { phone: null, country: null, two_factor_required: false },
      after: { phone: '+383 44 123 456', country: 'XK', two_factor_required: true },
    });
  });

  it('refuses a stale version with 412 and saves nothing', async () => {
    const user = await detailOf(cela.id);
    const answer = await send('admin', 'PATCH', `/users/${user.id}/`, updateBody(user, { first_name: 'Changed', version: user.version - 1 }));
    expect(answer.statusCode).toBe(412);
    expect(answer.json().detail).toBe(USER_MESSAGES.stale);
    expect((await detailOf(user.id)).first_name).toBe('Arta');
    expect((await send('admin', 'PATCH', '/users/999999/', updateBody(user))).statusCode).toBe(404);
  });

  it('refuses a username another user has (any case)', async () => {
    const user = await detailOf(cela.id);
    const answer = await send('admin', 'PATCH', `/users/${user.id}/`, updateBody(user, { username: 'DJORDJE' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ username: [USER_MESSAGES.usernameTaken] });
    // Its own username in another case is no clash.
    const own = await send('admin', 'PATCH', `/users/${user.id}/`, updateBody(user, { username: 'Arta.Cela' }));
    expect(own.statusCode, own.body).toBe(200);
  });

  it('replaces roles with PUT roles: staff follows the groups, audited, 412 when stale', async () => {
    const user = await detailOf(inactive.id);
    const answer = await send('admin', 'PUT', `/users/${user.id}/roles/`, { groups: [GROUPS.paymentOfficers, GROUPS.evaluators], version: user.version });
    expect(answer.statusCode, answer.body).toBe(200);
    const saved = userDetail.parse(answer.json());
    expect(saved.groups).toEqual([GROUPS.evaluators, GROUPS.paymentOfficers]);
    expect(saved.is_staff).toBe(true);
    expect((await send('admin', 'PUT', `/users/${user.id}/roles/`, { groups: [], version: user.version })).statusCode).toBe(412);
    const unknown = await send('admin', 'PUT', `/users/${user.id}/roles/`, { groups: ['Nobody'], version: saved.version });
    expect(unknown.statusCode).toBe(400);
    const entry = await server.db
      .selectFrom('audit_log')
      .select('details')
      .where('entity_id', '=', String(user.id))
      .where('action', '=', 'user.roles_changed')
      .executeTakeFirstOrThrow();
    expect(entry.details).toEqual({ before: { groups: [], is_staff: false }, after: { groups: [GROUPS.evaluators, GROUPS.paymentOfficers], is_staff: true } });
  });
});

describe('the administrator guards', () => {
  it('nobody deactivates themselves (409, nothing changed, translated)', async () => {
    const admin = await detailOf(await userId('admin'));
    const answer = await send('admin', 'PATCH', `/users/${admin.id}/`, updateBody(admin, { is_active: false, first_name: 'Nope' }));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(USER_MESSAGES.selfDeactivate);
    const after = await detailOf(admin.id);
    expect(after).toMatchObject({ is_active: true, first_name: admin.first_name, version: admin.version });
    const serbian = await send('admin', 'PATCH', `/users/${admin.id}/`, updateBody(admin, { is_active: false }), { 'accept-language': 'sr' });
    expect(serbian.json().detail).toBe(srServer.users.messages.selfDeactivate);
  });

  it('nobody takes away their own administrator rights, by edit or by roles (409)', async () => {
    const naricAdmin = await detailOf(await userId('naric.admin'));
    const byRoles = await send('naric.admin', 'PUT', `/users/${naricAdmin.id}/roles/`, { groups: [GROUPS.naricOfficers], version: naricAdmin.version });
    expect(byRoles.statusCode).toBe(409);
    expect(byRoles.json().detail).toBe(USER_MESSAGES.selfDemote);
    const byEdit = await send('naric.admin', 'PATCH', `/users/${naricAdmin.id}/`, updateBody(naricAdmin, { groups: [] }));
    expect(byEdit.statusCode).toBe(409);
    expect(byEdit.json().detail).toBe(USER_MESSAGES.selfDemote);
    expect((await detailOf(naricAdmin.id)).groups).toEqual([GROUPS.naricAdministrators]);
    // Keeping an administrator group while adding another is no demotion.
    const widened = await send('naric.admin', 'PUT', `/users/${naricAdmin.id}/roles/`, { groups: [GROUPS.naricAdministrators, GROUPS.naricOfficers], version: naricAdmin.version });
    expect(widened.statusCode, widened.body).toBe(200);
  });

  it('another administrator may be deactivated while one remains', async () => {
    const second = await create(newUser('second.admin', { groups: [GROUPS.administrators] }));
    const answer = await send('admin', 'PATCH', `/users/${second.user.id}/`, updateBody(second.user, { is_active: false }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(userDetail.parse(answer.json()).is_active).toBe(false);
  });
});

describe('deactivation', () => {
  it('ends the user’s sessions at once: their access token and refresh token are refused', async () => {
    const login = await server.app.inject({ method: 'POST', url: `${API}${AUTH_PATHS.adminLogin}`, payload: { username: 'payments', password: DEMO_PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    const session = signedInAnswer.parse(login.json());
    const bearer = { authorization: `Bearer ${session.access}` };
    expect((await server.app.inject({ method: 'GET', url: `${API}${AUTH_PATHS.me}`, headers: bearer })).statusCode).toBe(200);

    const payments = await detailOf(await userId('payments'));
    expect(payments.open_session_count).toBeGreaterThanOrEqual(1);
    const sessions = userSessionsAnswer.parse((await send('admin', 'GET', `/users/${payments.id}/sessions/`)).json());
    expect(sessions.length).toBe(payments.open_session_count);
    expect(sessions.every((entry) => !entry.current)).toBe(true);

    const signIns = signInEventsAnswer.parse((await send('admin', 'GET', `/users/${payments.id}/sign-ins/`)).json());
    expect(signIns.results[0]).toMatchObject({ action: 'auth.login', how: 'password' });

    const answer = await send('admin', 'PATCH', `/users/${payments.id}/`, updateBody(payments, { is_active: false }));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(userDetail.parse(answer.json()).open_session_count).toBe(0);

    const me = await server.app.inject({ method: 'GET', url: `${API}${AUTH_PATHS.me}`, headers: bearer });
    expect(me.statusCode).toBe(401);
    const refreshed = await server.app.inject({ method: 'POST', url: `${API}${AUTH_PATHS.tokenRefresh}`, payload: { refresh: session.refresh } });
    expect(refreshed.statusCode).toBe(401);
    const open = await server.db.withTables<{ auth_sessions: { user_id: number; ended_at: Date | null } }>()
      .selectFrom('auth_sessions').select('user_id').where('user_id', '=', payments.id).where('ended_at', 'is', null).execute();
    expect(open).toEqual([]);
    expect((await send('admin', 'GET', `/users/${payments.id}/sessions/`)).json()).toEqual([]);
  });
});

describe('activity and sessions', () => {
  it('lists what a user did, newest first, with their name', async () => {
    const adminId = await userId('admin');
    const answer = auditEntriesAnswer.parse((await send('admin', 'GET', `/users/${adminId}/audit/?page_size=5`)).json());
    expect(answer.count).toBeGreaterThan(5);
    expect(answer.results).toHaveLength(5);
    expect(answer.results.every((entry) => entry.actor_id === adminId && entry.actor_name === 'Arben Krasniqi')).toBe(true);
    const moments = answer.results.map((entry) => entry.at);
    expect(moments).toEqual([...moments].sort().reverse());
    expect(answer.results.some((entry) => entry.action.startsWith('user.'))).toBe(true);
    expect((await send('admin', 'GET', '/users/999999/audit/')).statusCode).toBe(404);
    expect((await send('admin', 'GET', '/users/999999/sign-ins/')).statusCode).toBe(404);
    expect((await send('admin', 'GET', '/users/999999/sessions/')).statusCode).toBe(404);
  });

  it('marks the caller’s own session as current', async () => {
    const adminId = await userId('admin');
    const sessionId = randomUUID();
    const other = randomUUID();
    await server.db.withTables<{ auth_sessions: { id: string; user_id: number; user_agent: string | null } }>()
      .insertInto('auth_sessions')
      .values([{ id: sessionId, user_id: adminId, user_agent: 'NARIC desktop' }, { id: other, user_id: adminId, user_agent: null }])
      .execute();
    const token = await signAccessToken(server.config, adminId, sessionId);
    const answer = await server.app.inject({ method: 'GET', url: `${API}/users/${adminId}/sessions/`, headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode, answer.body).toBe(200);
    const sessions = userSessionsAnswer.parse(answer.json());
    expect(sessions.find((entry) => entry.id === sessionId)).toMatchObject({ current: true, user_agent: 'NARIC desktop' });
    expect(sessions.find((entry) => entry.id === other)?.current).toBe(false);
  });
});

describe('groups', () => {
  const groups = async () => groupListAnswer.parse((await send('admin', 'GET', '/users/groups/')).json());

  it('lists every group with its permissions and members', async () => {
    const list = await groups();
    const officers = list.find((group) => group.name === GROUPS.naricOfficers)!;
    expect(officers.builtin).toBe(true);
    expect(officers.permissions).toContain('documents.verify_document');
    expect(officers.member_count).toBe(
      (await server.db.selectFrom('user_groups').innerJoin('groups', 'groups.id', 'user_groups.group_id').select('user_id').where('groups.name', '=', GROUPS.naricOfficers).execute()).length,
    );
    expect(list.map((group) => group.name)).toEqual([...list.map((group) => group.name)].sort());
  });

  it('creates, renames and re-permissions a group; audited with before and after', async () => {
    const created = await send('admin', 'POST', '/users/groups/', { name: 'Auditors', description: 'Read-only auditors', permissions: ['reports.view_reports', 'applications.view_application', 'reports.view_reports'] });
    expect(created.statusCode, created.body).toBe(201);
    const group = groupItem.parse(created.json());
    expect(group).toMatchObject({ name: 'Auditors', builtin: false, member_count: 0, permissions: ['applications.view_application', 'reports.view_reports'] });

    const taken = await send('admin', 'POST', '/users/groups/', { name: 'auditors' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ name: [USER_MESSAGES.groupNameTaken] });
    expect((await send('admin', 'POST', '/users/groups/', { name: 'X', permissions: ['reports.fly'] })).statusCode).toBe(400);

    const changed = await send('admin', 'PATCH', `/users/groups/${group.id}/`, { name: 'External auditors', description: '', permissions: ['reports.export_reports'], version: group.version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(groupItem.parse(changed.json())).toMatchObject({ name: 'External auditors', permissions: ['reports.export_reports'], version: group.version + 1 });
    const stale = await send('admin', 'PATCH', `/users/groups/${group.id}/`, { name: 'Late', version: group.version });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().detail).toBe(USER_MESSAGES.staleGroup);
    const clash = await send('admin', 'PATCH', `/users/groups/${group.id}/`, { name: GROUPS.evaluators.toUpperCase(), version: group.version + 1 });
    expect(clash.statusCode).toBe(400);
    expect((await send('admin', 'PATCH', '/users/groups/999999/', { name: 'Ghost', version: 1 })).statusCode).toBe(404);

    const entries = await server.db.selectFrom('audit_log').select(['action', 'details']).where('entity_type', '=', 'group').where('entity_id', '=', String(group.id)).orderBy('id').execute();
    expect(entries.map((entry) => entry.action)).toEqual(['group.created', 'group.updated']);
    expect(entries[1]!.details).toEqual({
      before: { name: 'Auditors', description: 'Read-only auditors', permissions: ['applications.view_application', 'reports.view_reports'] },
      after: { name: 'External auditors', description: '', permissions: ['reports.export_reports'] },
    });

    // A user in the group holds its permissions.
    const member = await create(newUser('auditor.one', { groups: ['External auditors'] }));
    expect(member.user.effective_permissions).toEqual([{ permission: 'reports.export_reports', sources: [{ kind: 'group', group: 'External auditors' }] }]);
  });

  it('a builtin group keeps its name (409) but its permissions may change', async () => {
    const evaluators = (await groups()).find((group) => group.name === GROUPS.evaluators)!;
    const rename = await send('admin', 'PATCH', `/users/groups/${evaluators.id}/`, { name: 'Reviewers', permissions: evaluators.permissions, version: evaluators.version });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().detail).toBe(USER_MESSAGES.builtinGroupName);
    const grant = await send('admin', 'PATCH', `/users/groups/${evaluators.id}/`, {
      name: GROUPS.evaluators,
      description: evaluators.description,
      permissions: [...evaluators.permissions, 'reports.view_reports'],
      version: evaluators.version,
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(groupItem.parse(grant.json()).permissions).toContain('reports.view_reports');
  });
});

describe('texts', () => {
  it('the refusals are the English texts of locales/en/server.json', () => {
    expect(enServer.users.messages).toEqual(USER_MESSAGES);
  });
});
