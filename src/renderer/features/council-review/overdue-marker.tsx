import { useTranslation } from 'react-i18next';

/** "Overdue" in words with a warning icon: never colour alone (WCAG 1.4.1). */
export function OverdueMarker() {
  const { t } = useTranslation('council-review');
  return (
    <span className="council-overdue">
      <span aria-hidden="true" className="council-overdue__icon">
        ⚠
      </span>
      {t('overdue')}
    </span>
  );
}
