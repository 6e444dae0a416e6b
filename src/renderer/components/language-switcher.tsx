import { useTranslation } from 'react-i18next';
import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { LANGUAGES, type Language } from '../../shared/constants';
import { chooseLanguage, isLanguage, LOCALE_TAGS } from '../lib/language';
import { getBridge } from '../platform/bridge';

/** Each language is named in itself, so a person can find theirs whatever is shown now. */
const ENDONYMS: Record<Language, string> = { en: 'English', sq: 'Shqip', sr: 'Srpski' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Select
      className="language-switcher"
      selectedKey={current}
      onSelectionChange={(key) => {
        if (isLanguage(key) && key !== current) void chooseLanguage(key, i18n, getBridge());
      }}
    >
      <Label className="language-switcher__label">{t('language')}</Label>
      <AriaButton className="language-switcher__button">
        <SelectValue />
        <span aria-hidden="true" className="language-switcher__chevron">
          ▾
        </span>
      </AriaButton>
      <Popover className="popover">
        <ListBox className="listbox">
          {LANGUAGES.map((language) => (
            <ListBoxItem key={language} id={language} lang={LOCALE_TAGS[language]} className="listbox__item">
              {ENDONYMS[language]}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
