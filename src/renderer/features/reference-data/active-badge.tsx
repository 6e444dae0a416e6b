import { useTranslation } from 'react-i18next';

/** Whether an entry is offered to new applications, in words with a mark (never colour alone). */
export function ActiveBadge({ active, merged = false }: { active: boolean; merged?: boolean }) {
  const { t } = useTranslation('reference');
  if (merged) {
    return (
      <span className="badge badge--info">
        <span aria-hidden="true">⇢ </span>
        {t('status.merged')}
      </span>
    );
  }
  return (
    <span className={active ? 'badge badge--success' : 'badge'}>
      <span aria-hidden="true">{active ? '✓ ' : '○ '}</span>
      {t(active ? 'status.active' : 'status.inactive')}
    </span>
  );
}
