import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_PATHS, publicSettingsAnswer, type SettingsAnswer } from '../../src/shared/api/settings';
import { USER_PATHS } from '../../src/shared/api/users';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The office's default language (general settings): read without a sign-in by the
// sign-in screen on a computer where nobody chose a language, and given to accounts an
// administrator creates (the form names no language). No restart: the next read or account.

let server: ServerFixture;

async function saveDefaultLanguage(language: string) {
  const general = ((await server.app.inject({ method: 'GET', url: `/api${SETTINGS_PATHS.all}`, headers: await server.authorization('admin') })).json() as SettingsAnswer).general;
  const answer = await server.app.inject({
    method: 'PUT',
    url: `/api${SETTINGS_PATHS.group('general')}`,
    headers: await server.authorization('admin'),
    payload: { version: general.version, values: { ...general.values, default_language: language } },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function publicSettings() {
  const answer = await server.app.inject({ method: 'GET', url: `/api${SETTINGS_PATHS.public}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return publicSettingsAnswer.strict().parse(answer.json());
}

async function publicLanguage() {
  return (await publicSettings()).default_language;
}

async function saveIdleTimeout(minutes: number) {
  const security = ((await server.app.inject({ method: 'GET', url: `/api${SETTINGS_PATHS.all}`, headers: await server.authorization('admin') })).json() as SettingsAnswer).security;
  const answer = await server.app.inject({
    method: 'PUT',
    url: `/api${SETTINGS_PATHS.group('security')}`,
    headers: await server.authorization('admin'),
    payload: { version: security.version, values: { ...security.values, session_idle_timeout_minutes: minutes } },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function createdLanguage(username: string) {
  const answer = await server.app.inject({
    method: 'POST',
    url: `/api${USER_PATHS.list}`,
    headers: await server.authorization('admin'),
    payload: { first_name: 'Gjuha', last_name: 'Test', email: `${username}@naric.example`, username, password_delivery: 'show' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return (await server.db.selectFrom('users').select('preferred_language').where('username', '=', username).executeTakeFirstOrThrow()).preferred_language;
}

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('the default language', () => {
  it('is public and follows a save at once', async () => {
    expect(await publicLanguage()).toBe('en');
    await saveDefaultLanguage('sq');
    expect(await publicLanguage()).toBe('sq');
    await saveDefaultLanguage('sr');
    expect(await publicLanguage()).toBe('sr');
  });

  it('is the language of accounts an administrator creates', async () => {
    await saveDefaultLanguage('sq');
    expect(await createdLanguage('gjuha.shqip')).toBe('sq');
    await saveDefaultLanguage('en');
    expect(await createdLanguage('gjuha.english')).toBe('en');
    // A later change does not touch the accounts already there (their holders' language).
    await saveDefaultLanguage('sr');
    expect((await server.db.selectFrom('users').select('preferred_language').where('username', '=', 'gjuha.shqip').executeTakeFirstOrThrow()).preferred_language).toBe('sq');
  });
});

// The idle timeout is public too: a window signs itself out after it without input (the renderer's
// idle sign-out), which it must know before its background polling keeps refreshing the session.
describe('the idle timeout', () => {
  it('is public, 720 minutes until saved, and follows a save of the security settings at once', async () => {
    expect((await publicSettings()).session_idle_timeout_minutes).toBe(720);
    await saveIdleTimeout(30);
    expect(await publicSettings()).toEqual({ default_language: await publicLanguage(), session_idle_timeout_minutes: 30 });
    await saveIdleTimeout(720);
    expect((await publicSettings()).session_idle_timeout_minutes).toBe(720);
  });
});
