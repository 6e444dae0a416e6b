import type { TFunction } from 'i18next';
import { serverText, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// A refused upload or import in the reader's words. The server writes the statement's refusals
// (not CSV, too large, not text, no columns, no lines, already imported) in the language the call
// named, so they are shown as they came; anything else is the app's usual message for the failure.

const SERVER_WORDS = new Set([400, 409, 413, 415]);

export function statementRefusal(error: unknown, t: TFunction, formatDate: (value: string) => string): string {
  const { status, body } = asTransportError(error);
  if (status === 412) return t('payments-import:refusal.stale');
  if (status !== undefined && SERVER_WORDS.has(status)) {
    const said = translateError(error, t).fieldErrors.file?.[0] ?? serverText(error, 'detail');
    const importedAt = body && typeof body === 'object' ? (body as Record<string, unknown>).imported_at : undefined;
    if (said && typeof importedAt === 'string') return `${said} ${t('payments-import:refusal.importedOn', { date: formatDate(importedAt) })}`;
    if (said) return said;
  }
  return translateError(error, t).message;
}
