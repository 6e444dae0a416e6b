import { NEWS_LANGUAGES, NEWS_STATUSES, newsListFilter, type NewsListFilter } from '../../../shared/api/news';
import { useAddressParams } from '../../lib/address-params';

// The list's filters and page live in the address, so a filtered list can be bookmarked, shared
// and restored by Back. Whatever the address holds is checked with the contract's own filter: a
// value the server would refuse is left out rather than sent.

/** The list's query as this screen sends it. */
export type NewsScreenQuery = NewsListFilter & { page: number; page_size: number };

export const PAGE_SIZES = [20, 50, 100] as const;
const FILTERS = ['status', 'language', 'tag', 'search', 'date_from', 'date_to', 'page_size'];

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}

/** The server's query from the address. */
export function newsQueryOf(params: URLSearchParams): NewsScreenQuery {
  const size = positiveInteger(params.get('page_size'));
  const query: NewsScreenQuery = {
    page: positiveInteger(params.get('page')) ?? 1,
    page_size: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[0],
  };
  const status = params.get('status');
  if (status && (NEWS_STATUSES as readonly string[]).includes(status)) query.status = status as NewsListFilter['status'];
  const language = params.get('language');
  if (language && (NEWS_LANGUAGES as readonly string[]).includes(language)) query.language = language as NewsListFilter['language'];
  for (const name of ['tag', 'search', 'date_from', 'date_to'] as const) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    if (newsListFilter.shape[name].safeParse(value).success) query[name] = value;
  }
  return query;
}

/** The address's params and a setter that keeps a debounced search and a filter changed meanwhile. */
export const useListParams = () => useAddressParams(FILTERS);

export const LIST_FILTERS = FILTERS.filter((name) => name !== 'page_size');
