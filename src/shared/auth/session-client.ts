import { z } from 'zod';
import {
  AUTH_PATHS,
  adminTwoFactorConfirmAnswer,
  loginAnswer,
  meAnswer,
  refreshOrSetupAnswer,
  signedInAnswer,
  tokenPair,
  twoFactorSetupAnswer,
  type ChangePasswordRequest,
  type LoginRequest,
  type TwoFactorMethod,
  type TwoFactorSetupAnswer,
  type User,
} from '../api/auth';
import { API_TIMEOUT_MS, TOKEN_REFRESH_TIMEOUT_MS } from '../constants';
import { ERROR_CODES, type ErrorCode } from '../errors';
import type { IpcEventPayload, Session, SessionPersistence, SetupConfirmed, SignInOutcome } from '../ipc/contract';
import { failure, transportErrorFromAnswer, transportErrorOf, TransportFailure } from '../transport-failure';

// The sign-in side of the session (spec §4, §7, §8), shared by the desktop main process (tokens
// in the OS keychain, the refresh token sent in the body) and the browser shell (the access token
// in memory, the refresh token in an HttpOnly cookie the page never sees). It knows no transport:
// the caller passes `request`, so this file runs anywhere.

export type SessionHttpMethod = 'GET' | 'POST';

export interface SessionRequestOptions {
  timeoutMs: number;
  /** Sent as `Authorization: Bearer <accessToken>` when present. */
  accessToken?: string;
  /** Cookie mode: send REFRESH_TRANSPORT_HEADER so the server answers the refresh token as a cookie. */
  refreshAsCookie?: boolean;
}

/** Any HTTP answer, 2xx or not; `data` is the parsed JSON body (undefined when there is none). */
export interface SessionHttpAnswer {
  status: number;
  data: unknown;
}

/**
 * Calls the API server. `path` is one of AUTH_PATHS, relative to the API base (…/api). Resolves
 * with every HTTP answer, errors included; rejects only when there is no answer (network
 * failure, time-out) with a TransportFailure or another value carrying a TransportError.
 */
export type SessionRequest = (
  method: SessionHttpMethod,
  path: string,
  body: unknown,
  options: SessionRequestOptions,
) => Promise<SessionHttpAnswer>;

export interface SessionTokenStore {
  getRefresh(): Promise<string | null>;
  save(access: string, refresh: string): Promise<void>;
  /** Forgets the tokens and the kept user. */
  clear(): Promise<void>;
  /**
   * The desktop keeps the signed-in user's profile next to the tokens, so that a restart while
   * the server cannot be reached reopens the session offline (the counter's drafts belong to it).
   */
  saveUser?(user: User): Promise<void>;
  getUser?(): Promise<User | null>;
  getAccess?(): Promise<string | null>;
}

/**
 * The browser shell's side of a cookie session: the server holds the refresh token in an HttpOnly
 * cookie, so only the access token is kept here.
 */
export interface RefreshCookieSession {
  /** Whether a cookie session may exist (the page-readable XSRF-TOKEN cookie is there). */
  mayExist(): boolean;
  keepAccess(access: string | null): void;
  /** Runs a refresh alone among this browser's tabs, which share one cookie (Web Locks). */
  exclusive?<T>(work: () => Promise<T>): Promise<T>;
}

interface SessionClientCommonOptions {
  request: SessionRequest;
  onSessionEnded: (payload: IpcEventPayload<'session:ended'>) => void;
  /** Where tokens live; a function when it is only known once the store has been used. */
  persistence: SessionPersistence | (() => SessionPersistence);
  /** Failures that are handled, not thrown (restore, logout), are reported here. */
  log?: (message: string, detail?: unknown) => void;
}

export type SessionClientOptions = SessionClientCommonOptions &
  ({ tokens: SessionTokenStore; refreshCookie?: undefined } | { refreshCookie: RefreshCookieSession; tokens?: undefined });

export interface SessionClient {
  login(request: LoginRequest): Promise<SignInOutcome>;
  verifyTwoFactor(request: { username: string; code: string; is_backup_code?: boolean; challenge: string }): Promise<Session>;
  setupTwoFactor(request: { method: TwoFactorMethod; challenge: string }): Promise<TwoFactorSetupAnswer>;
  confirmTwoFactor(request: { code: string; challenge: string }): Promise<SetupConfirmed>;
  /**
   * One refresh in flight at a time, shared by every caller; the refresh token rotates. When the
   * server answers that two-factor set-up is now owed, the session ends with the set-up's challenge
   * (`session:ended`, reason `two_factor_setup_required`) and the call fails as an expired session.
   */
  refresh(): Promise<{ access: string }>;
  /**
   * Changes the password over this session. The server ends every session of the user and
   * answers a new pair, which this session takes over: it goes on, the others end.
   */
  changePassword(request: ChangePasswordRequest): Promise<{ access: string }>;
  /**
   * Startup: a stored refresh token opens a session; any failure is logged and gives null. When
   * the server cannot be reached (no answer, a time-out, a gateway's 502/503/504) and the store
   * kept the last user, that user's session opens offline instead: the stored access token (or
   * ''), which the first answer from the server refreshes. A refusal (401/403) still gives null.
   */
  restore(): Promise<Session | null>;
  /** Tells the server, then forgets the tokens even if the server could not be told. */
  logout(): Promise<void>;
}

/** No answer from the server, or a gateway's word that it is not there: not a refusal. */
export function isServerUnreachable(error: { code: string; status?: number } | null): boolean {
  if (!error) return false;
  if (error.code === ERROR_CODES.networkError || error.code === ERROR_CODES.timeout) return true;
  return error.status === 502 || error.status === 503 || error.status === 504;
}

const meAnswerEither = z.union([meAnswer, z.object({ user: meAnswer }).transform((answer) => answer.user)]);

export function createSessionClient(options: SessionClientOptions): SessionClient {
  const { request, onSessionEnded } = options;
  const cookie = options.refreshCookie ?? null;
  const tokens: SessionTokenStore = options.tokens ?? {
    getRefresh: async () => null,
    save: async (access) => cookie?.keepAccess(access),
    clear: async () => cookie?.keepAccess(null),
  };
  const log = options.log ?? (() => {});
  const persistence = (): SessionPersistence =>
    typeof options.persistence === 'function' ? options.persistence() : options.persistence;

  // Kept only to authenticate the logout call; the renderer holds its own copy.
  let lastAccess: string | null = null;
  let refreshInFlight: Promise<{ access: string }> | null = null;
  // While a password change is under way the refresh token is about to be revoked and replaced:
  // a refresh started then waits for the new one rather than race the change with the old one.
  let passwordChange: Promise<unknown> | null = null;

  async function call<T extends z.ZodType>(
    method: SessionHttpMethod,
    path: string,
    body: unknown,
    answerSchema: T,
    how: { timeoutMs?: number; accessToken?: string; codeByStatus?: Partial<Record<number, ErrorCode>>; refreshAsCookie?: boolean } = {},
  ): Promise<z.output<T>> {
    let answer: SessionHttpAnswer;
    try {
      answer = await request(method, path, body, {
        timeoutMs: how.timeoutMs ?? API_TIMEOUT_MS,
        ...(how.accessToken ? { accessToken: how.accessToken } : {}),
        ...(cookie ? { refreshAsCookie: true } : {}),
      });
    } catch (thrown) {
      const error = transportErrorOf(thrown);
      throw error ? new TransportFailure(error) : failure(ERROR_CODES.networkError);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.data, how.codeByStatus));
    }
    const parsed = answerSchema.safeParse(answer.data);
    if (!parsed.success) {
      // The server broke the contract: say so without guessing at a session.
      throw failure(ERROR_CODES.serverError, { status: answer.status, body: { issues: z.treeifyError(parsed.error) } });
    }
    return parsed.data;
  }

  /** Keeps a new pair: both tokens (body mode), or the access token only (the cookie has the other). */
  async function keepPair(pair: { access: string; refresh?: string | undefined }, status = 200): Promise<void> {
    if (cookie) {
      cookie.keepAccess(pair.access);
    } else {
      // The desktop never asks for a cookie: a pair without its refresh token breaks the contract.
      if (!pair.refresh) throw failure(ERROR_CODES.serverError, { status, body: { refresh: ['missing'] } });
      await tokens.save(pair.access, pair.refresh);
    }
    lastAccess = pair.access;
  }

  async function keepUser(user: User): Promise<void> {
    await tokens.saveUser?.(user).catch((saveError: unknown) => log('could not keep the signed-in user', saveError));
  }

  async function openSession(pair: { access: string; refresh?: string | undefined }, user: User): Promise<Session> {
    await keepPair(pair);
    await keepUser(user);
    return { user, access: pair.access, persistence: persistence() };
  }

  /** The last signed-in user's session, opened without the server; null when none was kept. */
  async function offlineSession(): Promise<Session | null> {
    if (cookie || !tokens.getUser || !(await tokens.getRefresh())) return null;
    const user = await tokens.getUser().catch(() => null);
    if (!user) return null;
    const access = (await tokens.getAccess?.().catch(() => null)) ?? '';
    lastAccess = access || null;
    return { user, access, persistence: persistence() };
  }

  async function refreshOnce(): Promise<{ access: string }> {
    const refresh = cookie ? null : await tokens.getRefresh();
    // Nothing to refresh with: no stored token, or (cookie mode) the cookies were cleared, e.g. by
    // a logout in another tab.
    if (cookie ? !cookie.mayExist() : !refresh) {
      onSessionEnded({ reason: 'expired' });
      throw failure(ERROR_CODES.sessionExpired, { status: 401 });
    }
    let answer: z.output<typeof refreshOrSetupAnswer>;
    try {
      const send = () =>
        call('POST', AUTH_PATHS.tokenRefresh, refresh ? { refresh } : {}, refreshOrSetupAnswer, { timeoutMs: TOKEN_REFRESH_TIMEOUT_MS });
      answer = await (cookie?.exclusive ? cookie.exclusive(send) : send());
    } catch (thrown) {
      const error = transportErrorOf(thrown);
      // A cookie refresh refused for its XSRF token (403) is as final as a refused token.
      if (error?.status === 401 || (cookie && error?.status === 403)) {
        // A refused refresh token is final (spec §8): forget both tokens and end the session.
        lastAccess = null;
        await tokens.clear().catch((clearError: unknown) => log('could not clear the stored tokens', clearError));
        // The server's session_expired: the session reached its idle timeout or its lifetime (the sign-in screen says so).
        onSessionEnded({ reason: error.code === ERROR_CODES.sessionExpired ? 'timed_out' : 'expired' });
        throw failure(ERROR_CODES.sessionExpired, { status: 401, body: error.body });
      }
      throw thrown;
    }
    if ('requires_2fa_setup' in answer) return setupOwed(answer.challenge);
    await keepPair(answer);
    return { access: answer.access };
  }

  /** The server ended the session because two-factor set-up is owed: the sign-in screen takes over. */
  async function setupOwed(challenge: string): Promise<never> {
    lastAccess = null;
    await tokens.clear().catch((clearError: unknown) => log('could not clear the stored tokens', clearError));
    onSessionEnded({ reason: 'two_factor_setup_required', challenge });
    throw failure(ERROR_CODES.sessionExpired, { status: 401 });
  }

  function sharedRefresh(): Promise<{ access: string }> {
    refreshInFlight ??= refreshOnce().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function changePasswordOnce(change: ChangePasswordRequest): Promise<{ access: string }> {
    // A refresh already under way rotates the pair first; the change then uses the result.
    await refreshInFlight?.catch(() => {});
    const send = (accessToken: string) =>
      call('POST', AUTH_PATHS.changePassword, change, tokenPair, { accessToken });
    let pair: z.output<typeof tokenPair>;
    try {
      pair = await send(lastAccess ?? (await sharedRefresh()).access);
    } catch (thrown) {
      // An expired access token: the same rule as every API call, one refresh and one retry.
      if (transportErrorOf(thrown)?.status !== 401) throw thrown;
      pair = await send((await sharedRefresh()).access);
    }
    await keepPair(pair);
    return { access: pair.access };
  }

  const client: SessionClient = {
    async login(credentials) {
      const answer = await call('POST', AUTH_PATHS.adminLogin, credentials, loginAnswer, {
        codeByStatus: { 401: ERROR_CODES.invalidCredentials },
      });
      if ('requires_2fa' in answer) {
        return { kind: 'two_factor_required', method: answer.two_factor_method, username: answer.username, challenge: answer.challenge };
      }
      if ('requires_2fa_setup' in answer) {
        return { kind: 'two_factor_setup_required', challenge: answer.challenge };
      }
      return { kind: 'signed_in', session: await openSession(answer, answer.user) };
    },

    async verifyTwoFactor(verification) {
      const body = { is_backup_code: false, ...verification };
      const answer = await call('POST', AUTH_PATHS.adminTwoFactorVerify, body, signedInAnswer, {
        codeByStatus: { 400: ERROR_CODES.twoFactorInvalid, 401: ERROR_CODES.twoFactorInvalid },
      });
      return openSession(answer, answer.user);
    },

    async setupTwoFactor(setup) {
      return call('POST', AUTH_PATHS.adminTwoFactorSetup, setup, twoFactorSetupAnswer);
    },

    async confirmTwoFactor(confirmation) {
      const answer = await call('POST', AUTH_PATHS.adminTwoFactorConfirm, confirmation, adminTwoFactorConfirmAnswer, {
        codeByStatus: { 400: ERROR_CODES.twoFactorInvalid, 401: ERROR_CODES.twoFactorInvalid },
      });
      const session = await openSession(answer, answer.user);
      return { session, backup_codes: answer.backup_codes };
    },

    refresh() {
      if (!passwordChange) return sharedRefresh();
      return passwordChange.catch(() => {}).then(sharedRefresh);
    },

    changePassword(change) {
      const running = changePasswordOnce(change);
      passwordChange = running;
      const settled = () => {
        if (passwordChange === running) passwordChange = null;
      };
      running.then(settled, settled);
      return running;
    },

    async restore() {
      try {
        if (cookie ? !cookie.mayExist() : !(await tokens.getRefresh())) return null;
        const { access } = await client.refresh();
        try {
          const user = await call('GET', AUTH_PATHS.me, undefined, meAnswerEither, { accessToken: access });
          await keepUser(user);
          return { user, access, persistence: persistence() };
        } catch (meError) {
          // Loading the user failed after a good refresh: the user is signed out (spec §8),
          // unless the server went away in between (then the offline session below applies).
          if (!isServerUnreachable(transportErrorOf(meError))) {
            lastAccess = null;
            await tokens.clear().catch((clearError: unknown) => log('could not clear the stored tokens', clearError));
          }
          throw meError;
        }
      } catch (thrown) {
        const error = transportErrorOf(thrown);
        log('startup sign-in failed', error ?? thrown);
        if (!isServerUnreachable(error)) return null;
        const offline = await offlineSession();
        if (offline) log('the server cannot be reached: the last signed-in user goes on offline');
        return offline;
      }
    },

    async logout() {
      try {
        const refresh = cookie ? null : await tokens.getRefresh();
        if (refresh || cookie?.mayExist()) {
          // Cookie mode: no body token; the server ends the cookie's session and clears the cookie.
          await call('POST', AUTH_PATHS.logout, refresh ? { refresh_token: refresh } : {}, z.unknown(), {
            ...(lastAccess ? { accessToken: lastAccess } : {}),
          });
        }
      } catch (thrown) {
        log('the server could not be told about the logout', transportErrorOf(thrown) ?? thrown);
      } finally {
        lastAccess = null;
        await tokens.clear().catch((clearError: unknown) => log('could not clear the stored tokens', clearError));
        onSessionEnded({ reason: 'logged_out' });
      }
    },
  };
  return client;
}
