import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  ISSUANCE_PATHS,
  documentTemplate,
  documentTemplateCreate,
  documentTemplatesAnswer,
  issuedDocument,
  issuedDocumentListAnswer,
  issuedDocumentRevoke,
  issuedDocumentListQuery,
  verdict,
  verdictRender,
  verdictSubmit,
  verdictFileQuery,
  verdictUpdate,
  verdictsAnswer,
  verificationAnswer,
  verificationCodeParams,
} from '../../../shared/api/issuance';
import { applicationScope, visibleIn } from '../../application-scope';
import { currentLetterhead, currentSettings, currentUploadLimit } from '../../system-settings';
import { currentUser, requirePermission } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { acceptPdfUpload, parseUploadFields } from '../../uploads';
import { DEFAULT_TIMEOUTS } from '../../config';
import { issueFile, sendIssuedFile } from '../../issued-files';
import { findIssuedDocument, issuedCredential, listIssuedDocuments, setRevoked, verifyCode } from './issued-document-queries';
import { renderVerdictFile } from './issue';
import { renderTemplatePreview, verificationUrl } from './rendering';
import { addTemplateVersion, findTemplate, listTemplates } from './template-queries';
import { changeDraft, findVerdict, listVerdicts, startVerdict } from './verdict-queries';

// Issued documents and their register, the public check of a verification code, document
// templates and final verification verdicts. Issued PDFs are served exactly as stored at issue
// (issued-files.ts).

const tags = ['issuance'];
const id = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id });
const verdictParams = z.object({ id, verdictId: id });
const canView = requirePermission('applications.view_application');
const canIssue = requirePermission('applications.issue_document');
const canManageTemplates = requirePermission('documents.manage_templates');
const refusal = z.union([detailError, fieldErrors]);

export const issuanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const { bodyIdleMs } = config.timeouts ?? DEFAULT_TIMEOUTS;
  // Verdict PDFs arrive like documents: a raw streamed body or one multipart `file` part.
  app.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: config.maxUploadBytes + 1, fieldSize: 1024 } });

  app.get(
    ISSUANCE_PATHS.register,
    { preHandler: canView, schema: { tags, summary: 'The certificate register: every issued document the caller may see', querystring: issuedDocumentListQuery, response: { [HTTP_STATUS.ok]: issuedDocumentListAnswer } } },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listIssuedDocuments(db, applicationScope(currentUser(request)), filter, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.get(
    '/issued-documents/:id/',
    { preHandler: canView, schema: { tags, summary: 'One issued document', params: idParams, response: { [HTTP_STATUS.ok]: issuedDocument, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => {
      const found = await findIssuedDocument(db, applicationScope(currentUser(request)), request.params.id);
      if (!found) throw notFound();
      return found.document;
    },
  );

  app.get(
    '/issued-documents/:id/content/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'The issued PDF exactly as stored when it was issued (ETag: its SHA-256; 409 issued_file_unavailable when the stored file is missing or altered)',
        params: idParams,
        querystring: z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') }),
      },
    },
    async (request, reply) => {
      const found = await findIssuedDocument(db, applicationScope(currentUser(request)), request.params.id);
      if (!found) throw notFound();
      const fileName = `${found.document.kind.replaceAll('_', '-')}-${found.document.reference}.pdf`;
      return sendIssuedFile(request, reply, storage, { key: found.storageKey, sha256: found.sha256, fileName }, request.query.disposition);
    },
  );

  app.get(
    '/verify/:code/',
    {
      schema: {
        tags,
        summary: 'Public: is this verification code a valid issued document? (the minimum data, no sign-in)',
        params: verificationCodeParams,
        response: { [HTTP_STATUS.ok]: verificationAnswer },
      },
    },
    async (request) => {
      const row = await verifyCode(db, request.params.code);
      if (!row) return { status: 'unknown' as const, kind: null, reference: null, holder_name: null, issued_at: null, revoked_at: null, sha256: null, credential_url: null };
      return {
        status: row.revoked_at ? ('revoked' as const) : ('valid' as const),
        kind: row.kind,
        reference: row.reference,
        holder_name: row.holder_name,
        issued_at: row.issued_at.toISOString(),
        revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
        sha256: row.sha256,
        credential_url: row.has_credential ? `${verificationUrl((await currentSettings(app.deps)).verification.public_verify_url, row.verification_code)}credential/` : null,
      };
    },
  );

  app.get(
    '/verify/:code/credential/',
    {
      schema: {
        tags,
        summary: 'Public: the verifiable credential issued with the document of this code (JSON, W3C VC 2.0 with a Data Integrity proof); 404 when none',
        params: verificationCodeParams,
      },
    },
    async (request, reply) => {
      const credential = await issuedCredential(db, request.params.code);
      if (!credential) throw notFound();
      return reply
        .type('application/vc+ld+json')
        .header('content-disposition', contentDisposition(`credential-${credential.code}.json`, 'attachment'))
        .header('access-control-allow-origin', '*')
        .send(JSON.stringify(credential.credential, null, 2));
    },
  );

  // Revoking in the register sets the document's bit in the status list; restoring clears it.
  app.post(
    '/issued-documents/:id/revoke/',
    {
      preHandler: canIssue,
      schema: { tags, summary: 'Revoke an issued document (its credential’s status becomes revoked)', params: idParams, body: issuedDocumentRevoke, response: { [HTTP_STATUS.ok]: issuedDocument, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request) => {
      const actor = currentUser(request);
      const changed = await setRevoked(db, applicationScope(actor), request.params.id, { reason: request.body.reason, actorId: actor.id, ip: request.ip });
      if (!changed) throw notFound();
      return changed;
    },
  );

  app.post(
    '/issued-documents/:id/restore/',
    { preHandler: canIssue, schema: { tags, summary: 'Restore a revoked issued document (its credential’s status becomes valid again)', params: idParams, response: { [HTTP_STATUS.ok]: issuedDocument, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => {
      const actor = currentUser(request);
      const changed = await setRevoked(db, applicationScope(actor), request.params.id, { reason: null, actorId: actor.id, ip: request.ip });
      if (!changed) throw notFound();
      return changed;
    },
  );

  app.get(
    ISSUANCE_PATHS.templates,
    { preHandler: canManageTemplates, schema: { tags, summary: 'Document templates, every version', response: { [HTTP_STATUS.ok]: documentTemplatesAnswer } } },
    async () => listTemplates(db),
  );

  app.post(
    ISSUANCE_PATHS.templates,
    {
      preHandler: canManageTemplates,
      schema: { tags, summary: 'A new version of a template (it becomes the active one)', body: documentTemplateCreate, response: { [HTTP_STATUS.created]: documentTemplate, [HTTP_STATUS.badRequest]: refusal } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await addTemplateVersion(db, request.body, currentUser(request).id)),
  );

  app.get(
    '/document-templates/:id/preview/',
    { preHandler: canManageTemplates, schema: { tags, summary: 'The template rendered with sample data (PDF)', params: idParams } },
    async (request, reply) => {
      const template = await findTemplate(db, request.params.id);
      if (!template) throw notFound();
      const pdf = await renderTemplatePreview(template, await currentLetterhead(db));
      return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition('template-preview.pdf', 'inline')).send(pdf);
    },
  );

  // Verdicts: reading needs the application in the caller's scope, writing applications.issue_document.
  async function visibleApplication(request: { params: { id: number } } & Parameters<typeof currentUser>[0]) {
    const row = await db.selectFrom('applications').select('id').where('applications.id', '=', request.params.id).where(visibleIn(applicationScope(currentUser(request)))).executeTakeFirst();
    if (!row) throw notFound();
    return row.id;
  }

  app.get(
    '/applications/:id/verdicts/',
    { preHandler: canView, schema: { tags, summary: 'The application’s verdicts', params: idParams, response: { [HTTP_STATUS.ok]: verdictsAnswer, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => listVerdicts(db, await visibleApplication(request)),
  );

  app.post(
    '/applications/:id/verdicts/',
    {
      preHandler: canIssue,
      schema: {
        tags,
        summary: 'Start a verdict: the open draft when there is one (200), else a new draft (201)',
        params: idParams,
        response: { [HTTP_STATUS.ok]: verdict, [HTTP_STATUS.created]: verdict, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request, reply) => {
      const started = await startVerdict(db, await visibleApplication(request), currentUser(request).id);
      return reply.code(started.created ? HTTP_STATUS.created : HTTP_STATUS.ok).send(started.verdict);
    },
  );

  app.get(
    '/applications/:id/verdicts/:verdictId/',
    { preHandler: canView, schema: { tags, summary: 'One verdict', params: verdictParams, response: { [HTTP_STATUS.ok]: verdict, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => (await findVerdict(db, await visibleApplication(request), request.params.verdictId)).verdict,
  );

  app.put(
    '/applications/:id/verdicts/:verdictId/',
    {
      preHandler: canIssue,
      schema: { tags, summary: 'Save the verdict’s text (412 when stale)', params: verdictParams, body: verdictUpdate, response: { [HTTP_STATUS.ok]: verdict, [HTTP_STATUS.conflict]: detailError, [HTTP_STATUS.preconditionFailed]: detailError } },
    },
    async (request) => (await changeDraft(db, await visibleApplication(request), request.params.verdictId, request.body.version, { body: request.body.body })).verdict,
  );

  app.post(
    '/applications/:id/verdicts/:verdictId/file/',
    { preHandler: canIssue, schema: { tags, summary: 'Upload the verdict PDF (raw application/pdf; ?version=&file_name=), same checks as documents', params: verdictParams, querystring: verdictFileQuery } },
    async (request, reply) => {
      const applicationId = await visibleApplication(request);
      await findVerdict(db, applicationId, request.params.verdictId);
      // The same answers as documents: 413 on a declared size before reading, 415, empty, damaged, interrupted, 408.
      const { metadata, object, activeContent } = await acceptPdfUpload(request, storage, {
        maxBytes: await currentUploadLimit(app.deps),
        idleTimeoutMs: bodyIdleMs,
        readMetadata: (fields) => parseUploadFields(verdictFileQuery, fields),
      });
      const key = await object.keep();
      try {
        const { verdict: saved, replacedKey } = await changeDraft(db, applicationId, request.params.verdictId, metadata.version, {
          file_name: metadata.file_name ?? 'verdict.pdf',
          storage_key: key,
          sha256: object.sha256,
          size: object.size,
          template_version: null,
          active_content: activeContent,
        });
        if (replacedKey) await storage.delete(replacedKey);
        return reply.code(HTTP_STATUS.created).send(saved);
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    },
  );

  app.get(
    '/applications/:id/verdicts/:verdictId/file/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'The verdict PDF as stored (Range supported; 409 issued_file_unavailable when the stored file is missing or altered)',
        params: verdictParams,
        querystring: z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') }),
      },
    },
    async (request, reply) => {
      const { verdict: found, storageKey } = await findVerdict(db, await visibleApplication(request), request.params.verdictId);
      if (!storageKey) throw notFound();
      return sendIssuedFile(request, reply, storage, { key: storageKey, sha256: found.sha256, fileName: found.file_name ?? 'verdict.pdf' }, request.query.disposition);
    },
  );

  app.post(
    '/applications/:id/verdicts/:verdictId/render/',
    { preHandler: canIssue, schema: { tags, summary: 'Render the written text into the verdict PDF from the active verdict template (stored, never rendered again)', params: verdictParams, body: verdictRender, response: { [HTTP_STATUS.ok]: verdict } } },
    async (request) => {
      const applicationId = await visibleApplication(request);
      const { verdict: current } = await findVerdict(db, applicationId, request.params.verdictId);
      let changed: Awaited<ReturnType<typeof changeDraft>> | undefined;
      await issueFile(
        storage,
        [],
        () => renderVerdictFile(db, config, { applicationId, text: current.body, language: request.body.language, now: new Date() }),
        async (file, templateVersion) => {
          changed = await changeDraft(db, applicationId, request.params.verdictId, request.body.version, {
            file_name: `verdict-${applicationId}.pdf`,
            storage_key: file.key,
            sha256: file.sha256,
            size: file.size,
            template_version: templateVersion,
            active_content: [],
          });
        },
      );
      if (changed!.replacedKey) await storage.delete(changed!.replacedKey);
      return changed!.verdict;
    },
  );

  app.post(
    '/applications/:id/verdicts/:verdictId/submit/',
    { preHandler: canIssue, schema: { tags, summary: 'Submit the verdict (needs its PDF); then run the application’s “submit verdict” action', params: verdictParams, body: verdictSubmit, response: { [HTTP_STATUS.ok]: verdict } } },
    async (request) =>
      (await changeDraft(db, await visibleApplication(request), request.params.verdictId, request.body.version, { status: 'submitted', submitted_at: new Date() })).verdict,
  );
};
