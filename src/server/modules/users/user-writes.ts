import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { User } from '../../../shared/api/auth';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { type UserDetail, type userCreate, type userRolesUpdate, type userUpdate } from '../../../shared/api/users';
import { isAdmin, isStaff } from '../../../shared/auth/permissions';
import type { Language } from '../../../shared/constants';
import type { Database } from '../../db/schema';
import { ApiError, conflict, fieldError, fieldErrors, notFound, permissionDenied } from '../../errors';
import { currentGeneralSettings } from '../../system-settings';
import { prepareTemporaryPassword, setTemporaryPassword, type TemporaryPasswordAnswer } from './temporary-passwords';
import { recordChange, type AuditActor } from './user-audit';
import { accountRanks, adminChangeRefusal, lockAdministrators, type AdminChange, type AdminChangeRefusal } from './user-guards';
import { findUserDetail } from './user-queries';
import { endSessionsOf } from './action-records';
import type { RefusalCode } from '../../../shared/refusals';

// Creating a user, changing one, and replacing their groups, each in one transaction with its
// audit entry. Usernames and e-mail addresses are unique whatever their case (the database's
// lower() indexes decide a race; it is answered as the same 400). Changes of administrators pass
// the guards (user-guards.ts); deactivating someone ends their sessions at once.

type Db = Kysely<Database>;
export type CreateInput = z.output<typeof userCreate>;
export type UpdateInput = z.output<typeof userUpdate>;
export type RolesInput = z.output<typeof userRolesUpdate>;

/** Who acts, as the routes know them. */
export type Actor = Pick<User, 'id'> & AuditActor;

const stale = () => new ApiError(HTTP_STATUS.preconditionFailed, 'user_stale');

/** Staff follows the groups (spec §6): the staff groups, the administrators' groups, or superuser. */
const staffFor = (isSuperuser: boolean, groups: readonly string[]) =>
  isSuperuser || isStaff({ is_superuser: false, is_staff: false, groups, permissions: [] }) || isAdmin({ is_superuser: false, is_staff: false, groups, permissions: [] });

/** The ids of the named groups; field errors for an unknown one or one named twice. */
async function groupIds(trx: Db, names: readonly string[], field = 'groups'): Promise<number[]> {
  const rows = names.length === 0 ? [] : await trx.selectFrom('groups').select(['id', 'name']).where('name', 'in', [...names]).execute();
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  const problems: Record<string, RefusalCode[]> = {};
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (!byName.has(name)) problems[`${field}.${index}`] = ['user_unknown_group'];
    else if (seen.has(name)) problems[`${field}.${index}`] = ['user_duplicate_group'];
    seen.add(name);
  });
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
  return names.map((name) => byName.get(name)!);
}

/** Field errors for a username or e-mail address someone else has, in any case. */
async function checkUnique(trx: Db, input: { username: string; email: string }, exceptId: number | null): Promise<void> {
  let query = trx
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', input.username.toLowerCase()), eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase())]));
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  const clashes = await query.execute();
  const problems: Record<string, RefusalCode[]> = {};
  if (clashes.some((row) => row.username.toLowerCase() === input.username.toLowerCase())) problems.username = ['user_username_taken'];
  if (clashes.some((row) => row.email.toLowerCase() === input.email.toLowerCase())) problems.email = ['user_email_taken'];
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
}

/** A unique-index violation on users (a race lost to another request) as the same 400 the check gives. */
function uniqueViolation(error: unknown): Error | null {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505' || typeof constraint !== 'string') return null;
  if (constraint.includes('username')) return fieldErrors({ username: ['user_username_taken'] });
  if (constraint.includes('email')) return fieldErrors({ email: ['user_email_taken'] });
  return null;
}

/**
 * A date of birth that is a real calendar day and not in the future (the schema checks the shape
 * only: JavaScript reads 2024-02-30 as 1 March, the database refuses it).
 */
function checkDateOfBirth(date: string | null, now = new Date()): void {
  if (date === null) return;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date || parsed.getTime() > now.getTime()) {
    throw fieldError('date_of_birth', 'invalid_format');
  }
}

async function writeGroups(trx: Db, userId: number, ids: readonly number[]): Promise<void> {
  await trx.deleteFrom('user_groups').where('user_id', '=', userId).execute();
  if (ids.length > 0) await trx.insertInto('user_groups').values(ids.map((groupId) => ({ user_id: userId, group_id: groupId }))).execute();
}

const profileColumns = (input: CreateInput | UpdateInput) => ({
  username: input.username,
  email: input.email,
  first_name: input.first_name,
  last_name: input.last_name,
  phone: input.phone,
  country: input.country,
  address: input.address,
  personal_id: input.personal_id,
  date_of_birth: input.date_of_birth,
  gender: input.gender,
  is_active: input.is_active,
  email_verified: input.email_verified,
  two_factor_required: input.two_factor_required,
});

/** What the audit compares: the fields an administrator edits, not bookkeeping or derived data. */
export function auditedFields(user: UserDetail): Record<string, unknown> {
  return {
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    phone: user.phone,
    country: user.country,
    address: user.address,
    personal_id: user.personal_id,
    date_of_birth: user.date_of_birth,
    gender: user.gender,
    groups: user.groups,
    is_active: user.is_active,
    is_staff: user.is_staff,
    email_verified: user.email_verified,
    two_factor_required: user.two_factor_required,
    auth_source: user.auth_source,
  };
}

/** The 409 for a guard's refusal of `change`. */
function guardRefusal(reason: AdminChangeRefusal, change: AdminChange): ApiError {
  if (reason === 'last_administrator') return conflict('user_last_administrator');
  return conflict(change.active === false ? 'user_self_deactivate' : 'user_self_demote');
}

/** 403 when the change would hand the actor an account above theirs (user-guards.ts). */
async function checkTakeover(trx: Db, actor: Actor, before: UserDetail, email?: string): Promise<void> {
  const ranks = await accountRanks(trx, actor.id, [before.id]);
  if (ranks.outranking.has(before.id)) throw permissionDenied('user_superuser_only');
  const emailChanged = email !== undefined && email.toLowerCase() !== before.email.toLowerCase();
  if (emailChanged && before.id !== actor.id && ranks.administrators.has(before.id) && !ranks.actorIsSuperuser) {
    throw permissionDenied('user_administrator_email');
  }
}

async function passGuards(trx: Db, actor: Actor, change: AdminChange): Promise<void> {
  const refusal = (await adminChangeRefusal(trx, actor, [change])).get(change.userId);
  if (refusal) throw guardRefusal(refusal, change);
}

const NO_PASSWORD: TemporaryPasswordAnswer = { temporary_password: null, expires_at: null, delivery: null };

/**
 * A new user, with a temporary password when local (by e-mail in `language`, or shown once), and
 * the audit entry. Directory users get none: they sign in with their directory password.
 */
export async function createUser(db: Db, input: CreateInput, actor: Actor, language: Language): Promise<{ user: UserDetail; password: TemporaryPasswordAnswer }> {
  // Hashing is slow on purpose: done before the transaction opens, so it holds no lock meanwhile.
  const prepared = input.auth_source === 'local' ? await prepareTemporaryPassword() : null;
  // The form names no language: a new account starts in the office's default (system settings) until its holder picks one.
  const { default_language: preferredLanguage } = await currentGeneralSettings(db);
  try {
    checkDateOfBirth(input.date_of_birth);
    return await db.transaction().execute(async (trx) => {
      const ids = await groupIds(trx, input.groups);
      await checkUnique(trx, input, null);
      const { id } = await trx
        .insertInto('users')
        .values({ ...profileColumns(input), auth_source: input.auth_source, is_staff: staffFor(false, input.groups), preferred_language: preferredLanguage })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeGroups(trx, id, ids);
      const holder = { id, username: input.username, email: input.email, first_name: input.first_name, last_name: input.last_name, auth_source: input.auth_source };
      const password = prepared ? await setTemporaryPassword(trx, holder, prepared, { delivery: input.password_delivery, language }) : NO_PASSWORD;
      const user = (await findUserDetail(trx, id, actor.id))!;
      await recordChange(trx, {
        action: 'user.created',
        entity: 'user',
        entityId: id,
        actor,
        before: null,
        after: auditedFields(user),
        extra: { password_delivery: password.delivery },
      });
      return { user, password };
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/** The user's row locked for the change, after the administrators' lock (user-guards.ts: lock order). */
async function lockForChange(trx: Db, id: number, version: number): Promise<void> {
  await lockAdministrators(trx);
  const row = await trx.selectFrom('users').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  if (row.version !== version) throw stale();
}


/** PATCH: every field again with the version read (412 when stale); the guards apply (409). */
export async function updateUser(db: Db, id: number, input: UpdateInput, actor: Actor): Promise<UserDetail> {
  checkDateOfBirth(input.date_of_birth);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockForChange(trx, id, input.version);
      const before = (await findUserDetail(trx, id, actor.id))!;
      await checkTakeover(trx, actor, before, input.email);
      const ids = await groupIds(trx, input.groups);
      await checkUnique(trx, input, id);
      await passGuards(trx, actor, { userId: id, active: input.is_active, groups: input.groups });
      await trx
        .updateTable('users')
        .set((eb) => ({
          ...profileColumns(input),
          is_staff: staffFor(before.is_superuser, input.groups),
          version: eb('version', '+', 1),
          updated_at: new Date(),
        }))
        .where('id', '=', id)
        .execute();
      await writeGroups(trx, id, ids);
      // Deactivated: every session ends now, so the user's next request is refused, not the one after their token expires.
      if (before.is_active && !input.is_active) await endSessionsOf(trx, [id], new Date());
      const after = (await findUserDetail(trx, id, actor.id))!;
      await recordChange(trx, { action: 'user.updated', entity: 'user', entityId: id, actor, before: auditedFields(before), after: auditedFields(after) });
      return after;
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/** PUT roles: the user's groups replaced (version read, 412 when stale); the guards apply (409). */
export async function updateRoles(db: Db, id: number, input: RolesInput, actor: Actor): Promise<UserDetail> {
  return db.transaction().execute(async (trx) => {
    await lockForChange(trx, id, input.version);
    const before = (await findUserDetail(trx, id, actor.id))!;
    await checkTakeover(trx, actor, before);
    const ids = await groupIds(trx, input.groups);
    await passGuards(trx, actor, { userId: id, groups: input.groups });
    await trx
      .updateTable('users')
      .set((eb) => ({ is_staff: staffFor(before.is_superuser, input.groups), version: eb('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', id)
      .execute();
    await writeGroups(trx, id, ids);
    const after = (await findUserDetail(trx, id, actor.id))!;
    await recordChange(trx, {
      action: 'user.roles_changed',
      entity: 'user',
      entityId: id,
      actor,
      before: { groups: before.groups, is_staff: before.is_staff },
      after: { groups: after.groups, is_staff: after.is_staff },
    });
    return after;
  });
}
