import { ERROR_CODE_BY_STATUS, ERROR_CODES, ERROR_MESSAGES, type ErrorCode, type TransportError } from './errors';

// How a failed call is thrown and read on every side (main, browser shell, session client).

/** Thrown for a failed call; `error` is what crosses IPC or reaches the screen. */
export class TransportFailure extends Error {
  readonly error: TransportError;
  constructor(error: TransportError) {
    super(error.message);
    this.name = 'TransportFailure';
    this.error = error;
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ERROR_CODES));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

function isTransportErrorShape(value: unknown): value is TransportError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { code?: unknown; message?: unknown };
  return isErrorCode(candidate.code) && typeof candidate.message === 'string';
}

/**
 * The TransportError a thrown value carries: a TransportFailure or BridgeError (`.error`), or a
 * bare TransportError object. Anything else (a programming error) gives null.
 */
export function transportErrorOf(thrown: unknown): TransportError | null {
  if (isTransportErrorShape(thrown)) return thrown;
  if (typeof thrown === 'object' && thrown !== null && 'error' in thrown) {
    const inner = (thrown as { error: unknown }).error;
    if (isTransportErrorShape(inner)) return inner;
  }
  return null;
}

function firstText(body: unknown, fields: readonly string[]): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * A server's error answer as a TransportError. The body is kept whole, because the sign-in
 * screens show its `message`, else `detail`, else `error` (spec §8). `codeByStatus` lets a
 * call say what a bare status means for it (a 401 at login is invalid credentials).
 */
export function transportErrorFromAnswer(
  status: number,
  body: unknown,
  codeByStatus: Partial<Record<number, ErrorCode>> = {},
): TransportError {
  const bodyCode = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  const code: ErrorCode = isErrorCode(bodyCode)
    ? bodyCode
    : (codeByStatus[status] ?? ERROR_CODE_BY_STATUS[status] ?? (status >= 500 ? ERROR_CODES.serverError : ERROR_CODES.validation));
  const message = firstText(body, ['message', 'detail', 'error']) ?? ERROR_MESSAGES[code];
  return body === undefined ? { code, message, status } : { code, message, status, body };
}

export function failure(code: ErrorCode, extra: { status?: number; body?: unknown; message?: string } = {}): TransportFailure {
  const error: TransportError = { code, message: extra.message ?? ERROR_MESSAGES[code] };
  if (extra.status !== undefined) error.status = extra.status;
  if (extra.body !== undefined) error.body = extra.body;
  return new TransportFailure(error);
}
