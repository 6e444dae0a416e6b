import type { TFunction } from 'i18next';
import type { FieldErrors } from '../../shared/api/drf';
import { ERROR_CODES, ERROR_MESSAGES, errorTranslationKey, fieldMessageTranslation } from '../../shared/errors';
import { documentTypeList, isRefusalCode, refusalParamKinds, refusalTextKey, type RefusalCode } from '../../shared/refusals';
import { asTransportError } from './transport-error';

/** A value of a refusal's parameter as the reader sees it (a status by its label …). */
function paramValue(kind: string | undefined, value: unknown, t: TFunction): unknown {
  if (kind === 'status') return t(`applications:status.${String(value)}`, { defaultValue: String(value) });
  if (kind === 'academic_field') return t(`applications:field.${String(value)}`, { defaultValue: String(value) });
  if (kind === 'document_types') return documentTypeList(String(value), (type) => t(`applications:documentType.${type}`, { defaultValue: type }));
  return value;
}

/** A refusal's code and params (shared/refusals.ts) in the reader's language: the one place a refusal is put into words. */
export function refusalMessage(code: RefusalCode, params: unknown, t: TFunction, englishFallback?: string): string {
  const kinds = refusalParamKinds(code);
  const sent = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
  const values = Object.fromEntries(Object.entries(sent).map(([name, value]) => [name, paramValue(kinds[name], value, t)]));
  return t(refusalTextKey(code), { ...values, defaultValue: englishFallback ?? code, interpolation: { escapeValue: false } });
}

/** The code and params of an error answer, when it names a refusal of the catalogue. */
export function refusalOf(error: unknown): { code: RefusalCode; params: unknown } | null {
  const body = asTransportError(error).body;
  if (!body || typeof body !== 'object') return null;
  const { code, params } = body as { code?: unknown; params?: unknown };
  return isRefusalCode(code) ? { code, params: params ?? {} } : null;
}

/** `field_codes` of a 400: each field's refusals by code, in the order of its messages. */
function fieldCodesOf(body: unknown): Record<string, { code: unknown; params?: unknown }[]> {
  const codes = body && typeof body === 'object' ? (body as { field_codes?: unknown }).field_codes : undefined;
  return codes && typeof codes === 'object' ? (codes as Record<string, { code: unknown; params?: unknown }[]>) : {};
}

export interface TranslatedError {
  /** One sentence for the person, in their language. */
  message: string;
  /** A 400's field errors, by form field name (DRF `{"field": ["message"]}`). */
  fieldErrors: Record<string, string[]>;
  /** DRF `non_field_errors`, shown with the form rather than a field. */
  formErrors: string[];
  /** The refusal the answer names by code (shared/refusals.ts) in the reader's words; null for none or a bare status. */
  refusal: string | null;
  status?: number;
}

const NOT_FIELDS = new Set(['detail', 'code', 'params', 'message', 'error', 'non_field_errors', 'field_codes']);

/** A server field message in the reader's language when it is one of the known ones (else as sent). */
function translateFieldMessage(message: string, t: TFunction): string {
  const known = fieldMessageTranslation(message);
  return known ? t(known.key, { ...known.values, defaultValue: message }) : message;
}

/**
 * The entries of a 400's body that have DRF's field-error shape (`{"field": ["message", ...]}`),
 * or null when one of them breaks it. Checked by hand rather than with drf.ts's zod schema: this
 * module is on the sign-in page, which is drawn before zod is fetched.
 */
function fieldErrorEntries(body: unknown): FieldErrors | null {
  if (!body || typeof body !== 'object') return null;
  const entries = Object.entries(body).filter(([, value]) => Array.isArray(value)) as [string, unknown[]][];
  return entries.every(([, messages]) => messages.every((message) => typeof message === 'string'))
    ? Object.fromEntries(entries as [string, string[]][])
    : null;
}

function fieldErrorsOf(body: unknown, t: TFunction): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const parsed = fieldErrorEntries(body);
  if (!parsed) return { fieldErrors: {}, formErrors: [] };
  const codes = fieldCodesOf(body);
  // By code where the server sent one (every answer of ours), else by the known English (an older server).
  const say = (name: string, messages: string[]) =>
    messages.map((message, index) => {
      const coded = codes[name]?.[index];
      return coded && isRefusalCode(coded.code) ? refusalMessage(coded.code, coded.params, t, message) : translateFieldMessage(message, t);
    });
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(parsed)) {
    if (!NOT_FIELDS.has(name)) fieldErrors[name] = say(name, messages);
  }
  return { fieldErrors, formErrors: say('non_field_errors', parsed.non_field_errors ?? []) };
}

/**
 * Any failure of a bridge or API call → what the screen shows: 403 'Access denied', 404 'Page
 * not found', 500 'Internal server error', no answer 'Network error', 400 'Validation error'
 * with the field errors for the form (spec §8).
 */
export function translateError(error: unknown, t: TFunction): TranslatedError {
  const transport = asTransportError(error);
  const message = t(errorTranslationKey(transport.code), { defaultValue: ERROR_MESSAGES[transport.code] });
  const named = refusalOf(error);
  const refusal = named && named.code !== transport.code ? refusalMessage(named.code, named.params, t, serverText(error, 'detail')) : null;
  if (transport.code !== ERROR_CODES.validation) return { message, fieldErrors: {}, formErrors: [], refusal, status: transport.status };
  return { message, refusal, status: transport.status, ...fieldErrorsOf(transport.body, t) };
}

/** What a screen shows of a refused write: one sentence for its RefusalAlert and the field errors for its fields. */
export interface RefusalView {
  /** The refusal by its code; else the form's own errors; else the screen's words for the bare status; else the failure's message. */
  message: string;
  /** A 400's field errors by the request's field path (`version` left out: it is told by `offerReload`). */
  fieldErrors: Record<string, string[]>;
  /** What the screen shows is out of date (412, a refused `version`, a 409 on the state): reading it again is the way out. */
  offerReload: boolean;
  /** What a form shows beside its fields: `message`, or null when the answer is nothing but field errors. */
  formMessage: string | null;
  status?: number;
}

/**
 * A refused write as a screen shows it. The words come from the refusal's code (translateError);
 * `ownWords` are a screen's sentences for an answer that names nothing beyond its status (a bare
 * 403, 412, or a 400 with field errors only), so "you may not change the settings" can say what
 * the generic "Access denied" cannot.
 */
export function describeRefusal(error: unknown, t: TFunction, ownWords: Partial<Record<number, string>> = {}): RefusalView {
  const translated = translateError(error, t);
  const { version, ...fieldErrors } = translated.fieldErrors;
  const stale = translated.status === HTTP_PRECONDITION_FAILED || version !== undefined;
  const bare = (status: number | undefined) => (status === undefined ? undefined : ownWords[status]);
  const message =
    translated.refusal ??
    (version ? (bare(HTTP_PRECONDITION_FAILED) ?? t(errorTranslationKey(ERROR_CODES.preconditionFailed))) : undefined) ??
    (translated.formErrors.length > 0 ? translated.formErrors.join(' ') : undefined) ??
    bare(translated.status) ??
    translated.message;
  const onlyFields = translated.refusal === null && translated.formErrors.length === 0 && version === undefined && Object.keys(fieldErrors).length > 0;
  return { message, fieldErrors, offerReload: stale || translated.status === HTTP_CONFLICT, formMessage: onlyFields ? null : message, status: translated.status };
}

/** Each field's first message under its top-level name (`recipient.application_id` is `recipient`'s), for a form of top-level fields. */
export function firstMessageByField(fieldErrors: Readonly<Record<string, readonly string[]>>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const field = path.split('.')[0];
    if (field && messages[0]) fields[field] ??= messages[0];
  }
  return fields;
}

/** The field messages of fields a form does not show (for a RefusalAlert's `details`). */
export function unshownFieldMessages(fieldErrors: Readonly<Record<string, readonly string[]>>, shownFields: readonly string[]): string[] {
  return Object.entries(fieldErrors)
    .filter(([field]) => !shownFields.includes(field))
    .flatMap(([, messages]) => messages);
}

/** What a form says of a refusal beside the fields it shows: the sentence, then the messages of the fields it does not show; null for nothing. */
export function refusalBesideFields(view: RefusalView, shownFields: readonly string[]): string | null {
  const said = [...(view.formMessage === null ? [] : [view.formMessage]), ...unshownFieldMessages(view.fieldErrors, shownFields)];
  return said.length > 0 ? said.join(' ') : null;
}

/** A refusal as one text (the sentence, then each field's messages), for a dialog without fields of its own; null for no error. */
export function refusalText(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  const view = describeRefusal(error, t);
  const fields = Object.values(view.fieldErrors).flat();
  return [...(view.formMessage === null ? [] : [view.formMessage]), ...fields].join(' ');
}

const HTTP_CONFLICT = 409;
const HTTP_PRECONDITION_FAILED = 412;

/** A field of the server's JSON answer ('message', 'detail', 'error'), if it is a non-empty string. */
export function serverText(error: unknown, field: 'message' | 'detail' | 'error'): string | undefined {
  const body = asTransportError(error).body;
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Whether the server refused this user (403) rather than failed. A screen says so in words ("You
 * don't have access to …"), never as a connection or server fault.
 */
export function isAccessDenied(error: unknown): boolean {
  const transport = asTransportError(error);
  return transport.status === 403 || transport.code === ERROR_CODES.permissionDenied;
}

/** Whether nothing answered (no connection, no answer in time): the only failures that are the connection's. */
export function isConnectionFailure(error: unknown): boolean {
  const { code } = asTransportError(error);
  return code === ERROR_CODES.networkError || code === ERROR_CODES.timeout;
}
