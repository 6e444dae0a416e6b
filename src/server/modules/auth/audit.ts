import type { AuthDatabase, AuthTransaction } from './auth-database';
import { recordAudit } from '../../shared/audit';

export type AuthAuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.logout'
  | 'auth.refresh_token_reused'
  | 'auth.password_changed'
  | 'auth.two_factor_enabled'
  | 'auth.two_factor_disabled'
  | 'auth.backup_codes_regenerated';

export interface AuthAuditEntry {
  action: AuthAuditAction;
  actorId: number | null;
  /** The account the event is about (the actor's own, except for an unknown username). */
  userId: number | null;
  ip: string | null;
  details?: Record<string, unknown>;
}

export async function recordAuthEvent(db: AuthDatabase | AuthTransaction, entry: AuthAuditEntry): Promise<void> {
  await recordAudit(db, { actorId: entry.actorId, action: entry.action, entityType: 'user', entityId: entry.userId, details: entry.details ?? {}, ip: entry.ip });
}
