import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeError, type NaricBridge } from '../../../../src/shared/bridge';
import { beginSession, currentUserAtom, endSession } from '../../../../src/renderer/lib/session';
import { useServerReachable } from '../../../../src/renderer/features/offline-intake/connection';
import { useCounterStore } from '../../../../src/renderer/features/offline-intake/use-counter-store';
import { fakeBridge, makeSession, makeUser } from '../fixtures';
import { filledDraft, OWNER_A, OWNER_B, randomKeyText } from './counter-fixtures';

// The hooks that bind the store to the signed-in officer and share whether the server answers.

afterEach(() => {
  delete window.naric;
});

function wrapperFor(store: ReturnType<typeof createStore>) {
  return ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
}

describe('useCounterStore', () => {
  it('gives each signed-in user their own store and drops it at sign-out', async () => {
    const keys = new Map([
      [1, { owner: OWNER_A, key: randomKeyText() }],
      [2, { owner: OWNER_B, key: randomKeyText() }],
    ]);
    const jotai = createStore();
    const alice = makeUser({ id: 1, username: 'alice', is_superuser: true });
    const bob = makeUser({ id: 2, username: 'bob', is_superuser: true });
    // The bridge answers the key of whoever is signed in, as main does.
    window.naric = fakeBridge({
      counter: {
        draftKey: async () => keys.get(jotai.get(currentUserAtom)!.id)!,
      },
    });
    beginSession(jotai, makeSession(alice));
    const { result } = renderHook(() => useCounterStore(), { wrapper: wrapperFor(jotai) });
    await waitFor(() => expect(result.current.store?.owner).toBe(OWNER_A));
    const aliceStore = result.current.store!;
    const draft = await aliceStore.saveDraft(filledDraft(aliceStore));

    act(() => beginSession(jotai, makeSession(bob)));
    await waitFor(() => expect(result.current.store?.owner).toBe(OWNER_B));
    expect(await result.current.store!.listDrafts()).toEqual([]);
    expect(await result.current.store!.loadDraft(draft.id)).toBeNull();

    act(() => endSession(jotai, 'logged_out'));
    expect(result.current).toEqual({ store: null, catalogue: null, error: null });
  });

  it('answers why there is no store when the key cannot be had', async () => {
    const jotai = createStore();
    window.naric = fakeBridge({
      counter: { draftKey: () => Promise.reject(new BridgeError({ code: 'server_error', message: 'Keychain locked' })) },
    });
    beginSession(jotai, makeSession(makeUser({ id: 3, is_superuser: true })));
    const { result } = renderHook(() => useCounterStore(), { wrapper: wrapperFor(jotai) });
    await waitFor(() => expect(result.current.error?.kind).toBe('unavailable'));
    expect(result.current.store).toBeNull();
  });
});

describe('useServerReachable', () => {
  it('is shared by every caller and follows the health answers and the network events', async () => {
    let up = false;
    let calls = 0;
    const bridge: NaricBridge = fakeBridge({
      system: {
        health: async () => {
          calls += 1;
          if (!up) throw new BridgeError({ code: 'network_error', message: 'Network error' });
          return { status: 'ok', database: { status: 'ok' }, storage: { status: 'ok' } };
        },
      },
    });
    window.naric = bridge;
    const jotai = createStore();
    const { result } = renderHook(() => [useServerReachable(), useServerReachable()] as const, { wrapper: wrapperFor(jotai) });
    await waitFor(() => expect(result.current[0].reachable).toBe(false));
    expect(result.current[1]).toEqual(result.current[0]);
    expect(calls).toBe(1);

    up = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current[0].reachable).toBe(true));

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current[1].reachable).toBe(false);
  });
});
