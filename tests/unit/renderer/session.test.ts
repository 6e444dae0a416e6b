import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'jotai';
import {
  beginSession,
  currentUserAtom,
  followSessionEvents,
  reloadCurrentUser,
  restoreSession,
  sessionAtom,
  sessionEndReasonAtom,
  sessionStatusAtom,
} from '../../../src/renderer/lib/session';
import type { NaricBridge } from '../../../src/shared/bridge';
import type { IpcEventPayload } from '../../../src/shared/ipc/contract';
import { failure } from '../../../src/shared/transport-failure';
import { fakeBridge, makeSession, makeUser } from './fixtures';

describe('startup (spec §1)', () => {
  it('opens the restored session', async () => {
    const store = createStore();
    const session = makeSession();
    const restoring = restoreSession(store, fakeBridge({ auth: { restore: async () => session } }));
    expect(store.get(sessionStatusAtom)).toBe('loading');
    await restoring;
    expect(store.get(sessionStatusAtom)).toBe('signed_in');
    expect(store.get(sessionAtom)).toEqual(session);
  });

  it('starts signed out when nothing is stored', async () => {
    const store = createStore();
    await restoreSession(store, fakeBridge({ auth: { restore: async () => null } }));
    expect(store.get(sessionStatusAtom)).toBe('signed_out');
  });

  it('only logs a failure and starts signed out', async () => {
    const store = createStore();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(restoreSession(store, fakeBridge({ auth: { restore: () => Promise.reject(failure('network_error')) } }))).resolves.toBeUndefined();
    expect(store.get(sessionStatusAtom)).toBe('signed_out');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('loading the current user (spec §8)', () => {
  it('replaces the user on success', async () => {
    const store = createStore();
    beginSession(store, makeSession(makeUser({ two_factor_enabled: false })));
    const user = await reloadCurrentUser(store, fakeBridge(), async () => makeUser({ two_factor_enabled: true }));
    expect(user?.two_factor_enabled).toBe(true);
    expect(store.get(currentUserAtom)?.two_factor_enabled).toBe(true);
  });

  it.each([
    ['a server error', failure('server_error', { status: 500 })],
    ['a network error', failure('network_error')],
    ['a 403', failure('permission_denied', { status: 403 })],
  ])('signs the user out on %s', async (_case, error) => {
    const store = createStore();
    beginSession(store, makeSession());
    const logout = vi.fn(async () => {});
    await reloadCurrentUser(store, fakeBridge({ auth: { logout } }), () => Promise.reject(error));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(store.get(sessionAtom)).toBeNull();
    expect(store.get(sessionStatusAtom)).toBe('signed_out');
  });

  it('leaves a 401 to the refresh rule of the API client', async () => {
    const store = createStore();
    beginSession(store, makeSession());
    const logout = vi.fn(async () => {});
    await reloadCurrentUser(store, fakeBridge({ auth: { logout } }), () => Promise.reject(failure('not_authenticated', { status: 401 })));
    expect(logout).not.toHaveBeenCalled();
    expect(store.get(sessionStatusAtom)).toBe('signed_in');
  });
});

describe('session events from the bridge', () => {
  it('ends the session with the reason main gives', () => {
    const store = createStore();
    beginSession(store, makeSession());
    let emit: (payload: IpcEventPayload<'session:ended'>) => void = () => {};
    const on = ((event: string, listener: typeof emit) => {
      expect(event).toBe('session:ended');
      emit = listener;
      return () => {};
    }) as NaricBridge['on'];
    followSessionEvents(store, fakeBridge({ on }));
    emit({ reason: 'expired' });
    expect(store.get(sessionAtom)).toBeNull();
    expect(store.get(sessionEndReasonAtom)).toBe('expired');
  });
});
