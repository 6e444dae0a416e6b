import { useCallback } from 'react';
import { useFormat } from '../../lib/format';
import { useReferenceValues } from './api';
import { localName } from './local-name';
import { REFERENCE_LIST_SPECS } from './reference-lists';

const DEGREE_LEVELS = REFERENCE_LIST_SPECS.find((list) => list.name === 'degree_levels')!;

/**
 * The degree levels a national qualification may name, in the list's order and the reader's
 * language: the active ones, and `current` even when it was switched off since.
 */
export function useDegreeLevelOptions(current?: string) {
  const { language } = useFormat();
  const values = useReferenceValues(DEGREE_LEVELS).data ?? [];
  return values.filter((value) => value.active || value.code === current).map((value) => ({ value: value.code, label: localName(value, language) }));
}

/** A degree level's name in the reader's language (its code while the list loads). */
export function useDegreeLevelName() {
  const { language } = useFormat();
  const data = useReferenceValues(DEGREE_LEVELS).data;
  return useCallback(
    (code: string) => {
      const value = data?.find((entry) => entry.code === code);
      return value ? localName(value, language) : code;
    },
    [data, language],
  );
}
