import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../shared/audit';

// Every reference data change writes one audit entry in the transaction of the change itself, so
// a change is never saved without its record (nor the record without the change).

export interface AuditContext {
  actorId: number;
  ip: string | null;
}

export type ReferenceEntity = 'country' | 'institution' | 'reference_value' | 'legal_reason' | 'national_qualification';

export async function writeAudit(
  trx: Transaction<Database>,
  context: AuditContext,
  entry: { action: string; entity: ReferenceEntity; entityId: string; details: Record<string, unknown> },
): Promise<void> {
  await recordAudit(trx, { actorId: context.actorId, action: entry.action, entityType: entry.entity, entityId: entry.entityId, details: entry.details, ip: context.ip });
}

/** The fields of `update` that differ from `before`, as {field: {from, to}}. */
export function changedFields<T extends object>(before: T, update: Partial<T>): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(update)) {
    const from = (before as Record<string, unknown>)[field];
    if (to !== undefined && to !== from) changes[field] = { from, to };
  }
  return changes;
}
