import { NEWS_LANGUAGES, NEWS_STATUSES, newsListFilter, type NewsListFilter } from '../../../shared/api/news';
import { pageOf, useListAddress } from '../../lib/list-address';

// The list's filters and page live in the address, so a filtered list can be bookmarked, shared
// and restored by Back. Whatever the address holds is checked with the contract's own filter: a
// value the server would refuse is left out rather than sent.

/** The list's query as this screen sends it. */
export type NewsScreenQuery = NewsListFilter & { page: number; page_size: number };

const FILTERS = ['status', 'language', 'tag', 'search', 'date_from', 'date_to'];

/** The server's query from the address. */
export function newsQueryOf(params: URLSearchParams): NewsScreenQuery {
  const { page, pageSize } = pageOf(params);
  const query: NewsScreenQuery = { page, page_size: pageSize };
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

/** The list's address (lib/list-address.ts). */
export const useListParams = () => useListAddress(FILTERS);
