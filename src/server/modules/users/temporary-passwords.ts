import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { TEMPORARY_PASSWORD_HOURS, type PasswordDelivery, type temporaryPasswordAnswer } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import type { Database } from '../../db/schema';
import { ApiError } from '../../errors';
import { createPasswordHasher, type PasswordHasher } from '../../password-hashing';
import { endSessionsOf } from './action-records';
import { noticeMoment } from '../../notices/notice-values';
import { queueNotice } from '../../notices/queue-notice';
import { displayName } from '../../shared/display-name';

// Temporary passwords (spec §2 "Users": create, reset password). An administrator never chooses
// a password: the server makes a random one, stores only its hash, marks it to be changed at the
// next sign-in and lets it expire after TEMPORARY_PASSWORD_HOURS. Setting one ends every session
// of the user (whoever held the old password is signed out). It reaches the person by e-mail
// through the outbox (queued in the same transaction) or is shown once to the administrator.
// Directory (LDAP) users sign in with their directory password and never get one.

export type TemporaryPasswordAnswer = z.infer<typeof temporaryPasswordAnswer>;

/** Letters and digits no one misreads (no 0/O/o, 1/I/l): the password may be read out or typed from paper. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A random password: 4 groups of 4 from a 55-letter alphabet, e.g. "Kf7q-9xRt-mB3z-Wp2h" (about 92 bits). */
export function generateTemporaryPassword(): string {
  const group = () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: GROUPS }, group).join('-');
}

let defaultHasher: PasswordHasher | null = null;
/** The server's Argon2id hasher (the cost the environment asks for, as the sign-in uses). */
function serverHasher(): PasswordHasher {
  defaultHasher ??= createPasswordHasher();
  return defaultHasher;
}

/** A generated password and its hash; made before the transaction, because hashing takes a while on purpose. */
export interface PreparedPassword {
  password: string;
  hash: string;
}

export async function prepareTemporaryPassword(hasher: PasswordHasher = serverHasher()): Promise<PreparedPassword> {
  const password = generateTemporaryPassword();
  return { password, hash: await hasher.hash(password) };
}

/** The user a temporary password is for. */
export interface PasswordHolder {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  auth_source: string;
}

export interface TemporaryPasswordOptions {
  delivery: PasswordDelivery;
  /** The language of the request: the e-mail is written in it. */
  language: Language;
  now?: Date;
}

export const mayHaveTemporaryPassword = (holder: Pick<PasswordHolder, 'auth_source'>) => holder.auth_source !== 'ldap';

export const directoryPasswordRefusal = () => new ApiError(HTTP_STATUS.conflict, 'user_directory_password');

/**
 * Stores `prepared` as `holder`'s temporary password inside the caller's transaction `trx`: the
 * hash, the forced change, the expiry; ends all their sessions; with delivery 'email' queues the
 * e-mail. Answers what the administrator is told (the password itself only with 'show').
 * A directory user is refused with 409 USER_MESSAGES.directoryPassword and nothing changes.
 * The caller records the audit entry.
 */
export async function setTemporaryPassword(
  trx: Kysely<Database>,
  holder: PasswordHolder,
  prepared: PreparedPassword,
  options: TemporaryPasswordOptions,
): Promise<TemporaryPasswordAnswer> {
  if (!mayHaveTemporaryPassword(holder)) throw directoryPasswordRefusal();
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + TEMPORARY_PASSWORD_HOURS * 3_600_000);
  await trx
    .updateTable('users')
    .set((eb) => ({
      password_hash: prepared.hash,
      must_change_password: true,
      temporary_password_expires_at: expiresAt,
      version: eb('version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', holder.id)
    .execute();
  await endSessionsOf(trx, [holder.id], now);
  if (options.delivery === 'email') {
    const name = displayName(holder.first_name, holder.last_name, holder.username);
    // password_reset is confidential: the list never shows this message's text nor resends it.
    await queueNotice(trx, {
      event: 'password_reset',
      language: options.language,
      recipient: { email: holder.email, userId: holder.id },
      values: { recipient_name: name, username: holder.username, temporary_password: prepared.password, expires_at: noticeMoment(options.language, expiresAt) },
      now,
    });
  }
  return {
    temporary_password: options.delivery === 'show' ? prepared.password : null,
    expires_at: expiresAt.toISOString(),
    delivery: options.delivery,
  };
}

/** Both steps for one user: prepare (outside any transaction when possible) and set inside `trx`. */
export async function issueTemporaryPassword(
  trx: Kysely<Database>,
  holder: PasswordHolder,
  options: TemporaryPasswordOptions & { hasher?: PasswordHasher },
): Promise<TemporaryPasswordAnswer> {
  if (!mayHaveTemporaryPassword(holder)) throw directoryPasswordRefusal();
  return setTemporaryPassword(trx, holder, await prepareTemporaryPassword(options.hasher), options);
}
