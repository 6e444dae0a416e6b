import { useTranslation } from 'react-i18next';
import type { NewsStatus } from '../../../shared/api/news';

const TONE: Record<NewsStatus, string> = { draft: 'badge', scheduled: 'badge badge--info', published: 'badge badge--success', archived: 'badge badge--warning' };

/** An article's status in words (the colour only repeats it). */
export function NewsStatusBadge({ status }: { status: NewsStatus }) {
  const { t } = useTranslation('news');
  return <span className={TONE[status]}>{t(`status.${status}`)}</span>;
}
