import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { PAYMENT_EXPORT_FORMATS, type PaymentListFilter } from '../../../shared/api/payments';
import { Alert } from '../../components/alert';
import { Spinner } from '../../components/spinner';
import { serverText, translateError } from '../../lib/error-translator';
import { saveBlob } from '../../lib/save-file';
import { exportPayments } from './api';

// "Export": the server writes the filter's payments (CSV or XLSX) with the header row in the
// reader's language; the page saves the file under the server's name.

type ExportFormat = (typeof PAYMENT_EXPORT_FORMATS)[number];
type ExportState = { phase: 'idle' } | { phase: 'busy' } | { phase: 'saved'; fileName: string } | { phase: 'failed'; message: string };

export function PaymentExportButton({ filter }: { filter: PaymentListFilter }) {
  const { t, i18n } = useTranslation('payments');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const busy = state.phase === 'busy';

  async function start(format: ExportFormat) {
    setState({ phase: 'busy' });
    try {
      const file = await exportPayments({ filter, format }, i18n.resolvedLanguage ?? i18n.language);
      saveBlob(file.blob, file.fileName);
      setState({ phase: 'saved', fileName: file.fileName });
    } catch (error) {
      setState({ phase: 'failed', message: serverText(error, 'detail') ?? translateError(error, t).message });
    }
  }

  return (
    <div className="export-control">
      <MenuTrigger>
        <AriaButton className="button button--secondary choice-trigger" isDisabled={busy} isPending={busy}>
          {busy ? <Spinner size="small" decorative /> : null}
          <span className="button__label">{t('export.menu')}</span>
          <span aria-hidden="true" className="choice-trigger__arrow">
            ▾
          </span>
        </AriaButton>
        <Popover className="popover choice-popover" placement="bottom end">
          <Menu aria-label={t('export.menu')} className="listbox choice-menu" onAction={(key) => void start(key as ExportFormat)}>
            {PAYMENT_EXPORT_FORMATS.map((format) => (
              <MenuItem key={format} id={format} className="listbox__item">
                {t(`export.formats.${format}`)}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      {/* Always in the page, so its changing text is read out. */}
      <span className="export-control__note" role="status">
        {state.phase === 'busy' ? t('export.busy') : state.phase === 'saved' ? t('export.saved', { name: state.fileName }) : ''}
      </span>
      {state.phase === 'failed' ? (
        <Alert tone="error" title={t('export.failed')} onDismiss={() => setState({ phase: 'idle' })}>
          {state.message}
        </Alert>
      ) : null}
    </div>
  );
}
