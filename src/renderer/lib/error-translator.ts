import type { TFunction } from 'i18next';
import type { FieldErrors } from '../../shared/api/drf';
import { ERROR_CODES, ERROR_MESSAGES, errorTranslationKey, fieldMessageTranslation } from '../../shared/errors';
import { asTransportError } from './transport-error';

export interface TranslatedError {
  /** One sentence for the person, in their language. */
  message: string;
  /** A 400's field errors, by form field name (DRF `{"field": ["message"]}`). */
  fieldErrors: Record<string, string[]>;
  /** DRF `non_field_errors`, shown with the form rather than a field. */
  formErrors: string[];
  status?: number;
}

const NOT_FIELDS = new Set(['detail', 'code', 'message', 'error', 'non_field_errors']);

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
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(parsed)) {
    if (!NOT_FIELDS.has(name)) fieldErrors[name] = messages.map((message) => translateFieldMessage(message, t));
  }
  return { fieldErrors, formErrors: (parsed.non_field_errors ?? []).map((message) => translateFieldMessage(message, t)) };
}

/**
 * Any failure of a bridge or API call → what the screen shows: 403 'Access denied', 404 'Page
 * not found', 500 'Internal server error', no answer 'Network error', 400 'Validation error'
 * with the field errors for the form (spec §8).
 */
export function translateError(error: unknown, t: TFunction): TranslatedError {
  const transport = asTransportError(error);
  const message = t(errorTranslationKey(transport.code), { defaultValue: ERROR_MESSAGES[transport.code] });
  if (transport.code !== ERROR_CODES.validation) return { message, fieldErrors: {}, formErrors: [], status: transport.status };
  return { message, status: transport.status, ...fieldErrorsOf(transport.body, t) };
}

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
