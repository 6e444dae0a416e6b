import { sql, type Kysely } from 'kysely';
import { USER_LIMITS, type AuthSource, type ExportRequest } from '../../../shared/api/users';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';
import { recordAudit } from '../../shared/audit';
import { selectedUserIds, type UserSelectionValue } from './user-filter';

// The rows of the users export, read in batches in id order: an export of thousands of users
// never holds them all (nor one huge result) at once, and each batch is written out before the
// next is read.

export interface ExportedUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  /** Group names, in name order. */
  groups: string[];
  is_active: boolean;
  email_verified: boolean;
  two_factor_enabled: boolean;
  auth_source: AuthSource;
  last_login: Date | null;
  date_joined: Date;
}

/** Users per query. */
export const EXPORT_BATCH_SIZE = 500;

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The users of `ids` (a selection already resolved and capped), batch after batch, in id order. */
export async function* exportedUsers(db: Kysely<Database>, ids: readonly number[], batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<ExportedUser[]> {
  const ordered = [...new Set(ids)].sort((a, b) => a - b);
  for (let start = 0; start < ordered.length; start += batchSize) {
    const batch = ordered.slice(start, start + batchSize);
    const rows = await db
      .selectFrom('users')
      .select([
        'users.id',
        'users.username',
        'users.first_name',
        'users.last_name',
        'users.email',
        'users.phone',
        'users.is_active',
        'users.email_verified',
        'users.two_factor_enabled',
        'users.auth_source',
        'users.last_login',
        'users.date_joined',
        sql<string[]>`coalesce((select array_agg(g.name order by g.name) from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = users.id), '{}')`.as('groups'),
      ])
      .where('users.id', 'in', batch)
      .orderBy('users.id')
      .execute();
    yield rows.map((row) => ({
      ...row,
      auth_source: row.auth_source === 'ldap' ? 'ldap' : 'local',
      last_login: row.last_login === null ? null : asDate(row.last_login),
      date_joined: asDate(row.date_joined),
    }));
  }
}

/**
 * The users an export of `selection` writes, at most USER_LIMITS.bulkCap of them (409 above it, as
 * for a bulk action). Every export is audited: a file of staff e-mails and phones leaves the system.
 */
export async function startUserExport(
  db: Kysely<Database>,
  request: { selection: UserSelectionValue; format: ExportRequest['format'] },
  actor: { id: number; ip: string | null },
): Promise<number[]> {
  const { selection, format } = request;
  const { ids, count } = await selectedUserIds(db, selection, USER_LIMITS.bulkCap);
  if (count > USER_LIMITS.bulkCap) throw conflict('user_selection_too_large', {}, { count, cap: USER_LIMITS.bulkCap });
  await recordAudit(db, {
    actorId: actor.id,
    action: 'user.export',
    entityType: 'user',
    entityId: null,
    details: { format, count: ids.length, selection: 'ids' in selection ? { ids: selection.ids.length } : { filter: selection.filter } },
    ip: actor.ip,
  });
  return ids;
}
