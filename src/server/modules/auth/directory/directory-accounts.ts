import { sql } from 'kysely';
import { isAdmin, isStaff } from '../../../../shared/auth/permissions';
import type { Language } from '../../../../shared/constants';
import type { AuthDatabase, AuthTransaction } from '../auth-database';
import type { DirectoryPerson } from './directory-client';
import { directoryEmailMissing, directoryEmailTaken, directoryUsernameTaken } from './directory-refusals';
import { recordAudit } from '../../../shared/audit';

// The local user of a directory person, created at the first sign-in and brought up to date at
// every later one (names, e-mail, DN, the groups the mapping decides), in one transaction.
//
// Groups: the mapping's groups (every group NARIC_LDAP_GROUP_MAP names) belong to the directory:
// at each sign-in the user is put in exactly those of them the directory groups map to, so a
// group removed in the directory is removed here. Groups the mapping does not name are given by
// administrators and are never touched by a sign-in.

export interface DirectoryAccountPlan {
  /** Our groups the directory groups map to. */
  groups: readonly string[];
  /** Every group the mapping names (the ones the directory decides). */
  managedGroups: readonly string[];
  /** Whether a person with no local user yet gets one (not when the groups would not let them in). */
  mayCreate: boolean;
  /** A new user's language: the office's default (system settings), until its holder picks one. */
  language: Language;
}

export interface DirectorySyncResult {
  userId: number;
  created: boolean;
  /** Group names the mapping gives that no group here has (a configuration mistake, logged). */
  unknownGroups: string[];
}

interface LocalMatch {
  id: number;
  auth_source: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  directory_dn: string | null;
  is_staff: boolean;
}

const UNIQUE_VIOLATION = '23505';

/** The local user a directory person is: the one bound as this DN before, else the one with the username. */
async function localMatch(trx: AuthTransaction, person: DirectoryPerson): Promise<LocalMatch | null> {
  const row = await trx
    .selectFrom('users')
    .select(['id', 'auth_source', 'username', 'email', 'first_name', 'last_name', 'directory_dn', 'is_staff'])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['directory_dn']), '=', person.dn.toLowerCase()),
        eb(eb.fn('lower', ['username']), '=', person.username.toLowerCase()),
      ]),
    )
    // Several rows: the DN's owner wins over a username match.
    .orderBy(sql`coalesce(lower(directory_dn) = ${person.dn.toLowerCase()}, false)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

async function emailHeldByAnother(trx: AuthTransaction, email: string, userId: number | null): Promise<boolean> {
  let query = trx.selectFrom('users').select('id').where(sql<boolean>`lower(email) = ${email.toLowerCase()}`);
  if (userId !== null) query = query.where('id', '<>', userId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function currentGroups(trx: AuthTransaction, userId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('user_groups')
    .innerJoin('groups', 'groups.id', 'user_groups.group_id')
    .select('groups.name')
    .where('user_groups.user_id', '=', userId)
    .orderBy('groups.name')
    .execute();
  return rows.map((row) => row.name);
}

/** Puts the user in exactly `wanted` among the managed groups; other groups stay as they are. */
async function applyGroups(trx: AuthTransaction, userId: number, plan: DirectoryAccountPlan): Promise<string[]> {
  if (plan.managedGroups.length === 0) return [];
  const known = await trx.selectFrom('groups').select(['id', 'name']).where('name', 'in', [...plan.managedGroups]).execute();
  const managedIds = known.map((group) => group.id);
  const wantedIds = known.filter((group) => plan.groups.includes(group.name)).map((group) => group.id);
  if (managedIds.length > 0) {
    let removal = trx.deleteFrom('user_groups').where('user_id', '=', userId).where('group_id', 'in', managedIds);
    if (wantedIds.length > 0) removal = removal.where('group_id', 'not in', wantedIds);
    await removal.execute();
  }
  if (wantedIds.length > 0) {
    await trx
      .insertInto('user_groups')
      .values(wantedIds.map((groupId) => ({ user_id: userId, group_id: groupId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  const knownNames = new Set(known.map((group) => group.name));
  return plan.managedGroups.filter((name) => !knownNames.has(name));
}

async function createUser(trx: AuthTransaction, person: DirectoryPerson, email: string, language: Language, now: Date): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({
      username: person.username,
      email,
      first_name: person.firstName,
      last_name: person.lastName,
      // No password here: the directory holds it ('' never verifies, password-hashing.ts).
      password_hash: '',
      auth_source: 'ldap',
      is_staff: false,
      // The directory vouches for its own addresses.
      email_verified: true,
      directory_dn: person.dn,
      directory_synced_at: now,
      preferred_language: language,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function updateUser(trx: AuthTransaction, match: LocalMatch, person: DirectoryPerson, email: string, now: Date): Promise<boolean> {
  const fields = { first_name: person.firstName, last_name: person.lastName, email, directory_dn: person.dn };
  const changed = (Object.keys(fields) as (keyof typeof fields)[]).some((field) => match[field] !== fields[field]);
  await trx
    .updateTable('users')
    .set((eb) =>
      changed
        ? { ...fields, directory_synced_at: now, updated_at: now, version: eb('version', '+', 1) }
        : { directory_synced_at: now },
    )
    .where('id', '=', match.id)
    .execute();
  return changed;
}

async function recordDirectoryChange(
  trx: AuthTransaction,
  userId: number,
  action: 'user.directory_created' | 'user.directory_updated',
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  ip: string,
): Promise<void> {
  // The person's own sign-in made the change; the directory is the source.
  await recordAudit(trx, { actorId: userId, action, entityType: 'user', entityId: userId, details: { source: 'directory', before, after }, ip });
}

function uniqueViolationOf(error: unknown): string | null {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  if (failure?.code !== UNIQUE_VIOLATION) return null;
  return typeof failure.constraint === 'string' ? failure.constraint : '';
}

/**
 * Creates or updates the local user of a directory person whose password the directory accepted;
 * null when there is none and the plan may not create one. A local account (auth_source 'local')
 * with the same username is refused, never taken over.
 */
export async function syncDirectoryUser(
  db: AuthDatabase,
  person: DirectoryPerson,
  plan: DirectoryAccountPlan,
  ip: string,
  now: Date = new Date(),
): Promise<DirectorySyncResult | null> {
  // A second try sees the row a concurrent first sign-in of the same person has just created.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await syncOnce(db, person, plan, ip, now);
    } catch (error) {
      const constraint = uniqueViolationOf(error);
      if (constraint === null) throw error;
      if (attempt === 1 && constraint.includes('username')) continue;
      throw constraint.includes('email') ? directoryEmailTaken() : directoryUsernameTaken();
    }
  }
}

function syncOnce(db: AuthDatabase, person: DirectoryPerson, plan: DirectoryAccountPlan, ip: string, now: Date): Promise<DirectorySyncResult | null> {
  return db.transaction().execute(async (trx) => {
    const match = await localMatch(trx, person);
    if (match && match.auth_source !== 'ldap') throw directoryUsernameTaken();
    if (!match && !plan.mayCreate) return null;
    // A directory entry that lost its address keeps the one we have.
    const email = person.email ?? match?.email ?? null;
    if (!email) throw directoryEmailMissing();
    if (await emailHeldByAnother(trx, email, match?.id ?? null)) throw directoryEmailTaken();

    const before = match
      ? { first_name: match.first_name, last_name: match.last_name, email: match.email, directory_dn: match.directory_dn, groups: await currentGroups(trx, match.id) }
      : null;
    const userId = match ? match.id : await createUser(trx, person, email, plan.language, now);
    const fieldsChanged = match ? await updateUser(trx, match, person, email, now) : true;
    const unknownGroups = await applyGroups(trx, userId, plan);
    const groups = await currentGroups(trx, userId);
    // is_staff follows the groups, as when an administrator saves the user (users module).
    const staff = isStaff({ is_superuser: false, is_staff: false, groups, permissions: [] }) || isAdmin({ is_superuser: false, is_staff: false, groups, permissions: [] });
    if (staff !== (match?.is_staff ?? false)) await trx.updateTable('users').set({ is_staff: staff }).where('id', '=', userId).execute();
    const after = { first_name: person.firstName, last_name: person.lastName, email, directory_dn: person.dn, groups };
    if (!match) {
      await recordDirectoryChange(trx, userId, 'user.directory_created', null, after, ip);
    } else if (fieldsChanged || JSON.stringify(before?.groups) !== JSON.stringify(groups)) {
      if (!fieldsChanged) {
        await trx.updateTable('users').set((eb) => ({ updated_at: now, version: eb('version', '+', 1) })).where('id', '=', userId).execute();
      }
      await recordDirectoryChange(trx, userId, 'user.directory_updated', before, after, ip);
    }
    return { userId, created: !match, unknownGroups };
  });
}
