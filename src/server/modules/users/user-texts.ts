import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import type { Language } from '../../../shared/constants';
import { refusalTranslator } from '../../refusal-texts';

// The users module's texts in the caller's language (locales/<lang>/server.json, `users`): its
// refusals, written in English as USER_MESSAGES (the API's language; a test keeps them equal to
// `users.messages` in en) and translated on the way out, and the temporary-password e-mail.

type UserTexts = typeof en.users;
const TEXTS: Readonly<Record<Language, UserTexts>> = { en: en.users, sq: sq.users, sr: sr.users };

/** Intl locale tags as lib/format.ts writes them (Kosovo's Albanian, Serbian in Latin script). */
const LOCALE_TAGS: Readonly<Record<Language, string>> = { en: 'en-GB', sq: 'sq-XK', sr: 'sr-Latn-RS' };

/** Error bodies (`{"detail"}`, `{"field": [...]}`) with our messages in the caller's language. */
export const translateUserRefusal = refusalTranslator({ en: en.users.messages, sq: sq.users.messages, sr: sr.users.messages });

function interpolate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A moment as people in Kosovo read it, in the language (the office's time zone, not the server's). */
export function formatMoment(language: Language, moment: Date): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Belgrade' }).format(moment);
}

export interface TemporaryPasswordEmailValues {
  name: string;
  username: string;
  password: string;
  expiresAt: Date;
}

/** The e-mail that hands a person their temporary password, in `language`. */
export function temporaryPasswordEmail(language: Language, values: TemporaryPasswordEmailValues): { subject: string; message: string } {
  const texts = TEXTS[language].temporaryPasswordEmail;
  return {
    subject: texts.subject,
    message: interpolate(texts.body, {
      name: values.name,
      username: values.username,
      password: values.password,
      expiresAt: formatMoment(language, values.expiresAt),
    }),
  };
}
