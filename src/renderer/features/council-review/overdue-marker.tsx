import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon';

/** "Overdue" in words with a warning icon: never colour alone (WCAG 1.4.1). */
export function OverdueMarker() {
  const { t } = useTranslation('council-review');
  return (
    <span className="council-overdue">
      <Icon name="alert" className="council-overdue__icon" />
      {t('overdue')}
    </span>
  );
}
