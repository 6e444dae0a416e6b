import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { withParam } from './list-params';

/**
 * The URL's search params and a setter for one of them. The setter starts from the params of the
 * latest render, not of the render that made it: two filters typed in quick succession each
 * commit after a pause, and the second must not undo the first.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  return {
    params,
    set(name: string, value: string | null, options?: { replace?: boolean }) {
      const next = withParam(latest.current, name, value);
      latest.current = next;
      setParams(next, options);
    },
    replaceAll(next: URLSearchParams) {
      latest.current = next;
      setParams(next);
    },
  };
}
