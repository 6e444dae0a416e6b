import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { refusalTranslator } from '../../refusal-texts';

// The experts module's refusals in the caller's language (locales/<lang>/server.json, `experts`).
// Routes throw the English texts of EXPERT_MESSAGES (the API's language, as errors.ts does; a test
// keeps them equal to `experts.messages` in en); this module's onSend hook translates them.

export const translateExpertError = refusalTranslator({ en: en.experts.messages, sq: sq.experts.messages, sr: sr.experts.messages });
