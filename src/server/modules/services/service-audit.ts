import type { Kysely } from 'kysely';
import type { Service, ServiceHistoryAction, ServiceHistoryEntry } from '../../../shared/api/services';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../shared/audit';
import { displayNameSql } from '../../shared/display-name';

// Every change of a service goes to audit_log (entity 'service'): who, when, and the service as it
// was before and after (only the fields a person edits). The history lists those rows with the
// fields each one changed.

export type ServiceAuditAction = ServiceHistoryAction;

const ENTITY = 'service';
const actionName = (action: ServiceAuditAction) => `service.${action}`;

/** What is compared and shown: every edited field, not the bookkeeping (id, version, times, counts). */
type Snapshot = Omit<Service, 'id' | 'version' | 'created_at' | 'updated_at' | 'application_count'>;

export function snapshot(service: Service | null): Snapshot | null {
  if (!service) return null;
  const { id: _id, version: _version, created_at: _created, updated_at: _updated, application_count: _count, ...fields } = service;
  return fields;
}

export async function recordServiceChange(
  db: Kysely<Database>,
  change: { action: ServiceAuditAction; actor: { id: number; ip: string | null }; serviceId: number; before: Service | null; after: Service | null },
): Promise<void> {
  await recordAudit(db, {
    actorId: change.actor.id,
    action: actionName(change.action),
    entityType: ENTITY,
    entityId: change.serviceId,
    details: { before: snapshot(change.before), after: snapshot(change.after) },
    ip: change.actor.ip,
  });
}

/** Fields whose value differs (by their JSON), each with both values; a creation lists every field. */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

type Details = { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null };

export async function listServiceHistory(
  db: AppDatabase,
  serviceId: number,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: ServiceHistoryEntry[] }> {
  const query = db.selectFrom('audit_log').where('entity_type', '=', ENTITY).where('entity_id', '=', String(serviceId));
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    query
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.actor_id',
        'audit_log.created_at',
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
    count,
    rows: rows.map((row) => {
      const details = (row.details ?? {}) as Details;
      return {
        id: row.id,
        action: row.action.replace(/^service\./, '') as ServiceHistoryAction,
        actor_id: row.actor_id,
        actor_name: row.actor_name,
        created_at: row.created_at.toISOString(),
        changes: changedFields(details.before ?? null, details.after ?? null),
      };
    }),
  };
}
