import type { DocumentType } from '../shared/document-types';
import type { AppDatabase } from './db/database';

// The documents a council may not decide without: those its service requires
// (service_document_requirements) of which the application holds no document that was not
// rejected. The same rule as the `incomplete` flag (migrations 0003 and 0026), asked of one
// application: the workflow refuses record_council_decision while any is missing, and the council
// review names them before a member tries.

/** The required document types the application lacks, in the service's order; `db` may be a transaction. */
export async function missingRequiredDocuments(db: AppDatabase, applicationId: number): Promise<DocumentType[]> {
  const rows = await db
    .selectFrom('applications')
    .innerJoin('service_document_requirements as requirement', 'requirement.service_id', 'applications.service_id')
    .select('requirement.document_type')
    .where('applications.id', '=', applicationId)
    .where('requirement.required', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('application_documents as document')
            .select('document.id')
            .whereRef('document.application_id', '=', 'applications.id')
            .whereRef('document.document_type', '=', 'requirement.document_type')
            .where('document.status', '<>', 'rejected'),
        ),
      ),
    )
    .orderBy('requirement.id')
    .execute();
  return rows.map((row) => row.document_type);
}
