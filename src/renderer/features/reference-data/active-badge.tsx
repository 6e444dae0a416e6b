import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';
import { StateBadge } from '../../components/state-badge';

/** Whether an entry is offered to new applications, in words with a mark (never colour alone). */
export function ActiveBadge({ active, merged = false }: { active: boolean; merged?: boolean }) {
  const { t } = useTranslation('reference');
  if (merged) {
    return (
      <span className="badge badge--info">
        <Icon name="redirect" />{' '}
        {t('status.merged')}
      </span>
    );
  }
  return <StateBadge on={active}>{t(active ? 'status.active' : 'status.inactive')}</StateBadge>;
}
