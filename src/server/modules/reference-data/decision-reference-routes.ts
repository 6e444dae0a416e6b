import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  DECISION_REFERENCE_PATHS,
  decisionReferenceIdParams,
  legalReason,
  legalReasonInput,
  legalReasonListAnswer,
  legalReasonQuery,
  legalReasonUpdate,
  nationalQualification,
  nationalQualificationInput,
  nationalQualificationListAnswer,
  nationalQualificationQuery,
  nationalQualificationUpdate,
} from '../../../shared/api/decision-references';
import { mayReadDecisionReferences } from '../../../shared/auth/permissions';
import { currentUser, requireAdmin, requireRule } from '../../auth-context';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { requestLanguage } from '../../request-language';
import type { AuditContext } from './audit';
import { createLegalReason, deleteLegalReason, findLegalReason, listLegalReasons, updateLegalReason } from './legal-reason-store';
import {
  createNationalQualification,
  deleteNationalQualification,
  findNationalQualification,
  listNationalQualifications,
  updateNationalQualification,
} from './national-qualification-store';

// The legal reasons and national reference qualifications recognition decisions are built from
// (src/shared/api/decision-references.ts). Read by every role that prepares, reviews or approves a
// decision; written by administrators only, like the rest of the reference data.

const tags = ['reference'];
const refusal = z.union([detailError, fieldErrors]);
const canRead = requireRule(mayReadDecisionReferences);
const canWrite = requireAdmin();
const LEGAL_REASON_ROUTE = '/reference-data/legal-reasons/:id/';
const QUALIFICATION_ROUTE = '/reference-data/national-qualifications/:id/';
const READ_REFUSALS = { [HTTP_STATUS.notFound]: detailError };
const WRITE_REFUSALS = {
  [HTTP_STATUS.badRequest]: refusal,
  [HTTP_STATUS.notFound]: detailError,
  [HTTP_STATUS.conflict]: detailError,
  [HTTP_STATUS.preconditionFailed]: detailError,
};
const DELETE_ANSWERS = { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError };

const auditContext = (request: FastifyRequest): AuditContext => ({ actorId: currentUser(request).id, ip: request.ip ?? null });

export const decisionReferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    DECISION_REFERENCE_PATHS.legalReasons,
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'Legal reasons of recognition decisions: filter by service, outcome and active; search article and texts (accent-insensitive); order; page',
        querystring: legalReasonQuery,
        response: { [HTTP_STATUS.ok]: legalReasonListAnswer, ...READ_REFUSALS },
      },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listLegalReasons(db, filter, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.post(
    DECISION_REFERENCE_PATHS.legalReasons,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: add a legal reason (article unique, texts in en/sq/sr, services and outcomes it applies to); audited',
        body: legalReasonInput,
        response: { [HTTP_STATUS.created]: legalReason, ...WRITE_REFUSALS },
      },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await createLegalReason(db, auditContext(request), request.body)),
  );

  app.get(
    LEGAL_REASON_ROUTE,
    { preHandler: canRead, schema: { tags, summary: 'One legal reason', params: decisionReferenceIdParams, response: { [HTTP_STATUS.ok]: legalReason, ...READ_REFUSALS } } },
    async (request) => {
      const found = await findLegalReason(db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.patch(
    LEGAL_REASON_ROUTE,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: edit, deactivate or reactivate a legal reason (version read, 412 when stale); audited',
        params: decisionReferenceIdParams,
        body: legalReasonUpdate,
        response: { [HTTP_STATUS.ok]: legalReason, ...WRITE_REFUSALS },
      },
    },
    async (request) => updateLegalReason(db, auditContext(request), request.params.id, request.body),
  );

  app.delete(
    LEGAL_REASON_ROUTE,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: delete a legal reason no decision cites (204); a cited one answers 409 legal_reason_in_use: deactivate it instead; audited',
        params: decisionReferenceIdParams,
        response: DELETE_ANSWERS,
      },
    },
    async (request, reply) => {
      await deleteLegalReason(db, auditContext(request), request.params.id);
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.get(
    DECISION_REFERENCE_PATHS.nationalQualifications,
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'National reference qualifications: filter by degree level, profile, EQF level and active; search the names (accent-insensitive); order (name in the Accept-Language); page',
        querystring: nationalQualificationQuery,
        response: { [HTTP_STATUS.ok]: nationalQualificationListAnswer, ...READ_REFUSALS },
      },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listNationalQualifications(db, filter, requestLanguage(request), pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.post(
    DECISION_REFERENCE_PATHS.nationalQualifications,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: add a national reference qualification (degree level from the degree_levels list); audited',
        body: nationalQualificationInput,
        response: { [HTTP_STATUS.created]: nationalQualification, ...WRITE_REFUSALS },
      },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await createNationalQualification(db, auditContext(request), request.body)),
  );

  app.get(
    QUALIFICATION_ROUTE,
    {
      preHandler: canRead,
      schema: { tags, summary: 'One national reference qualification', params: decisionReferenceIdParams, response: { [HTTP_STATUS.ok]: nationalQualification, ...READ_REFUSALS } },
    },
    async (request) => {
      const found = await findNationalQualification(db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.patch(
    QUALIFICATION_ROUTE,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: edit, deactivate or reactivate a national reference qualification (version read, 412 when stale); audited',
        params: decisionReferenceIdParams,
        body: nationalQualificationUpdate,
        response: { [HTTP_STATUS.ok]: nationalQualification, ...WRITE_REFUSALS },
      },
    },
    async (request) => updateNationalQualification(db, auditContext(request), request.params.id, request.body),
  );

  app.delete(
    QUALIFICATION_ROUTE,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: delete a national reference qualification no decision compares with (204); one in use answers 409 national_qualification_in_use: deactivate it instead; audited',
        params: decisionReferenceIdParams,
        response: DELETE_ANSWERS,
      },
    },
    async (request, reply) => {
      await deleteNationalQualification(db, auditContext(request), request.params.id);
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );
};
