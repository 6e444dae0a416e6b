// The lists' filters and page live in the URL (shareable, restored on back); only the names a
// list knows reach its API query, and a changed filter returns to the first page.

export const PAGE_SIZE = 25;

/** A copy of `params` with `name` set (or removed when empty); any change but the page itself returns to page 1. */
export function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(name);
  else next.set(name, value);
  if (name !== 'page') next.delete('page');
  return next;
}

/** A copy of `params` without the named filters (and on page 1). */
export function withoutParams(params: URLSearchParams, names: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...names, 'page']) next.delete(name);
  return next;
}

export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The application filter is a number; anything else is not sent (the field says why). */
export function applicationNumber(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number > 0 ? number : null;
}

/** The filters of `names` that the URL carries and `allowed` accepts, for the API query. */
export function filtersOf(params: URLSearchParams, allowed: Record<string, readonly string[] | 'text' | 'number'>): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [name, accepts] of Object.entries(allowed)) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    if (accepts === 'text') query[name] = value;
    else if (accepts === 'number') {
      const number = applicationNumber(value);
      if (number !== null) query[name] = number;
    } else if (accepts.includes(value)) query[name] = value;
  }
  return query;
}
