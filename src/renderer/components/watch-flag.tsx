import { useTranslation } from 'react-i18next';
import type { WatchCategory } from '../../shared/api/authenticity';
import { Alert } from './alert';
import { Icon } from './icon';
import './watch-flag.css';

// The watch list's flag on an application naming an institution administrators marked as
// unrecognised, a diploma mill or under investigation: a marker beside the reference in lists, a
// banner on the detail. Words and a mark, never colour alone.

export function WatchFlagMarker({ category }: { category: WatchCategory }) {
  const { t } = useTranslation('authenticity');
  return (
    <span className="watch-flag" title={t('flag.listTitle')}>
      <Icon name="alert" />
      {t(`watchCategory.${category}`)}
    </span>
  );
}

export function WatchFlagBanner({ category }: { category: WatchCategory }) {
  const { t } = useTranslation('authenticity');
  return (
    <Alert tone="error" title={t('flag.title', { category: t(`watchCategory.${category}`) })}>
      {t('flag.text')}
    </Alert>
  );
}
