import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';

// Secrets never reach the log: credentials in headers, and any password or token field a
// handler might log with a body (top level or one level down). Not `code`: errors carry codes.
const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'access',
  'refresh',
  'refresh_token',
  'token',
  'otp',
  'secret',
  'two_factor_secret',
  'password_hash',
  'backup_codes',
];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
];

export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: 'naric-api' },
  };
  return destination ? pino(options, destination) : pino(options);
}
