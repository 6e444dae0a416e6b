import { sql } from 'kysely';
import type { IssuedDocument } from '../../../shared/api/issuance';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import { recordAudit } from '../../shared/audit';
import { containsPattern } from '../../shared/search-pattern';

// The certificate register: every issued document of the applications the caller may see.

function registerQuery(db: AppDatabase, scope: ApplicationScope) {
  return db
    .selectFrom('issued_documents')
    .innerJoin('applications', 'applications.id', 'issued_documents.application_id')
    .leftJoin('users', 'users.id', 'issued_documents.issued_by_id')
    .where(visibleIn(scope));
}

const COLUMNS = [
  'issued_documents.id',
  'issued_documents.application_id',
  'issued_documents.reference',
  'issued_documents.holder_name',
  'issued_documents.kind',
  'issued_documents.verification_code',
  'issued_documents.issued_at',
  'issued_documents.issued_by_id',
  'issued_documents.revoked_at',
  'issued_documents.revoked_reason',
  'issued_documents.storage_key',
  'issued_documents.sha256',
  'issued_documents.sealed_by',
  sql<boolean>`issued_documents.credential is not null`.as('has_credential'),
  'users.first_name',
  'users.last_name',
] as const;

function toIssued(row: {
  id: number;
  application_id: number;
  reference: string;
  holder_name: string;
  kind: IssuedDocument['kind'];
  verification_code: string;
  issued_at: Date;
  issued_by_id: number | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  sha256: string | null;
  sealed_by: string | null;
  has_credential: boolean;
  first_name: string | null;
  last_name: string | null;
}): IssuedDocument {
  return {
    id: row.id,
    application_id: row.application_id,
    reference: row.reference,
    holder_name: row.holder_name,
    kind: row.kind,
    verification_code: row.verification_code,
    issued_at: row.issued_at.toISOString(),
    issued_by: row.issued_by_id === null ? null : { id: row.issued_by_id, full_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() },
    status: row.revoked_at ? 'revoked' : 'valid',
    revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
    revoked_reason: row.revoked_reason,
    sha256: row.sha256,
    sealed_by: row.sealed_by,
    has_credential: row.has_credential,
  };
}

const SHA256_HEX = /^[0-9a-f]{64}$/i;

export interface RegisterFilter {
  kind?: IssuedDocument['kind'];
  status?: 'valid' | 'revoked';
  search?: string;
  application?: number;
}


export async function listIssuedDocuments(db: AppDatabase, scope: ApplicationScope, filter: RegisterFilter, window: { limit: number; offset: number }) {
  let query = registerQuery(db, scope);
  if (filter.kind) query = query.where('issued_documents.kind', '=', filter.kind);
  if (filter.status === 'valid') query = query.where('issued_documents.revoked_at', 'is', null);
  if (filter.status === 'revoked') query = query.where('issued_documents.revoked_at', 'is not', null);
  if (filter.application) query = query.where('issued_documents.application_id', '=', filter.application);
  const { search } = filter;
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('issued_documents.verification_code', 'ilike', pattern),
        eb('issued_documents.reference', 'ilike', pattern),
        eb('issued_documents.holder_name', 'ilike', pattern),
        // A PDF someone brings finds its entry by its hash ("Verify a document").
        ...(SHA256_HEX.test(search) ? [eb('issued_documents.sha256', '=', search.toLowerCase())] : []),
      ]),
    );
  }
  const [{ count }, rows] = await Promise.all([
    query.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
    query.select(COLUMNS).orderBy('issued_documents.issued_at', 'desc').orderBy('issued_documents.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
  return { count, rows: rows.map(toIssued) };
}

export async function findIssuedDocument(db: AppDatabase, scope: ApplicationScope, id: number) {
  const row = await registerQuery(db, scope).select(COLUMNS).where('issued_documents.id', '=', id).executeTakeFirst();
  return row ? { document: toIssued(row), storageKey: row.storage_key, sha256: row.sha256 } : null;
}

/**
 * Revokes (a reason) or restores (null) a document of the caller's scope, audited; answers it as
 * it now stands, or null when the caller cannot see it. Its status list bit follows revoked_at.
 */
export async function setRevoked(db: AppDatabase, scope: ApplicationScope, id: number, change: { reason: string | null; actorId: number; ip: string | null }) {
  const visible = await findIssuedDocument(db, scope, id);
  if (!visible) return null;
  await db.transaction().execute(async (trx) => {
    const revoking = change.reason !== null;
    const updated = await trx
      .updateTable('issued_documents')
      .set(revoking ? { revoked_at: new Date(), revoked_reason: change.reason } : { revoked_at: null, revoked_reason: null })
      .where('id', '=', id)
      .where('revoked_at', revoking ? 'is' : 'is not', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 1n) {
      await recordAudit(trx, {
        actorId: change.actorId,
        action: revoking ? 'issued_document.revoked' : 'issued_document.restored',
        entityType: 'issued_document',
        entityId: id,
        details: revoking ? { reason: change.reason } : {},
        ip: change.ip,
      });
    }
  });
  return (await findIssuedDocument(db, scope, id))!.document;
}

/** The credential issued with the document of a code (public, as the code's check is). */
export async function issuedCredential(db: AppDatabase, code: string) {
  const row = await db
    .selectFrom('issued_documents')
    .select(['verification_code', 'credential'])
    .where('verification_code', '=', code.trim().toUpperCase())
    .where('credential', 'is not', null)
    .executeTakeFirst();
  return row ? { code: row.verification_code, credential: row.credential } : null;
}

/** The public check: no scope, the minimum data. */
export async function verifyCode(db: AppDatabase, code: string) {
  return db
    .selectFrom('issued_documents')
    .select(['kind', 'reference', 'holder_name', 'issued_at', 'revoked_at', 'sha256', 'verification_code', sql<boolean>`credential is not null`.as('has_credential')])
    .where('verification_code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
}

/** What an issued document's text is filled from. */
export async function issuedDocumentValues(db: AppDatabase, id: number) {
  return db
    .selectFrom('issued_documents')
    .innerJoin('applications', 'applications.id', 'issued_documents.application_id')
    .leftJoin('education_info', 'education_info.application_id', 'applications.id')
    .select([
      'issued_documents.id',
      'issued_documents.application_id',
      'issued_documents.kind',
      'issued_documents.verification_code',
      'issued_documents.reference',
      'issued_documents.holder_name',
      'issued_documents.issued_at',
      'applications.decided_at',
      'education_info.institution_name',
      'education_info.institution_country',
      'education_info.program_name',
      'education_info.graduation_date',
    ])
    .where('issued_documents.id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * What a recognition statement states besides the application: the approved decision's outcome,
 * its detail and the national qualification it was compared with (in the three languages);
 * null for other kinds, or an application without an approved decision.
 */
export async function statedDecision(db: AppDatabase, applicationId: number) {
  return db
    .selectFrom('recognition_decisions')
    .select(['outcome', 'outcome_detail', 'national_name_en', 'national_name_sq', 'national_name_sr'])
    .where('application_id', '=', applicationId)
    .where('state', '=', 'approved')
    .executeTakeFirst();
}
