import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { refusalTranslator } from '../../refusal-texts';

// The analytics' refusals (a bad period) in the caller's language (locales/<lang>/server.json,
// `councilAnalytics`). The query schema answers the English texts of COUNCIL_ANALYTICS_MESSAGES;
// the module's onSend hook swaps them on the way out when Accept-Language asks for sq or sr.

export const translateAnalyticsError = refusalTranslator({ en: en.councilAnalytics.messages, sq: sq.councilAnalytics.messages, sr: sr.councilAnalytics.messages });
