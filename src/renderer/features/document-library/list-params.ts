import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { withListParam } from '../../lib/list-paging';

// The list's filters live in the URL (shareable, restored on back); a new filter starts at page 1.

export const PAGE_SIZE = 25;

export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The filters named in `names` that the URL carries, for the API query. */
export function filtersOf(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
}

/**
 * The URL's params and a setter for one filter that starts from the latest params: a debounced
 * search that lands after another filter changed keeps both (react-router's own updater would
 * start from the params of the render that scheduled it).
 */
export function useListParams(): [URLSearchParams, (name: string, value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  const set = useCallback(
    (name: string, value: string | null) => {
      latest.current = withListParam(latest.current, name, value);
      setParams(latest.current);
    },
    [setParams],
  );
  return [params, set];
}
