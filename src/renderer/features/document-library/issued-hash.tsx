import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';

export interface IssuedHashProps {
  /** The SHA-256 of the issued PDF (hex), or null while its bytes are not made yet. */
  sha256: string | null;
}

/** How many hex digits show at each end: enough to compare by eye, the whole one a hover or a copy away. */
const SHOWN = 8;

/**
 * An issued document's SHA-256 in a register cell: shortened on screen, whole in the tooltip, for
 * screen readers and on the clipboard, so the identifier is never cut off without a way to read it.
 */
export function IssuedHash({ sha256 }: IssuedHashProps) {
  const { t } = useTranslation('library');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  if (!sha256) return <span>{t('register.hashPending')}</span>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sha256);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <span className="issued-hash">
      <code className="issued-hash__value" title={sha256}>
        <span aria-hidden="true">{`${sha256.slice(0, SHOWN)}…${sha256.slice(-SHOWN)}`}</span>
        <span className="visually-hidden">{sha256}</span>
      </code>
      <Button variant="quiet" aria-label={t('register.copyHash', { hash: sha256 })} onPress={() => void copy()}>
        {t('register.copy')}
      </Button>
      <span role="status" className="visually-hidden">
        {copied === 'yes' ? t('register.hashCopied') : copied === 'failed' ? t('register.hashCopyFailed') : ''}
      </span>
    </span>
  );
}
