import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accreditationOn,
  accreditationOnQuery,
  accreditationPeriod,
  accreditationPeriodInput,
  applicationAuthenticity as applicationAuthenticityAnswer,
  institutionCheck,
  institutionCheckInput,
  institutionDossier as dossierAnswer,
  verificationContact,
  verificationContactInput,
  watchEntry,
  watchEntryInput,
} from '../../../shared/api/authenticity';
import { HTTP_STATUS, detailError, fieldErrors, recordId } from '../../../shared/api/drf';
import { mayVerifyAuthenticity } from '../../../shared/auth/permissions';
import { applicantFieldsFor, applicationScope } from '../../application-scope';
import { currentUser, requireAdmin, requirePermission, requireRule, requireUser } from '../../auth-context';
import { notFound } from '../../errors';
import { applicationAuthenticity } from './application-authenticity';
import {
  accreditedOn,
  addAccreditationPeriod,
  addCheck,
  addContact,
  addWatchEntry,
  institutionDossier,
  liftWatchEntry,
  removeAccreditationPeriod,
  removeContact,
  type WriteContext,
} from './dossier-store';

// Institution dossiers (src/shared/api/authenticity.ts). The dossier with its contacts and the
// checks' evidence is read by those who establish authenticity (mayVerifyAuthenticity), who also
// record checks; administrators keep the accreditation periods, contacts and the watch list. Whether
// an institution was accredited on a day is reference data every member of staff reads. An
// application's authenticity follows its row scope; contacts and evidence only for verifiers.

const tags = ['authenticity'];
const institutionParams = z.object({ id: z.coerce.number().pipe(recordId) });
const periodParams = institutionParams.extend({ periodId: z.coerce.number().pipe(recordId) });
const contactParams = institutionParams.extend({ contactId: z.coerce.number().pipe(recordId) });
const entryParams = institutionParams.extend({ entryId: z.coerce.number().pipe(recordId) });
const refusal = z.union([detailError, fieldErrors]);
const WRITE_REFUSALS = { [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError };
const canVerify = requireRule(mayVerifyAuthenticity);
const canKeep = requireAdmin();

const writeContext = (request: FastifyRequest): WriteContext => ({ actorId: currentUser(request).id, ip: request.ip ?? null });

export const institutionDossierRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/reference/institutions/:id/dossier/',
    {
      preHandler: canVerify,
      schema: {
        tags,
        summary: 'The institution’s dossier: accreditation periods (newest first), verification contacts, checks with their evidence, watch-list entries with the applications each flags',
        params: institutionParams,
        response: { [HTTP_STATUS.ok]: dossierAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => institutionDossier(db, request.params.id),
  );

  app.get(
    '/reference/institutions/:id/accreditation/',
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'Was the institution accredited on a day? accredited / not_accredited by the period covering it (the latest-starting where they overlap), no_record when none does',
        params: institutionParams,
        querystring: accreditationOnQuery,
        response: { [HTTP_STATUS.ok]: accreditationOn, [HTTP_STATUS.badRequest]: fieldErrors, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const exists = await db.selectFrom('institutions').select('id').where('id', '=', request.params.id).executeTakeFirst();
      if (!exists) throw notFound();
      return accreditedOn(db, request.params.id, request.query.on);
    },
  );

  app.post(
    '/reference/institutions/:id/dossier/accreditation-periods/',
    {
      preHandler: canKeep,
      schema: { tags, summary: 'Admin: add an accreditation period (from–to, status, accrediting body, source); audited', params: institutionParams, body: accreditationPeriodInput, response: { [HTTP_STATUS.created]: accreditationPeriod, ...WRITE_REFUSALS } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await addAccreditationPeriod(db, request.params.id, request.body, writeContext(request))),
  );

  app.delete(
    '/reference/institutions/:id/dossier/accreditation-periods/:periodId/',
    {
      preHandler: canKeep,
      schema: { tags, summary: 'Admin: remove an accreditation period entered in error; audited', params: periodParams, response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError } },
    },
    async (request, reply) => {
      await removeAccreditationPeriod(db, request.params.id, request.params.periodId, writeContext(request));
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.post(
    '/reference/institutions/:id/dossier/contacts/',
    {
      preHandler: canKeep,
      schema: { tags, summary: 'Admin: add a verification contact from an official source (registrar e-mail and/or postal address, language, source, checked on); audited', params: institutionParams, body: verificationContactInput, response: { [HTTP_STATUS.created]: verificationContact, ...WRITE_REFUSALS } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await addContact(db, request.params.id, request.body, writeContext(request))),
  );

  app.delete(
    '/reference/institutions/:id/dossier/contacts/:contactId/',
    {
      preHandler: canKeep,
      schema: { tags, summary: 'Admin: remove a verification contact; audited', params: contactParams, response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError } },
    },
    async (request, reply) => {
      await removeContact(db, request.params.id, request.params.contactId, writeContext(request));
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.post(
    '/reference/institutions/:id/dossier/checks/',
    {
      preHandler: canVerify,
      schema: { tags, summary: 'Record a check of the institution (subject, finding, details, evidence, day) by the caller; audited', params: institutionParams, body: institutionCheckInput, response: { [HTTP_STATUS.created]: institutionCheck, ...WRITE_REFUSALS } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await addCheck(db, request.params.id, request.body, writeContext(request))),
  );

  app.post(
    '/reference/institutions/:id/dossier/watch-entries/',
    {
      preHandler: canKeep,
      schema: { tags, summary: 'Admin: put the institution on the watch list (unrecognised, diploma mill, under investigation) with the source; flags the applications naming it; 409 watch_entry_running when one runs; audited', params: institutionParams, body: watchEntryInput, response: { [HTTP_STATUS.created]: watchEntry, ...WRITE_REFUSALS } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await addWatchEntry(db, request.params.id, request.body, writeContext(request))),
  );

  app.post(
    '/reference/institutions/:id/dossier/watch-entries/:entryId/lift/',
    {
      preHandler: canKeep,
      schema: { tags, summary: 'Admin: lift a running watch entry (kept, with who and when); the applications it flagged lose the flag; audited', params: entryParams, response: { [HTTP_STATUS.ok]: watchEntry, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError } },
    },
    async (request) => liftWatchEntry(db, request.params.id, request.params.entryId, writeContext(request)),
  );

  app.get(
    '/applications/:id/authenticity/',
    {
      preHandler: requirePermission('applications.view_application'),
      schema: {
        tags,
        summary: 'The application’s institution as its authenticity stands: the watch-list flag, the latest checks, accredited on the diploma’s date; contacts and evidence for those who verify',
        params: institutionParams,
        response: { [HTTP_STATUS.ok]: applicationAuthenticityAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const answer = await applicationAuthenticity(db, applicationScope(user), request.params.id, {
        verifies: mayVerifyAuthenticity(user),
        education: applicantFieldsFor(user).education,
      });
      if (!answer) throw notFound();
      return answer;
    },
  );
};
