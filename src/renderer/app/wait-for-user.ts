import { AUTH_WAIT_LIMIT_MS, AUTH_WAIT_POLL_MS } from '../../shared/constants';

export type WaitOutcome = 'settled' | 'timed_out' | 'aborted';

export interface WaitForUserOptions {
  /** True once sign-in restoration has finished, whether or not a user came out of it. */
  isSettled(): boolean;
  limitMs?: number;
  pollMs?: number;
  signal?: AbortSignal;
}

/**
 * Spec §2: when a session may exist but no user is loaded yet, the router waits for it, at most
 * 5 s, polling every 100 ms; after that it decides with whatever it has.
 */
export function waitForUser({
  isSettled,
  limitMs = AUTH_WAIT_LIMIT_MS,
  pollMs = AUTH_WAIT_POLL_MS,
  signal,
}: WaitForUserOptions): Promise<WaitOutcome> {
  if (isSettled()) return Promise.resolve('settled');
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const finish = (outcome: WaitOutcome) => {
      clearInterval(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => finish('aborted');
    const timer = setInterval(() => {
      if (isSettled()) finish('settled');
      else if (Date.now() - startedAt >= limitMs) finish('timed_out');
    }, pollMs);
    signal?.addEventListener('abort', onAbort);
  });
}
