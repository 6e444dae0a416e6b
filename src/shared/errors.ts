// Error codes shared by server, main process and renderer. Each code has one translation key
// (namespace `errors` in locales/*/errors.json) so a person always reads a translated message.

export const ERROR_CODES = {
  validation: 'validation_error',
  notAuthenticated: 'not_authenticated',
  invalidCredentials: 'invalid_credentials',
  tokenInvalid: 'token_not_valid',
  sessionExpired: 'session_expired',
  permissionDenied: 'permission_denied',
  notFound: 'not_found',
  conflict: 'conflict',
  preconditionFailed: 'precondition_failed',
  payloadTooLarge: 'payload_too_large',
  unsupportedFileType: 'unsupported_file_type',
  throttled: 'throttled',
  accountInactive: 'account_inactive',
  twoFactorInvalid: 'two_factor_invalid',
  twoFactorNotEnabled: 'two_factor_not_enabled',
  /** A temporary password must be changed before anything else. */
  passwordChangeRequired: 'password_change_required',
  /** The right temporary password, past its expiry (said only to someone who knew it). */
  temporaryPasswordExpired: 'temporary_password_expired',
  serverError: 'server_error',
  networkError: 'network_error',
  timeout: 'timeout',
  databaseUnavailable: 'database_unavailable',
  /** An issued document's stored bytes are gone or no longer match their SHA-256: it is never re-rendered. */
  issuedFileUnavailable: 'issued_file_unavailable',
  /** Directory (LDAP) sign-in: the directory did not answer. */
  directoryUnavailable: 'directory_unavailable',
  ipcInvalidRequest: 'ipc_invalid_request',
  ipcForbiddenSender: 'ipc_forbidden_sender',
  ipcUnknownChannel: 'ipc_unknown_channel',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** i18next key (namespace `errors`) for each code. */
export function errorTranslationKey(code: ErrorCode): string {
  return `errors:${code}`;
}

/** English texts of the spec's error catalogue (§8); used by the server and as i18n defaults. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  validation_error: 'Validation error',
  not_authenticated: 'Authentication credentials were not provided.',
  invalid_credentials: 'Invalid credentials',
  token_not_valid: 'Token is invalid or expired',
  session_expired: 'Session expired',
  permission_denied: 'Access denied',
  not_found: 'Page not found',
  conflict: 'This action is not allowed in the current state.',
  precondition_failed: 'This record was changed by someone else. Reload it and try again.',
  payload_too_large: 'File too large',
  unsupported_file_type: 'Unsupported file type',
  throttled: 'Too many attempts. Please wait and try again.',
  account_inactive: 'This account is disabled.',
  two_factor_invalid: 'The code is not valid.',
  two_factor_not_enabled: 'Two-factor authentication is not enabled.',
  password_change_required: 'Change your temporary password before you continue.',
  temporary_password_expired: 'Your temporary password has expired. Ask an administrator for a new one.',
  server_error: 'Internal server error',
  network_error: 'Network error',
  timeout: 'The server did not answer in time.',
  database_unavailable: 'The database cannot be reached.',
  issued_file_unavailable: 'The file of this issued document is missing from the document storage or no longer matches its recorded SHA-256. It is not made again: restore the file from a backup.',
  directory_unavailable: 'The directory cannot be reached, so directory accounts cannot sign in right now. Try again in a few minutes; accounts of this application still sign in.',
  ipc_invalid_request: 'Validation error',
  ipc_forbidden_sender: 'Access denied',
  ipc_unknown_channel: 'Validation error',
};

/** A request text holding a control character, NUL or broken symbol (see api/safe-text.ts). */
export const DISALLOWED_CHARACTERS_MESSAGE =
  'This text contains characters that are not allowed (control characters or broken symbols). Remove them and try again.';
/** DRF's wording for a text over its limit; the number is read back out to translate it. */
export const tooLongMessage = (max: number) => `Ensure this field has no more than ${max} characters.`;
/** PostgreSQL refused a value as data (class 22): the schemas should have caught it first. */
export const INVALID_INPUT_MESSAGE = 'The request holds a value the server cannot store. Check the fields and try again.';

/** The server's field messages (`{"field": ["message"]}`) → i18next keys, so forms show them translated. */
const FIELD_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'This field is required': 'common:validation.required',
  'Invalid format': 'common:validation.invalidFormat',
  'Invalid email address': 'common:validation.invalidEmail',
  [DISALLOWED_CHARACTERS_MESSAGE]: 'common:validation.disallowedCharacters',
  [INVALID_INPUT_MESSAGE]: 'common:validation.invalidInput',
};
const TOO_LONG = /^Ensure this field has no more than (\d+) characters\.$/;

/** The translation of one server field message, or undefined when it has none (the text is shown as sent). */
export function fieldMessageTranslation(message: string): { key: string; values: Record<string, number> } | undefined {
  const key = FIELD_MESSAGE_KEYS[message];
  if (key) return { key, values: {} };
  const tooLong = TOO_LONG.exec(message);
  return tooLong ? { key: 'common:validation.tooLong', values: { max: Number(tooLong[1]) } } : undefined;
}

/** An error that crossed a boundary (HTTP or IPC) in a form every part can read. */
export interface TransportError {
  code: ErrorCode;
  message: string;
  status?: number;
  /** The server's JSON answer, when there was one (login screens read message/detail/error). */
  body?: unknown;
}

/** The code an HTTP status stands for when an answer carries none of its own. */
export const ERROR_CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.notAuthenticated,
  403: ERROR_CODES.permissionDenied,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  412: ERROR_CODES.preconditionFailed,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedFileType,
  429: ERROR_CODES.throttled,
};
