import type { ActiveContentKind } from '../../../shared/api/applications';
import type { DocumentType } from '../../../shared/document-types';
import type { DocumentKind } from '../../../shared/domain/application-status';
import type { AppDatabase } from '../../db/database';
import { conflict, notFound } from '../../errors';
import type { TemporaryObject } from '../../storage/document-storage';
import { hasInspectorateDocument } from '../../inspectorate-document';

// Registering a checked upload: keep the temporary object, then write the metadata row and the
// application's history entry in one transaction; if that fails, the kept file goes again.

export interface Registration {
  applicationId: number;
  uploaderId: number;
  fileName: string;
  documentType: DocumentType;
  kind: DocumentKind;
  /** The inspectorate's verification document: one per request, only while it is pending. */
  inspectorate?: boolean;
  /** What the upload's scan found (receivePdf). */
  activeContent: ActiveContentKind[];
}

export const SECOND_INSPECTORATE_UPLOAD = 'The inspectorate verification document has already been uploaded.';

export async function registerUpload(
  db: AppDatabase,
  storage: { delete(key: string): Promise<void> },
  object: TemporaryObject,
  registration: Registration,
): Promise<number> {
  const key = await object.keep();
  try {
    return await db.transaction().execute(async (trx) => {
      const application = await trx
        .selectFrom('applications')
        .select(['id', 'status'])
        .where('id', '=', registration.applicationId)
        .forUpdate()
        .executeTakeFirst();
      if (!application) throw notFound();
      if (registration.inspectorate) {
        if (application.status !== 'inspectorate_pending') {
          throw conflict('inspectorate_upload_not_waiting');
        }
        if (await hasInspectorateDocument(trx, registration.applicationId)) throw conflict('inspectorate_upload_exists');
      }
      const row = await trx
        .insertInto('application_documents')
        .values({
          application_id: registration.applicationId,
          file_name: registration.fileName,
          document_type: registration.documentType,
          kind: registration.kind,
          media_type: 'application/pdf',
          size: object.size,
          sha256: object.sha256,
          active_content: registration.activeContent,
          storage_key: key,
          uploaded_by_id: registration.uploaderId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('application_history')
        .values({
          application_id: registration.applicationId,
          action: registration.inspectorate ? 'inspectorate_document_uploaded' : 'document_uploaded',
          from_status: application.status,
          to_status: null,
          actor_id: registration.uploaderId,
          notes: registration.fileName,
        })
        .execute();
      return row.id;
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}
