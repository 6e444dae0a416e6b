import { ProgressBar } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

export interface SpinnerProps {
  /** What is loading; read by screen readers. Defaults to 'Loading…'. */
  label?: string;
  size?: 'small' | 'large';
  /** Inside a control that already announces its busy state. */
  decorative?: boolean;
}

export function Spinner({ label, size = 'large', decorative = false }: SpinnerProps) {
  const { t } = useTranslation('common');
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <ProgressBar isIndeterminate aria-label={label ?? t('loading')} className={`spinner-block spinner-block--${size}`}>
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      {size === 'large' ? <span className="spinner-block__label">{label ?? t('loading')}</span> : null}
    </ProgressBar>
  );
}
