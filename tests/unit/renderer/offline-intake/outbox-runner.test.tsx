import { act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { sessionAtom } from '../../../../src/renderer/lib/session';
import { makeSession, makeUser } from '../fixtures';

// The background outbox runner alone: the drafts store, the reachability probe and the outbox's
// sending are replaced, so the test sees exactly when the runner asks the outbox to run.

const runOnce = vi.fn(async () => undefined);
vi.mock('../../../../src/renderer/features/offline-intake/outbox', () => ({
  createOutbox: () => ({ runOnce, stop: () => undefined }),
}));
const counterStore = {};
vi.mock('../../../../src/renderer/features/offline-intake/use-counter-store', () => ({
  useCounterStore: () => ({ store: counterStore, error: null }),
}));
vi.mock('../../../../src/renderer/features/offline-intake/connection', () => ({
  useServerReachable: () => ({ reachable: true, lastChecked: null }),
}));
vi.mock('../../../../src/renderer/features/offline-intake/api', () => ({ appOutboxTransport: () => ({}) }));

const { CounterOutboxRunner } = await import('../../../../src/renderer/features/offline-intake/outbox-runner');
const { outboxWakeAtom } = await import('../../../../src/renderer/features/offline-intake/outbox-wake');

afterEach(() => {
  vi.useRealTimers();
  runOnce.mockClear();
});

describe('counter outbox runner', () => {
  it('runs the outbox the moment Send or Retry wakes it, not at the next scheduled run', () => {
    vi.useFakeTimers();
    const store = createStore();
    const admin = makeUser({ groups: [GROUPS.administrators], is_superuser: true });
    store.set(sessionAtom, makeSession(admin));
    render(
      <Provider store={store}>
        <CounterOutboxRunner />
      </Provider>,
    );
    const afterMount = runOnce.mock.calls.length;
    expect(afterMount).toBeGreaterThan(0);

    act(() => store.set(outboxWakeAtom, (wakes) => wakes + 1));
    expect(runOnce).toHaveBeenCalledTimes(afterMount + 1);
    act(() => store.set(outboxWakeAtom, (wakes) => wakes + 1));
    expect(runOnce).toHaveBeenCalledTimes(afterMount + 2);

    // The scheduled run still comes every 15 s.
    act(() => vi.advanceTimersByTime(15_000));
    expect(runOnce).toHaveBeenCalledTimes(afterMount + 3);
  });
});
