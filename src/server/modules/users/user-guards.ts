import { sql, type Kysely } from 'kysely';
import type { User } from '../../../shared/api/auth';
import { GROUPS } from '../../../shared/auth/permissions';
import type { Database } from '../../db/schema';

// The rules that keep the back-office administrable (spec §2 "Users", §6): nobody takes away the
// last active administrator (by deactivating them or by removing their administrator groups),
// nobody deactivates their own account, and nobody takes away their own administrator rights.
// An administrator is a superuser or a member of Administrators or NARIC Administrators.
// Nobody takes over an account that outranks theirs: only a superuser changes a superuser's
// account (profile, groups, activation, password, two-factor), changes another administrator's
// e-mail address (a password reset goes there), and no administrator's temporary password is ever
// shown on a screen.

/** Why a change was refused: the actor's own account, or the last active administrator. */
export type AdminChangeRefusal = 'self' | 'last_administrator';

/** One user's intended change: `active` when it is (de)activated, `groups` (by name) when its groups are replaced. */
export interface AdminChange {
  userId: number;
  active?: boolean;
  groups?: readonly string[];
}

export const ADMINISTRATOR_GROUPS: readonly string[] = [GROUPS.administrators, GROUPS.naricAdministrators];

/**
 * Every change touching administrators takes this transaction-scoped lock first, so two of them
 * never judge the same set of administrators: without it, two administrators deactivating each
 * other at once would each see the other still active and both succeed. The number is arbitrary;
 * it only has to be the same everywhere (it names "the set of administrators").
 */
const ADMINISTRATORS_LOCK = 15_000_001;

/**
 * Takes the administrators' lock for the rest of the caller's transaction (adminChangeRefusal
 * takes it too; taking it again is free). A transaction that also locks user rows takes this lock
 * first, so that every such transaction locks in the same order and none waits for another in a
 * circle.
 */
export async function lockAdministrators(trx: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK})`.execute(trx);
}

const grantsAdmin = (groups: readonly string[]) => groups.some((group) => ADMINISTRATOR_GROUPS.includes(group));

/**
 * The changes among `changes` that must be refused, by user id (absent: allowed).
 *
 * Contract:
 * - Call it inside the transaction that then makes the allowed changes, before making them, and
 *   make exactly the allowed ones: it takes a transaction-scoped lock that serialises every change
 *   of administrators until that transaction ends, and it judges from the committed state read
 *   after taking the lock. Lock order: if the transaction locks user rows (`for update`), call
 *   lockAdministrators() (or this function) before locking them.
 * - Changes are judged in order, each as if the allowed ones before it were made: with many users
 *   (a bulk deactivation), the ones before keep the administrators they leave, and the change that
 *   would leave none is the one refused.
 * - 'self': the actor deactivates their own account (`active: false`), or replaces their own groups
 *   with groups that no longer make them an administrator while they are not a superuser.
 * - 'last_administrator': the change ends the user's being an active administrator and no other
 *   active administrator would be left.
 * - A change that keeps or makes someone an administrator, and any change of a user who is not
 *   an active administrator, is never refused. Unknown user ids are ignored (the caller answers 404).
 */
export async function adminChangeRefusal(db: Kysely<Database>, actor: Pick<User, 'id'>, changes: readonly AdminChange[]): Promise<Map<number, AdminChangeRefusal>> {
  const refusals = new Map<number, AdminChangeRefusal>();
  if (changes.length === 0) return refusals;
  await lockAdministrators(db);

  const ids = [...new Set([actor.id, ...changes.map((change) => change.userId)])];
  const rows = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.is_active',
      'users.is_superuser',
      sql<string[]>`array(select g.name from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = users.id)`.as('groups'),
    ])
    .where('users.id', 'in', ids)
    .execute();
  const known = new Map(rows.map((row) => [row.id, row]));

  // Everyone who administers now (active superusers and active members of the admin groups).
  const admins = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.is_active', '=', true)
    .where((eb) =>
      eb.or([
        eb('users.is_superuser', '=', true),
        eb.exists(
          eb
            .selectFrom('user_groups as ug')
            .innerJoin('groups as g', 'g.id', 'ug.group_id')
            .select('ug.user_id')
            .whereRef('ug.user_id', '=', 'users.id')
            .where('g.name', 'in', ADMINISTRATOR_GROUPS),
        ),
      ]),
    )
    .execute();
  const activeAdmins = new Set(admins.map((row) => row.id));

  for (const change of changes) {
    const user = known.get(change.userId);
    if (!user) continue;
    const isSelf = change.userId === actor.id;
    const activeAfter = change.active ?? user.is_active;
    const groupsAfter = change.groups ?? user.groups;
    const adminAfter = activeAfter && (user.is_superuser || grantsAdmin(groupsAfter));

    if (isSelf && change.active === false) {
      refusals.set(change.userId, 'self');
      continue;
    }
    if (isSelf && change.groups !== undefined && !user.is_superuser && grantsAdmin(user.groups) && !grantsAdmin(change.groups)) {
      refusals.set(change.userId, 'self');
      continue;
    }
    if (activeAdmins.has(change.userId) && !adminAfter) {
      if (activeAdmins.size <= 1) {
        refusals.set(change.userId, 'last_administrator');
        continue;
      }
      activeAdmins.delete(change.userId);
    } else if (adminAfter) {
      activeAdmins.add(change.userId);
    }
  }
  return refusals;
}

/** The actor's superuser flag and, of `userIds`, the superusers and the administrators (superusers included). */
export async function accountRanks(db: Kysely<Database>, actorId: number, userIds: readonly number[]) {
  const rows = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.is_superuser',
      sql<string[]>`array(select g.name from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = users.id)`.as('groups'),
    ])
    .where('users.id', 'in', [...new Set([actorId, ...userIds])])
    .execute();
  const actorIsSuperuser = rows.some((row) => row.id === actorId && row.is_superuser);
  const superusers = new Set(rows.filter((row) => row.is_superuser).map((row) => row.id));
  const administrators = new Set(rows.filter((row) => row.is_superuser || grantsAdmin(row.groups)).map((row) => row.id));
  return {
    actorIsSuperuser,
    administrators,
    /** The users the actor may not administer: superusers, unless the actor is one. */
    outranking: actorIsSuperuser ? new Set<number>() : superusers,
  };
}
