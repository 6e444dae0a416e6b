import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../shared/audit';

// Every change the users module makes goes to audit_log: who (actor and address), what (action),
// on what (entity 'user' or 'group' and its id), and the fields it changed as they were before and
// after. Only changed fields are kept, and never a secret: a password hash or a two-factor secret
// is not written even if a caller passes a row holding one.

export type AuditedEntity = 'user' | 'group';

/** Who made a change: the administrator and the address the request came from. */
export interface AuditActor {
  id: number;
  ip: string | null;
}

/** Column names that never reach the audit log, whatever a caller passes. */
const SECRET_FIELDS = new Set(['password_hash', 'two_factor_secret', 'password', 'temporary_password', 'code_hash', 'token_hash']);

type Fields = Record<string, unknown>;

const withoutSecrets = (fields: Fields): Fields => Object.fromEntries(Object.entries(fields).filter(([key]) => !SECRET_FIELDS.has(key)));
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between `before` and `after` (compared by their JSON), each side keeping
 * only those: a creation (`before` null) keeps every field of `after`, a deletion every field of
 * `before`.
 */
export function changedFields(before: Fields | null, after: Fields | null): { before: Fields | null; after: Fields | null } {
  const old = before === null ? null : withoutSecrets(before);
  const now = after === null ? null : withoutSecrets(after);
  if (old === null || now === null) return { before: old, after: now };
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((key) => !sameValue(old[key], now[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, old[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, now[key] ?? null])),
  };
}

export interface AuditedChange {
  /** e.g. 'user.created', 'user.updated', 'user.roles_changed', 'group.updated'. */
  action: string;
  entity: AuditedEntity;
  entityId: number;
  actor: AuditActor;
  /** The record's fields before the change (null for a creation). */
  before?: Fields | null;
  /** After it (null for a deletion). */
  after?: Fields | null;
  /** Anything else worth keeping (the delivery of a password, a reason), never a secret. */
  extra?: Fields;
}

/** Writes the change's entry (in the caller's transaction, so it exists exactly when the change does). */
export async function recordChange(db: Kysely<Database>, change: AuditedChange): Promise<void> {
  const details = {
    ...withoutSecrets(change.extra ?? {}),
    ...(change.before !== undefined || change.after !== undefined ? changedFields(change.before ?? null, change.after ?? null) : {}),
  };
  await recordAudit(db, { actorId: change.actor.id, action: change.action, entityType: change.entity, entityId: change.entityId, details, ip: change.actor.ip });
}
