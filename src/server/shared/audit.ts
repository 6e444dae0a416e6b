import type { QueryCreator } from 'kysely';
import type { Database } from '../db/schema';

// The one way a row reaches audit_log. Every module records who changed what, from where, and
// every file of personal data that leaves the system; writing the row in one place keeps its
// columns filled alike (the entity's id as text, the details as JSON), so the audit screens and
// the history queries read every module's entries the same way. Call it with the transaction of
// the change it records, so the entry and the change commit or roll back together.

export interface AuditEntry {
  /** Who acted; null when the server itself did (a start-up backfill, a job). */
  actorId: number | null;
  /** What happened, `<entity>.<verb>` (`payment.refund`, `settings.changed`). */
  action: string;
  entityType: string;
  /** The entity's id; null for an action over many (an export, a backfill). */
  entityId: string | number | null;
  /** Stored as JSON. */
  details: unknown;
  /** The client's address; null when no request caused it. */
  ip: string | null;
}

// Six parameters a row: a thousand rows stay far below PostgreSQL's 65,535 parameters a statement.
const ROWS_PER_INSERT = 1000;

const row = (entry: AuditEntry) => ({
  actor_id: entry.actorId,
  action: entry.action,
  entity_type: entry.entityType,
  entity_id: entry.entityId === null ? null : String(entry.entityId),
  details: JSON.stringify(entry.details),
  ip: entry.ip,
});

/** Writes the entries (one or many) with `db`: the caller's transaction when it has one (any schema that holds audit_log). */
export async function recordAudit(db: QueryCreator<Database>, entries: AuditEntry | readonly AuditEntry[]): Promise<void> {
  const list = 'action' in entries ? [entries] : entries;
  for (let start = 0; start < list.length; start += ROWS_PER_INSERT) {
    await db.insertInto('audit_log').values(list.slice(start, start + ROWS_PER_INSERT).map(row)).execute();
  }
}
