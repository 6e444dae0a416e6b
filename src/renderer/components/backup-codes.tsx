import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Alert } from './alert';
import { Button } from './button';

export interface BackupCodesProps {
  codes: readonly string[];
  /** The person confirmed they saved the codes; they are never shown again. */
  onSaved(): void;
  savedLabel?: string;
}

export function BackupCodes({ codes, onSaved, savedLabel }: BackupCodesProps) {
  const { t } = useTranslation('two-factor');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section className="backup-codes" aria-labelledby="backup-codes-title">
      <Heading level={2} id="backup-codes-title" className="section-title">
        {t('backupCodes.title')}
      </Heading>
      <Alert tone="warning" title={t('backupCodes.onceTitle')}>
        {t('backupCodes.onceText')}
      </Alert>
      <ol className="backup-codes__list" aria-label={t('backupCodes.listLabel')}>
        {codes.map((code) => (
          <li key={code} className="backup-codes__code">
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <Button variant="secondary" onPress={() => void copy()}>
          {t('backupCodes.copy')}
        </Button>
        <Button variant="primary" onPress={onSaved}>
          {savedLabel ?? t('backupCodes.saved')}
        </Button>
      </div>
      <p role="status" className="backup-codes__copied">
        {copied === 'yes' ? t('backupCodes.copied') : copied === 'failed' ? t('backupCodes.copyFailed') : ''}
      </p>
    </section>
  );
}
