import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { useFormat } from '../../lib/format';

// A temporary password the administrator chose to be shown: it is shown this once (the server
// keeps only its hash), with a copy button and when it stops working. The person must change it
// at their next sign-in.

export interface ShownPassword {
  password: string;
  expiresAt: string | null;
}

export function TemporaryPassword({ shown, onDismiss }: { shown: ShownPassword; onDismiss?: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  const format = useFormat();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) return setCopied('failed');
    clipboard.writeText(shown.password).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <Alert tone="warning" title={t('password.shownTitle')} onDismiss={onDismiss}>
      <p>{t('password.shownOnce')}</p>
      <p className="temporary-password">
        <span className="temporary-password__label">{t('password.label')}:</span> <code>{shown.password}</code>{' '}
        <Button variant="secondary" onPress={copy}>
          {t('password.copy')}
        </Button>{' '}
        <span role="status">{copied === 'yes' ? t('password.copied') : copied === 'failed' ? t('password.copyFailed') : ''}</span>
      </p>
      {shown.expiresAt ? <p>{t('password.expires', { when: format.dateTime(shown.expiresAt) })}</p> : null}
    </Alert>
  );
}
