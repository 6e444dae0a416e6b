import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationSpecimens as applicationSpecimensAnswer,
  specimen,
  specimenComparison,
  specimenComparisonInput,
  specimenCreate,
  specimenList,
  specimenListQuery,
  specimenUpdate,
  specimenUploadQuery,
} from '../../../shared/api/diploma-specimens';
import { minutesDownloadQuery as downloadQuery } from '../../../shared/api/councils';
import { HTTP_STATUS, detailError, fieldErrors, recordId } from '../../../shared/api/drf';
import { mayVerifyAuthenticity } from '../../../shared/auth/permissions';
import { applicationScope } from '../../application-scope';
import { currentUser, requireRule } from '../../auth-context';
import { DEFAULT_TIMEOUTS } from '../../config';
import { sendStoredFile } from '../../downloads';
import { ApiError, notFound } from '../../errors';
import { pageAnswer } from '../../pagination';
import { currentUploadLimit } from '../../system-settings';
import { acceptPdfUpload, parseUploadFields } from '../../uploads';
import { isSpecimenImageType, receiveSpecimenImage } from './specimen-image';
import {
  applicationSpecimens,
  attachSpecimenFile,
  compareWithSpecimen,
  createSpecimen,
  listSpecimens,
  specimenDetail,
  specimenVersionNow,
  updateSpecimen,
  versionFile,
  type WriteContext,
} from './specimen-store';

// The diploma specimen library and comparisons with it (src/shared/api/diploma-specimens.ts).
// Kept and read by those who establish authenticity, as the institution dossiers are
// (mayVerifyAuthenticity: administrators and document verifiers); a comparison is made on a
// document of an application the caller sees (row scope).

const tags = ['authenticity'];
const specimenParams = z.object({ id: z.coerce.number().pipe(recordId) });
const refusal = z.union([detailError, fieldErrors]);
const canVerify = requireRule(mayVerifyAuthenticity);
const WRITE_REFUSALS = { [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError, [HTTP_STATUS.preconditionFailed]: detailError };

const writeContext = (request: FastifyRequest): WriteContext => ({ actorId: currentUser(request).id, ip: request.ip ?? null });

export const diplomaSpecimenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const { bodyIdleMs } = config.timeouts ?? DEFAULT_TIMEOUTS;

  // A specimen's genuine document arrives like documents: a raw streamed body or one multipart `file` part.
  app.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));
  // …or, for an image of the diploma, the raw PNG or JPEG body (specimen-image.ts checks its bytes).
  app.addContentTypeParser(['image/png', 'image/jpeg'], (_request, payload, done) => done(null, payload));
  await app.register(multipart, { preservePath: true, limits: { files: 1, fields: 10, fileSize: config.maxUploadBytes + 1, fieldSize: 1024 } });

  app.get(
    '/reference/specimens/',
    {
      preHandler: canVerify,
      schema: { tags, summary: 'The specimen library: each specimen’s current version with its institution; ?institution=&search=', querystring: specimenListQuery, response: { [HTTP_STATUS.ok]: specimenList, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request) => {
      const { count, results } = await listSpecimens(db, request.query);
      return pageAnswer(request, request.query, count, results);
    },
  );

  app.post(
    '/reference/specimens/',
    {
      preHandler: canVerify,
      schema: { tags, summary: 'A new specimen (version 1): institution, qualification, period of issue, security features, numbering format, signatories, notes; audited', body: specimenCreate, response: { [HTTP_STATUS.created]: specimen, ...WRITE_REFUSALS } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await createSpecimen(db, request.body, writeContext(request))),
  );

  app.get(
    '/reference/specimens/:id/',
    { preHandler: canVerify, schema: { tags, summary: 'A specimen with every version, newest first', params: specimenParams, response: { [HTTP_STATUS.ok]: specimen, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => specimenDetail(db, request.params.id),
  );

  app.put(
    '/reference/specimens/:id/',
    {
      preHandler: canVerify,
      schema: { tags, summary: 'Edit: writes the next version (the old ones stay readable); 412 specimen_stale when `version` is not the current one; audited', params: specimenParams, body: specimenUpdate, response: { [HTTP_STATUS.ok]: specimen, ...WRITE_REFUSALS } },
    },
    async (request) => updateSpecimen(db, request.params.id, request.body, writeContext(request)),
  );

  // PUT as the API names it; POST too, because both shells' transfer service sends every upload
  // with POST (shared/ipc/transfer-contract.ts, target `diploma_specimen`).
  for (const method of ['put', 'post'] as const) {
    app[method](
      '/reference/specimens/:id/file/',
      {
        preHandler: canVerify,
        schema: {
          tags,
          summary:
            'The genuine document: a PDF (raw application/pdf or one multipart `file`), same checks as documents, or an image of the diploma (raw image/png or image/jpeg, checked and re-encoded as every uploaded image; 415 specimen_file_type otherwise); ?version=&file_name=; writes the next version; audited',
          params: specimenParams,
          querystring: specimenUploadQuery,
          response: { [HTTP_STATUS.ok]: specimen, ...WRITE_REFUSALS, 408: detailError, [HTTP_STATUS.payloadTooLarge]: detailError, 415: detailError },
        },
      },
      async (request) => {
        // Refused before a byte is read: no such specimen, or a version already replaced.
        const current = await specimenVersionNow(db, request.params.id);
        if (current === null) throw notFound();
        if (current !== request.query.version) throw new ApiError(HTTP_STATUS.preconditionFailed, 'specimen_stale');
        if (isSpecimenImageType(request.headers['content-type'])) {
          const image = await receiveSpecimenImage(storage, request.body as Readable, bodyIdleMs, request.query.file_name ?? 'specimen');
          try {
            return await attachSpecimenFile(db, request.params.id, request.query.version, image, writeContext(request));
          } catch (error) {
            await storage.delete(image.key);
            throw error;
          }
        }
        const { metadata, object, activeContent } = await acceptPdfUpload(request, storage, {
          maxBytes: await currentUploadLimit(app.deps),
          idleTimeoutMs: bodyIdleMs,
          readMetadata: (fields) => parseUploadFields(specimenUploadQuery, fields),
        });
        const key = await object.keep();
        try {
          return await attachSpecimenFile(db, request.params.id, metadata.version, { key, fileName: metadata.file_name ?? 'specimen.pdf', size: object.size, sha256: object.sha256, activeContent, mediaType: 'application/pdf' }, writeContext(request));
        } catch (error) {
          await storage.delete(key);
          throw error;
        }
      },
    );
  }

  app.get(
    '/reference/specimen-versions/:id/file/',
    { preHandler: canVerify, schema: { tags, summary: 'A specimen version’s genuine document (Range supported)', params: specimenParams, querystring: downloadQuery } },
    async (request, reply) => {
      const file = await versionFile(db, request.params.id);
      return sendStoredFile(request, reply, storage, { key: file.key, fileName: file.fileName, mediaType: file.mediaType, sha256: file.sha256 }, request.query.disposition);
    },
  );

  app.get(
    '/applications/:id/specimens/',
    {
      preHandler: canVerify,
      schema: {
        tags,
        summary: 'The specimens of the application’s institution (its diploma date in their period when known) and the comparisons made on its documents, newest first',
        params: specimenParams,
        response: { [HTTP_STATUS.ok]: applicationSpecimensAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const answer = await applicationSpecimens(db, applicationScope(currentUser(request)), request.params.id);
      if (!answer) throw notFound();
      return answer;
    },
  );

  app.post(
    '/documents/:id/specimen-comparisons/',
    {
      preHandler: canVerify,
      schema: {
        tags,
        summary: 'Keep a comparison of the document with a specimen version of its application’s institution: the features found, the number typed and whether it matches the format (checked here), by the caller; audited',
        params: specimenParams,
        body: specimenComparisonInput,
        response: { [HTTP_STATUS.created]: specimenComparison, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request, reply) =>
      reply.code(HTTP_STATUS.created).send(await compareWithSpecimen(db, applicationScope(currentUser(request)), request.params.id, request.body, writeContext(request))),
  );
};
