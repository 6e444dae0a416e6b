import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { INTAKE_MESSAGES } from '../../../shared/api/intake';
import { refusalTranslator } from '../../refusal-texts';

// The counter intake's refusals in the caller's language (locales/<lang>/server.json, `intake`).
// Routes throw the English text (the API's language, as errors.ts does); the onSend hook of the
// module translates it on the way out when Accept-Language asks for sq or sr. The shared
// INTAKE_MESSAGES are the same English texts (a test keeps them equal), so a client comparing
// with them still matches an untranslated answer.

/** Our English texts by key: INTAKE_MESSAGES plus the server's own refusals. */
export const INTAKE_TEXTS: typeof en.intake.messages = { ...en.intake.messages, ...INTAKE_MESSAGES };

export const translateIntakeError = refusalTranslator({ en: en.intake.messages, sq: sq.intake.messages, sr: sr.intake.messages });
