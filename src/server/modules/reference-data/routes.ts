import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  REFERENCE_DATA_PATHS,
  codeListAnswer,
  codeListParams,
  codeListQuery,
  codeValueParams,
  countryCodeParams,
  countryRecord,
  countryRecordListAnswer,
  countryRecordQuery,
  countryUpdate,
  institutionChoiceAnswer,
  institutionChoiceQuery,
  institutionDetail,
  institutionIdParams,
  institutionInput,
  institutionListAnswer,
  institutionMerge,
  institutionQuery,
  institutionUpdate,
  referenceValue,
  referenceValueUpdate,
} from '../../../shared/api/reference-data';
import { currentUser, requireAdmin, requireUser } from '../../auth-context';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { translateRefusals } from '../../refusal-texts';
import type { AuditContext } from './audit';
import { listReferenceValues, updateReferenceValue } from './code-list-store';
import { findCountryRecord, listCountryRecords, updateCountry } from './country-store';
import {
  createInstitution,
  deleteInstitution,
  findInstitution,
  institutionChoices,
  listInstitutions,
  mergeInstitution,
  updateInstitution,
} from './institution-store';
import { decisionReferenceRoutes } from './decision-reference-routes';
import { translateReferenceRefusal } from './reference-texts';

// Reference data (src/shared/api/reference-data.ts). Every signed-in staff member reads
// (the application forms offer these choices); only an administrator writes (spec §6: reference
// data is admin-only). Refusals come in the caller's language.

const tags = ['reference'];
const refusal = z.union([detailError, fieldErrors]);
const canRead = requireUser();
const canWrite = requireAdmin();
const COUNTRY_ROUTE = '/reference/countries/:code/';
const INSTITUTION_ROUTE = '/reference/institutions/:id/';
const WRITE_REFUSALS = {
  [HTTP_STATUS.badRequest]: refusal,
  [HTTP_STATUS.notFound]: detailError,
  [HTTP_STATUS.conflict]: detailError,
  [HTTP_STATUS.preconditionFailed]: detailError,
};

const auditContext = (request: FastifyRequest): AuditContext => ({ actorId: currentUser(request).id, ip: request.ip ?? null });

export const referenceDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  translateRefusals(app, translateReferenceRefusal);
  // The libraries recognition decisions are built from: read more widely than the rest (see there).
  await app.register(decisionReferenceRoutes);

  app.get(
    REFERENCE_DATA_PATHS.countries,
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'Countries with their flags (EU/EEA, Bologna member, offered by the forms): search code and names in three languages, accent-insensitive; filter by flag; page',
        querystring: countryRecordQuery,
        response: { [HTTP_STATUS.ok]: countryRecordListAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listCountryRecords(db, filter, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.get(
    COUNTRY_ROUTE,
    {
      preHandler: canRead,
      schema: { tags, summary: 'One country with its flags', params: countryCodeParams, response: { [HTTP_STATUS.ok]: countryRecord, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request) => {
      const found = await findCountryRecord(db, request.params.code);
      if (!found) throw notFound();
      return found;
    },
  );

  app.patch(
    COUNTRY_ROUTE,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: edit a country’s names, flags and whether the forms offer it (version read, 412 when stale); audited',
        params: countryCodeParams,
        body: countryUpdate,
        response: { [HTTP_STATUS.ok]: countryRecord, ...WRITE_REFUSALS },
      },
    },
    async (request) => updateCountry(db, auditContext(request), request.params.code, request.body),
  );

  app.get(
    REFERENCE_DATA_PATHS.institutions,
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'Institutions: search any language’s name (accent-insensitive), filter by country, type, accreditation status and active; page',
        querystring: institutionQuery,
        response: { [HTTP_STATUS.ok]: institutionListAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listInstitutions(db, filter, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.get(
    REFERENCE_DATA_PATHS.institutionChoices,
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'The application forms’ institution choice: up to 20 active institutions matching the search (any language, accent-insensitive), names starting with it first',
        querystring: institutionChoiceQuery,
        response: { [HTTP_STATUS.ok]: institutionChoiceAnswer },
      },
    },
    async (request) => ({ results: await institutionChoices(db, request.query) }),
  );

  app.post(
    REFERENCE_DATA_PATHS.institutions,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: add an institution (Albanian and Serbian names left empty take the English one); audited',
        body: institutionInput,
        response: { [HTTP_STATUS.created]: institutionDetail, ...WRITE_REFUSALS },
      },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await createInstitution(db, auditContext(request), request.body)),
  );

  app.get(
    INSTITUTION_ROUTE,
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'One institution, with the applications naming it and the duplicates merged into it (a merged one names its survivor in merged_into)',
        params: institutionIdParams,
        response: { [HTTP_STATUS.ok]: institutionDetail, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const found = await findInstitution(db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.patch(
    INSTITUTION_ROUTE,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: edit an institution (version read, 412 when stale; a merged duplicate cannot be reactivated, 409); audited',
        params: institutionIdParams,
        body: institutionUpdate,
        response: { [HTTP_STATUS.ok]: institutionDetail, ...WRITE_REFUSALS },
      },
    },
    async (request) => updateInstitution(db, auditContext(request), request.params.id, request.body),
  );

  app.delete(
    INSTITUTION_ROUTE,
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: delete an unused institution (204); one in use (named by an application, or part of a merge) answers 409: deactivate it instead; audited',
        params: institutionIdParams,
        response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError },
      },
    },
    async (request, reply) => {
      await deleteInstitution(db, auditContext(request), request.params.id);
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.post(
    '/reference/institutions/:id/merge/',
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: merge the duplicate duplicate_id into this institution (version read): the duplicate is deactivated with merged_into set, earlier duplicates follow; audited',
        params: institutionIdParams,
        body: institutionMerge,
        response: { [HTTP_STATUS.ok]: institutionDetail, ...WRITE_REFUSALS },
      },
    },
    async (request) => mergeInstitution(db, auditContext(request), request.params.id, request.body),
  );

  app.get(
    '/reference/lists/:list/',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'One code list (academic_field_categories, degree_levels, document_types, request_types) in order; active=true for what the forms offer',
        params: codeListParams,
        querystring: codeListQuery,
        response: { [HTTP_STATUS.ok]: codeListAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => ({ results: await listReferenceValues(db, request.params.list, request.query.active) }),
  );

  app.patch(
    '/reference/lists/:list/:code/',
    {
      preHandler: canWrite,
      schema: {
        tags,
        summary: 'Admin: rename, reorder, switch on or off a code list value, or set a degree level’s EQF/NQF level (version read, 412 when stale); audited',
        params: codeValueParams,
        body: referenceValueUpdate,
        response: { [HTTP_STATUS.ok]: referenceValue, ...WRITE_REFUSALS },
      },
    },
    async (request) => updateReferenceValue(db, auditContext(request), request.params.list, request.params.code, request.body),
  );
};
