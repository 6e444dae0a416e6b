import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TRANSPORT_COOKIE, REFRESH_TRANSPORT_HEADER } from '../../../shared/api/auth';
import { API_BASE_PATH, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '../../../shared/constants';
import { permissionDenied } from '../../errors';
import { REFRESH_TOKEN_TTL_MS } from './refresh-token-rules';

// The browser shell's refresh token lives in an HttpOnly cookie that page JavaScript cannot read,
// sent only to the auth paths. Calls that the cookie alone authorises (refresh, logout) are
// protected by the double submit of spec §9: the XSRF-TOKEN cookie, readable by the page, must
// come back as the X-XSRF-TOKEN header; another site can send the cookie (it cannot: SameSite=
// Strict, but defence in depth) and never read it. `Secure` is kept on loopback http too:
// Chromium and Firefox treat http://127.0.0.1 and http://localhost as secure contexts and store
// Secure cookies from them (tests/e2e/session-reload.spec.ts runs on http://127.0.0.1).

export const REFRESH_COOKIE_NAME = 'naric_refresh';
export const REFRESH_COOKIE_PATH = `${API_BASE_PATH}/auth/`;
const MAX_AGE_SECONDS = Math.floor(REFRESH_TOKEN_TTL_MS / 1000);

/** The client asked for the refresh token as a cookie (the browser shell). */
export function wantsRefreshCookie(request: FastifyRequest): boolean {
  return request.headers[REFRESH_TRANSPORT_HEADER.toLowerCase()] === REFRESH_TRANSPORT_COOKIE;
}

export function readCookies(request: FastifyRequest): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    let value = part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    // The first one wins, as browsers send the most specific path first.
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

function cookie(name: string, value: string, attributes: { path: string; httpOnly: boolean; maxAge: number }): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${attributes.path}`,
    `Max-Age=${attributes.maxAge}`,
    ...(attributes.httpOnly ? ['HttpOnly'] : []),
    'Secure',
    'SameSite=Strict',
  ].join('; ');
}

/** Sets the refresh cookie and a new XSRF token (sign-in, 2FA, password change, rotation). */
export function setSessionCookies(reply: FastifyReply, refresh: string): void {
  reply.header('set-cookie', [
    cookie(REFRESH_COOKIE_NAME, refresh, { path: REFRESH_COOKIE_PATH, httpOnly: true, maxAge: MAX_AGE_SECONDS }),
    // Readable by the page (it echoes it), on every path of the origin.
    cookie(XSRF_COOKIE_NAME, randomBytes(32).toString('base64url'), { path: '/', httpOnly: false, maxAge: MAX_AGE_SECONDS }),
  ]);
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.header('set-cookie', [
    cookie(REFRESH_COOKIE_NAME, '', { path: REFRESH_COOKIE_PATH, httpOnly: true, maxAge: 0 }),
    cookie(XSRF_COOKIE_NAME, '', { path: '/', httpOnly: false, maxAge: 0 }),
  ]);
}

/**
 * The refresh token of the cookie, once the double submit matches: a missing or different
 * X-XSRF-TOKEN header answers 403. Null when there is no refresh cookie (nothing to protect).
 */
export function cookieRefreshToken(request: FastifyRequest): string | null {
  const cookies = readCookies(request);
  const refresh = cookies.get(REFRESH_COOKIE_NAME);
  if (!refresh) return null;
  const expected = cookies.get(XSRF_COOKIE_NAME);
  const header = request.headers[XSRF_HEADER_NAME.toLowerCase()];
  const presented = typeof header === 'string' ? header : '';
  if (!expected || !sameSecret(expected, presented)) throw permissionDenied('csrf_failed');
  return refresh;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
