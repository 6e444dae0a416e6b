import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PDF_MEDIA_TYPE } from '../../../shared/api/documents';
import { HTTP_STATUS, detailError, fieldErrors as fieldErrorsSchema } from '../../../shared/api/drf';
import {
  IDEMPOTENCY_KEY_HEADER,
  INTAKE_PATHS,
  clientKey,
  intakeAnswer,
  intakeDuplicateQuery,
  intakeDuplicatesAnswer,
  intakeRequest,
  intakeUploadParams,
  intakeUploadQuery,
  stagedUpload,
} from '../../../shared/api/intake';
import { currentUser, requireAdmin } from '../../auth-context';
import { currentUploadLimit } from '../../system-settings';
import { DEFAULT_TIMEOUTS } from '../../config';
import { ApiError } from '../../errors';
import { acceptPdfUpload, parseUploadFields } from '../../uploads';
import { findPossibleDuplicates } from './intake-queries';
import { translateIntakeError } from './intake-texts';
import { stageUpload, sweepUnclaimedUploads } from './staged-uploads';
import { submitIntake } from './submission';
import { translateRefusals } from '../../refusal-texts';

// Counter intake (spec §2: offline application creation is for administrators): stage
// a draft's PDFs under the client's keys, then create the application once with an
// Idempotency-Key; and the possible-duplicates check the form runs once the server is reachable.
// The rules live in staged-uploads.ts and submission.ts, the SQL in intake-queries.ts.

const tags = ['intake'];
const refusal = z.union([detailError, fieldErrorsSchema]);
const MAX_DUPLICATES = 10;

/** Query fields of an upload, checked like the documents module's (the file name in NFC). */
function uploadMetadata(fields: Record<string, unknown>): { file_name: string } {
  return parseUploadFields(intakeUploadQuery, fields);
}

export const intakeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const clock = app.deps.clock ?? (() => new Date());
  // Multipart reads at most the environment's limit; the limit in force is the system settings'.
  const ceilingBytes = config.maxUploadBytes;
  const { bodyIdleMs } = config.timeouts ?? DEFAULT_TIMEOUTS;

  // The raw body of a PDF stays a stream (this plugin's own parsers: Fastify scopes them per plugin).
  app.addContentTypeParser(PDF_MEDIA_TYPE, (_request, payload, done) => done(null, payload));
  await app.register(multipart, { preservePath: true, limits: { files: 1, fields: 10, fileSize: ceilingBytes + 1, fieldSize: 1024 } });

  // Our refusals in the caller's language (Accept-Language: en, sq, sr).
  translateRefusals(app, translateIntakeError);

  app.put(
    INTAKE_PATHS.upload(':upload_key'),
    {
      preHandler: requireAdmin(),
      schema: {
        tags,
        summary:
          'Stage a counter PDF under the client’s key (raw application/pdf body or multipart “file”; query file_name). 201 new; 200 the same file again (nothing stored twice); 409 the key holds another file or another user’s.',
        params: intakeUploadParams,
        response: {
          [HTTP_STATUS.ok]: stagedUpload,
          [HTTP_STATUS.created]: stagedUpload,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.conflict]: detailError,
          408: detailError,
          [HTTP_STATUS.payloadTooLarge]: detailError,
          415: detailError,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { metadata, object, activeContent } = await acceptPdfUpload(request, storage, { maxBytes: await currentUploadLimit(app.deps), idleTimeoutMs: bodyIdleMs, readMetadata: uploadMetadata });
      const result = await stageUpload(db, storage, object, { uploadKey: request.params.upload_key, ownerId: user.id, fileName: metadata.file_name, activeContent });
      try {
        await sweepUnclaimedUploads(db, storage, clock());
      } catch (error) {
        // The sweep is housekeeping: the next upload tries again; this one succeeded.
        request.log.warn({ err: error }, 'sweeping unclaimed counter uploads failed');
      }
      return reply.code(result.created ? HTTP_STATUS.created : HTTP_STATUS.ok).send(result.upload);
    },
  );

  app.post(
    INTAKE_PATHS.submit,
    {
      preHandler: requireAdmin(),
      schema: {
        tags,
        summary:
          'Create a counter application once: header Idempotency-Key (a UUID, the same for every retry of a draft), the staged files’ keys, the fee quoted at the counter. 201 created; 200 a repeat (`replayed`); 409 key reused for another request, a file missing or taken, the fee changed (`quoted_total` is the server’s), the service inactive.',
        headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: z.string().max(200).optional() }),
        body: intakeRequest,
        response: {
          [HTTP_STATUS.ok]: intakeAnswer,
          [HTTP_STATUS.created]: intakeAnswer,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.conflict]: detailError,
        },
      },
    },
    async (request, reply) => {
      const key = clientKey.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (!key.success) throw new ApiError(HTTP_STATUS.badRequest, 'intake_idempotency_key_missing');
      const user = currentUser(request);
      const result = await submitIntake(db, request.body, key.data, { id: user.id, ip: request.ip ?? null }, clock());
      return reply.code(result.created ? HTTP_STATUS.created : HTTP_STATUS.ok).send(result.answer);
    },
  );

  app.get(
    INTAKE_PATHS.duplicates,
    {
      preHandler: requireAdmin(),
      schema: {
        tags,
        summary: `Applications of the same personal ID and institution (case and surrounding spaces ignored), newest first, at most ${MAX_DUPLICATES}`,
        querystring: intakeDuplicateQuery,
        response: { [HTTP_STATUS.ok]: intakeDuplicatesAnswer },
      },
    },
    async (request) => ({ matches: await findPossibleDuplicates(db, request.query.personal_id, request.query.institution_name, MAX_DUPLICATES) }),
  );
};
