import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { refusalTranslator } from '../../refusal-texts';

// The news module's refusals in the caller's language (locales/<lang>/server.json, `news.messages`,
// the English texts of NEWS_MESSAGES).
export const translateNewsError = refusalTranslator({ en: en.news.messages, sq: sq.news.messages, sr: sr.news.messages });
