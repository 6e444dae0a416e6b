import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

// The screens keep their state in the address (the open list, its search and filters, the page),
// so a filtered list can be bookmarked, shared and restored by Back.

/** The names whose change shows another set of rows: the list starts again at page 1. */
const LIST_FILTERS = ['search', 'country', 'type', 'accreditation', 'active', 'page_size'];

/** `params` with `changes` applied (null or '' removes a name). */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  if (Object.keys(changes).some((name) => LIST_FILTERS.includes(name))) next.delete('page');
  return next;
}

/** A positive whole number from the address (a page), or null. */
export function positiveInteger(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const number = Number(value);
  return number <= 1_000_000 ? number : null;
}

/**
 * The address's params and a setter applying changes to the latest params: a debounced search
 * landing after a filter changed keeps both.
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
