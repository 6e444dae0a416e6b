import type { TFunction } from 'i18next';
import { DEADLINE_MESSAGES } from '../../../shared/api/deadlines';
import { fieldMessageTranslation } from '../../../shared/errors';

// The shared schema and the server word field problems in English (DEADLINE_MESSAGES and zod's
// bounds); the form shows them in the reader's language. A message with no translation (a newer
// server's) is shown as sent rather than hidden.

const DEADLINE_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map(Object.entries(DEADLINE_MESSAGES).map(([key, message]) => [message, `deadlines:messages.${key}`]));

const BOUNDS: readonly [RegExp, string][] = [
  [/^Ensure this value is at least (\d+)\.$/, 'deadlines:validation.atLeast'],
  [/^Ensure this value is at most (\d+)\.$/, 'deadlines:validation.atMost'],
  [/^Ensure this list has at most (\d+) items\.$/, 'deadlines:validation.listAtMost'],
];

export function translateFieldMessage(message: string, t: TFunction): string {
  const own = DEADLINE_MESSAGE_KEYS.get(message);
  if (own) return t(own);
  for (const [pattern, key] of BOUNDS) {
    const match = pattern.exec(message);
    if (match) return t(key, { limit: Number(match[1]) });
  }
  const shared = fieldMessageTranslation(message);
  return shared ? t(shared.key, { ...shared.values, defaultValue: message }) : message;
}
