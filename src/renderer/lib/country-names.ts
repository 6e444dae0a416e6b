import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '../../shared/constants';
import { country, REFERENCE_PATHS } from '../../shared/api/reference';
import { apiClient } from './app-api-client';
import { countryName, formatLanguage, type CountryNames } from './format';
import { queryKeys } from './query-keys';

// Country names come from the server's reference list (GET /api/countries/, open to every role):
// it is the catalogue the server checks codes against, it names Kosovo (XK), its Serbian names are
// already in Latin script, and it costs the bundle nothing. Intl.DisplayNames is no help: Debian's
// Chromium answers "Germany" for Albanian.

async function fetchCountryNames(): Promise<CountryNames> {
  const names = new Map<string, Record<'en' | 'sq' | 'sr', string>>();
  for (let page = 1; ; page += 1) {
    const answer = await apiClient.list(REFERENCE_PATHS.countries, country, { page, page_size: MAX_PAGE_SIZE });
    for (const row of answer.results) names.set(row.code.toUpperCase(), { en: row.name_en, sq: row.name_sq, sr: row.name_sr });
    if (!answer.next || answer.results.length === 0) return names;
  }
}

/** The whole reference list (code → names), for a choice of country; undefined until it arrives. */
export function useCountryNames(): CountryNames | undefined {
  return useQuery({ queryKey: queryKeys.countryNames, queryFn: fetchCountryNames, staleTime: Infinity, gcTime: Infinity }).data;
}

/** `name(code)`: the country's name in the interface language (the code until the list arrives). */
export function useCountryName(): (code: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const language = formatLanguage(i18n.resolvedLanguage ?? i18n.language);
  const names = useCountryNames();
  return (code) => countryName(language, code, names);
}
