import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  AuditEntry,
  EffectivePermission,
  PermissionSource,
  SignInEvent,
  UserDetail,
  UserListItem,
  UserSession,
  userListQuery,
} from '../../../shared/api/users';
import { ALL_PERMISSIONS, GROUPS, hasPermission, isAdmin } from '../../../shared/auth/permissions';
import type { Database } from '../../db/schema';
import type { AuthTables } from '../../db/auth-tables';
import { filterUsers } from './user-filter';
import { displayName, displayNameSql } from '../../shared/display-name';

// Reading users for administrators: the list (filters, sort, page), one user's details with every
// permission they hold and where it comes from, what was recorded about their sign-ins, what they
// did, and their open sessions.

type Db = Kysely<Database>;
type ListQuery = z.output<typeof userListQuery>;

const iso = (moment: Date | string | null) => (moment === null ? null : new Date(moment).toISOString());
const fullName = (row: { first_name: string; last_name: string; username: string }) => displayName(row.first_name, row.last_name, row.username);

const groupNames = sql<string[]>`array(select g.name from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = users.id order by g.name)`;

function listColumns(db: Db) {
  return db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_active',
      'users.is_superuser',
      'users.email_verified',
      'users.two_factor_enabled',
      'users.two_factor_required',
      'users.auth_source',
      'users.last_login',
      'users.date_joined',
      groupNames.as('groups'),
    ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listColumns>['execute']>>[number];

function listItem(row: ListRow): UserListItem {
  const { first_name: _first, last_name: _last, ...rest } = row;
  return {
    ...rest,
    full_name: fullName(row),
    auth_source: row.auth_source as UserListItem['auth_source'],
    last_login: iso(row.last_login),
    date_joined: iso(row.date_joined)!,
    groups: row.groups ?? [],
  };
}

/** The sort of each ordering key, ascending; ties broken by id so pages never overlap. */
function orderExpressions(ordering: ListQuery['ordering']) {
  const descending = ordering.startsWith('-');
  const key = (descending ? ordering.slice(1) : ordering) as string;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  // Never signed in: after everyone who did, whichever way the list is sorted.
  const lastLogin = sql`users.last_login ${direction} nulls last`;
  const byKey: Record<string, ReturnType<typeof sql>[]> = {
    name: [sql`lower(users.last_name) ${direction}`, sql`lower(users.first_name) ${direction}`],
    username: [sql`lower(users.username) ${direction}`],
    email: [sql`lower(users.email) ${direction}`],
    last_login: [lastLogin],
    date_joined: [sql`users.date_joined ${direction}`],
  };
  return [...(byKey[key] ?? byKey.name), sql`users.id ${direction}`];
}

export async function listUsers(db: Db, query: ListQuery, window: { limit: number; offset: number }): Promise<{ count: number; rows: UserListItem[] }> {
  const { page: _page, page_size: _size, ordering, ...filter } = query;
  const matching = filterUsers(db.selectFrom('users'), filter);
  const { count } = await matching.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  const ids = await matching
    .select('users.id')
    .orderBy(sql.join(orderExpressions(ordering)))
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  if (ids.length === 0) return { count: Number(count), rows: [] };
  const rows = await listColumns(db).where('users.id', 'in', ids.map((row) => row.id)).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { count: Number(count), rows: ids.map((row) => listItem(byId.get(row.id)!)) };
}

// ---- One user ----

/** The permissions NARIC Officers hold without a grant (spec §6), read from the shared rule itself. */
const OFFICER_IMPLICIT: readonly string[] = ALL_PERMISSIONS.filter((permission) =>
  hasPermission({ is_superuser: false, is_staff: false, groups: [GROUPS.naricOfficers], permissions: [] }, permission),
);

/**
 * Every permission `user` holds with each source: the groups granting it, a direct grant, NARIC
 * Officers' implicit set, superuser (who holds every permission). In name order.
 */
export async function effectivePermissions(db: Db, user: { id: number; is_superuser: boolean; groups: readonly string[] }): Promise<EffectivePermission[]> {
  const [fromGroups, direct] = await Promise.all([
    db
      .selectFrom('user_groups as ug')
      .innerJoin('groups as g', 'g.id', 'ug.group_id')
      .innerJoin('group_permissions as gp', 'gp.group_id', 'g.id')
      .innerJoin('permissions as p', 'p.id', 'gp.permission_id')
      .select(['g.name as group', sql<string>`p.app_label || '.' || p.codename`.as('permission')])
      .where('ug.user_id', '=', user.id)
      .orderBy('g.name')
      .execute(),
    db
      .selectFrom('user_permissions as up')
      .innerJoin('permissions as p', 'p.id', 'up.permission_id')
      .select(sql<string>`p.app_label || '.' || p.codename`.as('permission'))
      .where('up.user_id', '=', user.id)
      .execute(),
  ]);
  const sources = new Map<string, PermissionSource[]>();
  const add = (permission: string, source: PermissionSource) => {
    const list = sources.get(permission) ?? [];
    list.push(source);
    sources.set(permission, list);
  };
  for (const row of fromGroups) add(row.permission, { kind: 'group', group: row.group });
  for (const row of direct) add(row.permission, { kind: 'direct' });
  if (user.groups.includes(GROUPS.naricOfficers)) {
    for (const permission of OFFICER_IMPLICIT) add(permission, { kind: 'implicit', group: GROUPS.naricOfficers });
  }
  if (user.is_superuser) {
    for (const permission of new Set([...ALL_PERMISSIONS, ...sources.keys()])) add(permission, { kind: 'superuser' });
  }
  return [...sources.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([permission, list]) => ({ permission, sources: list }));
}

/** One user's details as the administrator sees them, or null when there is no such user. */
export async function findUserDetail(db: Db, id: number, callerId: number): Promise<UserDetail | null> {
  const auth = db.withTables<AuthTables>();
  const row = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.phone',
      'users.country',
      'users.address',
      'users.personal_id',
      'users.date_of_birth',
      'users.gender',
      'users.is_superuser',
      'users.is_staff',
      'users.is_active',
      'users.auth_source',
      'users.email_verified',
      'users.two_factor_enabled',
      'users.two_factor_method',
      'users.two_factor_required',
      'users.must_change_password',
      'users.temporary_password_expires_at',
      'users.last_login',
      'users.date_joined',
      'users.updated_at',
      'users.directory_dn',
      'users.directory_synced_at',
      'users.version',
      groupNames.as('groups'),
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const groups = row.groups ?? [];
  const [permissions, codes, sessions] = await Promise.all([
    effectivePermissions(db, { id, is_superuser: row.is_superuser, groups }),
    auth
      .selectFrom('two_factor_backup_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
    auth
      .selectFrom('auth_sessions')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', id)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...row,
    groups,
    full_name: fullName(row),
    country: row.country?.trim() ?? null,
    date_of_birth: row.date_of_birth === null ? null : String(row.date_of_birth).slice(0, 10),
    auth_source: row.auth_source as UserDetail['auth_source'],
    is_admin: isAdmin({ is_superuser: row.is_superuser, is_staff: row.is_staff, groups, permissions: [] }),
    backup_codes_remaining: Number(codes.count),
    temporary_password_expires_at: iso(row.temporary_password_expires_at),
    last_login: iso(row.last_login),
    date_joined: iso(row.date_joined)!,
    updated_at: iso(row.updated_at)!,
    directory_synced_at: iso(row.directory_synced_at),
    effective_permissions: permissions,
    open_session_count: Number(sessions.count),
    is_self: row.id === callerId,
  };
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

// ---- Activity ----

type Window = { limit: number; offset: number };

const detailsObject = (details: unknown): Record<string, unknown> =>
  typeof details === 'object' && details !== null && !Array.isArray(details) ? (details as Record<string, unknown>) : {};

/** What the sign-in flow recorded about the user (auth.* entries about them), newest first. */
export async function listSignIns(db: Db, userId: number, window: Window): Promise<{ count: number; rows: SignInEvent[] }> {
  const about = db
    .selectFrom('audit_log')
    .where('entity_type', '=', 'user')
    .where('entity_id', '=', String(userId))
    .where('action', 'like', 'auth.%');
  const [{ count }, rows] = await Promise.all([
    about.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow(),
    about
      .select(['id', 'action', 'created_at', 'ip', sql<string | null>`details ->> 'how'`.as('how')])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    count: Number(count),
    rows: rows.map((row) => ({ id: Number(row.id), action: row.action, at: iso(row.created_at)!, ip: row.ip, how: row.how })),
  };
}

/** What the user did (the audit entries they are the actor of), newest first. */
export async function listActions(db: Db, userId: number, window: Window): Promise<{ count: number; rows: AuditEntry[] }> {
  const done = db.selectFrom('audit_log').where('audit_log.actor_id', '=', userId);
  const [{ count }, rows] = await Promise.all([
    done.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow(),
    done
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.entity_type',
        'audit_log.entity_id',
        'audit_log.created_at',
        'audit_log.ip',
        'audit_log.actor_id',
        'audit_log.details',
        displayNameSql<string | null>('users').as('actor_name'),
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    count: Number(count),
    rows: rows.map((row) => ({
      id: Number(row.id),
      action: row.action,
      entity_type: row.entity_type,
      entity_id: row.entity_id,
      at: iso(row.created_at)!,
      ip: row.ip,
      actor_id: row.actor_id,
      actor_name: row.actor_name,
      details: detailsObject(row.details),
    })),
  };
}

/** The user's open sessions, newest first; `current` marks the caller's own. */
export async function listOpenSessions(db: Db, userId: number, callerSessionId: string | null): Promise<UserSession[]> {
  const rows = await db.withTables<AuthTables>()
    .selectFrom('auth_sessions')
    .select(['id', 'started_at', 'last_seen_at', 'client_address', 'user_agent'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .orderBy('started_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    started_at: iso(row.started_at)!,
    last_seen_at: iso(row.last_seen_at),
    client_address: row.client_address,
    user_agent: row.user_agent,
    current: callerSessionId !== null && row.id === callerSessionId,
  }));
}
