import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { z } from 'zod';
import { signedInAnswer, tokenPair } from '../../../src/shared/api/auth';
import type { NaricApp } from '../../../src/server/app';
import type { AppDatabase } from '../../../src/server/db/database';
import { DEMO_PASSWORD } from '../../../src/server/db/demo-accounts';
import { authDatabase } from '../../../src/server/modules/auth/auth-database';
import { createPasswordHasher } from '../../../src/server/password-hashing';

export const API = '/api';
export { DEMO_PASSWORD };

let addressCounter = 0;
/** A client address of its own, so one test's failures never throttle another's. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}.${(process.pid % 250) + 1}`;
}

export function post(app: NaricApp, path: string, payload: unknown, options: { address?: string; token?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `${API}${path}`,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.address ?? '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

export function get(app: NaricApp, path: string, options: { address?: string; token?: string } = {}) {
  return app.inject({
    method: 'GET',
    url: `${API}${path}`,
    remoteAddress: options.address ?? '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

export function json<T = Record<string, unknown>>(answer: LightMyRequestResponse): T {
  return answer.json() as T;
}

export interface NewUser {
  username: string;
  password?: string;
  email?: string;
  groups?: string[];
  is_staff?: boolean;
  is_superuser?: boolean;
  is_active?: boolean;
}

const fastHasher = createPasswordHasher(true);

/** Inserts a user (Argon2id with cheap parameters) and its group memberships; returns its id. */
export async function createUser(db: AppDatabase, user: NewUser): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email ?? `${user.username}@naric.example`,
      password_hash: await fastHasher.hash(user.password ?? DEMO_PASSWORD),
      is_staff: user.is_staff ?? false,
      is_superuser: user.is_superuser ?? false,
      is_active: user.is_active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const group of user.groups ?? []) {
    const { id: groupId } = await db.selectFrom('groups').select('id').where('name', '=', group).executeTakeFirstOrThrow();
    await db.insertInto('user_groups').values({ user_id: id, group_id: groupId }).execute();
  }
  return id;
}

export async function userId(db: AppDatabase, username: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

/** The six-digit code of the newest e-mail sent to the user, read from the outbox. */
export async function latestEmailedCode(db: AppDatabase, user: number): Promise<string> {
  const row = await db
    .selectFrom('notification_outbox')
    .select(['message', 'kind'])
    .where('recipient_user_id', '=', user)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\b(\d{6})\b/.exec(row.message);
  if (!match || row.kind !== 'email') throw new Error(`No code in the latest e-mail: ${row.message}`);
  return match[1];
}

export async function outboxCount(db: AppDatabase, user: number): Promise<number> {
  const rows = await db.selectFrom('notification_outbox').select('id').where('recipient_user_id', '=', user).execute();
  return rows.length;
}

/** A TOTP code `steps` periods away from now (0 = current, 1 = next, -1 = previous). */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Forgets which TOTP steps were used, so a test can sign in again within the same 30 s. */
export async function forgetTotpSteps(db: AppDatabase, user: number): Promise<void> {
  await authDatabase(db).deleteFrom('two_factor_totp_steps').where('user_id', '=', user).execute();
}

export async function setRequire2fa(db: AppDatabase, required: boolean): Promise<void> {
  await db
    .updateTable('system_settings')
    .set({ value: JSON.stringify(required) })
    .where('key', '=', 'security.require_2fa_for_staff')
    .execute();
}

/** Wipes the throttle counters, for tests that fail on purpose more often than the limit allows. */
export async function forgetFailedAttempts(db: AppDatabase): Promise<void> {
  await authDatabase(db).deleteFrom('login_attempts').execute();
}

/** A signed-in answer in body mode (the desktop): the refresh token must be in the JSON. */
export const bodySignedIn = signedInAnswer.extend({ refresh: z.string().min(40) });
/** A token pair in body mode: the refresh token must be in the JSON. */
export const bodyPair = tokenPair.extend({ refresh: z.string().min(40) });
