import { useEffect } from 'react';
import { asTransportError } from './transport-error';

/**
 * A page past the end (fewer rows since the link was made) answers 404: go back to the first
 * page instead of showing an error. True while that is happening.
 */
export function useFirstPageWhenPastTheEnd(list: { isError: boolean; error: unknown }, page: number, goToFirst: () => void): boolean {
  const pastTheEnd = list.isError && page > 1 && asTransportError(list.error).status === 404;
  useEffect(() => {
    if (pastTheEnd) goToFirst();
    // goToFirst is a new function on every render; whether we are past the end is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd]);
  return pastTheEnd;
}

/**
 * A list's address with `key` set (removed when empty): the filters, sort and page live in the URL
 * (shareable, restored on back), and any change but the page returns to page 1.
 */
export function withListParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}
