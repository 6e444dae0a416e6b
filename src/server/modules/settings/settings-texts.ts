import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { refusalTranslator } from '../../refusal-texts';

// The settings module's refusals in the caller's language (locales/<lang>/server.json,
// `settings.messages`), written in English as SETTINGS_MESSAGES and translated on the way out; the
// logo's image refusals are `images.messages` (IMAGE_MESSAGES, uploaded-images.ts).

export const translateSettingsRefusal = refusalTranslator({
  en: { ...en.settings.messages, ...en.images.messages },
  sq: { ...sq.settings.messages, ...sq.images.messages },
  sr: { ...sr.settings.messages, ...sr.images.messages },
});
