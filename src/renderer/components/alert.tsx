import { useTranslation } from 'react-i18next';
import { Button as AriaButton } from 'react-aria-components';
import { Icon } from './icon';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

export interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children?: React.ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
}

/** A message in the page; errors and warnings interrupt a screen reader, the rest wait their turn. */
export function Alert({ tone = 'info', title, children, onDismiss }: AlertProps) {
  const { t } = useTranslation('common');
  const role = tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div role={role} className={`alert alert--${tone}`}>
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children ? <div className="alert__text">{children}</div> : null}
      </div>
      {onDismiss ? (
        <AriaButton className="alert__dismiss" aria-label={t('dismiss')} onPress={onDismiss}>
          <Icon name="close" />
        </AriaButton>
      ) : null}
    </div>
  );
}
