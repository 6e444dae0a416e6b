import type { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  credentialCheckAnswer,
  credentialCheckRequest,
  documentCheckEvidence,
  documentCheckEvidenceAnswer,
  DOCUMENT_SEAL_PATHS,
  pdfCheckAnswer,
} from '../../../shared/api/document-seals';
import { applicationScope, visibleIn } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { currentIssuer } from '../../credentials/current-issuer';
import { notFound, fieldError } from '../../errors';
import { recordAudit } from '../../shared/audit';
import { currentUploadLimit } from '../../system-settings';
import { drainUnreadBody } from '../../upload-drain';
import { tooLarge } from '../../uploads';
import { flattenClaims } from './claims';

// "Verify a document": an officer drops a credential (JSON) or a PDF someone brought, and the
// server says what it is: signature, issuer, status, validity, claims; or the PDF's seals, signer,
// time and whether it changed after signing. Whoever reads applications may check; a check's
// result goes on an application as evidence (a note) for who verifies documents.

const tags = ['document-checks'];
const canCheck = requirePermission('applications.view_application');
const canRecord = requirePermission('documents.verify_document');
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const documentCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.post(
    DOCUMENT_SEAL_PATHS.checkCredential,
    {
      preHandler: canCheck,
      schema: { tags, summary: 'Check a verifiable credential: proof, issuer, revocation status, validity; claims flattened', body: credentialCheckRequest, response: { [HTTP_STATUS.ok]: credentialCheckAnswer, [HTTP_STATUS.badRequest]: z.union([detailError, fieldErrors]) } },
    },
    async (request) => {
      const { checkCredential } = await import('../../credentials/credentials');
      const { credential, did_documents } = request.body;
      const check = await checkCredential(await currentIssuer({ db, config }), credential, { didDocuments: did_documents });
      const types = Array.isArray(credential.type) ? credential.type.map(String) : typeof credential.type === 'string' ? [credential.type] : [];
      return { ...check, claims: flattenClaims(credential.credentialSubject), types };
    },
  );

  // A PDF arrives as the raw body, whatever its Content-Type; at most the upload limit.
  const pdfChecks: FastifyPluginAsyncZod = async (raw) => {
    raw.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    raw.post(
      DOCUMENT_SEAL_PATHS.checkPdf,
      { preHandler: canCheck, schema: { tags, summary: 'Check a PDF’s PAdES signatures: signer, time, whether it changed after signing, whether it is our seal', response: { [HTTP_STATUS.ok]: pdfCheckAnswer, [HTTP_STATUS.badRequest]: fieldErrors, [HTTP_STATUS.payloadTooLarge]: detailError } } },
      async (request) => {
        const body = request.body as Readable | undefined;
        const limit = await currentUploadLimit(app.deps);
        const chunks: Buffer[] = [];
        let size = 0;
        if (body && typeof (body as Partial<Readable>).pipe === 'function') {
          for await (const chunk of body) {
            const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
            size += bytes.length;
            if (size > limit) {
              drainUnreadBody(request.raw, body);
              throw tooLarge(limit);
            }
            chunks.push(bytes);
          }
        }
        const file = Buffer.concat(chunks);
        if (file.length === 0 || !file.subarray(0, 1024).includes('%PDF-')) throw fieldError('file', 'upload_not_pdf');
        // forge loads with the first check, not while the server starts.
        const { checkPdf } = await import('./pdf-check');
        return { sha256: createHash('sha256').update(file).digest('hex'), size: file.length, signatures: await checkPdf(db, config, file) };
      },
    );
  };
  await app.register(pdfChecks);

  app.post(
    '/applications/:id/document-checks/',
    {
      preHandler: canRecord,
      schema: { tags, summary: 'Keep a check’s result on the application as evidence (a note, audited)', params: idParams, body: documentCheckEvidence, response: { [HTTP_STATUS.created]: documentCheckEvidenceAnswer, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const application = await db.selectFrom('applications').select('id').where('applications.id', '=', request.params.id).where(visibleIn(applicationScope(user))).executeTakeFirst();
      if (!application) throw notFound();
      const note = await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('application_notes')
          .values({ application_id: application.id, author_id: user.id, text: request.body.summary })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        await recordAudit(trx, { actorId: user.id, action: 'application.document_check_recorded', entityType: 'application', entityId: application.id, details: { subject: request.body.subject, note_id: created.id }, ip: request.ip });
        return created;
      });
      return reply.code(HTTP_STATUS.created).send({ note_id: note.id, created_at: new Date(note.created_at).toISOString() });
    },
  );
};
