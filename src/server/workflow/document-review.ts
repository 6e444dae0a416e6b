import type { z } from 'zod';
import type { documentReviewRequest } from '../../shared/api/applications';
import type { DocumentStatus } from '../../shared/domain/application-status';
import { WORKFLOW_ACTIONS, mayPerform } from '../../shared/domain/application-workflow';
import { visibleIn } from '../application-scope';
import { fieldError, notFound, permissionDenied, preconditionFailed } from '../errors';
import { performAction, type ActionContext } from './perform-action';

// Several documents of one application approved or rejected together. All or nothing, in one
// transaction: the officer decided about the selection as a whole, and a half-reviewed selection
// would leave them to find which documents changed. Every refusal one document could meet (stale
// version, closed or archived application, a rejection without its reason) holds for all of them
// alike, so nothing is gained by keeping the others. Each document still goes through the
// workflow's own approve_document / reject_document, so history and audit read as for one.

type Request = z.output<typeof documentReviewRequest>;

export interface ReviewedDocument {
  document_id: number;
  file_name: string;
  status: DocumentStatus;
}

export async function reviewDocuments(context: Omit<ActionContext, 'trx'>, applicationId: number, request: Request): Promise<ReviewedDocument[]> {
  const { db, user, scope } = context;
  const { decision, document_ids: ids } = request;
  // The refusals of the first document are those of all: answer them before anything is locked.
  if (!mayPerform(user, decision)) throw permissionDenied('action_not_permitted');
  if (WORKFLOW_ACTIONS[decision].notes === 'required' && !request.notes?.trim()) throw fieldError('notes', 'notes_required');

  return db.transaction().execute(async (trx) => {
    const application = await trx.selectFrom('applications').select(['id', 'version']).where('id', '=', applicationId).where(visibleIn(scope)).forUpdate().executeTakeFirst();
    if (!application) throw notFound();
    if (application.version !== request.version) throw preconditionFailed();
    const documents = await trx
      .selectFrom('application_documents')
      .select(['id', 'file_name'])
      .where('application_id', '=', applicationId)
      .where('id', 'in', ids)
      .execute();
    const names = new Map(documents.map((document) => [document.id, document.file_name]));
    const strangers = ids.filter((id) => !names.has(id));
    if (strangers.length > 0) throw fieldError('document_ids', 'documents_not_of_application', { documents: strangers.join(', ') });

    // Each review bumps the application's version; the next one compares with that.
    let version = application.version;
    for (const documentId of ids) {
      await performAction({ ...context, trx }, applicationId, decision, { version, notes: request.notes, document_id: documentId });
      version += 1;
    }
    const status: DocumentStatus = decision === 'approve_document' ? 'verified' : 'rejected';
    return ids.map((id) => ({ document_id: id, file_name: names.get(id)!, status }));
  });
}
