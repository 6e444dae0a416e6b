import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, REFRESH_TRANSPORT_COOKIE, REFRESH_TRANSPORT_HEADER, twoFactorSetupAnswer } from '../../../src/shared/api/auth';
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '../../../src/shared/constants';
import { DEMO_BACKUP_CODES } from '../../../src/server/modules/auth/demo-two-factor';
import { REFRESH_COOKIE_NAME } from '../../../src/server/modules/auth/session-cookies';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import {
  API,
  DEMO_PASSWORD,
  bodyPair,
  bodySignedIn,
  createUser,
  freshAddress,
  get,
  post,
  setRequire2fa,
  totpCode,
} from './auth-test-helpers';

// The browser shell's refresh token as an HttpOnly cookie with the double submit of
// spec §9, and sessions whose end also ends their access tokens at once.

interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
}

function setCookies(answer: LightMyRequestResponse): Map<string, SetCookie> {
  const header = answer.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  const cookies = new Map<string, SetCookie>();
  for (const line of lines) {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair!.indexOf('=');
    const name = pair!.slice(0, at);
    cookies.set(name, { name, value: decodeURIComponent(pair!.slice(at + 1)), attributes });
  }
  return cookies;
}

/** The browser's jar for this origin, as far as these tests need one. */
class Jar {
  refresh: string | null = null;
  xsrf: string | null = null;
  take(answer: LightMyRequestResponse): void {
    const cookies = setCookies(answer);
    const refresh = cookies.get(REFRESH_COOKIE_NAME);
    const xsrf = cookies.get(XSRF_COOKIE_NAME);
    if (refresh) this.refresh = refresh.attributes.includes('Max-Age=0') ? null : refresh.value;
    if (xsrf) this.xsrf = xsrf.attributes.includes('Max-Age=0') ? null : xsrf.value;
  }
  header(): string {
    return [
      ...(this.refresh ? [`${REFRESH_COOKIE_NAME}=${encodeURIComponent(this.refresh)}`] : []),
      ...(this.xsrf ? [`${XSRF_COOKIE_NAME}=${encodeURIComponent(this.xsrf)}`] : []),
    ].join('; ');
  }
}

describe('browser-shell sessions in an HttpOnly cookie', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());

  const asCookieClient = { [REFRESH_TRANSPORT_HEADER.toLowerCase()]: REFRESH_TRANSPORT_COOKIE };

  async function cookieLogin(username: string, jar: Jar) {
    const answer = await server.app.inject({
      method: 'POST',
      url: `${API}${AUTH_PATHS.adminLogin}`,
      payload: { username, password: DEMO_PASSWORD },
      remoteAddress: freshAddress(),
      headers: asCookieClient,
    });
    expect(answer.statusCode).toBe(200);
    jar.take(answer);
    return answer;
  }

  function cookieCall(path: string, jar: Jar, xsrf: string | null | undefined = jar.xsrf) {
    return server.app.inject({
      method: 'POST',
      url: `${API}${path}`,
      payload: {},
      headers: { ...asCookieClient, cookie: jar.header(), ...(xsrf ? { [XSRF_HEADER_NAME.toLowerCase()]: xsrf } : {}) },
    });
  }

  const me = async (access: string) => (await get(server.app, AUTH_PATHS.me, { token: access })).statusCode;

  it('sign-in sets the refresh token as HttpOnly; Secure; SameSite=Strict on /api/auth/ and leaves it out of the JSON', async () => {
    const jar = new Jar();
    const answer = await cookieLogin('officer', jar);
    const body = answer.json() as Record<string, unknown>;
    expect(body).not.toHaveProperty('refresh');
    expect(typeof body.access).toBe('string');

    const cookies = setCookies(answer);
    const refresh = cookies.get(REFRESH_COOKIE_NAME)!;
    expect(refresh.value.length).toBeGreaterThanOrEqual(40);
    expect(refresh.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api/auth/', 'Max-Age=1209600']));
    const xsrf = cookies.get(XSRF_COOKIE_NAME)!;
    expect(xsrf.value.length).toBeGreaterThanOrEqual(32);
    // The page must read it to echo it.
    expect(xsrf.attributes).not.toContain('HttpOnly');
    expect(xsrf.attributes).toEqual(expect.arrayContaining(['Secure', 'SameSite=Strict', 'Path=/']));
  });

  it('refresh by cookie: rotates with a matching X-XSRF-TOKEN, 403 without or with another, and the cookie is not spent by a 403', async () => {
    const jar = new Jar();
    await cookieLogin('payments', jar);
    const first = jar.refresh;

    const missing = await cookieCall(AUTH_PATHS.tokenRefresh, jar, null);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ code: 'csrf_failed' });
    expect((await cookieCall(AUTH_PATHS.tokenRefresh, jar, 'x'.repeat(jar.xsrf!.length))).statusCode).toBe(403);
    expect(jar.refresh).toBe(first);

    const rotated = await cookieCall(AUTH_PATHS.tokenRefresh, jar);
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['access']);
    jar.take(rotated);
    expect(jar.refresh).not.toBe(first);
    expect(await me(body.access as string)).toBe(200);
    // …and the successor rotates in turn.
    const again = await cookieCall(AUTH_PATHS.tokenRefresh, jar);
    expect(again.statusCode).toBe(200);
  });

  it('2fa-verify and admin 2fa-confirm also answer the refresh token as a cookie', async () => {
    const address = freshAddress();
    const step = await server.app.inject({
      method: 'POST',
      url: `${API}${AUTH_PATHS.adminLogin}`,
      payload: { username: 'naric.admin', password: DEMO_PASSWORD },
      remoteAddress: address,
      headers: asCookieClient,
    });
    expect(step.statusCode).toBe(202);
    expect(setCookies(step).size).toBe(0);
    const verified = await server.app.inject({
      method: 'POST',
      url: `${API}${AUTH_PATHS.adminTwoFactorVerify}`,
      payload: { username: 'naric.admin', code: DEMO_BACKUP_CODES[9], is_backup_code: true, challenge: (step.json() as { challenge: string }).challenge },
      remoteAddress: address,
      headers: asCookieClient,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).not.toHaveProperty('refresh');
    expect(setCookies(verified).get(REFRESH_COOKIE_NAME)?.attributes).toContain('HttpOnly');

    await setRequire2fa(server.db, true);
    try {
      await createUser(server.db, { username: 'cookie.setup', is_staff: true, groups: ['NARIC Officers'] });
      const setupAddress = freshAddress();
      const login = await post(server.app, AUTH_PATHS.adminLogin, { username: 'cookie.setup', password: DEMO_PASSWORD }, { address: setupAddress });
      expect(login.json()).toEqual({ requires_2fa_setup: true, challenge: expect.any(String) });
      const { challenge } = login.json() as { challenge: string };
      const setup = twoFactorSetupAnswer.parse(
        (await post(server.app, AUTH_PATHS.adminTwoFactorSetup, { method: 'totp', challenge }, { address: setupAddress })).json(),
      );
      const confirmed = await server.app.inject({
        method: 'POST',
        url: `${API}${AUTH_PATHS.adminTwoFactorConfirm}`,
        payload: { challenge, code: await totpCode(setup.secret!) },
        remoteAddress: setupAddress,
        headers: asCookieClient,
      });
      expect(confirmed.statusCode).toBe(200);
      const body = confirmed.json() as Record<string, unknown>;
      expect(body).not.toHaveProperty('refresh');
      expect(body.backup_codes).toHaveLength(10);
      expect(setCookies(confirmed).get(REFRESH_COOKIE_NAME)?.attributes).toContain('HttpOnly');
    } finally {
      await setRequire2fa(server.db, false);
    }
  });

  it('refresh by cookie when a 2FA set-up is now owed: 202 with the challenge, no access token, both cookies cleared', async () => {
    await createUser(server.db, { username: 'cookie.latecomer', is_staff: true, groups: ['NARIC Officers'] });
    const jar = new Jar();
    await cookieLogin('cookie.latecomer', jar);
    await setRequire2fa(server.db, true);
    try {
      const owed = await cookieCall(AUTH_PATHS.tokenRefresh, jar);
      expect(owed.statusCode).toBe(202);
      expect(owed.json()).toEqual({ requires_2fa_setup: true, challenge: expect.any(String) });
      jar.take(owed);
      expect(jar.refresh).toBeNull();
      expect(jar.xsrf).toBeNull();
    } finally {
      await setRequire2fa(server.db, false);
    }
  });

  it('logout by cookie clears both cookies and ends the access token at once', async () => {
    const jar = new Jar();
    const access = (await cookieLogin('verifier', jar)).json().access as string;
    const beforeLogout = jar.refresh!;
    expect(await me(access)).toBe(200);

    expect((await cookieCall(AUTH_PATHS.logout, jar, null)).statusCode).toBe(403);
    expect(await me(access)).toBe(200);

    const out = await cookieCall(AUTH_PATHS.logout, jar);
    expect(out.statusCode).toBe(204);
    const cleared = setCookies(out);
    expect(cleared.get(REFRESH_COOKIE_NAME)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0', 'Path=/api/auth/']) });
    expect(cleared.get(XSRF_COOKIE_NAME)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0', 'Path=/']) });
    // Not in 5 minutes: now (the signature was checked and remembered above, the session is read anyway).
    expect(await me(access)).toBe(401);

    jar.take(out);
    expect(jar.refresh).toBeNull();
    jar.refresh = beforeLogout;
    jar.xsrf = 'restored-by-an-attacker';
    expect((await cookieCall(AUTH_PATHS.tokenRefresh, jar)).statusCode).toBe(401);
  });

  it('reuse of a spent refresh cookie ends every access token of that session, and only of that session', async () => {
    const jar = new Jar();
    const firstAccess = (await cookieLogin('officer', jar)).json().access as string;
    const other = new Jar();
    const otherAccess = (await cookieLogin('officer', other)).json().access as string;
    const stolen = { refresh: jar.refresh, xsrf: jar.xsrf };

    const rotated = await cookieCall(AUTH_PATHS.tokenRefresh, jar);
    jar.take(rotated);
    const secondAccess = rotated.json().access as string;
    expect(await me(secondAccess)).toBe(200);

    const thief = new Jar();
    Object.assign(thief, stolen);
    expect((await cookieCall(AUTH_PATHS.tokenRefresh, thief)).statusCode).toBe(401);
    expect(await me(firstAccess)).toBe(401);
    expect(await me(secondAccess)).toBe(401);
    expect((await cookieCall(AUTH_PATHS.tokenRefresh, jar)).statusCode).toBe(401);
    expect(await me(otherAccess)).toBe(200);
  });

  it('desktop body mode is unchanged: the pair in the JSON, no cookies; a body logout also ends the access token at once', async () => {
    const login = await post(server.app, AUTH_PATHS.adminLogin, { username: 'payments', password: DEMO_PASSWORD }, { address: freshAddress() });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeUndefined();
    const session = bodySignedIn.parse(login.json());
    const refreshed = await post(server.app, AUTH_PATHS.tokenRefresh, { refresh: session.refresh });
    expect(refreshed.headers['set-cookie']).toBeUndefined();
    const pair = bodyPair.parse(refreshed.json());
    expect(await me(pair.access)).toBe(200);

    const out = await post(server.app, AUTH_PATHS.logout, { refresh_token: pair.refresh });
    expect(out.statusCode).toBe(204);
    expect(out.headers['set-cookie']).toBeUndefined();
    expect(await me(pair.access)).toBe(401);
    expect(await me(session.access)).toBe(401);
  });

  it('a password change ends the other sessions’ access tokens and keeps this one going with a new one', async () => {
    await createUser(server.db, { username: 'cookie.changer', is_staff: true, groups: ['NARIC Officers'] });
    const jar = new Jar();
    const here = (await cookieLogin('cookie.changer', jar)).json().access as string;
    const elsewhere = (await cookieLogin('cookie.changer', new Jar())).json().access as string;
    const changed = await server.app.inject({
      method: 'POST',
      url: `${API}${AUTH_PATHS.changePassword}`,
      payload: { current_password: DEMO_PASSWORD, new_password: 'a-new-password-of-length' },
      headers: { ...asCookieClient, authorization: `Bearer ${here}` },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).not.toHaveProperty('refresh');
    jar.take(changed);
    expect(await me(here)).toBe(401);
    expect(await me(elsewhere)).toBe(401);
    expect(await me(changed.json().access as string)).toBe(200);
    expect((await cookieCall(AUTH_PATHS.tokenRefresh, jar)).statusCode).toBe(200);
  });
});
