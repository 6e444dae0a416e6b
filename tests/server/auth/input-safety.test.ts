import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../../src/shared/api/applications';
import { AUTH_PATHS } from '../../../src/shared/api/auth';
import { ISSUANCE_PATHS } from '../../../src/shared/api/issuance';
import { DISALLOWED_CHARACTERS_MESSAGE, tooLongMessage } from '../../../src/shared/api/safe-text';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';

// The inputs that once reached PostgreSQL as 500s (error 22021 on a NUL byte, an index
// overflowing on a 9,000-character username), five of them open without signing in: each now a
// 400 that names the field, before any query runs.

let server: ServerFixture;
beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(() => server?.close());

const api = (path: string) => `/api${path}`;
const NUL = 'offi\u0000cer';
const LONG = 'a'.repeat(9000);

describe('hostile text on the endpoints open without signing in', () => {
  it.each([
    ['login', AUTH_PATHS.adminLogin, { username: NUL, password: 'x' }, 'username', DISALLOWED_CHARACTERS_MESSAGE],
    ['login, 9,000 characters', AUTH_PATHS.adminLogin, { username: LONG, password: 'x' }, 'username', tooLongMessage(150)],
    ['2fa-verify', AUTH_PATHS.adminTwoFactorVerify, { username: NUL, code: '123456' }, 'username', DISALLOWED_CHARACTERS_MESSAGE],
    ['2fa-verify, 9,000 characters', AUTH_PATHS.adminTwoFactorVerify, { username: LONG, code: '123456' }, 'username', tooLongMessage(150)],
    ['2fa-verify, a lone surrogate in the code', AUTH_PATHS.adminTwoFactorVerify, { username: 'officer', code: '12\ud80034' }, 'code', DISALLOWED_CHARACTERS_MESSAGE],
    ['send-otp', AUTH_PATHS.sendOtp, { username: NUL }, 'username', DISALLOWED_CHARACTERS_MESSAGE],
    ['send-otp, 9,000 characters', AUTH_PATHS.sendOtp, { username: LONG }, 'username', tooLongMessage(150)],
    ['2fa-setup, a NUL in the challenge', AUTH_PATHS.adminTwoFactorSetup, { method: 'totp', challenge: NUL }, 'challenge', DISALLOWED_CHARACTERS_MESSAGE],
    ['2fa-confirm, a 9,000-character challenge', AUTH_PATHS.adminTwoFactorConfirm, { code: '123456', challenge: LONG }, 'challenge', tooLongMessage(2048)],
  ])('%s: 400 on the field', async (_name, path, payload, field, message) => {
    const answer = await server.app.inject({ method: 'POST', url: api(path), payload });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()[field]).toEqual([message]);
  });

  it('verify: a NUL byte in the code (path parameter) is not a 500', async () => {
    const answer = await server.app.inject({ url: api(`/verify/${encodeURIComponent('ABC\u0000DEF')}/`) });
    expect(answer.statusCode).toBeLessThan(500);
    expect([400, 404]).toContain(answer.statusCode);
  });

  it('countries: a NUL byte or 1 MB in the search is a 400 on search', async () => {
    for (const search of ['Kos\u0000ovo', 'x'.repeat(1024 * 1024)]) {
      const answer = await server.app.inject({ url: api(`/countries/?search=${encodeURIComponent(search)}`) });
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json()).sort()).toEqual(['field_codes', 'search']);
    }
  });
});

describe('hostile text signed in', () => {
  it('a saved filter name, action notes and a verdict body with NUL: 400 on the field', async () => {
    const officer = await server.authorization('officer');
    const filter = await server.app.inject({ method: 'POST', url: api(APPLICATION_PATHS.savedFilters), headers: officer, payload: { name: 'Mine\u0000', query: 'status=submitted' } });
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toMatchObject({ name: [DISALLOWED_CHARACTERS_MESSAGE] });

    const { id, version } = await server.db.selectFrom('applications').select(['id', 'version']).where('reference', '=', 'NARIC-2026-900002').executeTakeFirstOrThrow();
    const notes = await server.app.inject({ method: 'POST', url: api(APPLICATION_PATHS.action(id, 'add_note')), headers: officer, payload: { version, notes: 'a\u0000b' } });
    expect(notes.statusCode).toBe(400);
    expect(notes.json()).toMatchObject({ notes: [DISALLOWED_CHARACTERS_MESSAGE] });
    // A line break belongs in notes (multi-line), not in a search (single line).
    const multiLine = await server.app.inject({ url: api(`/applications/?search=${encodeURIComponent('line\nbreak')}`), headers: officer });
    expect(multiLine.statusCode).toBe(400);

    const draft = (await server.app.inject({ method: 'POST', url: api(ISSUANCE_PATHS.verdicts(id)), headers: officer })).json();
    const body = await server.app.inject({ method: 'PUT', url: api(ISSUANCE_PATHS.verdict(id, draft.id)), headers: officer, payload: { version: draft.version, body: 'Verdict\u0000' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ body: [DISALLOWED_CHARACTERS_MESSAGE] });
    const kept = await server.app.inject({ method: 'PUT', url: api(ISSUANCE_PATHS.verdict(id, draft.id)), headers: officer, payload: { version: draft.version, body: 'First line\n\tSecond line' } });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('huge, negative and non-finite ids and pages are 400 or 404, never 500', async () => {
    const officer = await server.authorization('officer');
    for (const url of ['/applications/?page=1e309', '/applications/?page=99999999999999999999', '/applications/?council=-1', '/applications/?assigned_officer=2147483648', '/applications/?submitted_from=2026-02-30', '/applications/?ordering=password', '/applications/99999999999/', '/documents/?application=1e309']) {
      const answer = await server.app.inject({ url: api(url), headers: officer });
      expect([400, 404], `${url}: ${answer.body}`).toContain(answer.statusCode);
    }
  });
});
