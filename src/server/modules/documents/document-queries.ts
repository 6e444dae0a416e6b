import type { SelectQueryBuilder } from 'kysely';
import type { StoredDocument } from '../../../shared/api/documents';
import type { DocumentType } from '../../../shared/document-types';
import type { DocumentKind, DocumentStatus } from '../../../shared/domain/application-status';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { containsPattern } from '../../shared/search-pattern';

// Stored documents as the API shows them, always through the application's row-level scope.

type DocumentQuery = SelectQueryBuilder<Database, 'application_documents' | 'applications', object>;

function visibleDocuments(db: AppDatabase, scope: ApplicationScope): DocumentQuery {
  return db
    .selectFrom('application_documents')
    .innerJoin('applications', 'applications.id', 'application_documents.application_id')
    .where(visibleIn(scope));
}

function withDetails(query: DocumentQuery) {
  return query
    .leftJoin('users as uploader', 'uploader.id', 'application_documents.uploaded_by_id')
    .leftJoin('users as reviewer', 'reviewer.id', 'application_documents.reviewed_by_id')
    .select([
      'application_documents.id',
      'application_documents.application_id',
      'applications.reference as application_reference',
      'application_documents.file_name',
      'application_documents.document_type',
      'application_documents.kind',
      'application_documents.media_type',
      'application_documents.size',
      'application_documents.sha256',
      'application_documents.active_content',
      'application_documents.storage_key',
      'application_documents.status',
      'application_documents.review_notes',
      'application_documents.reviewed_at',
      'application_documents.reviewed_by_id',
      'reviewer.first_name as reviewer_first_name',
      'reviewer.last_name as reviewer_last_name',
      'application_documents.uploaded_at',
      'application_documents.uploaded_by_id',
      'uploader.first_name as uploader_first_name',
      'uploader.last_name as uploader_last_name',
    ]);
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof withDetails>['executeTakeFirstOrThrow']>>;

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, full_name: `${first ?? ''} ${last ?? ''}`.trim() || `#${id}` };

export function toStoredDocument(row: DocumentRow): StoredDocument & { storage_key: string | null } {
  return {
    id: row.id,
    application_id: row.application_id,
    application_reference: row.application_reference,
    file_name: row.file_name,
    document_type: row.document_type,
    kind: row.kind,
    media_type: row.media_type,
    size: Number(row.size),
    sha256: row.sha256,
    active_content: row.active_content,
    storage_key: row.storage_key,
    has_file: row.storage_key !== null,
    status: row.status,
    review_notes: row.review_notes,
    reviewed_by: person(row.reviewed_by_id, row.reviewer_first_name, row.reviewer_last_name),
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    uploaded_at: row.uploaded_at.toISOString(),
    uploaded_by: person(row.uploaded_by_id, row.uploader_first_name, row.uploader_last_name),
  };
}

export interface DocumentFilter {
  document_type?: DocumentType;
  status?: DocumentStatus;
  kind?: DocumentKind;
  application?: number;
  search?: string;
}


export async function listDocuments(db: AppDatabase, scope: ApplicationScope, filter: DocumentFilter, window: { limit: number; offset: number }) {
  let query = visibleDocuments(db, scope);
  if (filter.document_type) query = query.where('application_documents.document_type', '=', filter.document_type);
  if (filter.status) query = query.where('application_documents.status', '=', filter.status);
  if (filter.kind) query = query.where('application_documents.kind', '=', filter.kind);
  if (filter.application) query = query.where('application_documents.application_id', '=', filter.application);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) => eb.or([eb('application_documents.file_name', 'ilike', pattern), eb('applications.reference', 'ilike', pattern)]));
  }
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    withDetails(query).orderBy('application_documents.uploaded_at', 'desc').orderBy('application_documents.id', 'desc').limit(window.limit).offset(window.offset).execute(),
  ]);
  return { count, rows: rows.map(toStoredDocument) };
}

export async function findDocument(db: AppDatabase, scope: ApplicationScope, id: number) {
  const row = await withDetails(visibleDocuments(db, scope).where('application_documents.id', '=', id)).executeTakeFirst();
  return row ? toStoredDocument(row) : null;
}

/** The application, if the caller may see it. */
export async function findVisibleApplication(db: AppDatabase, scope: ApplicationScope, id: number) {
  return db.selectFrom('applications').select(['id', 'status', 'reference']).where('applications.id', '=', id).where(visibleIn(scope)).executeTakeFirst();
}
