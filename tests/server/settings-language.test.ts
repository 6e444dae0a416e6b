import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_PATHS, publicSettingsAnswer, type SettingsAnswer } from '../../src/shared/api/settings';
import { USER_PATHS } from '../../src/shared/api/users';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The office's default language (issue 18, general settings): read without a sign-in by the
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

async function publicLanguage() {
  const answer = await server.app.inject({ method: 'GET', url: `/api${SETTINGS_PATHS.public}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return publicSettingsAnswer.strict().parse(answer.json()).default_language;
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
  it('is public, says only the language, and follows a save at once', async () => {
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
