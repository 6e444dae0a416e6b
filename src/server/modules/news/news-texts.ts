import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { refusalTranslator } from '../../refusal-texts';

// The news module's refusals in the caller's language (locales/<lang>/server.json, `news.messages`,
// the English texts of NEWS_MESSAGES), and the cover image's (`images.messages`, IMAGE_MESSAGES).
export const translateNewsError = refusalTranslator({
  en: { ...en.news.messages, ...en.images.messages },
  sq: { ...sq.news.messages, ...sq.images.messages },
  sr: { ...sr.news.messages, ...sr.images.messages },
});
