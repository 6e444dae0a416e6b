import { newsListQuery } from '../../../shared/api/news';
import { ONE_ROW, type DeskCounters } from '../../desk-counts';
import { listArticles } from './news-store';

/** The news list's total under a filter, as GET /news/ reads it. */
export const newsDeskCounters: Pick<DeskCounters, 'news'> = {
  news: async (db, _user, query) => {
    const { page: _page, page_size: _size, ...filter } = newsListQuery.parse(query);
    return (await listArticles(db, filter, ONE_ROW)).count;
  },
};
