import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

// A screen's state kept in its address (filters, the page, an open form), so it can be
// bookmarked, shared and restored by Back. One hook for every list screen that keeps its filters
// there; each screen names the filters whose change shows another set of rows.

export type AddressChanges = Record<string, string | null>;

/** `params` with `changes` applied (null or '' removes a name); a change to one of `filters` starts at page 1. */
export function withParams(params: URLSearchParams, changes: AddressChanges, filters: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  if (Object.keys(changes).some((name) => filters.includes(name))) next.delete('page');
  return next;
}

/**
 * The address's params and a setter applying changes to the latest params: a debounced search that
 * lands after a filter changed keeps both (react-router's updater starts from its render's params).
 */
export function useAddressParams(filters: readonly string[]): [URLSearchParams, (changes: AddressChanges) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  const set = useCallback(
    (changes: AddressChanges) => {
      latest.current = withParams(latest.current, changes, filters);
      setParams(latest.current);
    },
    [setParams, filters],
  );
  return [params, set];
}
