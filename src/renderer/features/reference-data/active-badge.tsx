import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';

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
  return (
    <span className={active ? 'badge badge--success' : 'badge'}>
      <Icon name={active ? 'check' : 'circle'} />{' '}
      {t(active ? 'status.active' : 'status.inactive')}
    </span>
  );
}
