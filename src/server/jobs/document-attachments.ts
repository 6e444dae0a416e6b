import type { AppDatabase } from '../db/database';
import type { DocumentStorage } from '../storage/document-storage';
import type { AttachmentSource } from './outbox';

// The outbox's attachments are application documents: their file read from the documents
// storage at the moment of sending, so a queued e-mail holds a reference, never a copy.

export function documentAttachments(db: AppDatabase, storage: DocumentStorage): AttachmentSource {
  return async (documentId) => {
    const document = await db
      .selectFrom('application_documents')
      .select(['file_name', 'media_type', 'storage_key'])
      .where('id', '=', documentId)
      .executeTakeFirst();
    if (!document?.storage_key) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(document.storage_key)) chunks.push(Buffer.from(chunk as Buffer));
    return { filename: document.file_name, content: Buffer.concat(chunks), contentType: document.media_type };
  };
}
