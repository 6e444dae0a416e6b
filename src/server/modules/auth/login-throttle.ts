import { sql } from 'kysely';
import type { AuthDatabase } from './auth-database';
import { signInThrottled } from './auth-errors';
import {
  THROTTLE_RULES,
  accountKey,
  judgeAttempt,
  pairKey,
  type RecentFailures,
  type ThrottleRules,
  type ThrottleScope,
  type ThrottledAction,
} from './throttle-rules';

// Failed attempts live in the database (login_attempts) so every server instance counts the same.
// The rules are in throttle-rules.ts; the client address is request.ip (NARIC_TRUST_PROXY decides
// whether X-Forwarded-For is believed).

export interface ThrottleSubject {
  /** The username (or e-mail) as typed; compared lower-cased. */
  account: string;
  /** The client's address. */
  address: string;
}

export interface LoginThrottle {
  /** Throws the 429 answer (with Retry-After) while this account-and-address pair must wait. */
  assertAllowed(action: ThrottledAction, subject: ThrottleSubject, now?: Date): Promise<void>;
  recordFailure(action: ThrottledAction, subject: ThrottleSubject, now?: Date): Promise<void>;
  /**
   * A success wipes this pair's slate. The account's and the address's counts stay: they are the
   * evidence of an attack elsewhere, and they never delay a pair that has not failed.
   */
  clearPair(action: ThrottledAction, subject: ThrottleSubject): Promise<void>;
}

/**
 * `rules` may be read at each attempt (a function): the system settings' free attempts and window
 * then count from the next attempt on, with no restart.
 */
export function createLoginThrottle(db: AuthDatabase, rulesOrReader: ThrottleRules | (() => Promise<ThrottleRules>) = THROTTLE_RULES): LoginThrottle {
  const currentRules = async () => (typeof rulesOrReader === 'function' ? rulesOrReader() : rulesOrReader);
  const keys = (subject: ThrottleSubject): Record<ThrottleScope, string> => ({
    pair: pairKey(subject.account, subject.address),
    account: accountKey(subject.account),
    address: subject.address,
  });

  async function recentFailures(action: ThrottledAction, subject: ThrottleSubject, now: Date, rules: ThrottleRules): Promise<RecentFailures> {
    const subjectKeys = keys(subject);
    const since = new Date(now.getTime() - rules.windowMs);
    // One round trip: the three counts and the pair's newest failure.
    const row = await db
      .selectFrom('login_attempts')
      .select([
        sql<string>`count(*) filter (where scope = 'pair')`.as('pair'),
        sql<string>`count(*) filter (where scope = 'account')`.as('account'),
        sql<string>`count(*) filter (where scope = 'address')`.as('address'),
        sql<Date | null>`max(attempted_at) filter (where scope = 'pair')`.as('last_pair_failure'),
      ])
      .where('action', '=', action)
      .where('attempted_at', '>', since)
      .where((eb) =>
        eb.or([
          eb.and([eb('scope', '=', 'pair'), eb('subject', '=', subjectKeys.pair)]),
          eb.and([eb('scope', '=', 'account'), eb('subject', '=', subjectKeys.account)]),
          eb.and([eb('scope', '=', 'address'), eb('subject', '=', subjectKeys.address)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    const last = row.last_pair_failure;
    return {
      pair: Number(row.pair),
      account: Number(row.account),
      address: Number(row.address),
      lastPairFailure: last === null ? null : new Date(last),
    };
  }

  return {
    async assertAllowed(action, subject, now = new Date()) {
      const rules = await currentRules();
      const decision = judgeAttempt(await recentFailures(action, subject, now, rules), rules, now);
      if (!decision.allowed) throw signInThrottled(decision.retryAfterSeconds);
    },

    async recordFailure(action, subject, now = new Date()) {
      const rules = await currentRules();
      const subjectKeys = keys(subject);
      await db
        .insertInto('login_attempts')
        .values((['pair', 'account', 'address'] as const).map((scope) => ({ action, scope, subject: subjectKeys[scope], attempted_at: now })))
        .execute();
      // Rows past the window can never count again; drop this subject's old ones as we go.
      await db
        .deleteFrom('login_attempts')
        .where('action', '=', action)
        .where('subject', 'in', [subjectKeys.pair, subjectKeys.account, subjectKeys.address])
        .where('attempted_at', '<=', new Date(now.getTime() - rules.windowMs))
        .execute();
    },

    async clearPair(action, subject) {
      await db
        .deleteFrom('login_attempts')
        .where('action', '=', action)
        .where('scope', '=', 'pair')
        .where('subject', '=', keys(subject).pair)
        .execute();
    },
  };
}
