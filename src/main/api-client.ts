import type { z } from 'zod';
import { API_BASE_PATH, API_TIMEOUT_MS } from '../shared/constants';
import { ERROR_CODES } from '../shared/errors';
import type { SessionHttpAnswer, SessionHttpMethod, SessionRequestOptions } from '../shared/auth/session-client';
import { failure, transportErrorFromAnswer, TransportFailure } from '../shared/transport-failure';

// How main talks to our API server: JSON over fetch, a time-out on every call, and every failure
// as a TransportFailure (network_error, timeout, or the HTTP status with the server's JSON body).

export interface ApiClientOptions {
  /** The server's origin (`http://127.0.0.1:8000`); a function because it is known only once the embedded server listens. */
  serverUrl: () => Promise<string> | string;
  fetch?: typeof fetch;
}

export interface ApiClient {
  /** Any HTTP answer as `{status, data}`; rejects only when no answer came (network, time-out). */
  request(method: SessionHttpMethod, path: string, body: unknown, options?: Partial<SessionRequestOptions>): Promise<SessionHttpAnswer>;
  /** A GET whose 2xx answer must match `schema`; any other answer rejects with its TransportError. */
  get<T extends z.ZodType>(path: string, schema: T, options?: Partial<SessionRequestOptions>): Promise<z.output<T>>;
}

/** `path` (e.g. `/auth/me/`) below the API base of `serverUrl`. */
export function apiUrl(serverUrl: string, path: string): string {
  return `${serverUrl.replace(/\/+$/, '')}${API_BASE_PATH}${path.startsWith('/') ? path : `/${path}`}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page is not an answer we can show.
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? fetch;

  async function request(
    method: SessionHttpMethod,
    path: string,
    body: unknown,
    callOptions: Partial<SessionRequestOptions> = {},
  ): Promise<SessionHttpAnswer> {
    const timeoutMs = callOptions.timeoutMs ?? API_TIMEOUT_MS;
    let url: string;
    try {
      url = apiUrl(await options.serverUrl(), path);
    } catch (thrown) {
      // No server to call (the embedded one failed to start): the same as an unreachable one.
      throw failure(ERROR_CODES.networkError, { message: thrown instanceof Error ? thrown.message : undefined });
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (callOptions.accessToken) headers.Authorization = `Bearer ${callOptions.accessToken}`;

    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await doFetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        redirect: 'error',
      });
      return { status: response.status, data: await readJson(response) };
    } catch {
      if (signal.aborted) throw failure(ERROR_CODES.timeout);
      throw failure(ERROR_CODES.networkError);
    }
  }

  return {
    request,
    async get(path, schema, callOptions) {
      const answer = await request('GET', path, undefined, callOptions);
      if (answer.status < 200 || answer.status >= 300) throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.data));
      const parsed = schema.safeParse(answer.data);
      if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: answer.status });
      return parsed.data;
    },
  };
}
