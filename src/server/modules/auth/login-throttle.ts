import type { AuthDatabase } from './auth-database';
import { signInThrottled } from './auth-errors';
import {
  THROTTLE_LIMITS,
  accountKey,
  judgeAttempt,
  type ThrottleLimit,
  type ThrottleScope,
  type ThrottledAction,
} from './throttle-rules';

// Failed attempts live in the database (login_attempts) so every server instance counts the same.

export interface ThrottleSubject {
  /** The username (or e-mail) as typed; compared lower-cased. */
  account: string;
  /** The client's address. */
  address: string;
}

export interface LoginThrottle {
  /** Throws the 429 answer when the account or the address has failed too often lately. */
  assertAllowed(action: ThrottledAction, subject: ThrottleSubject, now?: Date): Promise<void>;
  recordFailure(action: ThrottledAction, subject: ThrottleSubject, now?: Date): Promise<void>;
  /** A success wipes the account's slate; the address keeps its count. */
  clearAccount(action: ThrottledAction, account: string): Promise<void>;
}

export function createLoginThrottle(
  db: AuthDatabase,
  limits: Record<ThrottleScope, ThrottleLimit> = THROTTLE_LIMITS,
): LoginThrottle {
  const longestWindow = Math.max(limits.account.windowMs, limits.address.windowMs);
  const keys = (subject: ThrottleSubject): Record<ThrottleScope, string> => ({
    account: accountKey(subject.account),
    address: subject.address,
  });

  async function failuresSince(action: ThrottledAction, scope: ThrottleScope, key: string, since: Date) {
    const rows = await db
      .selectFrom('login_attempts')
      .select('attempted_at')
      .where('action', '=', action)
      .where('scope', '=', scope)
      .where('subject', '=', key)
      .where('attempted_at', '>', since)
      .execute();
    return rows.map((row) => row.attempted_at);
  }

  return {
    async assertAllowed(action, subject, now = new Date()) {
      const subjectKeys = keys(subject);
      let wait = 0;
      for (const scope of ['account', 'address'] as const) {
        const limit = limits[scope];
        const since = new Date(now.getTime() - limit.windowMs);
        const decision = judgeAttempt(await failuresSince(action, scope, subjectKeys[scope], since), limit, now);
        if (!decision.allowed) wait = Math.max(wait, decision.retryAfterSeconds);
      }
      if (wait > 0) throw signInThrottled(wait);
    },

    async recordFailure(action, subject, now = new Date()) {
      const subjectKeys = keys(subject);
      await db
        .insertInto('login_attempts')
        .values([
          { action, scope: 'account', subject: subjectKeys.account, attempted_at: now },
          { action, scope: 'address', subject: subjectKeys.address, attempted_at: now },
        ])
        .execute();
      // Rows past every window can never count again; drop this subject's old ones as we go.
      await db
        .deleteFrom('login_attempts')
        .where('action', '=', action)
        .where((eb) =>
          eb.or([
            eb.and([eb('scope', '=', 'account'), eb('subject', '=', subjectKeys.account)]),
            eb.and([eb('scope', '=', 'address'), eb('subject', '=', subjectKeys.address)]),
          ]),
        )
        .where('attempted_at', '<=', new Date(now.getTime() - longestWindow))
        .execute();
    },

    async clearAccount(action, account) {
      await db
        .deleteFrom('login_attempts')
        .where('action', '=', action)
        .where('scope', '=', 'account')
        .where('subject', '=', accountKey(account))
        .execute();
    },
  };
}
