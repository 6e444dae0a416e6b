import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUNCIL_PATHS,
  councilCreate,
  councilDetail,
  councilListAnswer,
  councilListItem,
  councilListQuery,
  councilMeeting,
  councilMemberOptionsAnswer,
  councilParams,
  councilUpdate,
  meetingCreate,
  meetingParams,
  meetingUpdate,
  minutesDownloadQuery,
  minutesUploadQuery } from '../../../shared/api/councils';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import type { User } from '../../../shared/api/auth';
import { hasPermission } from '../../../shared/auth/permissions';
import { applicationScope } from '../../application-scope';
import { currentUploadLimit } from '../../system-settings';
import { currentUser, requirePermission } from '../../auth-context';
import { DEFAULT_TIMEOUTS } from '../../config';
import { sendStoredFile } from '../../downloads';
import { notFound, permissionDenied } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { acceptPdfUpload, parseUploadFields } from '../../uploads';
import { applicationsUnderReview, chairsCouncil, councilMeetings, councilMembers, findCouncil, listCouncils, memberOptions, visibleDecisions } from './council-queries';
import { translateCouncilError } from './council-texts';
import { createCouncil, updateCouncil } from './council-writes';
import { meetingReader } from './meeting-access';
import { findMeeting, meetingCouncil } from './meeting-queries';
import { attachMinutes, createMeeting, updateMeeting } from './meeting-writes';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';

// Councils and their meetings (spec §2–§4). Read with councils.view_council (a council
// member reads every council's own fields; the applications and decisions in it follow the
// caller's row scope; its meetings, with their minutes, only to their readers: meeting-access.ts),
// written with councils.change_council. A council's meetings are managed by
// councils.change_council or by the council's chair. Minutes are a PDF taken in exactly like the
// documents (413 too large, 415 not a PDF, 400 empty or damaged) and sent back with ranges.

const tags = ['councils'];
const refusal = z.union([detailError, fieldErrors]);
const canView = requirePermission('councils.view_council');
const canChange = requirePermission('councils.change_council');

export const councilRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.deps;
  const { bodyIdleMs } = config.timeouts ?? DEFAULT_TIMEOUTS;

  // Minutes arrive like documents: a raw streamed body or one multipart `file` part.
  app.addContentTypeParser('application/pdf', (_request, payload, done) => done(null, payload));
  await app.register(multipart, { preservePath: true, limits: { files: 1, fields: 10, fileSize: config.maxUploadBytes + 1, fieldSize: 1024 } });

  // Our refusals in the caller's language (Accept-Language; en, sq, sr).
  translateRefusals(app, translateCouncilError);

  const mayManageMeetings = async (user: User, councilId: number) =>
    hasPermission(user, 'councils.change_council') || (await chairsCouncil(db, councilId, user.id));

  /** The meeting's council, once the caller is known to manage its meetings (404 / 403 otherwise). */
  const managedMeeting = async (request: FastifyRequest, meetingId: number) => {
    const meeting = await meetingCouncil(db, meetingId);
    if (!meeting) throw notFound();
    if (!(await mayManageMeetings(currentUser(request), meeting.council_id))) throw permissionDenied('council_may_not_manage');
    return meeting;
  };

  const meetingAnswer = async (request: FastifyRequest, meetingId: number) => {
    const user = currentUser(request);
    const found = await findMeeting(db, meetingReader(user), meetingId, requestLanguage(request));
    if (!found) throw notFound();
    return { ...found.meeting, can_manage: await mayManageMeetings(user, found.meeting.council_id) };
  };

  app.get(
    COUNCIL_PATHS.list,
    {
      preHandler: canView,
      schema: { tags, summary: 'Councils: active, area of expertise (field), search by name', querystring: councilListQuery, response: { [HTTP_STATUS.ok]: councilListAnswer } },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listCouncils(db, { ...filter, language: requestLanguage(request), ...pageWindow({ page, page_size }) });
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.post(
    COUNCIL_PATHS.list,
    {
      preHandler: canChange,
      schema: {
        tags,
        summary: 'Create a council: members (active council-member users), chair among them, areas of expertise, quorum',
        body: councilCreate,
        response: { [HTTP_STATUS.created]: councilListItem, [HTTP_STATUS.badRequest]: refusal },
      },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await createCouncil(db, request.body)),
  );

  app.get(
    COUNCIL_PATHS.memberOptions,
    { preHandler: canChange, schema: { tags, summary: 'The users a council may take as members (active, Council Members group)', response: { [HTTP_STATUS.ok]: councilMemberOptionsAnswer } } },
    async (request) => memberOptions(db, requestLanguage(request)),
  );

  app.get(
    '/councils/:councilId/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'One council: members, meetings, and the decisions and applications under review the caller may see',
        params: councilParams,
        response: { [HTTP_STATUS.ok]: councilDetail, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const scope = applicationScope(user);
      const id = request.params.councilId;
      const council = await findCouncil(db, id);
      if (!council) throw notFound();
      const [members, meetings, decisions, underReview] = await Promise.all([
        councilMembers(db, id, requestLanguage(request)),
        councilMeetings(db, meetingReader(user), id),
        visibleDecisions(db, scope, { councilId: id }),
        applicationsUnderReview(db, scope, id),
      ]);
      return {
        ...council,
        members,
        meetings,
        decisions,
        applications: underReview.rows,
        applications_count: underReview.count,
        can_edit: hasPermission(user, 'councils.change_council'),
        can_manage_meetings: await mayManageMeetings(user, id),
      };
    },
  );

  app.patch(
    '/councils/:councilId/',
    {
      preHandler: canChange,
      schema: {
        tags,
        summary: 'Change a council: every field again, with the version read (412 when stale)',
        params: councilParams,
        body: councilUpdate,
        response: { [HTTP_STATUS.ok]: councilListItem, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.preconditionFailed]: detailError },
      },
    },
    async (request) => updateCouncil(db, request.params.councilId, request.body),
  );

  app.post(
    '/councils/:councilId/meetings/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Schedule a meeting (council administrators and the council’s chair); an inactive council takes none (409)',
        params: councilParams,
        body: meetingCreate,
        response: { [HTTP_STATUS.created]: councilMeeting, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const councilId = request.params.councilId;
      if (!(await findCouncil(db, councilId))) throw notFound();
      if (!(await mayManageMeetings(user, councilId))) throw permissionDenied('council_may_not_manage');
      const id = await createMeeting(db, applicationScope(user), councilId, request.body, user.id);
      return reply.code(HTTP_STATUS.created).send(await meetingAnswer(request, id));
    },
  );

  app.get(
    '/councils/meetings/:meetingId/',
    {
      preHandler: canView,
      schema: { tags, summary: 'One meeting: agenda, attendance per member, minutes and the decisions taken at it', params: meetingParams, response: { [HTTP_STATUS.ok]: councilMeeting, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request) => meetingAnswer(request, request.params.meetingId),
  );

  app.patch(
    '/councils/meetings/:meetingId/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Change a meeting (date, place, status, notes, agenda, attendance), with the version read (412 when stale)',
        params: meetingParams,
        body: meetingUpdate,
        response: { [HTTP_STATUS.ok]: councilMeeting, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.preconditionFailed]: detailError },
      },
    },
    async (request) => {
      await managedMeeting(request, request.params.meetingId);
      await updateMeeting(db, applicationScope(currentUser(request)), request.params.meetingId, request.body);
      return meetingAnswer(request, request.params.meetingId);
    },
  );

  // PUT as the API names it; POST too, because both shells' transfer service sends every upload
  // with POST (shared/ipc/transfer-contract.ts, target `council_minutes`).
  for (const method of ['put', 'post'] as const) {
    app[method](
      '/councils/meetings/:meetingId/minutes/',
      {
        preHandler: canView,
        schema: {
          tags,
          summary: 'Upload the minutes PDF (raw application/pdf or one multipart `file`; ?version=&file_name=), same checks as documents',
          params: meetingParams,
          querystring: minutesUploadQuery,
          response: { [HTTP_STATUS.ok]: councilMeeting, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.preconditionFailed]: detailError },
        },
      },
      async (request) => {
        const meetingId = request.params.meetingId;
        await managedMeeting(request, meetingId);
        const { metadata, object, activeContent } = await acceptPdfUpload(request, storage, {
          maxBytes: await currentUploadLimit(app.deps),
          idleTimeoutMs: bodyIdleMs,
          // The version and file name come in the query (checked by its schema before the body is
          // read); a multipart form's fields and file name pass the same rule.
          readMetadata: (fields) => parseUploadFields(minutesUploadQuery, fields),
        });
        const key = await object.keep();
        try {
          const replaced = await attachMinutes(db, meetingId, metadata.version, { storageKey: key, fileName: metadata.file_name ?? 'minutes.pdf', size: object.size, sha256: object.sha256, activeContent }, currentUser(request).id);
          if (replaced) await storage.delete(replaced);
        } catch (error) {
          await storage.delete(key);
          throw error;
        }
        return meetingAnswer(request, meetingId);
      },
    );
  }

  app.get(
    '/councils/meetings/:meetingId/minutes/',
    { preHandler: canView, schema: { tags, summary: 'The minutes PDF (Range supported)', params: meetingParams, querystring: minutesDownloadQuery } },
    async (request, reply) => {
      const found = await findMeeting(db, meetingReader(currentUser(request)), request.params.meetingId, requestLanguage(request));
      if (!found) throw notFound();
      if (!found.minutes) throw notFound('council_no_minutes');
      const { key, fileName, sha256 } = found.minutes;
      return sendStoredFile(request, reply, storage, { key, fileName, mediaType: 'application/pdf', sha256 }, request.query.disposition);
    },
  );
};
