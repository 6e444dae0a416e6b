import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/shared/api/auth';
import { DOCUMENT_PATHS } from '../../src/shared/api/documents';
import { SETTINGS_PATHS, type SettingsAnswer, type SettingsGroup } from '../../src/shared/api/settings';
import { holidaysFrom } from '../../src/server/application-deadlines';
import { DEMO_PASSWORD } from '../../src/server/db/demo-accounts';
import { REVALIDATE_MS, currentSettings, storedSettings } from '../../src/server/system-settings';
import { authDatabase } from '../../src/server/modules/auth/auth-database';
import { openSmtpPassword } from '../../src/server/modules/settings/smtp-password';
import { minimalPdf } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// System settings: the defaults are today's configuration, saving validates (400 with
// field errors), refuses a stale version (412), audits old → new with the mail password masked,
// never answers the password, and a saved value is obeyed by the running app with no restart.

let server: ServerFixture;

async function read(username = 'admin'): Promise<SettingsAnswer> {
  const answer = await server.app.inject({ method: 'GET', url: `/api${SETTINGS_PATHS.all}`, headers: await server.authorization(username) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function save(group: SettingsGroup, values: object, version?: number, headers: Record<string, string> = {}) {
  const current = version ?? (await read())[group].version;
  return server.app.inject({
    method: 'PUT',
    url: `/api${SETTINGS_PATHS.group(group)}`,
    headers: { ...(await server.authorization('admin')), ...headers },
    payload: { version: current, values },
  });
}

const auditRows = (group: string) =>
  server.db.selectFrom('audit_log').select(['actor_id', 'action', 'entity_id', 'details']).where('action', '=', 'settings.changed').where('entity_id', '=', group).orderBy('id').execute();

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('reading', () => {
  it('shows today’s configuration, version 0, for groups never saved', async () => {
    const settings = await read();
    expect(settings.security).toMatchObject({
      version: 0,
      updated_by: null,
      values: {
        two_factor_required_for_staff: false,
        access_token_lifetime_seconds: 300,
        refresh_token_lifetime_days: 14,
        session_idle_timeout_minutes: 720,
        session_absolute_lifetime_hours: 168,
        login_free_attempts: 3,
        login_window_minutes: 60,
      },
    });
    expect(settings.uploads).toMatchObject({ version: 0, ceiling_bytes: 8 * 1024 * 1024, values: { max_upload_bytes: 8 * 1024 * 1024 } });
    expect(settings.verification.values.public_verify_url).toBe(server.config.publicVerifyUrl);
    expect(settings.smtp.values).toMatchObject({ host: '', password_set: false });
  });

  it('shows the demo’s saved groups: the office’s name and this year’s closed days, saved by admin', async () => {
    const settings = await read();
    const year = new Date().getUTCFullYear();
    expect(settings.general).toMatchObject({ version: 1, updated_by: 'admin', values: { default_language: 'en', organisation_name: expect.stringMatching(/^NARIC — /) } });
    expect(settings.holidays).toMatchObject({ version: 1, updated_by: 'admin' });
    expect(settings.holidays.values.closed_days).toContainEqual({ date: `${year}-02-17`, reason: 'Independence Day' });
    expect(settings.smtp.version).toBe(0);
  });
});

const SECURITY = {
  two_factor_required_for_staff: false,
  access_token_lifetime_seconds: 300,
  refresh_token_lifetime_days: 14,
  session_idle_timeout_minutes: 720,
  session_absolute_lifetime_hours: 168,
  login_free_attempts: 3,
  login_window_minutes: 60,
};

describe('validation', () => {
  it.each([
    ['security', { ...SECURITY, session_idle_timeout_minutes: 4 }, 'values.session_idle_timeout_minutes'],
    ['security', { ...SECURITY, session_idle_timeout_minutes: 10_081 }, 'values.session_idle_timeout_minutes'],
    ['security', { ...SECURITY, session_absolute_lifetime_hours: 0 }, 'values.session_absolute_lifetime_hours'],
    ['security', { ...SECURITY, session_absolute_lifetime_hours: 2161 }, 'values.session_absolute_lifetime_hours'],
    ['security', { ...SECURITY, session_absolute_lifetime_hours: 24.5 }, 'values.session_absolute_lifetime_hours'],
    // Idle longer than the whole session: the session would end before it could ever be idle that long.
    ['security', { ...SECURITY, session_idle_timeout_minutes: 121, session_absolute_lifetime_hours: 2 }, 'values.session_idle_timeout_minutes'],
    ['security', { ...SECURITY, session_idle_timeout_minutes: undefined }, 'values.session_idle_timeout_minutes'],
    ['security', { two_factor_required_for_staff: false, access_token_lifetime_seconds: 0, refresh_token_lifetime_days: 14, login_free_attempts: 3, login_window_minutes: 60 }, 'values.access_token_lifetime_seconds'],
    ['security', { two_factor_required_for_staff: false, access_token_lifetime_seconds: 300, refresh_token_lifetime_days: 1.5, login_free_attempts: 3, login_window_minutes: 60 }, 'values.refresh_token_lifetime_days'],
    ['uploads', { max_upload_bytes: 10 }, 'values.max_upload_bytes'],
    ['uploads', { max_upload_bytes: 9 * 1024 * 1024 }, 'values.max_upload_bytes'],
    ['verification', { public_verify_url: 'ftp://verify.example/' }, 'values.public_verify_url'],
    ['general', { default_language: 'de', organisation_name: 'NARIC' }, 'values.default_language'],
    ['general', { default_language: 'sq', organisation_name: '   ' }, 'values.organisation_name'],
    ['smtp', { host: 'mail.example', port: 587, tls: 'starttls', from: 'not an address', user: '' }, 'values.from'],
    ['smtp', { host: 'mail example', port: 587, tls: 'starttls', from: 'a@b.example', user: '' }, 'values.host'],
    ['smtp', { host: 'mail.example', port: 587, tls: 'starttls', from: 'a@b.example', user: '', password: 'secret' }, 'values.user'],
    ['holidays', { closed_days: [{ date: '2026-13-01', reason: 'Move' }] }, 'values.closed_days.0.date'],
    ['holidays', { closed_days: [{ date: '2026-12-24', reason: 'Move' }, { date: '2026-12-24', reason: 'Again' }] }, 'values.closed_days.1.date'],
  ] as const)('%s: %j → 400 naming %s, nothing saved', async (group, values, field) => {
    const before = await read();
    const answer = await save(group, values);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(Object.keys(answer.json())).toContain(field);
    expect((await read())[group].version).toBe(before[group].version);
  });

  it('says why the idle timeout is refused, in the caller’s language', async () => {
    const values = { ...SECURITY, session_idle_timeout_minutes: 180, session_absolute_lifetime_hours: 2 };
    expect((await save('security', values)).json()['values.session_idle_timeout_minutes']).toEqual(['The idle timeout cannot be longer than the session lifetime.']);
    expect((await save('security', values, undefined, { 'accept-language': 'sr' })).json()['values.session_idle_timeout_minutes']).toEqual([
      'Vreme neaktivnosti ne može biti duže od trajanja sesije.',
    ]);
    // Equal is allowed: idle for the whole of a two-hour session.
    const current = (await read()).security;
    const equal = await save('security', { ...current.values, session_idle_timeout_minutes: 120, session_absolute_lifetime_hours: 2 }, current.version);
    expect(equal.statusCode, equal.body).toBe(200);
    expect((await save('security', { ...current.values }, current.version + 1)).statusCode).toBe(200);
  });

  it('answers in the caller’s language', async () => {
    const answer = await save('uploads', { max_upload_bytes: 9 * 1024 * 1024 }, undefined, { 'accept-language': 'sq' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()['values.max_upload_bytes']).toEqual(['Kufiri i ngarkimit nuk mund të kalojë atë që serveri është konfiguruar të pranojë.']);
  });
});

describe('saving', () => {
  it('refuses a stale version with 412 and keeps the newer values', async () => {
    const read0 = (await read()).general.version;
    const first = await save('general', { default_language: 'sq', organisation_name: 'NARIC Kosovo' }, read0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().general).toMatchObject({ version: read0 + 1, updated_by: 'admin', values: { organisation_name: 'NARIC Kosovo' } });
    const stale = await save('general', { default_language: 'en', organisation_name: 'Someone else' }, read0);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().detail).toBe('These settings were changed by someone else. Reload and try again.');
    expect((await read()).general).toMatchObject({ version: read0 + 1, values: { default_language: 'sq', organisation_name: 'NARIC Kosovo' } });
    // Back as it was, so the later tests' letterheads and languages are the office's.
    expect((await save('general', { default_language: 'en', organisation_name: 'NARIC — Qendra Nacionale e Informimit për Njohjen Akademike' })).statusCode).toBe(200);
  });

  it('audits who changed which field from what to what', async () => {
    const before = await read();
    const answer = await save('verification', { public_verify_url: 'https://check.naric.example/v/' }, before.verification.version);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().verification.values.public_verify_url).toBe('https://check.naric.example/v');
    const admin = await server.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const rows = await auditRows('verification');
    expect(rows.at(-1)).toMatchObject({
      actor_id: admin.id,
      details: { group: 'verification', changes: [{ field: 'public_verify_url', before: server.config.publicVerifyUrl, after: 'https://check.naric.example/v' }] },
    });
  });

  it('audits a change of the session lifetimes like any other field', async () => {
    const before = (await read()).security;
    const answer = await save('security', { ...before.values, session_idle_timeout_minutes: 30, session_absolute_lifetime_hours: 10 }, before.version);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().security.values).toMatchObject({ session_idle_timeout_minutes: 30, session_absolute_lifetime_hours: 10 });
    expect((await auditRows('security')).at(-1)?.details).toEqual({
      group: 'security',
      version: before.version + 1,
      changes: [
        { field: 'session_idle_timeout_minutes', before: before.values.session_idle_timeout_minutes, after: 30 },
        { field: 'session_absolute_lifetime_hours', before: before.values.session_absolute_lifetime_hours, after: 10 },
      ],
    });
    expect((await save('security', before.values, before.version + 1)).statusCode).toBe(200);
  });

  it('keeps the mail password write-only: sealed in the table, masked in the audit, never answered', async () => {
    const secret = 'Correct horse battery staple';
    const smtp = { host: 'mail.naric.example', port: 465, tls: 'implicit', from: 'NARIC <no-reply@naric.example>', user: 'naric' };
    const answer = await save('smtp', { ...smtp, password: secret });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).not.toContain(secret);
    expect(answer.json().smtp.values).toEqual({ ...smtp, password_set: true });
    const row = await server.db.selectFrom('system_setting_groups').selectAll().where('name', '=', 'smtp').executeTakeFirstOrThrow();
    expect(JSON.stringify(row.values)).not.toContain(secret);
    expect(row.smtp_password_sealed).not.toContain(secret);
    expect(openSmtpPassword(server.config.jwtSecret, row.smtp_password_sealed!)).toBe(secret);

    // Saved again without a password: the stored one stays; with null: removed.
    const kept = await save('smtp', { ...smtp, port: 2465 });
    expect(kept.json().smtp.values.password_set).toBe(true);
    const removed = await save('smtp', { ...smtp, password: null });
    expect(removed.json().smtp.values.password_set).toBe(false);

    const audit = await auditRows('smtp');
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(audit.map((entry) => (entry.details as { changes: unknown[] }).changes)).toEqual([
      expect.arrayContaining([{ field: 'host', before: '', after: 'mail.naric.example' }, { field: 'password', before: '[not set]', after: '[changed]' }]),
      [{ field: 'port', before: 465, after: 2465 }],
      [{ field: 'port', before: 2465, after: 465 }, { field: 'password', before: '[set]', after: '[removed]' }],
    ]);
  });

  it('stores two-factor for staff where the sign-in reads it', async () => {
    const current = (await read()).security;
    const answer = await save('security', { ...current.values, two_factor_required_for_staff: true }, current.version);
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await server.db.selectFrom('system_settings').select('value').where('key', '=', 'security.require_2fa_for_staff').executeTakeFirstOrThrow();
    expect(row.value).toBe(true);
    const status = await server.app.inject({ method: 'GET', url: `/api${AUTH_PATHS.twoFactorStatus}`, headers: await server.authorization('officer') });
    expect(status.json()).toMatchObject({ required_by_policy: true });
    const back = await save('security', { ...current.values, two_factor_required_for_staff: false }, current.version + 1);
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('takes effect without a restart', () => {
  const applicationId = async () => (await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900004').executeTakeFirstOrThrow()).id;
  const upload = async (bytes: Buffer) =>
    server.app.inject({
      method: 'POST',
      url: `/api${DOCUMENT_PATHS.upload(await applicationId())}?${new URLSearchParams({ document_type: 'original_diploma', file_name: 'diploma.pdf' })}`,
      headers: { ...(await server.authorization('officer')), 'content-type': 'application/pdf' },
      payload: bytes,
    });
  const limits = async () =>
    (await server.app.inject({ method: 'GET', url: `/api${DOCUMENT_PATHS.limits}`, headers: await server.authorization('officer') })).json().max_upload_bytes;

  it('the upload limit: published and enforced at once', async () => {
    const pdf = minimalPdf('Diploma', 200 * 1024);
    expect(await limits()).toBe(8 * 1024 * 1024);
    expect((await upload(pdf)).statusCode).toBe(201);

    const lowered = await save('uploads', { max_upload_bytes: 100 * 1024 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await limits()).toBe(100 * 1024);
    const refused = await upload(pdf);
    expect(refused.statusCode, refused.body).toBe(413);

    await save('uploads', { max_upload_bytes: 8 * 1024 * 1024 });
    expect(await limits()).toBe(8 * 1024 * 1024);
    expect((await upload(pdf)).statusCode).toBe(201);
  });

  it('the access token lifetime: the next sign-in’s token lives as long as saved', async () => {
    const signIn = async () => {
      const answer = await server.app.inject({ method: 'POST', url: `/api${AUTH_PATHS.adminLogin}`, payload: { username: 'officer', password: DEMO_PASSWORD } });
      expect(answer.statusCode, answer.body).toBe(200);
      const claims = decodeJwt(answer.json().access);
      return claims.exp! - claims.iat!;
    };
    expect(await signIn()).toBe(300);
    const current = (await read()).security;
    expect((await save('security', { ...current.values, access_token_lifetime_seconds: 900, refresh_token_lifetime_days: 2 }, current.version)).statusCode).toBe(200);
    expect(await signIn()).toBe(900);
    const officer = await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow();
    const newest = await authDatabase(server.db).selectFrom('refresh_tokens').select(['created_at', 'expires_at']).where('user_id', '=', officer.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(new Date(newest.expires_at).getTime() - new Date(newest.created_at).getTime()).toBe(2 * 24 * 60 * 60 * 1000);
  });

  it('login throttling: the free attempts count from the next attempt', async () => {
    const current = (await read()).security;
    expect((await save('security', { ...current.values, login_free_attempts: 1 }, current.version)).statusCode).toBe(200);
    const attempt = () =>
      server.app.inject({ method: 'POST', url: `/api${AUTH_PATHS.adminLogin}`, payload: { username: 'payments', password: 'wrong password' }, remoteAddress: '203.0.113.7' });
    expect((await attempt()).statusCode).toBe(401);
    // One free failure: the second attempt from the pair already waits.
    expect((await attempt()).statusCode).toBe(429);
  });

  it('closed days: counted by the deadline clock’s calendar', async () => {
    expect((await holidaysFrom(server.db, '2026-12-01')).some((day) => day.date === '2026-12-28')).toBe(false);
    expect((await save('holidays', { closed_days: [{ date: '2026-12-28', reason: 'Office move' }] })).statusCode).toBe(200);
    expect(await holidaysFrom(server.db, '2026-12-01')).toContainEqual({ date: '2026-12-28', name_en: 'Office move', name_sq: 'Office move', name_sr: 'Office move' });
  });

  it('another instance sees a change made elsewhere within the revalidation interval', async () => {
    const before = await currentSettings(server);
    // Another instance's save: straight into the table, this process's cache not told.
    await server.db
      .updateTable('system_setting_groups')
      .set((eb) => ({ values: JSON.stringify({ max_upload_bytes: 4096 }), version: eb('version', '+', 1) }))
      .where('name', '=', 'uploads')
      .execute();
    expect((await storedSettings(server.db)).groups.uploads?.values).toEqual(before.uploads);
    const later = await storedSettings(server.db, Date.now() + REVALIDATE_MS + 1);
    expect(later.groups.uploads?.values).toEqual({ max_upload_bytes: 4096 });
  });
});
