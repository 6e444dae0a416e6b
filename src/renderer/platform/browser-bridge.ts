import { healthAnswer, SYSTEM_PATHS } from '../../shared/api/system';
import { createSessionClient, type RefreshCookieSession } from '../../shared/auth/session-client';
import type { NaricBridge } from '../../shared/bridge';
import { API_BASE_PATH, API_TIMEOUT_MS, LANGUAGE_STORAGE_KEY } from '../../shared/constants';
import { ERROR_CODES } from '../../shared/errors';
import { settingsPatch, type AppInfo, type IpcEvent, type IpcEventPayload } from '../../shared/ipc/contract';
import { failure, TransportFailure, transportErrorFromAnswer } from '../../shared/transport-failure';
import { version } from '../../../package.json';
import type { User } from '../../shared/api/auth';
import type { Session } from '../../shared/ipc/contract';
import { disabledUpdateState } from '../../shared/ipc/update-contract';
import { createBrowserCounter } from './browser-counter';
import { createBrowserRequest } from './browser-request';
import { mayHaveCookieSession, readBrowserSettings } from './browser-session-probe';
import { createBrowserTransfer, type BrowserTransferOptions } from './browser-transfer';

export interface BrowserBridgeOptions {
  fetch?: typeof fetch;
  /** Where the language is kept; never tokens. */
  storage?: Storage;
  baseUrl?: string;
  openWindow?(url: string): void;
  /** The page-readable cookies (document.cookie); tests pass their own. */
  cookies?: () => string;
  /** Serialises refreshes across tabs (navigator.locks); null runs them unserialised. */
  locks?: Pick<LockManager, 'request'> | null;
  /** Replaces parts of the file transfers (tests: the XHR, the file picker, saving). */
  transfer?: Partial<Pick<BrowserTransferOptions, 'createXhr' | 'pickFile' | 'saveBlob' | 'openViewer' | 'progressIntervalMs' | 'maxRetries'>>;
}

type Listener = (payload: never) => void;

/** One name for every tab of the origin: they share one refresh cookie, so one refresh at a time. */
export const REFRESH_LOCK_NAME = 'naric-session-refresh';

/**
 * The bridge of the web shell: same-origin fetch, the access token in this page's memory only,
 * the refresh token in an HttpOnly cookie the server sets (page JavaScript never sees it; a
 * reload or a new tab restores the session from it), the language in localStorage.
 */
export function createBrowserBridge(options: BrowserBridgeOptions = {}): NaricBridge {
  const storage = options.storage ?? globalThis.localStorage;
  const baseUrl = options.baseUrl ?? API_BASE_PATH;

  const openWindow = options.openWindow ?? ((url: string) => void window.open(url, '_blank', 'noopener,noreferrer'));
  const listeners = new Map<IpcEvent, Set<Listener>>();

  const cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  const request = createBrowserRequest(options.fetch, baseUrl, cookies);
  const locks = options.locks === undefined ? (globalThis.navigator?.locks ?? null) : options.locks;
  let access: string | null = null;
  const refreshCookie: RefreshCookieSession = {
    mayExist: () => mayHaveCookieSession(cookies),
    keepAccess: (next) => {
      access = next;
    },
    // Two tabs refreshing with the same cookie at once would look like a stolen token (reuse
    // ends the session): the second waits, then presents the cookie the first one rotated.
    ...(locks ? { exclusive: <T>(work: () => Promise<T>) => locks.request(REFRESH_LOCK_NAME, work) as Promise<T> } : {}),
  };

  // Who is signed in: the counter answers that user's drafts key and files only.
  let user: User | null = null;
  const opened = (next: Session): Session => {
    user = next.user;
    return next;
  };

  const emit = <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => {
    if (event === 'session:ended') user = null;
    for (const listener of listeners.get(event) ?? []) (listener as (payload: IpcEventPayload<E>) => void)(payload);
  };

  const session = createSessionClient({
    request,
    refreshCookie,
    onSessionEnded: (payload) => emit('session:ended', payload),
    persistence: 'cookie',
    log: (message, detail) => console.warn(message, detail),
  });

  const transfer = createBrowserTransfer({
    ...options.transfer,
    baseUrl,
    request,
    accessToken: () => access,
    refresh: () => session.refresh(),
    emit: (progress) => emit('transfer:progress', progress),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const counter = createBrowserCounter({
    currentUser: () => user,
    apiOrigin: () => new URL(baseUrl, globalThis.location?.href ?? 'http://localhost/').origin,
    baseUrl,
    transfer,
  });

  const readSettings = () => readBrowserSettings(storage);

  return {
    app: {
      async info(): Promise<AppInfo> {
        return {
          version,
          shell: 'web',
          os: navigator.platform || navigator.userAgent,
          apiBaseUrl: new URL(baseUrl, window.location.href).href,
          embeddedServer: false,
          sessionPersistence: 'cookie',
        };
      },
    },
    settings: {
      async get() {
        return readSettings();
      },
      async set(patch) {
        const parsed = settingsPatch.safeParse(patch);
        if (!parsed.success) throw failure(ERROR_CODES.validation, { body: { issues: parsed.error.issues } });
        // The web shell is served by its API server: there is no other server to choose.
        if (parsed.data.serverUrl) {
          throw failure(ERROR_CODES.validation, { body: { serverUrl: ['The server address can only be chosen in the desktop application.'] } });
        }
        if (parsed.data.language) storage.setItem(LANGUAGE_STORAGE_KEY, parsed.data.language);
        return readSettings();
      },
    },
    system: {
      async health() {
        const answer = await request('GET', SYSTEM_PATHS.health, undefined, { timeoutMs: API_TIMEOUT_MS });
        const parsed = healthAnswer.safeParse(answer.data);
        // 503 still carries the health report: the database or storage is down, not the API.
        if (parsed.success) return parsed.data;
        if (answer.status >= 200 && answer.status < 300) throw failure(ERROR_CODES.serverError, { status: answer.status });
        throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.data));
      },
    },
    auth: {
      async restore() {
        const restored = await session.restore();
        user = restored ? restored.user : null;
        return restored;
      },
      async login(credentials) {
        const outcome = await session.login(credentials);
        if (outcome.kind === 'signed_in') opened(outcome.session);
        return outcome;
      },
      verifyTwoFactor: async (verification) => opened(await session.verifyTwoFactor(verification)),
      setupTwoFactor: (setup) => session.setupTwoFactor(setup),
      async confirmTwoFactor(confirmation) {
        const confirmed = await session.confirmTwoFactor(confirmation);
        opened(confirmed.session);
        return confirmed;
      },
      refresh: () => session.refresh(),
      changePassword: (change) => session.changePassword(change),
      async logout() {
        try {
          await session.logout();
        } finally {
          user = null;
        }
      },
    },
    external: {
      async open(url) {
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          throw failure(ERROR_CODES.validation, { body: { url: ['Invalid format'] } });
        }
        if (!['https:', 'http:', 'mailto:'].includes(target.protocol)) {
          throw failure(ERROR_CODES.validation, { body: { url: ['Invalid format'] } });
        }
        openWindow(target.href);
      },
    },
    transfer: {
      limits: transfer.limits,
      choosePdf: transfer.choosePdf,
      dropPdf: transfer.dropPdf,
      upload: transfer.upload,
      cancel: transfer.cancel,
      download: transfer.download,
      open: transfer.open,
      preview: transfer.preview,
    },
    counter,
    // The page is served by the server it talks to, so it is always that server's version.
    updates: {
      state: async () => disabledUpdateState(version, 'browser'),
      check: async () => disabledUpdateState(version, 'browser'),
      restart: async () => ({ outcome: 'nothing_to_install' }),
      answerRestart: async () => undefined,
      setChannel: async () => {
        throw failure(ERROR_CODES.permissionDenied, { body: { detail: 'Updates are not available in the browser.' } });
      },
    },
    backups: {
      backUpNow: desktopOnlyBackups,
      chooseRestore: desktopOnlyBackups,
      restore: desktopOnlyBackups,
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      return () => {
        set.delete(listener as Listener);
      };
    },
  };
}

/** A browser names no archive on the server's computer, and restarts no server. */
async function desktopOnlyBackups(): Promise<never> {
  throw failure(ERROR_CODES.conflict, { status: 409, body: { code: 'backup_embedded_only', detail: 'Backups are made and restored in the desktop app.' } });
}
