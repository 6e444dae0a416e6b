import { ERROR_CODES, ERROR_MESSAGES } from '../../../shared/errors';
import { transportErrorOf } from '../../../shared/transport-failure';

// What a failed outbox step means for the submission: try again later (the network, the server
// or the session is the problem) or wait for the officer (the server refused the application
// itself, so sending it again unchanged would be refused again). Understands what the app's
// transports throw: BridgeError and TransportFailure (a TransportError), ky's HTTPError and
// TimeoutError, fetch's TypeError, and aborts.

export interface OutboxFailure {
  retryable: boolean;
  /** Shown to the officer: the server's own words when it refused. */
  message: string;
  status?: number;
  /** An ErrorCode (shared/errors.ts) or an OutboxProblem, for the screen's translation. */
  code?: string;
}

/** Failures the outbox finds itself rather than the server. */
export const OUTBOX_PROBLEMS = {
  fileChanged: 'file_changed',
  unexpected: 'unexpected',
} as const;
export type OutboxProblem = (typeof OUTBOX_PROBLEMS)[keyof typeof OUTBOX_PROBLEMS];

export const OUTBOX_MESSAGES = {
  file_changed: 'The server received a different file than the one attached to this draft. Attach the document again and send the draft.',
  unexpected: 'Sending failed unexpectedly. It will be tried again.',
} as const satisfies Record<OutboxProblem, string>;

/** Codes that say nothing about the application itself: the same request may succeed later. */
const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  ERROR_CODES.networkError,
  ERROR_CODES.timeout,
  ERROR_CODES.serverError,
  ERROR_CODES.databaseUnavailable,
  ERROR_CODES.throttled,
  // Signed out or the session ran out: once the officer signs in again the same request is fine.
  ERROR_CODES.sessionExpired,
  ERROR_CODES.notAuthenticated,
  ERROR_CODES.tokenInvalid,
]);

const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** The message of a refusal body: `message`/`detail`, else the first field message (`{"field": ["…"]}`). */
export function refusalMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const field of ['message', 'detail']) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  for (const [field, value] of Object.entries(record)) {
    if (field === 'code' || field === 'status') continue;
    const first = Array.isArray(value) ? value.find((item) => typeof item === 'string') : typeof value === 'string' ? value : undefined;
    if (typeof first === 'string' && first.trim() !== '') return field === 'non_field_errors' ? first : `${field}: ${first}`;
  }
  return undefined;
}

function nameOf(thrown: unknown): string | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined;
  const name = (thrown as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

export function classifyFailure(thrown: unknown): OutboxFailure {
  const transport = transportErrorOf(thrown);
  if (transport) {
    const status = transport.status;
    const retryable = RETRYABLE_CODES.has(transport.code) || (status !== undefined && isRetryableStatus(status));
    const message = (retryable ? undefined : refusalMessage(transport.body)) ?? transport.message;
    return { retryable, message, code: transport.code, ...(status !== undefined ? { status } : {}) };
  }
  const name = nameOf(thrown);
  if (name === 'HTTPError') {
    // ky with throwHttpErrors: the status is all we can read synchronously.
    const status = (thrown as { response?: { status?: unknown } }).response?.status;
    if (typeof status === 'number') {
      const retryable = isRetryableStatus(status) || status === 401;
      return { retryable, message: (thrown as Error).message, status, code: retryable ? ERROR_CODES.serverError : ERROR_CODES.validation };
    }
  }
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { retryable: true, message: ERROR_MESSAGES.timeout, code: ERROR_CODES.timeout };
  }
  if (thrown instanceof TypeError) {
    // fetch's way of saying the connection failed (refused, reset, DNS, offline).
    return { retryable: true, message: ERROR_MESSAGES.network_error, code: ERROR_CODES.networkError };
  }
  // Our own fault or the drafts database: trying again later is safe (the key makes it once).
  return { retryable: true, message: OUTBOX_MESSAGES.unexpected, code: OUTBOX_PROBLEMS.unexpected };
}
