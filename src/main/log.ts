import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

// A tiny JSON-lines logger for the main process. Secrets never reach a log line: values under
// token- or password-like keys are replaced before anything is written.

export type LogLevel = 'info' | 'warn' | 'error';

export interface MainLog {
  info(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

const SECRET_KEYS = /^(access|refresh|refresh_token|access_token|token|password|new_password|current_password|secret|otpauth_uri|backup_codes|authorization|cookie)$/i;

/** A copy of `detail` fit for a log: secrets redacted, errors as name/message/code/stack. */
export function redact(detail: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (detail instanceof Error) {
    const code = (detail as { code?: unknown }).code;
    return { name: detail.name, message: detail.message, ...(code !== undefined ? { code } : {}), stack: detail.stack };
  }
  if (Array.isArray(detail)) return detail.map((item) => redact(item, depth + 1));
  if (typeof detail === 'object' && detail !== null) {
    return Object.fromEntries(
      Object.entries(detail).map(([key, value]) => [key, SECRET_KEYS.test(key) ? '[redacted]' : redact(value, depth + 1)]),
    );
  }
  return detail;
}

export function createLog(write: (line: string) => void, now: () => Date = () => new Date()): MainLog {
  const entry = (level: LogLevel) => (message: string, detail?: unknown) => {
    const record: Record<string, unknown> = { time: now().toISOString(), level, message };
    if (detail !== undefined) record.detail = redact(detail);
    try {
      write(JSON.stringify(record));
    } catch {
      // Logging must never take the app down.
    }
  };
  return { info: entry('info'), warn: entry('warn'), error: entry('error') };
}

/** Appends to `<folder>/main.log` (created if missing) and mirrors warnings and errors to stderr. */
export function createFileLog(folder: string): MainLog {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'main.log');
  return createLog((line) => {
    appendFileSync(file, `${line}\n`, { mode: 0o600 });
    if (!line.includes('"level":"info"')) console.error(line);
  });
}
