import { useTranslation } from 'react-i18next';
import type { NewsArticle } from '../../../shared/api/news';
import { useCoverImage } from './api';

/** The article's cover, fetched with the session (see useCoverImage). */
export function CoverImage({ article }: { article: Pick<NewsArticle, 'id' | 'cover'> }) {
  const { t } = useTranslation('news');
  const address = useCoverImage(article);
  if (!article.cover || !address) return null;
  return <img className="news-cover" src={address} alt={t('cover.alt')} />;
}
