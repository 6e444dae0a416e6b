import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

// The screen's state lives in its address, so a filtered list, a year of the calendar or an open
// form (`?edit=12`, `?create=1`, `?history=12`) can be bookmarked, shared and restored by Back.

/** `params` with `changes` applied (null or '' removes a name); a changed filter starts at page 1. */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  if (Object.keys(changes).some((name) => LIST_FILTERS.includes(name))) next.delete('page');
  return next;
}

/** The names whose change shows another set of rows. */
const LIST_FILTERS = ['type', 'category', 'status', 'search', 'ordering'];

/** A positive whole number from the address (an id, a page), or null. */
export function positiveInteger(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const number = Number(value);
  return number <= 2_147_483_647 ? number : null;
}

/**
 * The address's params and a setter applying changes to the latest params: a debounced search that
 * lands after a filter changed keeps both (react-router's updater starts from its render's params).
 */
export function useScreenParams(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  const set = useCallback(
    (changes: Record<string, string | null>) => {
      latest.current = withParams(latest.current, changes);
      setParams(latest.current);
    },
    [setParams],
  );
  return [params, set];
}
