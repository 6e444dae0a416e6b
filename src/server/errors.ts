import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import enApplications from '../../locales/en/applications.json';
import enRefusals from '../../locales/en/refusals.json';
import enServer from '../../locales/en/server.json';
import { HTTP_STATUS, type FieldErrors } from '../shared/api/drf';
import { ERROR_CODE_BY_STATUS, ERROR_CODES, ERROR_MESSAGES } from '../shared/errors';
import { isErrorCode } from '../shared/transport-failure';
import { documentTypeList, interpolateRefusal, refusalOfIssue, refusalParamKinds, type Refusal, type RefusalArgs, type RefusalCode, type RefusalParams } from '../shared/refusals';

// Every error answer of the API is made here, in Django REST Framework's shapes, each refusal with
// its code and parameters (shared/refusals.ts) beside the English words:
// `{"detail": "...", "code": "...", "params": {...}}` (`params` when the code has any) or, for a 400 on input,
// `{"field": ["message", ...], "field_codes": {"field": [{"code": "...", "params": {...}}]}}`.

export type { RefusalArgs };

const ENGLISH_NUMBER = new Intl.NumberFormat('en-GB');
const ACADEMIC_FIELDS: Readonly<Record<string, string>> = enServer.councilReview.fields;
const DOCUMENT_TYPE_NAMES: Readonly<Record<string, string>> = enApplications.documentType;

/** A parameter as the English text says it ("payment_pending" → "Payment pending"). */
function englishValue(kind: string | undefined, value: string | number): string {
  if (kind === 'number' && typeof value === 'number') return ENGLISH_NUMBER.format(value);
  if (kind === 'status') {
    const words = String(value).replaceAll('_', ' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  if (kind === 'academic_field') return ACADEMIC_FIELDS[String(value)] ?? String(value);
  if (kind === 'document_types') return documentTypeList(String(value), (type) => DOCUMENT_TYPE_NAMES[type] ?? type);
  return String(value);
}

/** The English sentence of a refusal: the API's `detail`. */
export function refusalDetail<C extends RefusalCode>(code: C, params: RefusalParams<C>): string {
  if (isErrorCode(code)) return ERROR_MESSAGES[code];
  const kinds = refusalParamKinds(code);
  const values = Object.fromEntries(Object.entries(params as Record<string, string | number>).map(([name, value]) => [name, englishValue(kinds[name], value)]));
  return interpolateRefusal((enRefusals as Readonly<Record<string, string>>)[code] ?? code, values);
}

/** One refusal of a field: its code and parameters. */
export function refusal<C extends RefusalCode>(code: C, ...[params]: RefusalArgs<C>): Refusal<C> {
  return { code, params: (params ?? {}) as RefusalParams<C> };
}

export const NON_FIELD_ERRORS = 'non_field_errors';
export const REQUIRED_MESSAGE = 'This field is required';
export const NOT_FOUND_MESSAGE = 'Not found.';

interface ApiErrorOptions {
  params?: Readonly<Record<string, string | number>>;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: RefusalCode;
  readonly params: Readonly<Record<string, string | number>>;
  readonly extra: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  /** `message` is the English `detail`: the code's own text unless a caller words it (sign-in's translated ones). */
  constructor(status: number, code: RefusalCode, message?: string, options: ApiErrorOptions = {}) {
    const params = options.params ?? {};
    super(message ?? refusalDetail(code, params as RefusalParams<typeof code>));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = params;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  /** `params` only when the code has some: a client reads `params ?? {}`. */
  body(): Record<string, unknown> {
    const params = Object.keys(this.params).length > 0 ? { params: this.params } : {};
    return { detail: this.message, code: this.code, ...params, ...this.extra };
  }
}

/** A refusal with `status`: `{"detail", "code", "params"}` and `extra` beside them. */
export function refuse<C extends RefusalCode>(status: number, code: C, params: RefusalParams<C>, options: Omit<ApiErrorOptions, 'params'> = {}): ApiError {
  return new ApiError(status, code, undefined, { ...options, params });
}

/** Field refusals by field name (a bare code for one without parameters). */
export type FieldRefusals = Readonly<Record<string, readonly (Refusal | RefusalCode)[]>>;
type FieldCodes = Record<string, Refusal[]>;

const asRefusal = (item: Refusal | RefusalCode): Refusal => (typeof item === 'string' ? { code: item, params: {} } : item);

/**
 * A 400 whose body is `{"field": ["message"], "field_codes": {"field": [{code, params}]}}`;
 * `non_field_errors` for the request as a whole. The messages are the codes' English texts,
 * or (for a schema's checks) the schema's own words.
 */
export class FieldValidationError extends Error {
  readonly fields: FieldErrors;
  readonly codes: FieldCodes;
  constructor(fields: FieldErrors, codes: FieldCodes) {
    super(ERROR_MESSAGES.validation_error);
    this.name = 'FieldValidationError';
    this.fields = fields;
    this.codes = codes;
  }

  body(): Record<string, unknown> {
    return { ...this.fields, field_codes: this.codes };
  }
}

export function fieldErrors(refusals: FieldRefusals): FieldValidationError {
  const fields: FieldErrors = {};
  const codes: FieldCodes = {};
  for (const [field, items] of Object.entries(refusals)) {
    codes[field] = items.map(asRefusal);
    fields[field] = codes[field].map((item) => refusalDetail(item.code, item.params as RefusalParams<RefusalCode>));
  }
  return new FieldValidationError(fields, codes);
}
export function fieldError<C extends RefusalCode>(field: string, code: C, ...params: RefusalArgs<C>): FieldValidationError {
  return fieldErrors({ [field]: [refusal(code, ...params)] });
}

// DRF answers a 401 with a WWW-Authenticate challenge.
const BEARER_CHALLENGE = { 'www-authenticate': 'Bearer realm="api"' };

/** 404; `code` names what is missing when there is more to say than "Not found.". */
export function notFound(): ApiError;
export function notFound<C extends RefusalCode>(code: C, ...params: RefusalArgs<C>): ApiError;
export function notFound(code?: RefusalCode, params: Readonly<Record<string, string | number>> = {}): ApiError {
  return code === undefined ? new ApiError(HTTP_STATUS.notFound, ERROR_CODES.notFound, NOT_FOUND_MESSAGE) : new ApiError(HTTP_STATUS.notFound, code, undefined, { params });
}
export const notAuthenticated = () =>
  new ApiError(HTTP_STATUS.unauthorized, ERROR_CODES.notAuthenticated, undefined, { headers: BEARER_CHALLENGE });
export const tokenNotValid = () =>
  new ApiError(HTTP_STATUS.unauthorized, ERROR_CODES.tokenInvalid, undefined, { headers: BEARER_CHALLENGE });
export const accountInactive = () =>
  new ApiError(HTTP_STATUS.unauthorized, ERROR_CODES.accountInactive, undefined, { headers: BEARER_CHALLENGE });
/** 403; `code` names why when there is more to say than "Access denied". */
export function permissionDenied(): ApiError;
export function permissionDenied<C extends RefusalCode>(code: C, ...params: RefusalArgs<C>): ApiError;
export function permissionDenied(code: RefusalCode = ERROR_CODES.permissionDenied, params: Readonly<Record<string, string | number>> = {}): ApiError {
  return new ApiError(HTTP_STATUS.forbidden, code, undefined, { params });
}
/** 409: the state of things forbids it; `extra` carries what the client may show or act on (the status now …). */
export function conflict(): ApiError;
export function conflict<C extends RefusalCode>(code: C, ...args: [...RefusalArgs<C>, extra?: Record<string, unknown>]): ApiError;
export function conflict(code: RefusalCode = ERROR_CODES.conflict, params: Readonly<Record<string, string | number>> = {}, extra?: Record<string, unknown>): ApiError {
  return new ApiError(HTTP_STATUS.conflict, code, undefined, { params, extra });
}
/** 412: the version the client saw is stale; `code` names the record when the words differ. */
export const preconditionFailed = (code: RefusalCode = ERROR_CODES.preconditionFailed) => new ApiError(HTTP_STATUS.preconditionFailed, code);
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

type ValidationIssue = { instancePath: string; message?: string; keyword?: string; params?: Record<string, unknown> };

/**
 * A schema's own check names its refusal (checkRefusal in its params); a check that does not yet
 * finds its code by its English: the catalogue's text without parameters. Bounds carry their
 * number in the issue instead.
 */
const CODE_BY_SCHEMA_MESSAGE: ReadonlyMap<string, RefusalCode> = new Map(
  Object.entries(enRefusals as Readonly<Record<string, string>>)
    .filter(([code, text]) => !text.includes('{{') && Object.keys(refusalParamKinds(code as RefusalCode)).length === 0)
    .map(([code, text]) => [text, code as RefusalCode]),
);

function schemaRefusal(issue: ValidationIssue): Refusal {
  // fastify-type-provider-zod keeps the zod issue's other properties (its own `params` among them) in `params`.
  const named = refusalOfIssue(issue.params as { params?: unknown } | undefined);
  if (named) return named;
  const known = issue.message === undefined ? undefined : CODE_BY_SCHEMA_MESSAGE.get(issue.message);
  if (known) return { code: known, params: {} };
  const { origin, maximum, minimum } = issue.params ?? {};
  if (issue.keyword === 'too_big' && typeof maximum === 'number') {
    if (origin === 'string') return refusal('too_long', { max: maximum });
    if (origin === 'array') return refusal('list_at_most', { limit: maximum });
    return refusal('at_most', { limit: maximum });
  }
  if (issue.keyword === 'too_small' && typeof minimum === 'number') {
    if (origin === 'string') return refusal('too_short', { min: minimum });
    if (origin === 'number') return refusal('at_least', { limit: minimum });
  }
  return refusal('invalid_format');
}

function issuesToFields(issues: readonly ValidationIssue[]): FieldValidationError {
  const fields: FieldErrors = {};
  const codes: FieldCodes = {};
  for (const issue of issues) {
    const field = issue.instancePath.split('/').filter(Boolean).join('.') || NON_FIELD_ERRORS;
    (fields[field] ??= []).push(issue.message ?? ERROR_MESSAGES.validation_error);
    (codes[field] ??= []).push(schemaRefusal(issue));
  }
  return new FieldValidationError(fields, codes);
}

/** A schema's refusal checked outside a route's own schema (an upload's fields): the same 400 as a route's. */
export function schemaIssuesRefused(issues: readonly z.core.$ZodIssue[]): FieldValidationError {
  return issuesToFields(
    issues.map(({ path, message, code, ...params }) => ({ instancePath: `/${path.map(String).join('/')}`, message, keyword: code, params })),
  );
}

const requestRefused = (code: 'malformed_body' | 'invalid_input') => fieldErrors({ [NON_FIELD_ERRORS]: [code] });

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
  if (error instanceof FieldValidationError) return reply.code(HTTP_STATUS.badRequest).send(error.body());

  if (hasZodFastifySchemaValidationErrors(error)) {
    // A malformed id in the path names a resource that does not exist.
    if (error.validationContext === 'params') return sendApiError(reply, notFound());
    return reply.code(HTTP_STATUS.badRequest).send(issuesToFields(error.validation).body());
  }

  const fastifyError = error as FastifyError;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.code(HTTP_STATUS.badRequest).send(requestRefused('malformed_body').body());
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendApiError(reply, new ApiError(HTTP_STATUS.payloadTooLarge, ERROR_CODES.payloadTooLarge));
  }

  // A client that hung up mid-body surfaces as ECONNRESET too: that is the client going away,
  // not the database (which would page whoever watches the error log).
  if (request.raw.destroyed && (error as { code?: unknown }).code === 'ECONNRESET') {
    request.log.info({ err: error }, 'the client closed the connection before the body arrived');
    return reply.code(HTTP_STATUS.badRequest).send(requestRefused('malformed_body').body());
  }
  if (isDatabaseUnreachable(error)) {
    request.log.error({ err: error }, 'database unreachable');
    return sendApiError(reply, databaseUnavailable());
  }
  if (isUniqueViolation(error)) {
    request.log.info({ err: error }, 'unique constraint violated');
    return sendApiError(reply, conflict('duplicate_record'));
  }
  if (isDataException(error)) {
    request.log.warn({ err: error }, 'input refused by the database');
    return reply.code(HTTP_STATUS.badRequest).send(requestRefused('invalid_input').body());
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
