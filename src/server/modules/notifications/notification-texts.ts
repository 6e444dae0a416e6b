import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { NOTIFICATION_MESSAGES } from '../../../shared/api/notifications';
import type { Language } from '../../../shared/constants';
import { refusalTranslator, type RefusalTranslator } from '../../refusal-texts';

// The notifications module's refusals in the caller's language (locales/<lang>/server.json,
// `notifications.messages`, the English texts of NOTIFICATION_MESSAGES). The template refusals
// that name variables (unknown, a misplaced secret) are recognised by their English frame and
// written again in the language around the same names.

const TEXTS = { en: en.notifications.messages, sq: sq.notifications.messages, sr: sr.notifications.messages } as const;
const NAMES = '{{names}}';
/** The refusals that carry the names of variables. */
const NAMING = ['unknownVariable', 'misplacedSecret'] as const;

const FRAMES = NAMING.map((key) => {
  const [before, after] = NOTIFICATION_MESSAGES[key].split(NAMES) as [string, string];
  return { key, before, after };
});

function translateNames(language: Language, text: string): string {
  for (const { key, before, after } of FRAMES) {
    if (!text.startsWith(before) || !text.endsWith(after) || text.length < before.length + after.length) continue;
    const names = text.slice(before.length, text.length - after.length);
    return TEXTS[language][key].replace(NAMES, names);
  }
  return text;
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
