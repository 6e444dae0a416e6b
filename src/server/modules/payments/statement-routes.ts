import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors as fieldErrorsSchema } from '../../../shared/api/drf';
import {
  PAYMENT_LIMITS,
  PAYMENT_PATHS,
  paymentIdParams,
  statementDetail,
  statementImportRequest,
  statementListAnswer,
  statementLineMatchRequest,
  statementLineParams,
  statementLineSetAsideRequest,
  statementListQuery,
  statementLineListAnswer,
  statementLineListQuery } from '../../../shared/api/payments';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { ApiError, fieldError, notFound } from '../../errors';
import { fileNameSegment } from '../../downloads';
import { pageAnswer, pageWindow } from '../../pagination';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { drainUnreadBody } from '../../upload-drain';
import { MULTIPART_OVERHEAD_BYTES } from '../../uploads';
import { findStatementDetail, listStatementLines, listStatements } from './statement-queries';
import { translateStatementDetail, translateStatementRefusal } from './statement-texts';
import { importStatement, previewStatement, type StatementActor } from './statement-writes';
import { matchStatementLine, setStatementLineAside } from './statement-resolution';

// The bank statement import (docs/api.md "Bank statement import"): upload a CSV
// statement and see which line pays which pending payment, list the statements, open one, and
// import a previewed one. Reading needs payments.view_payment, uploading and importing
// payments.mark_paid (NARIC Officers hold it implicitly). Refusals and line problems come in the
// caller's language.

const tags = ['payments'];
const refusal = z.union([detailError, fieldErrorsSchema]);
const canView = requirePermission('payments.view_payment');
const canRecord = requirePermission('payments.mark_paid');
const STATEMENT_ROUTE = '/payments/statements/:id/';
const IMPORT_ROUTE = '/payments/statements/:id/import/';
const MAX_BYTES = PAYMENT_LIMITS.statementBytes;

/** What browsers and banks call a CSV file (Windows names it after Excel; unknown types come as octet-stream). */
const CSV_MEDIA_TYPES = new Set(['text/csv', 'text/plain', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'application/octet-stream', 'text/x-csv']);
const CSV_NAME = /\.(csv|txt)$/i;

const tooLarge = () => new ApiError(HTTP_STATUS.payloadTooLarge, 'statement_too_large', undefined, { extra: { max_upload_bytes: MAX_BYTES } });
const notCsv = () => new ApiError(415, 'statement_not_csv');

/** The name shown in the list: the last segment of what the client sent, without control characters. */
/** A browser sends the bare name; a path or control characters in it are dropped, never stored. */
function statementFileName(sent: string | undefined): string {
  return fileNameSegment(sent ?? '', 'statement.csv').slice(0, 200);
}

const actorOf = (request: FastifyRequest): StatementActor => {
  const user = currentUser(request);
  return { db: request.server.deps.db, user, scope: applicationScope(user), ip: request.ip ?? null, issuer: request.server.deps.issuer };
};

/** The `file` part's bytes: 413 beyond the limit, 415 for what is not a CSV file, 400 for a form without it. */
async function receiveStatement(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    drainUnreadBody(request.raw);
    throw tooLarge();
  }
  // Any other body was already read by its parser (JSON, text): it is no statement.
  if (!request.isMultipart()) throw notCsv();
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { files: 1, fields: 5, fieldSize: 1024, fileSize: MAX_BYTES } });
  } catch {
    drainUnreadBody(request.raw);
    throw fieldError('file', 'statement_send_as_file');
  }
  if (!part || part.fieldname !== 'file') {
    drainUnreadBody(request.raw, part?.file);
    throw fieldError('file', 'statement_send_as_file');
  }
  if (!CSV_NAME.test(part.filename ?? '') && !CSV_MEDIA_TYPES.has(part.mimetype.toLowerCase())) {
    drainUnreadBody(request.raw, part.file);
    throw notCsv();
  }
  try {
    return { fileName: statementFileName(part.filename), bytes: await part.toBuffer() };
  } catch (error) {
    drainUnreadBody(request.raw, part.file);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw tooLarge();
    throw fieldError('file', 'upload_interrupted');
  }
}

export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  translateRefusals(app, translateStatementRefusal);
  // Another payments route may have brought the parser into this scope already.
  if (!app.hasRequestDecorator('isMultipart')) {
    await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1024, fileSize: MAX_BYTES } });
  }

  app.get(
    PAYMENT_PATHS.statements,
    {
      preHandler: canView,
      schema: { tags, summary: 'Bank statements uploaded, newest first: status (previewed, imported) and counts', querystring: statementListQuery, response: { [HTTP_STATUS.ok]: statementListAnswer } },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, rows } = await listStatements(db, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.get(
    PAYMENT_PATHS.statementLines,
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Lines of imported statements left for a person (amount differs, unknown reference), newest import first; state: unmatched, matched or set_aside',
        querystring: statementLineListQuery,
        response: { [HTTP_STATUS.ok]: statementLineListAnswer },
      },
    },
    async (request) => {
      const { page, page_size, state } = request.query;
      const { count, rows } = await listStatementLines(db, { state }, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.post(
    PAYMENT_PATHS.statements,
    {
      preHandler: canRecord,
      schema: {
        tags,
        summary:
          'Upload a bank statement (multipart `file`, CSV, UTF-8 or Windows-1250) and preview it: every line with its outcome. 201 a new statement; 200 the same file again, evaluated again; 409 once it was imported',
        response: {
          [HTTP_STATUS.created]: statementDetail,
          [HTTP_STATUS.ok]: statementDetail,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.conflict]: detailError,
          [HTTP_STATUS.payloadTooLarge]: detailError,
          415: detailError,
        },
      },
    },
    async (request, reply) => {
      const upload = await receiveStatement(request);
      const { created, detail } = await previewStatement(actorOf(request), upload);
      return reply.code(created ? HTTP_STATUS.created : HTTP_STATUS.ok).send(translateStatementDetail(requestLanguage(request), detail));
    },
  );

  app.get(
    STATEMENT_ROUTE,
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'One statement with its lines (a previewed one evaluated against the data as it is now)',
        params: paymentIdParams,
        response: { [HTTP_STATUS.ok]: statementDetail, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const detail = await findStatementDetail(db, applicationScope(user), request.params.id);
      if (!detail) throw notFound();
      return translateStatementDetail(requestLanguage(request), detail);
    },
  );

  app.post(
    IMPORT_ROUTE,
    {
      preHandler: canRecord,
      schema: {
        tags,
        summary:
          'Import a previewed statement with the version read (412 when stale, 409 once imported): every matched line is recorded through the workflow’s mark_paid, in one transaction',
        params: paymentIdParams,
        body: statementImportRequest,
        response: {
          [HTTP_STATUS.ok]: statementDetail,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
          [HTTP_STATUS.preconditionFailed]: detailError,
        },
      },
    },
    async (request) => translateStatementDetail(requestLanguage(request), await importStatement(actorOf(request), request.params.id, request.body.version)),
  );

  const resolutionResponses = {
    [HTTP_STATUS.ok]: statementDetail,
    [HTTP_STATUS.badRequest]: refusal,
    [HTTP_STATUS.notFound]: detailError,
    [HTTP_STATUS.conflict]: detailError,
  };
  app.post(
    '/payments/statements/:id/lines/:line/match/',
    {
      preHandler: canRecord,
      schema: {
        tags,
        summary: 'Match a line the import left (amount differs, unknown reference) to the pending payment it pays: records the payment with the line’s transaction; answers the statement',
        params: statementLineParams,
        body: statementLineMatchRequest,
        response: resolutionResponses,
      },
    },
    async (request) =>
      translateStatementDetail(requestLanguage(request), await matchStatementLine(actorOf(request), request.params.id, request.params.line, request.body.payment_id)),
  );

  app.post(
    '/payments/statements/:id/lines/:line/set-aside/',
    {
      preHandler: canRecord,
      schema: {
        tags,
        summary: 'Set a line the import left aside with the reason (nothing is recorded); answers the statement',
        params: statementLineParams,
        body: statementLineSetAsideRequest,
        response: resolutionResponses,
      },
    },
    async (request) => translateStatementDetail(requestLanguage(request), await setStatementLineAside(actorOf(request), request.params.id, request.params.line, request.body.reason)),
  );
};
