import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { refusalTranslator } from '../../refusal-texts';

// The users module's texts in the caller's language (locales/<lang>/server.json, `users`): its
// refusals, written in English as USER_MESSAGES (the API's language; a test keeps them equal to
// `users.messages` in en) and translated on the way out. The temporary-password e-mail is the
// password_reset notice's (src/server/notices).

/** Error bodies (`{"detail"}`, `{"field": [...]}`) with our messages in the caller's language. */
export const translateUserRefusal = refusalTranslator({ en: en.users.messages, sq: sq.users.messages, sr: sr.users.messages });
