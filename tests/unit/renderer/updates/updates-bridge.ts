import { act } from '@testing-library/react';
import type { NaricBridge } from '../../../../src/shared/bridge';
import type { IpcEvent, IpcEventPayload } from '../../../../src/shared/ipc/contract';
import type { UpdateState } from '../../../../src/shared/ipc/update-contract';
import { fakeBridge } from '../fixtures';

/** A desktop's update state: updates on, nothing checked yet, then `overrides`. */
export function makeUpdateState(overrides: Partial<UpdateState> = {}): UpdateState {
  return {
    current_version: '1.4.0',
    channel: 'stable',
    phase: 'idle',
    disabled_reason: null,
    available_version: null,
    progress: null,
    last_check: null,
    manual_update_url: null,
    may_change_channel: false,
    ...overrides,
  };
}

type BridgeOverrides = { [K in keyof NaricBridge]?: Partial<NaricBridge[K]> };

/** Installs a fake bridge whose `updates` the test scripts, and lets the test send main's events. */
export function updatesBridge(updates: Partial<NaricBridge['updates']>, others: BridgeOverrides = {}) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const bridge = fakeBridge({
    ...others,
    updates,
    on: ((event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    }) as NaricBridge['on'],
  });
  window.naric = bridge;
  const emit = <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) =>
    act(() => {
      listeners.get(event)?.forEach((listener) => listener(payload));
    });
  const listening = (event: IpcEvent) => (listeners.get(event)?.size ?? 0) > 0;
  return { bridge, emit, listening };
}

/** A promise the test settles, to hold a call in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
