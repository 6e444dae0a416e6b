import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import type { InstitutionChoice } from '../../../shared/api/reference-data';
import { TEXT_LIMITS } from '../../../shared/api/safe-text';
import { useCountryName } from '../../lib/country-names';
import { formatLanguage } from '../../lib/format';
import { useServerReachable } from './connection';
import { useInstitutionSuggestions } from './api';
import '../../components/choice-controls.css';

/** How long typing pauses before the server is asked, so each key press is not a request. */
const SEARCH_DELAY_MS = 250;

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

export interface InstitutionFieldProps {
  /** The name as typed or as chosen. */
  value: string;
  onChange(name: string): void;
  /** A registered institution was chosen: the form takes its name, country, type and addresses. */
  onChoose(institution: InstitutionChoice, name: string): void;
  errorMessage?: string | undefined;
}

/**
 * The institution of the education: a searchable choice over the registered institutions (spec §3)
 * that still takes a name the list lacks, as the paper form does. The counter works
 * offline, so while the server does not answer the same field is plain typing: no list is
 * offered and nothing is lost.
 */
export function InstitutionField({ value, onChange, onChoose, errorMessage }: InstitutionFieldProps) {
  const { t, i18n } = useTranslation('counter');
  const language = formatLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { reachable } = useServerReachable();
  const online = reachable === true;
  const typed = value.trim();
  const search = useSettled(typed);
  const suggestions = useInstitutionSuggestions(search, online);
  // The institution picked from the list, until the name is typed over. The choice and the text
  // are both held here (react-aria's controlled pattern): with the text alone, the list would
  // reopen as soon as the chosen name replaced what was typed.
  const [chosen, setChosen] = useState<InstitutionChoice | null>(null);
  const nameOf = (institution: InstitutionChoice) => institution[`name_${language}`];
  const found = online ? (suggestions.data ?? []) : [];
  const institutions = chosen && !found.some((item) => item.id === chosen.id) ? [chosen, ...found] : found;
  const country = useCountryName();
  // "No match" only once the server has answered for what is typed now; before that, "searching".
  const answered = search === typed && !suggestions.isFetching;

  const choose = (key: Key | null) => {
    const institution = key === null ? undefined : institutions.find((item) => String(item.id) === String(key));
    if (!institution) {
      setChosen(null);
      return;
    }
    setChosen(institution);
    onChoose(institution, nameOf(institution));
  };
  const type = (text: string) => {
    if (chosen && text !== nameOf(chosen)) setChosen(null);
    onChange(text);
  };

  return (
    <ComboBox
      className="field select-field combo-box"
      inputValue={value}
      onInputChange={type}
      onSelectionChange={choose}
      selectedKey={chosen?.id ?? null}
      items={institutions}
      allowsCustomValue
      menuTrigger="input"
      // Online the list arrives after the typing pauses: the popover opens at once and fills in.
      // Offline, or before the search is long enough to ask, there is no list to open.
      allowsEmptyCollection={online && typed.length >= 2}
      isRequired
      isInvalid={errorMessage ? true : undefined}
    >
      <Label className="field__label">{t('education.institutionName')}</Label>
      <div className="field__input combo-box__group">
        <Input className="combo-box__input" maxLength={TEXT_LIMITS.name} autoComplete="off" />
      </div>
      <Text slot="description" className="field__description">
        {online ? t('education.institutionHint') : t('education.institutionOffline')}
      </Text>
      <FieldError className="field__error">{errorMessage}</FieldError>
      <Popover className="popover choice-popover">
        <ListBox
          className="listbox choice-menu"
          items={institutions}
          renderEmptyState={() => <p className="field__description">{answered ? t('education.institutionNoMatch') : t('education.institutionSearching')}</p>}
        >
          {(institution: InstitutionChoice) => (
            <ListBoxItem id={institution.id} textValue={nameOf(institution)} className="listbox__item">
              {nameOf(institution)}
              <span className="field__description"> · {country(institution.country)}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
