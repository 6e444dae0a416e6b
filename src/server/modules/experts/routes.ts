import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors as fieldErrorsSchema } from '../../../shared/api/drf';
import {
  EXPERT_PATHS,
  applicationParams,
  applicationReviewsAnswer,
  commission,
  commissionCreate,
  commissionListAnswer,
  commissionListQuery,
  commissionParams,
  commissionUpdate,
  expertReview,
  memberOptionsAnswer,
  reportDownloadQuery,
  reportQuery,
  requestOptionsAnswer,
  reviewDraft,
  reviewListAnswer,
  reviewListQuery,
  reviewParams,
  reviewRequest,
  reviewSubmit } from '../../../shared/api/experts';
import type { User } from '../../../shared/api/auth';
import { hasPermission, isAdmin } from '../../../shared/auth/permissions';
import { applicantFieldsFor, applicationScope } from '../../application-scope';
import { currentUploadLimit } from '../../system-settings';
import { currentUser, requirePermission, requireUser } from '../../auth-context';
import { DEFAULT_TIMEOUTS } from '../../config';
import { sendStoredFile } from '../../downloads';
import { conflict, notFound, permissionDenied } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { acceptPdfUpload, parseUploadFields } from '../../uploads';
import { evaluatorOptions, findCommission, listCommissions } from './commission-queries';
import { createCommission, updateCommission } from './commission-writes';
import { translateExpertError } from './experts-texts';
import { applicationReviews, findReview, findVisibleApplication, listReviews, requestOptions, reviewRow, sitsOnCouncil } from './review-queries';
import { attachReport, requestReview, saveDraft, submitReview } from './review-writes';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';

// Expert commissions and expert reviews (spec §2). Commissions: read with
// expert.view_commission, written with expert.change_commission. Reviews: requested by officers
// (applications.change_status) or by a member of the application's council; the evaluator it is
// assigned to reads, drafts, attaches a report and submits it; admins read every review. Every
// read of an application goes through the caller's row scope (404 outside it).

const tags = ['experts'];
const refusal = z.union([detailError, fieldErrorsSchema]);
const canViewCommissions = requirePermission('expert.view_commission');
const canChangeCommissions = requirePermission('expert.change_commission');
const canReview = requirePermission('expert.submit_review');

export const expertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const { bodyIdleMs } = config.timeouts ?? DEFAULT_TIMEOUTS;

  // Report PDFs arrive like documents: a raw streamed body or one multipart `file` part.
  app.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));
  await app.register(multipart, { preservePath: true, limits: { files: 1, fields: 10, fileSize: config.maxUploadBytes + 1, fieldSize: 1024 } });

  // Our refusals in the caller's language (Accept-Language; en, sq, sr).
  translateRefusals(app, translateExpertError);

  // ---- Commissions ----

  app.get(
    EXPERT_PATHS.commissions,
    { preHandler: canViewCommissions, schema: { tags, summary: 'Expert commissions: active, academic field, search (name, description)', querystring: commissionListQuery, response: { [HTTP_STATUS.ok]: commissionListAnswer } } },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listCommissions(db, { ...filter, language: requestLanguage(request), ...pageWindow({ page, page_size }) });
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.get(
    EXPERT_PATHS.memberOptions,
    { preHandler: canViewCommissions, schema: { tags, summary: 'Who may be a member: the active users of the Evaluators group', response: { [HTTP_STATUS.ok]: memberOptionsAnswer } } },
    async (request) => evaluatorOptions(db, requestLanguage(request)),
  );

  app.post(
    EXPERT_PATHS.commissions,
    {
      preHandler: canChangeCommissions,
      schema: { tags, summary: 'Create an expert commission (members: active evaluators; the chair one of them)', body: commissionCreate, response: { [HTTP_STATUS.created]: commission, [HTTP_STATUS.badRequest]: refusal } },
    },
    async (request, reply) => {
      const id = await createCommission(db, request.body);
      return reply.code(HTTP_STATUS.created).send((await findCommission(db, applicationScope(currentUser(request)), id, requestLanguage(request)))!);
    },
  );

  app.get(
    '/expert-commissions/:commissionId/',
    {
      preHandler: canViewCommissions,
      schema: { tags, summary: 'One commission: members with the chair, and its reviews of applications the caller may see', params: commissionParams, response: { [HTTP_STATUS.ok]: commission, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request) => {
      const found = await findCommission(db, applicationScope(currentUser(request)), request.params.commissionId, requestLanguage(request));
      if (!found) throw notFound();
      return found;
    },
  );

  app.patch(
    '/expert-commissions/:commissionId/',
    {
      preHandler: canChangeCommissions,
      schema: {
        tags,
        summary: 'Change a commission (any of its fields; members and chair together) with the version read (412 when stale)',
        params: commissionParams,
        body: commissionUpdate,
        response: { [HTTP_STATUS.ok]: commission, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.preconditionFailed]: detailError },
      },
    },
    async (request) => {
      await updateCommission(db, request.params.commissionId, request.body);
      return (await findCommission(db, applicationScope(currentUser(request)), request.params.commissionId, requestLanguage(request)))!;
    },
  );

  // ---- Reviews of one application ----

  /** The application in the caller's rows (404 otherwise), and whether they may request a review of it. */
  async function applicationFor(request: FastifyRequest<{ Params: { id: number } }>) {
    const user = currentUser(request);
    const application = await findVisibleApplication(db, applicationScope(user), request.params.id);
    if (!application) throw notFound();
    const mayRequest =
      hasPermission(user, 'applications.change_status') ||
      (hasPermission(user, 'councils.review_application') && (await sitsOnCouncil(db, user.id, application.council_id)));
    return { user, application, mayRequest };
  }
  const readsApplicationReviews = (user: User) => hasPermission(user, 'expert.view_commission') || hasPermission(user, 'applications.view_application');

  app.get(
    '/applications/:id/expert-reviews/',
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'The application’s expert reviews (row scope; expert.view_commission or applications.view_application); texts once submitted',
        params: applicationParams,
        response: { [HTTP_STATUS.ok]: applicationReviewsAnswer, [HTTP_STATUS.forbidden]: detailError, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      if (!readsApplicationReviews(currentUser(request))) throw permissionDenied();
      const { application, mayRequest } = await applicationFor(request);
      return { can_request: mayRequest, results: await applicationReviews(db, application.id) };
    },
  );

  app.get(
    '/applications/:id/expert-reviews/options/',
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'What a review may be requested from: the active commissions and their members (for who may request)',
        params: applicationParams,
        response: { [HTTP_STATUS.ok]: requestOptionsAnswer, [HTTP_STATUS.forbidden]: detailError, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const { mayRequest } = await applicationFor(request);
      if (!mayRequest) throw permissionDenied('expert_may_not_request');
      return requestOptions(db, requestLanguage(request));
    },
  );

  app.post(
    '/applications/:id/expert-reviews/',
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'Request an expert review: an active commission, one of its members, a due date from today (officers; members of the application’s council)',
        params: applicationParams,
        body: reviewRequest,
        response: {
          [HTTP_STATUS.created]: applicationReviewsAnswer.shape.results.element,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.forbidden]: detailError,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
        },
      },
    },
    async (request, reply) => {
      const { user, application, mayRequest } = await applicationFor(request);
      if (!mayRequest) throw permissionDenied('expert_may_not_request');
      const id = await requestReview(db, application, request.body, user.id);
      const created = (await applicationReviews(db, application.id)).find((review) => review.id === id)!;
      return reply.code(HTTP_STATUS.created).send(created);
    },
  );

  // ---- My reviews, and one review ----

  app.get(
    EXPERT_PATHS.reviews,
    { preHandler: canReview, schema: { tags, summary: 'My reviews: those assigned to the caller (admins: every review); status', querystring: reviewListQuery, response: { [HTTP_STATUS.ok]: reviewListAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const { page, page_size, status } = request.query;
      const { count, rows } = await listReviews(db, { reviewerId: isAdmin(user) ? null : user.id, status, ...pageWindow({ page, page_size }) });
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  /** The review when the caller is its evaluator or an admin (404 for anyone else). */
  async function readableReview(request: FastifyRequest<{ Params: { reviewId: number } }>) {
    const user = currentUser(request);
    const row = await reviewRow(db, request.params.reviewId);
    if (!row || (row.reviewer_id !== user.id && !isAdmin(user))) throw notFound();
    return { user, row };
  }
  /** Only the assigned evaluator writes; an admin reading it gets 403. */
  async function ownReview(request: FastifyRequest<{ Params: { reviewId: number } }>) {
    const found = await readableReview(request);
    if (found.row.reviewer_id !== found.user.id) throw permissionDenied('expert_not_reviewer');
    return found;
  }
  const answer = async (request: FastifyRequest, reviewId: number) => (await findReview(db, reviewId, applicantFieldsFor(currentUser(request))))!;

  const reviewResponses = { [HTTP_STATUS.ok]: expertReview, [HTTP_STATUS.notFound]: detailError };
  const writeResponses = { ...reviewResponses, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.conflict]: detailError, [HTTP_STATUS.preconditionFailed]: detailError };

  app.get(
    '/expert-reviews/:reviewId/',
    { preHandler: canReview, schema: { tags, summary: 'One review with the application’s summary and documents (its evaluator, admins)', params: reviewParams, response: reviewResponses } },
    async (request) => {
      await readableReview(request);
      return answer(request, request.params.reviewId);
    },
  );

  app.patch(
    '/expert-reviews/:reviewId/',
    { preHandler: canReview, schema: { tags, summary: 'Save a draft (assessment, recommendation, comments) with the version read; 409 once submitted', params: reviewParams, body: reviewDraft, response: writeResponses } },
    async (request) => {
      await ownReview(request);
      await saveDraft(db, request.params.reviewId, request.body);
      return answer(request, request.params.reviewId);
    },
  );

  app.post(
    '/expert-reviews/:reviewId/submit/',
    {
      preHandler: canReview,
      schema: { tags, summary: 'Submit the review (assessment and recommendation required): saved and locked for good', params: reviewParams, body: reviewSubmit, response: writeResponses },
    },
    async (request) => {
      const { user } = await ownReview(request);
      await submitReview(db, request.params.reviewId, request.body, user.id);
      return answer(request, request.params.reviewId);
    },
  );

  // PUT as the API names it; POST too, because both shells' transfer service sends every upload
  // with POST (shared/ipc/transfer-contract.ts, target `expert_review_report`).
  for (const method of ['put', 'post'] as const) {
    app[method](
      '/expert-reviews/:reviewId/report/',
      {
        preHandler: canReview,
        schema: {
          tags,
          summary: 'The optional PDF report (raw application/pdf or multipart “file”; ?version=&file_name=), checked like documents; only before submitting',
          params: reviewParams,
          querystring: reportQuery,
          response: { ...writeResponses, 408: detailError, [HTTP_STATUS.payloadTooLarge]: detailError, 415: detailError },
        },
      },
      async (request) => {
        const { row } = await ownReview(request);
        // Refused before a byte is read: a submitted review takes no new report.
        if (row.status === 'submitted') throw conflict('expert_locked');
        const { metadata, object, activeContent } = await acceptPdfUpload(request, storage, {
          maxBytes: await currentUploadLimit(app.deps),
          idleTimeoutMs: bodyIdleMs,
          readMetadata: (fields) => parseUploadFields(reportQuery, fields),
        });
        const key = await object.keep();
        try {
          const replaced = await attachReport(db, row.id, metadata.version, { key, fileName: metadata.file_name ?? 'report.pdf', size: object.size, sha256: object.sha256, activeContent });
          if (replaced) await storage.delete(replaced);
        } catch (error) {
          await storage.delete(key);
          throw error;
        }
        return answer(request, row.id);
      },
    );
  }

  app.get(
    '/expert-reviews/:reviewId/report/',
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'Download the report (Range supported): its evaluator, admins; once submitted also officers and the members of the application’s council',
        params: reviewParams,
        querystring: reportDownloadQuery,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await reviewRow(db, request.params.reviewId);
      if (!row) throw notFound();
      if (row.reviewer_id !== user.id && !isAdmin(user)) {
        const application = row.status === 'submitted' ? await findVisibleApplication(db, applicationScope(user), row.application_id) : undefined;
        if (!application) throw notFound();
        const allowed =
          hasPermission(user, 'applications.change_status') ||
          (hasPermission(user, 'councils.review_application') && (await sitsOnCouncil(db, user.id, application.council_id)));
        if (!allowed) throw permissionDenied();
      }
      if (!row.report_storage_key) throw notFound();
      return sendStoredFile(
        request,
        reply,
        storage,
        { key: row.report_storage_key, fileName: row.report_file_name ?? 'report.pdf', mediaType: 'application/pdf', sha256: row.report_sha256 },
        request.query.disposition,
      );
    },
  );
};
