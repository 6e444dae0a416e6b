// Sign-in throttling (the rules and numbers are in docs/api.md, "Sign-in
// throttling"). It slows guessing without locking the right person out:
//
// - Failures are counted three ways over the last hour: per account-and-address pair, per account
//   (from anywhere) and per address (any account).
// - A pair that has not failed in the window is never delayed: the first try of an account from
//   an address always runs, so an attacker elsewhere, or a colleague mistyping behind the same
//   proxy address, cannot stop a correct password.
// - A pair that has failed waits, after its own last failure, the longest of three exponential
//   back-offs: its own (the main brake), the account's (which only slows: at most a minute, so a
//   distributed attack cannot lock the person out) and the address's (a spraying machine).
//   Measuring from the pair's own last failure means an attacker's failures cannot push back the
//   moment the right person may try again.

/**
 * `send_code` counts requests for a new e-mailed code, not failures: it caps mail sent to one
 * person. `two_factor_setup` counts set-ups started during a sign-in (each makes a secret or
 * sends an e-mail) and challenges refused; a confirmed set-up clears its pair.
 */
export type ThrottledAction = 'login' | 'two_factor' | 'password_check' | 'send_code' | 'two_factor_setup';
export type ThrottleScope = 'pair' | 'account' | 'address';

/** Failures up to `freeFailures - 1` cost nothing; the n-th waits 2^(n - freeFailures) s, at most `maxDelayMs`. */
export interface Backoff {
  freeFailures: number;
  maxDelayMs: number;
}

export interface ThrottleRules {
  /** Failures older than this are forgotten. */
  windowMs: number;
  pair: Backoff;
  account: Backoff;
  address: Backoff;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const THROTTLE_RULES: ThrottleRules = {
  windowMs: 60 * MINUTE,
  pair: { freeFailures: 3, maxDelayMs: 15 * MINUTE },
  account: { freeFailures: 10, maxDelayMs: MINUTE },
  address: { freeFailures: 30, maxDelayMs: 15 * MINUTE },
};

/** The wait that `failures` failures within the window earn. */
export function backoffMs(failures: number, backoff: Backoff): number {
  if (failures < backoff.freeFailures) return 0;
  // 2^30 s is far past any cap; clamping the exponent keeps the number finite.
  return Math.min(SECOND * 2 ** Math.min(failures - backoff.freeFailures, 30), backoff.maxDelayMs);
}

/** What the database knows about recent failures, all within the window. */
export interface RecentFailures {
  pair: number;
  account: number;
  address: number;
  /** The newest failure of this account from this address, or null. */
  lastPairFailure: Date | null;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function judgeAttempt(failures: RecentFailures, rules: ThrottleRules, now: Date): ThrottleDecision {
  if (failures.pair === 0 || !failures.lastPairFailure) return { allowed: true };
  const delay = Math.max(
    backoffMs(failures.pair, rules.pair),
    backoffMs(failures.account, rules.account),
    backoffMs(failures.address, rules.address),
  );
  const waitMs = failures.lastPairFailure.getTime() + delay - now.getTime();
  if (waitMs <= 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / SECOND)) };
}

export function accountKey(username: string): string {
  return username.trim().toLowerCase();
}

/** The pair's key: account and address cannot run together (the address never holds a newline). */
export function pairKey(account: string, address: string): string {
  return `${accountKey(account)}\n${address}`;
}
