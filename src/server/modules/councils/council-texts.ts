import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { refusalTranslator } from '../../refusal-texts';

// The councils module's refusals in the caller's language (locales/<lang>/server.json, `councils`).
// Routes and schemas use the English texts of COUNCIL_MESSAGES (the API's language, as errors.ts
// does; a test keeps them equal to `councils.messages` in en); the module's onSend hook translates.

export const translateCouncilError = refusalTranslator({ en: en.councils.messages, sq: sq.councils.messages, sr: sr.councils.messages });
