import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  confirmationCloseInput,
  confirmationReplyInput,
  confirmationRequest,
  confirmationRequestInput,
  confirmationRequestList,
} from '../../../shared/api/confirmation-requests';
import { HTTP_STATUS, detailError, fieldErrors, recordId } from '../../../shared/api/drf';
import { mayVerifyAuthenticity } from '../../../shared/auth/permissions';
import { applicationScope } from '../../application-scope';
import { currentUser, requireRule } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { conflict, notFound } from '../../errors';
import { requestLanguage } from '../../request-language';
import { currentLetterhead, currentSettings } from '../../system-settings';
import { inspectorateReportPdf } from './inspectorate-report';
import { closeRequest, recordReply, reportFacts, requestsOf, sendDueReminders, sendRequest, type RequestContext } from './request-store';

// Confirmation requests to issuing institutions (src/shared/api/confirmation-requests.ts): read
// and written by those who establish authenticity (mayVerifyAuthenticity: administrators,
// document verifiers, officers), within the application's row scope. Reminders to institutions
// that have not answered are this instance's job, ticking like the deadline jobs.

const tags = ['authenticity'];
const applicationParams = z.object({ id: z.coerce.number().pipe(recordId) });
const requestParams = applicationParams.extend({ requestId: z.coerce.number().pipe(recordId) });
const refusal = z.union([detailError, fieldErrors]);
const WRITE_REFUSALS = { [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError };
const canVerify = requireRule(mayVerifyAuthenticity);

/** The address in `Name <address>` (or the address itself): where the institution replies. */
export function replyAddress(from: string): string {
  return /<([^<>]+)>/.exec(from)?.[1] ?? from.trim();
}

export const confirmationRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const clock = app.deps.clock ?? (() => new Date());

  let reminders: PeriodicJob<number> | null = null;
  const log = app.log.child({ job: 'confirmation-reminders' });
  app.addHook('onReady', async () => {
    reminders = startPeriodicJob(
      async () => {
        const count = await sendDueReminders(db, clock());
        if (count > 0) log.info({ count }, 'confirmation reminders sent');
        return count;
      },
      { intervalMs: app.deps.deadlineJobIntervalMs ?? 60_000, log, failure: 'confirmation reminders failed', failed: 0 },
    );
  });
  app.addHook('onClose', async () => {
    await reminders?.stop();
  });

  const context = async (request: FastifyRequest): Promise<RequestContext> => {
    const user = currentUser(request);
    const settings = await currentSettings(app.deps);
    return { db, scope: applicationScope(user), actorId: user.id, ip: request.ip ?? null, now: clock(), replyTo: replyAddress(settings.smtp.from) };
  };

  app.get(
    '/applications/:id/confirmation-requests/',
    {
      preHandler: canVerify,
      schema: { tags, summary: 'The application’s confirmation requests, newest first, with the e-mail’s delivery and the reply', params: applicationParams, response: { [HTTP_STATUS.ok]: confirmationRequestList, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request) => {
      const results = await requestsOf(db, applicationScope(currentUser(request)), request.params.id);
      if (!results) throw notFound();
      return { results };
    },
  );

  app.post(
    '/applications/:id/confirmation-requests/',
    {
      preHandler: canVerify,
      schema: {
        tags,
        summary: 'Send a confirmation request about one of the application’s documents to a verification contact of its institution’s dossier: the e-mail (document attached) goes through the outbox, the centre’s clocks pause; audited',
        params: applicationParams,
        body: confirmationRequestInput,
        response: { [HTTP_STATUS.created]: confirmationRequest, ...WRITE_REFUSALS },
      },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await sendRequest(await context(request), request.params.id, request.body)),
  );

  app.post(
    '/applications/:id/confirmation-requests/:requestId/reply/',
    {
      preHandler: canVerify,
      schema: {
        tags,
        summary: 'Record the institution’s reply (answer, day, the reply file and/or the pasted e-mail); the clocks resume when no other request waits; a reply that does not confirm marks the document as doubted in the history; audited',
        params: requestParams,
        body: confirmationReplyInput,
        response: { [HTTP_STATUS.ok]: confirmationRequest, ...WRITE_REFUSALS },
      },
    },
    async (request) => recordReply(await context(request), request.params.id, request.params.requestId, request.body),
  );

  for (const [outcome, path] of [
    ['no_answer', '/applications/:id/confirmation-requests/:requestId/no-answer/'],
    ['cancelled', '/applications/:id/confirmation-requests/:requestId/cancel/'],
  ] as const) {
    app.post(
      path,
      {
        preHandler: canVerify,
        schema: {
          tags,
          summary: outcome === 'no_answer' ? 'Close the request as unanswered; the clocks resume; audited' : 'Cancel the request; the clocks resume; audited',
          params: requestParams,
          body: confirmationCloseInput,
          response: { [HTTP_STATUS.ok]: confirmationRequest, ...WRITE_REFUSALS },
        },
      },
      async (request) => closeRequest(await context(request), request.params.id, request.params.requestId, outcome, request.body),
    );
  }

  app.get(
    '/applications/:id/confirmation-requests/:requestId/inspectorate-report/',
    {
      preHandler: canVerify,
      schema: {
        tags,
        summary: 'The report to the inspectorate (PDF, the reader’s language) of a request the institution answered "not confirmed" or "no such record"; 409 confirmation_not_doubted otherwise',
        params: requestParams,
      },
    },
    async (request, reply) => {
      const facts = await reportFacts(db, applicationScope(currentUser(request)), request.params.id, request.params.requestId);
      if (!facts) throw notFound();
      if (!facts.request.doubted) throw conflict('confirmation_not_doubted');
      const pdf = await inspectorateReportPdf(facts, requestLanguage(request), await currentLetterhead(db), clock());
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`inspectorate-report-${facts.request.reference}.pdf`, 'attachment'))
        .send(pdf);
    },
  );
};
