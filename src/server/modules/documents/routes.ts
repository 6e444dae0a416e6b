import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_PATHS, PDF_MEDIA_TYPE, documentListAnswer, documentListQuery, storedDocument, uploadLimitsAnswer } from '../../../shared/api/documents';
import { HTTP_STATUS, detailError, fieldErrors as fieldErrorsSchema } from '../../../shared/api/drf';
import { hasPermission } from '../../../shared/auth/permissions';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission, requireUser } from '../../auth-context';
import { sendStoredFile } from '../../downloads';
import { conflict, notFound, permissionDenied } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { findDocument, findVisibleApplication, listDocuments } from './document-queries';
import { hasInspectorateDocument } from '../../inspectorate-document';
import { registerUpload } from './document-registry';
import { acceptPdfUpload } from '../../uploads';
import { DEFAULT_TIMEOUTS } from '../../config';
import { parseMetadata } from './upload-metadata';
import { currentUploadLimit } from '../../system-settings';

// Documents and PDFs: upload limits, streamed uploads (an application's documents and
// the inspectorate's verification document), the documents list, and streamed downloads.

const tags = ['documents'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const canView = requirePermission('applications.view_application');
const refusal = z.union([detailError, fieldErrorsSchema]);
const uploadResponses = {
  [HTTP_STATUS.created]: storedDocument,
  [HTTP_STATUS.badRequest]: refusal,
  [HTTP_STATUS.notFound]: detailError,
  [HTTP_STATUS.conflict]: detailError,
  408: detailError,
  [HTTP_STATUS.payloadTooLarge]: detailError,
  415: detailError,
};
const INSPECTORATE_DOCUMENT_PATH = '/applications/:id/inspectorate-document/';

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  // The environment's limit bounds what multipart reads at all; the limit in force is the system
  // settings' (never above it), read per request so an administrator's change needs no restart.
  const ceilingBytes = config.maxUploadBytes;
  const { bodyIdleMs } = config.timeouts ?? DEFAULT_TIMEOUTS;

  // The raw body of a PDF upload stays a stream: nothing is buffered in memory.
  app.addContentTypeParser(PDF_MEDIA_TYPE, (_request, payload, done) => done(null, payload));
  // preservePath: a client's path in the part's file name is refused (400), not silently cut to its last segment.
  await app.register(multipart, { preservePath: true, limits: { files: 1, fields: 10, fileSize: ceilingBytes + 1, fieldSize: 1024 } });

  app.get(
    DOCUMENT_PATHS.limits,
    { preHandler: requireUser(), schema: { tags, summary: 'The upload limits clients check before sending', response: { [HTTP_STATUS.ok]: uploadLimitsAnswer } } },
    async () => ({ max_upload_bytes: await currentUploadLimit(app.deps), accepted_media_types: [PDF_MEDIA_TYPE] }),
  );

  app.get(
    DOCUMENT_PATHS.list,
    { preHandler: canView, schema: { tags, summary: 'Documents of the applications the caller may see', querystring: documentListQuery, response: { [HTTP_STATUS.ok]: documentListAnswer } } },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listDocuments(db, applicationScope(currentUser(request)), filter, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows.map(({ storage_key: _key, ...document }) => document));
    },
  );

  app.get(
    '/documents/:id/',
    { preHandler: canView, schema: { tags, summary: 'One document’s metadata', params: idParams, response: { [HTTP_STATUS.ok]: storedDocument, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => {
      const document = await findDocument(db, applicationScope(currentUser(request)), request.params.id);
      if (!document) throw notFound();
      const { storage_key: _key, ...answer } = document;
      return answer;
    },
  );

  app.get(
    '/documents/:id/content/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'The document’s file, streamed (Range, If-Range; ?disposition=inline to preview)',
        params: idParams,
        querystring: z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') }),
      },
    },
    async (request, reply) => {
      const document = await findDocument(db, applicationScope(currentUser(request)), request.params.id);
      // Seeded demo documents have metadata only; their files never existed.
      if (!document || !document.storage_key) throw notFound();
      return sendStoredFile(request, reply, storage, { key: document.storage_key, fileName: document.file_name, mediaType: document.media_type, sha256: document.sha256 }, request.query.disposition);
    },
  );

  async function upload(request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply, inspectorate: boolean) {
    const user = currentUser(request);
    const application = await findVisibleApplication(db, applicationScope(user), request.params.id);
    if (!application) throw notFound();
    if (inspectorate) {
      if (!hasPermission(user, 'inspectorate.upload_verification')) throw permissionDenied();
      if (await hasInspectorateDocument(db, application.id)) throw conflict('inspectorate_upload_exists');
    } else if (!hasPermission(user, 'documents.change_document') && !hasPermission(user, 'applications.change_application')) {
      throw permissionDenied();
    }
    const { metadata, object, activeContent } = await acceptPdfUpload(request, storage, {
      maxBytes: await currentUploadLimit(app.deps),
      idleTimeoutMs: bodyIdleMs,
      readMetadata: (fields) =>
        inspectorate ? parseMetadata({ ...fields, document_type: 'verification_request', kind: 'original' }) : parseMetadata(fields),
    });
    const id = await registerUpload(db, storage, object, {
      applicationId: application.id,
      uploaderId: user.id,
      fileName: metadata.file_name,
      documentType: metadata.document_type,
      kind: metadata.kind,
      inspectorate,
      activeContent,
    });
    const document = await findDocument(db, applicationScope(user), id);
    if (!document) throw notFound();
    const { storage_key: _key, ...answer } = document;
    return reply.code(HTTP_STATUS.created).send(answer);
  }

  app.post(
    '/applications/:id/documents/',
    {
      preHandler: canView,
      schema: { tags, summary: 'Upload a PDF to an application (raw application/pdf body or multipart “file”), streamed and checked', params: idParams, response: uploadResponses },
    },
    async (request, reply) => upload(request, reply, false),
  );

  app.post(
    INSPECTORATE_DOCUMENT_PATH,
    {
      preHandler: canView,
      schema: { tags, summary: 'The inspectorate’s verification PDF: exactly one per request, while the application waits for it', params: idParams, response: uploadResponses },
    },
    async (request, reply) => upload(request, reply, true),
  );
};
