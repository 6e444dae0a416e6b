import { useTranslation } from 'react-i18next';
import type { NewsArticle } from '../../../shared/api/news';
import { useCoverImage } from './api';

/** The article's cover (or, with `of="pending"`, its pending revision's), fetched with the session (see useCoverImage). */
export function CoverImage({ article, of = 'article' }: { article: Pick<NewsArticle, 'id' | 'cover'>; of?: 'article' | 'pending' }) {
  const { t } = useTranslation('news');
  const address = useCoverImage(article, of);
  if (!article.cover || !address) return null;
  return <img className="news-cover" src={address} alt={t('cover.alt')} />;
}
