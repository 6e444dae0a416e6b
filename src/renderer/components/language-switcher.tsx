import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/constants';
import { chooseLanguage, isLanguage, LOCALE_TAGS } from '../lib/language';
import { getBridge } from '../platform/bridge';
import { SelectField } from './select-field';

/** Each language is named in itself, so a person can find theirs whatever is shown now. */
const ENDONYMS: Record<Language, string> = { en: 'English', sq: 'Shqip', sr: 'Srpski' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <SelectField
      className="language-switcher"
      layout="inline"
      label={t('language')}
      value={current}
      options={LANGUAGES.map((language) => ({ value: language, label: ENDONYMS[language], lang: LOCALE_TAGS[language] }))}
      onChange={(key) => {
        if (isLanguage(key) && key !== current) void chooseLanguage(key, i18n, getBridge());
      }}
    />
  );
}
