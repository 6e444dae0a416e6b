import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForUser } from '../../../src/renderer/app/wait-for-user';
import { AUTH_WAIT_LIMIT_MS, AUTH_WAIT_POLL_MS } from '../../../src/shared/constants';

describe('waitForUser (spec §2: at most 5 s, polling every 100 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers at once when sign-in restoration is already over', async () => {
    const isSettled = vi.fn(() => true);
    await expect(waitForUser({ isSettled })).resolves.toBe('settled');
    expect(isSettled).toHaveBeenCalledTimes(1);
  });

  it('resolves on the first poll after the user arrives', async () => {
    let settled = false;
    const outcome = waitForUser({ isSettled: () => settled });
    const seen = vi.fn();
    void outcome.then(seen);

    await vi.advanceTimersByTimeAsync(1_200);
    expect(seen).not.toHaveBeenCalled();

    settled = true;
    await vi.advanceTimersByTimeAsync(AUTH_WAIT_POLL_MS);
    expect(seen).toHaveBeenCalledWith('settled');
  });

  it('polls every 100 ms', async () => {
    const isSettled = vi.fn(() => false);
    void waitForUser({ isSettled });
    isSettled.mockClear();
    await vi.advanceTimersByTimeAsync(AUTH_WAIT_POLL_MS * 10);
    expect(isSettled).toHaveBeenCalledTimes(10);
  });

  it('gives up at 5 s, not before', async () => {
    const seen = vi.fn();
    void waitForUser({ isSettled: () => false }).then(seen);

    await vi.advanceTimersByTimeAsync(AUTH_WAIT_LIMIT_MS - AUTH_WAIT_POLL_MS);
    expect(seen).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(AUTH_WAIT_POLL_MS);
    expect(seen).toHaveBeenCalledWith('timed_out');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops polling when aborted', async () => {
    const controller = new AbortController();
    const outcome = waitForUser({ isSettled: () => false, signal: controller.signal });
    controller.abort();
    await expect(outcome).resolves.toBe('aborted');
    expect(vi.getTimerCount()).toBe(0);
  });
});
