import { useEffect, useMemo } from 'react';
import { useCountryNames } from '../../lib/country-names';
import { countryName, useFormat, type CountryNames } from '../../lib/format';
import type { Language } from '../../../shared/constants';
import type { SelectOption } from '../../components/select-field';

// The country choices of the counter form. Their names come from the server's reference list
// (lib/country-names.ts); the form must work when the server cannot be reached, so the last list
// seen is kept on this computer (public data: codes and names, nothing about a person).

const STORAGE_KEY = 'naric.counter.countries';

type StoredNames = [string, Record<Language, string>][];

function readStored(): CountryNames | undefined {
  try {
    const text = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!text) return undefined;
    const rows = JSON.parse(text) as StoredNames;
    return Array.isArray(rows) && rows.length > 0 ? new Map(rows) : undefined;
  } catch {
    return undefined;
  }
}

function store(names: CountryNames): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify([...names]));
  } catch {
    // A full disk only costs the offline copy of public names; the form goes on without it.
  }
}

/** Every country as a choice, named in the interface language and sorted by that name. */
export function useCountryChoices(): SelectOption[] {
  const format = useFormat();
  const fresh = useCountryNames();
  const stored = useMemo(readStored, []);
  useEffect(() => {
    if (fresh && fresh.size > 0) store(fresh);
  }, [fresh]);
  const names = fresh ?? stored;
  return useMemo(() => {
    if (!names) return [];
    return [...names.keys()]
      .map((code) => ({ value: code, label: countryName(format.language, code, names) }))
      .sort((a, b) => format.compare(a.label, b.label));
  }, [names, format]);
}
