import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { NOTIFICATION_MESSAGES } from '../../../shared/api/notifications';
import type { Language } from '../../../shared/constants';
import { refusalTranslator, type RefusalTranslator } from '../../refusal-texts';

// The notifications module's refusals in the caller's language (locales/<lang>/server.json,
// `notifications.messages`, the English texts of NOTIFICATION_MESSAGES). The unknown-variable
// refusal carries the names it found: it is recognised by its English frame and written again in
// the language around the same names.

const TEXTS = { en: en.notifications.messages, sq: sq.notifications.messages, sr: sr.notifications.messages } as const;
const NAMES = '{{names}}';

/** The unknown-variable refusal naming `names` (in English, as routes throw it). */
export function unknownVariableMessage(names: readonly string[]): string {
  return NOTIFICATION_MESSAGES.unknownVariable.replace(NAMES, names.join(', '));
}

const [BEFORE, AFTER] = NOTIFICATION_MESSAGES.unknownVariable.split(NAMES) as [string, string];

function translateNames(language: Language, text: string): string {
  if (!text.startsWith(BEFORE) || !text.endsWith(AFTER) || text.length < BEFORE.length + AFTER.length) return text;
  const names = text.slice(BEFORE.length, text.length - AFTER.length);
  return TEXTS[language].unknownVariable.replace(NAMES, names);
}

const plain = refusalTranslator(TEXTS);

export const translateNotificationError: RefusalTranslator = (language, body) => {
  const translated = plain(language, body);
  if (language === 'en' || typeof translated !== 'object' || translated === null || Array.isArray(translated)) return translated;
  return Object.fromEntries(
    Object.entries(translated).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? translateNames(language, item) : item)) : typeof value === 'string' && key === 'detail' ? translateNames(language, value) : value,
    ]),
  );
};
