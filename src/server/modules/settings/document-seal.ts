import { SEAL_EXPIRY_WARNING_DAYS, type SealState, type SealUpdate } from '../../../shared/api/document-seals';
import type { ServerConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { fieldError } from '../../errors';
import { recordAudit } from '../../shared/audit';
import { staleSettings, type Actor } from './settings-store';

// The office's seal in the system settings: what its certificate says (never the file or the
// password, which is write-only), a new PKCS#12 with its password (opened here first, so a wrong
// password or a file without a key is refused rather than stored), the timestamp authority.

const DAY_MS = 86_400_000;
const sealStore = () => import('../../document-seal/seal-store');

export async function readSealState(db: AppDatabase, now = new Date()): Promise<SealState> {
  const row = await db
    .selectFrom('document_seal')
    .leftJoin('users', 'users.id', 'document_seal.updated_by_id')
    .select(['document_seal.version', 'subject', 'issuer', 'serial_number', 'not_before', 'not_after', 'demo', 'timestamp_authority_url', 'document_seal.updated_at', 'users.username'])
    .where('document_seal.id', '=', 1)
    .executeTakeFirst();
  if (!row) return { version: 0, certificate: null, timestamp_authority_url: null, updated_at: null, updated_by: null };
  const notAfter = row.not_after ? new Date(row.not_after) : null;
  return {
    version: row.version,
    certificate:
      row.subject && row.issuer && row.serial_number && row.not_before && notAfter
        ? {
            subject: row.subject,
            issuer: row.issuer,
            serial_number: row.serial_number,
            not_before: new Date(row.not_before).toISOString(),
            not_after: notAfter.toISOString(),
            demo: row.demo,
            expired: notAfter.getTime() < now.getTime(),
            expires_soon: notAfter.getTime() >= now.getTime() && notAfter.getTime() - now.getTime() <= SEAL_EXPIRY_WARNING_DAYS * DAY_MS,
          }
        : null,
    timestamp_authority_url: row.timestamp_authority_url,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by: row.username ?? null,
  };
}

/** Saves a new seal file (when given) and the timestamp authority, if `version` is still the stored one; audited. */
export async function saveSeal(db: AppDatabase, config: Pick<ServerConfig, 'jwtSecret'>, update: SealUpdate | { version: number; remove: true }, actor: Actor): Promise<SealState> {
  const { openSeal, SealFileError } = await import('../../document-seal/seal-certificate');
  const { sealColumns } = await sealStore();
  let columns: Record<string, unknown> = {};
  if ('remove' in update) {
    columns = { pkcs12: null, password_sealed: null, subject: null, issuer: null, serial_number: null, not_before: null, not_after: null, demo: false };
  } else {
    if (update.pkcs12_base64 !== undefined) {
      const file = Buffer.from(update.pkcs12_base64, 'base64');
      try {
        const info = openSeal(file, update.password ?? '');
        columns = sealColumns(config.jwtSecret, { pkcs12: file, password: update.password ?? '', demo: false }, info);
      } catch (error) {
        if (error instanceof SealFileError) throw error.reason === 'password' ? fieldError('password', 'settings_seal_password') : fieldError('pkcs12_base64', 'settings_seal_file');
        throw error;
      }
    }
    columns.timestamp_authority_url = update.timestamp_authority_url || null;
  }
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('document_seal').select('version').where('id', '=', 1).forUpdate().executeTakeFirst();
    if ((current?.version ?? 0) !== update.version) throw staleSettings();
    if (current) await trx.updateTable('document_seal').set({ ...columns, version: current.version + 1, updated_at: new Date(), updated_by_id: actor.id }).where('id', '=', 1).execute();
    else await trx.insertInto('document_seal').values({ id: 1, ...columns, updated_by_id: actor.id }).execute();
    const action = 'remove' in update ? 'settings.seal_removed' : update.pkcs12_base64 !== undefined ? 'settings.seal_set' : 'settings.seal_timestamp_authority';
    // The subject says which seal; the file and its password never go into the log.
    await recordAudit(trx, { actorId: actor.id, action, entityType: 'system_settings', entityId: null, details: { subject: (columns.subject as string | undefined) ?? null }, ip: actor.ip });
  });
  return readSealState(db);
}
