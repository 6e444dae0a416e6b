// How many failures each counter tolerates. Per account stops guessing one person's password;
// per address stops one machine spraying many accounts.

/** `send_code` counts requests for a new e-mailed code, not failures: it caps mail sent to one person. */
export type ThrottledAction = 'login' | 'two_factor' | 'password_check' | 'send_code';
export type ThrottleScope = 'account' | 'address';

export interface ThrottleLimit {
  failures: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const THROTTLE_LIMITS: Record<ThrottleScope, ThrottleLimit> = {
  account: { failures: 5, windowMs: FIFTEEN_MINUTES },
  address: { failures: 20, windowMs: FIFTEEN_MINUTES },
};

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** `failures` are the times of recent failures (any order); decides whether one more try may run. */
export function judgeAttempt(failures: readonly Date[], limit: ThrottleLimit, now: Date): ThrottleDecision {
  const windowStart = now.getTime() - limit.windowMs;
  const recent = failures
    .map((at) => at.getTime())
    .filter((at) => at > windowStart)
    .sort((a, b) => a - b);
  if (recent.length < limit.failures) return { allowed: true };
  // The next try is allowed once enough of the oldest failures have left the window.
  const mustExpire = recent.length - limit.failures + 1;
  const freeAt = recent[mustExpire - 1] + limit.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

export function accountKey(username: string): string {
  return username.trim().toLowerCase();
}
