import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, type FieldErrors } from '../shared/api/drf';
import { ERROR_CODE_BY_STATUS, ERROR_CODES, ERROR_MESSAGES, INVALID_INPUT_MESSAGE, type ErrorCode } from '../shared/errors';

// Every error answer of the API is made here, in Django REST Framework's shapes:
// `{"detail": "...", "code": "..."}` or, for a 400 on input, `{"field": ["message", ...]}`.

export const NON_FIELD_ERRORS = 'non_field_errors';
export const REQUIRED_MESSAGE = 'This field is required';
export const NOT_FOUND_MESSAGE = 'Not found.';
const MALFORMED_BODY_MESSAGE = 'Malformed JSON body';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly extra: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  body(): Record<string, unknown> {
    return { detail: this.message, code: this.code, ...this.extra };
  }
}

/** A 400 whose body is `{"field": ["message"]}`; `non_field_errors` for the request as a whole. */
export class FieldValidationError extends Error {
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors) {
    super(ERROR_MESSAGES.validation_error);
    this.name = 'FieldValidationError';
    this.fields = fields;
  }
}

export const fieldErrors = (fields: FieldErrors) => new FieldValidationError(fields);
export const fieldError = (field: string, message: string) => new FieldValidationError({ [field]: [message] });

// DRF answers a 401 with a WWW-Authenticate challenge.
const BEARER_CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' };

export const notFound = (message: string = NOT_FOUND_MESSAGE) =>
  new ApiError(HTTP_STATUS.notFound, ERROR_CODES.notFound, message);
export const notAuthenticated = () =>
  new ApiError(HTTP_STATUS.unauthorized, ERROR_CODES.notAuthenticated, undefined, { headers: BEARER_CHALLENGE });
export const tokenNotValid = () =>
  new ApiError(HTTP_STATUS.unauthorized, ERROR_CODES.tokenInvalid, undefined, { headers: BEARER_CHALLENGE });
export const accountInactive = () =>
  new ApiError(HTTP_STATUS.unauthorized, ERROR_CODES.accountInactive, undefined, { headers: BEARER_CHALLENGE });
export const permissionDenied = (message?: string) =>
  new ApiError(HTTP_STATUS.forbidden, ERROR_CODES.permissionDenied, message);
export const conflict = (message?: string, extra?: Record<string, unknown>) =>
  new ApiError(HTTP_STATUS.conflict, ERROR_CODES.conflict, message, { extra });
export const preconditionFailed = () => new ApiError(HTTP_STATUS.preconditionFailed, ERROR_CODES.preconditionFailed);
export const throttled = (retryAfterSeconds: number) =>
  new ApiError(HTTP_STATUS.tooManyRequests, ERROR_CODES.throttled, undefined, {
    extra: { retry_after: retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
export const databaseUnavailable = () =>
  new ApiError(HTTP_STATUS.serviceUnavailable, ERROR_CODES.databaseUnavailable);
export const serverError = () => new ApiError(HTTP_STATUS.internalServerError, ERROR_CODES.serverError);

export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).headers(error.headers).send(error.body());
}

/**
 * Zod's default texts become the spec's generic messages (§5) where one fits, so the renderer
 * can translate them; a message written in a schema always wins over this.
 */
export function configureValidationMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED_MESSAGE;
      if (issue.code === 'invalid_format' && issue.format === 'email') return 'Invalid email address';
      if (issue.code === 'invalid_type' || issue.code === 'invalid_format' || issue.code === 'invalid_value') {
        return 'Invalid format';
      }
      return undefined;
    },
  });
}

type ValidationIssue = { instancePath: string; message?: string };

function issuesToFields(issues: readonly ValidationIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || NON_FIELD_ERRORS;
    (fields[field] ??= []).push(issue.message ?? ERROR_MESSAGES.validation_error);
  }
  return fields;
}

const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && CONNECTION_FAILURES.has(code)) return true;
  return typeof message === 'string' && /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * PostgreSQL's class 22 "data exception" (22021 a NUL byte, 22001 too long, 22P02 bad number text,
 * 22003 out of range, 22007/22008 bad date …): input the schemas should have refused. The request
 * was at fault, so it is a 400; the database's text stays in the log.
 */
export const isDataException = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
};


function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) return sendApiError(reply, error);
  if (error instanceof FieldValidationError) return reply.code(HTTP_STATUS.badRequest).send(error.fields);

  if (hasZodFastifySchemaValidationErrors(error)) {
    // A malformed id in the path names a resource that does not exist.
    if (error.validationContext === 'params') return sendApiError(reply, notFound());
    return reply.code(HTTP_STATUS.badRequest).send(issuesToFields(error.validation));
  }

  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(HTTP_STATUS.badRequest).send({ [NON_FIELD_ERRORS]: [MALFORMED_BODY_MESSAGE] });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendApiError(reply, new ApiError(HTTP_STATUS.payloadTooLarge, ERROR_CODES.payloadTooLarge));
  }

  // A client that hung up mid-body surfaces as ECONNRESET too: that is the client going away,
  // not the database (which would page whoever watches the error log).
  if (request.raw.destroyed && (error as { code?: unknown }).code === 'ECONNRESET') {
    request.log.info({ err: error }, 'the client closed the connection before the body arrived');
    return reply.code(HTTP_STATUS.badRequest).send({ [NON_FIELD_ERRORS]: [MALFORMED_BODY_MESSAGE] });
  }
  if (isDatabaseUnreachable(error)) {
    request.log.error({ err: error }, 'database unreachable');
    return sendApiError(reply, databaseUnavailable());
  }
  if (isUniqueViolation(error)) {
    request.log.info({ err: error }, 'unique constraint violated');
    return sendApiError(reply, conflict('A record with these values already exists.'));
  }
  if (isDataException(error)) {
    request.log.warn({ err: error }, 'input refused by the database');
    return reply.code(HTTP_STATUS.badRequest).send({ [NON_FIELD_ERRORS]: [INVALID_INPUT_MESSAGE] });
  }

  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors (bad URL, unsupported media type, JSON poisoning …).
    const code = ERROR_CODE_BY_STATUS[status] ?? ERROR_CODES.validation;
    return reply.code(status).send({ detail: fastifyError.message || ERROR_MESSAGES[code], code });
  }

  // The stack goes to the log only; the client gets the generic text.
  request.log.error({ err: error }, 'unhandled error');
  return sendApiError(reply, serverError());
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
