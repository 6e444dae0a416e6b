import { useMemo } from 'react';
import type { SelectOption } from '../../components/select-field';
import { useCountryNames } from '../../lib/country-names';
import { countryName, useFormat } from '../../lib/format';

/** Every country of the server's reference list as a choice, named in the interface language and sorted by that name. */
export function useCountryChoices(): SelectOption[] {
  const format = useFormat();
  const names = useCountryNames();
  return useMemo(() => {
    if (!names) return [];
    return [...names.keys()]
      .map((code) => ({ value: code, label: countryName(format.language, code, names) }))
      .sort((a, b) => format.compare(a.label, b.label));
  }, [names, format]);
}
