import { REFRESH_TRANSPORT_COOKIE, REFRESH_TRANSPORT_HEADER } from '../../shared/api/auth';
import { API_BASE_PATH, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '../../shared/constants';
import { ERROR_CODES } from '../../shared/errors';
import type { SessionRequest } from '../../shared/auth/session-client';
import { failure } from '../../shared/transport-failure';
import { readCookie } from '../lib/cookies';
import { readBody } from '../lib/transport-error';

/**
 * Same-origin JSON calls for the browser bridge. Every HTTP answer resolves (the caller reads
 * the status); no answer at all rejects with a network or time-out TransportFailure.
 */
export function createBrowserRequest(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  baseUrl = API_BASE_PATH,
  cookies: () => string = () => (typeof document === 'undefined' ? '' : document.cookie),
): SessionRequest {
  return async (method, path, body, { timeoutMs, accessToken, refreshAsCookie }) => {
    const headers = new Headers({ Accept: 'application/json' });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    if (refreshAsCookie) headers.set(REFRESH_TRANSPORT_HEADER, REFRESH_TRANSPORT_COOKIE);
    // Double submit (spec §9): the server compares it with the cookie on cookie-borne calls.
    const xsrf = readCookie(XSRF_COOKIE_NAME, cookies());
    if (xsrf) headers.set(XSRF_HEADER_NAME, xsrf);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: controller.signal,
      });
      return { status: response.status, data: await readBody(response) };
    } catch {
      throw failure(timedOut ? ERROR_CODES.timeout : ERROR_CODES.networkError);
    } finally {
      clearTimeout(timer);
    }
  };
}
