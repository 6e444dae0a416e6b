import { describe, expect, it, vi } from 'vitest';
import { chunkLoader } from '../../../src/renderer/lib/chunk-loader';
import { createDeferredBrowserBridge } from '../../../src/renderer/platform/deferred-browser-bridge';
import type { NaricBridge } from '../../../src/shared/bridge';
import { LANGUAGE_STORAGE_KEY } from '../../../src/shared/constants';
import type { IpcEventPayload } from '../../../src/shared/ipc/contract';
import { transportErrorOf } from '../../../src/shared/transport-failure';
import { fakeBridge, makeSession } from './fixtures';

type EndedListener = (payload: IpcEventPayload<'session:ended'>) => void;

/** A real bridge stand-in that records its event subscriptions, so a test can emit through it. */
function loadedBridge(overrides: Parameters<typeof fakeBridge>[0] = {}) {
  const subscribed: EndedListener[] = [];
  const bridge = fakeBridge({
    ...overrides,
    on: ((event: string, listener: EndedListener) => {
      if (event === 'session:ended') subscribed.push(listener);
      return () => {};
    }) as NaricBridge['on'],
  });
  const emitEnded = (payload: IpcEventPayload<'session:ended'>) => subscribed.forEach((listener) => listener(payload));
  return { bridge, subscribed, emitEnded };
}

function storageWith(language: string | null): Storage {
  const storage = new Map<string, string>();
  if (language) storage.set(LANGUAGE_STORAGE_KEY, language);
  return {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
  } as Storage;
}

describe('the web shell bridge as the first screen gets it', () => {
  it('answers the saved language and a restore without a session cookie without fetching the bridge', async () => {
    const load = vi.fn(async () => loadedBridge().bridge);
    const bridge = createDeferredBrowserBridge({ load, storage: storageWith('sq'), cookies: () => 'other=1' });

    expect(await bridge.settings.get()).toEqual({ serverUrl: null, language: 'sq' });
    expect(await bridge.auth.restore()).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('restores through the real bridge when the XSRF cookie says a cookie session may exist', async () => {
    const session = makeSession();
    const restore = vi.fn(async () => session);
    const load = vi.fn(async () => loadedBridge({ auth: { restore } }).bridge);
    const bridge = createDeferredBrowserBridge({ load, storage: storageWith(null), cookies: () => 'XSRF-TOKEN=abc' });

    expect(await bridge.auth.restore()).toBe(session);
    expect(restore).toHaveBeenCalledTimes(1);
  });

  it('fetches the bridge once and hands every call to it with its arguments', async () => {
    const login = vi.fn(async () => ({ kind: 'signed_in' as const, session: makeSession() }));
    const cancel = vi.fn(async () => {});
    const load = vi.fn(async () => loadedBridge({ auth: { login }, transfer: { cancel } }).bridge);
    const bridge = createDeferredBrowserBridge({ load, storage: storageWith(null), cookies: () => '' });

    await Promise.all([bridge.auth.login({ username: 'officer', password: 'secret' }), bridge.transfer.cancel('t-1')]);
    await bridge.auth.login({ username: 'admin', password: 'other' });

    expect(load).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenNthCalledWith(1, { username: 'officer', password: 'secret' });
    expect(login).toHaveBeenNthCalledWith(2, { username: 'admin', password: 'other' });
    expect(cancel).toHaveBeenCalledWith('t-1');
  });

  it('passes on the events of the real bridge to listeners subscribed before and after it loaded', async () => {
    const real = loadedBridge({ auth: { refresh: async () => ({ access: 'a-2' }) } });
    const bridge = createDeferredBrowserBridge({ load: async () => real.bridge, storage: storageWith(null), cookies: () => '' });
    const early = vi.fn();
    const late = vi.fn();
    const unsubscribeEarly = bridge.on('session:ended', early);

    await bridge.auth.refresh();
    bridge.on('session:ended', late);
    real.emitEnded({ reason: 'expired' });
    unsubscribeEarly();
    real.emitEnded({ reason: 'logged_out' });

    expect(real.subscribed).toHaveLength(1);
    expect(early.mock.calls).toEqual([[{ reason: 'expired' }]]);
    expect(late.mock.calls).toEqual([[{ reason: 'expired' }], [{ reason: 'logged_out' }]]);
  });

  it('rejects a call as a network error when the bridge cannot be fetched, and tries again on the next call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const login = vi.fn(async () => ({ kind: 'two_factor_required' as const, method: 'totp' as const, username: 'naric.admin', challenge: 'c-1' }));
    const load = vi
      .fn<() => Promise<NaricBridge>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(loadedBridge({ auth: { login } }).bridge);
    const bridge = createDeferredBrowserBridge({ load, storage: storageWith(null), cookies: () => '' });

    const first = await bridge.auth.login({ username: 'naric.admin', password: 'x' }).catch((error: unknown) => error);
    expect(transportErrorOf(first)?.code).toBe('network_error');
    expect(await bridge.auth.login({ username: 'naric.admin', password: 'x' })).toEqual({ kind: 'two_factor_required', method: 'totp', username: 'naric.admin', challenge: 'c-1' });
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('chunkLoader', () => {
  it('shares one load among concurrent callers', async () => {
    const load = vi.fn(async () => ({ ready: true }));
    const loader = chunkLoader(load);
    const [a, b] = await Promise.all([loader(), loader()]);
    expect(a).toBe(b);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
