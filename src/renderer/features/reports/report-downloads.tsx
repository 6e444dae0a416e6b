import { Label, ProgressBar } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { ReportExport } from '../../../shared/api/reports';
import { Alert } from '../../components/alert';
import { DownloadButton } from '../../components/download-button';
import { Spinner } from '../../components/spinner';
import { useFormat } from '../../lib/format';
import '../../components/transfer-controls.css';

// The person's report exports (newest first): each one writing shows a real progress bar (the
// server's percentage, asked again every second by useReportExports), a finished one its download
// (through the bridge's transfer download, as every other file), a failed one why, in words.

function ExportProgress({ item }: { item: ReportExport }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const label = t('downloads.writing', { title: item.title, format: t(`formats.${item.format}`) });
  const valueLabel =
    item.status === 'queued'
      ? t('downloads.queued')
      : t('downloads.progress', { percent: format.number(item.progress), count: item.rows });
  return (
    <ProgressBar className="transfer-progress" value={item.progress} minValue={0} maxValue={100} valueLabel={valueLabel}>
      {({ percentage, valueText }) => (
        <>
          <Label className="transfer-progress__label">{label}</Label>
          <span className="transfer-progress__track" aria-hidden="true">
            <span className="transfer-progress__fill" style={{ width: `${percentage ?? 0}%` }} />
          </span>
          <span className="transfer-progress__value">{valueText}</span>
        </>
      )}
    </ProgressBar>
  );
}

function ExportEntry({ item }: { item: ReportExport }) {
  const { t } = useTranslation('reports');
  const format = useFormat();
  const heading = t('downloads.entry', { title: item.title, format: t(`formats.${item.format}`) });
  return (
    <li className="reports__download">
      <div className="reports__download-head">
        <strong>{heading}</strong>
        <span className="reports__download-meta">
          {t('downloads.started', { when: format.dateTime(item.created_at) })}
          {item.status === 'done' && item.size !== null ? ` · ${t('downloads.rows', { count: item.rows })} · ${format.fileSize(item.size)}` : ''}
        </span>
      </div>
      {item.status === 'queued' || item.status === 'running' ? <ExportProgress item={item} /> : null}
      {item.status === 'done' && item.file_name ? (
        <DownloadButton source="report_export" documentId={item.id} fileName={item.file_name} label={t('downloads.download', { name: item.file_name })} />
      ) : null}
      {item.status === 'failed' ? (
        <Alert tone="error" title={t('downloads.failed')}>
          {item.error ?? t('downloads.failedHint')}
        </Alert>
      ) : null}
    </li>
  );
}

export interface ReportDownloadsProps {
  exports: readonly ReportExport[] | undefined;
  isPending: boolean;
  error: string | null;
}

export function ReportDownloads({ exports, isPending, error }: ReportDownloadsProps) {
  const { t } = useTranslation(['reports', 'common']);
  return (
    <section className="card reports__downloads" aria-labelledby="reports-downloads">
      <h2 id="reports-downloads">{t('downloads.title')}</h2>
      {isPending ? <Spinner label={t('common:loading')} /> : null}
      {error ? (
        <Alert tone="error" title={t('common:couldNotLoad')}>
          {error}
        </Alert>
      ) : null}
      {exports && exports.length === 0 ? <p className="reports__muted">{t('downloads.empty')}</p> : null}
      {exports && exports.length > 0 ? (
        <ul className="reports__download-list">
          {exports.map((item) => (
            <ExportEntry key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
