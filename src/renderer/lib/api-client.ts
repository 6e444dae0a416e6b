import ky, { TimeoutError, type KyInstance } from 'ky';
import type { z } from 'zod';
import { paginated, type Paginated } from '../../shared/api/drf';
import { API_BASE_PATH, API_TIMEOUT_MS, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '../../shared/constants';
import { ERROR_CODES } from '../../shared/errors';
import { failure, TransportFailure, transportErrorFromAnswer } from '../../shared/transport-failure';
import { readCookie } from './cookies';
import { readBody } from './transport-error';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly (string | number)[]>;

/** DRF list query: page, page_size, ordering ('-submitted_at') and filters. */
export type ListQuery = QueryParams & { page?: number; page_size?: number; ordering?: string };

export interface ApiClientDependencies {
  getAccessToken(): string | null;
  /** The bridge's refresh (single flight in main or in the browser bridge). */
  refreshAccess(): Promise<{ access: string }>;
  onAccessRefreshed(access: string): void;
  /** The refresh failed: the session is over (spec §8). */
  onSessionExpired(): void;
  fetch?: typeof fetch;
  /** Default '/api': the desktop proxies it, the web shell is served by the API server itself. */
  baseUrl?: string;
  timeoutMs?: number;
}

interface RequestOptions {
  searchParams?: QueryParams;
  json?: unknown;
  /** A form, or raw bytes (a news cover image is sent as the image itself). */
  body?: FormData | Blob;
  /** Extra headers a call needs (the counter intake's Idempotency-Key). */
  headers?: Record<string, string>;
  /** Ends the call early (the counter outbox gives up a request that does not answer). */
  signal?: AbortSignal;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiClient {
  /** `language`: the Accept-Language of an answer ordered or worded for the reader (lists sorted by localised names). */
  get<T extends z.ZodType>(path: string, answer: T, searchParams?: QueryParams, language?: string): Promise<z.output<T>>;
  post<T extends z.ZodType>(path: string, payload: unknown, answer: T): Promise<z.output<T>>;
  put<T extends z.ZodType>(path: string, payload: unknown, answer: T): Promise<z.output<T>>;
  patch<T extends z.ZodType>(path: string, payload: unknown, answer: T): Promise<z.output<T>>;
  delete(path: string): Promise<void>;
  /** A DRF list page: `{count, next, previous, results}` of `item`. */
  list<T extends z.ZodType>(path: string, item: T, query?: ListQuery): Promise<Paginated<z.output<T>>>;
  /** The raw answer, for downloads; errors and the 401 rule apply as for every call. */
  send(method: Method, path: string, options?: RequestOptions): Promise<Response>;
}

function toSearchParams(query: QueryParams | undefined): URLSearchParams | undefined {
  if (!query) return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
  return params;
}

const relative = (path: string) => path.replace(/^\/+/, '');

export function createApiClient(deps: ApiClientDependencies): ApiClient {
  const http: KyInstance = ky.create({
    prefixUrl: deps.baseUrl ?? API_BASE_PATH,
    timeout: deps.timeoutMs ?? API_TIMEOUT_MS,
    // Retrying is our decision alone: POSTs are not idempotent, and a 401 is retried exactly once.
    retry: 0,
    throwHttpErrors: false,
    credentials: 'same-origin',
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });

  let refreshing: Promise<string> | null = null;

  function refreshOnce(): Promise<string> {
    refreshing ??= deps
      .refreshAccess()
      .then(({ access }) => {
        deps.onAccessRefreshed(access);
        return access;
      })
      .catch(() => {
        deps.onSessionExpired();
        throw failure(ERROR_CODES.sessionExpired, { status: 401 });
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function attempt(method: Method, path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers = new Headers({ ...options.headers, Accept: 'application/json' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const xsrf = readCookie(XSRF_COOKIE_NAME);
    if (xsrf) headers.set(XSRF_HEADER_NAME, xsrf);
    try {
      return await http(relative(path), {
        method,
        headers,
        searchParams: toSearchParams(options.searchParams),
        ...(options.json !== undefined ? { json: options.json } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      throw failure(error instanceof TimeoutError ? ERROR_CODES.timeout : ERROR_CODES.networkError);
    }
  }

  async function send(method: Method, path: string, options: RequestOptions = {}): Promise<Response> {
    const token = deps.getAccessToken();
    let response = await attempt(method, path, options, token);
    if (response.status === 401 && token) {
      const current = deps.getAccessToken();
      // Another request may already have refreshed while this one was in flight.
      const fresh = current && current !== token ? current : await refreshOnce();
      response = await attempt(method, path, options, fresh);
    }
    if (!response.ok) throw new TransportFailure(transportErrorFromAnswer(response.status, await readBody(response)));
    return response;
  }

  async function parse<T extends z.ZodType>(response: Response, answer: T): Promise<z.output<T>> {
    const body = await readBody(response);
    const parsed = answer.safeParse(body ?? null);
    // The server broke the contract; the person sees 'Internal server error', not a half-read answer.
    if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: response.status });
    return parsed.data;
  }

  return {
    get: async (path, answer, searchParams, language) =>
      parse(await send('get', path, { searchParams, ...(language ? { headers: { 'Accept-Language': language } } : {}) }), answer),
    post: async (path, payload, answer) => parse(await send('post', path, { json: payload }), answer),
    put: async (path, payload, answer) => parse(await send('put', path, { json: payload }), answer),
    patch: async (path, payload, answer) => parse(await send('patch', path, { json: payload }), answer),
    delete: async (path) => {
      await send('delete', path);
    },
    list: async (path, item, query) => parse(await send('get', path, { searchParams: query }), paginated(item)),
    send,
  };
}
