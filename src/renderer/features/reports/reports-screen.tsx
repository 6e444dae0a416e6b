import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EXPORT_FORMATS, type ReportAnswer, type ReportColumnKind, type ReportKey, type ReportRow } from '../../../shared/api/reports';
import { Alert } from '../../components/alert';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useCountryName } from '../../lib/country-names';
import { isAccessDenied, serverText, translateError } from '../../lib/error-translator';
import type { TFunction } from 'i18next';
import { formatLanguage, useFormat } from '../../lib/format';
import { useReport, useReportCatalogue, useReportExports, useStartExport } from './api';
import { SeriesChart } from '../../components/series-chart';
import { tableColumnOf, writeCell, writeValue, type CellWriters } from './report-cells';
import { ReportDownloads } from './report-downloads';
import { ReportFilters } from './report-filters';
import { exportFilterOf, queryFromParams, reportFromParams } from './report-query';
import './reports.css';

/** What a report's chart measures (the series carry plain numbers). */
const VALUE_KIND: Partial<Record<ReportKey, ReportColumnKind>> = { fees: 'money', processing_time: 'days', appeal_changes: 'percent' };
const TOTAL_KEY = '__total';

/** A refusal in words: the server's reasons (a reversed or too long period) when it gave them. */
function refusalText(error: unknown, t: TFunction): string {
  const translated = translateError(error, t);
  const reasons = [...Object.values(translated.fieldErrors).flat(), ...translated.formErrors];
  return reasons.length > 0 ? reasons.join(' ') : (serverText(error, 'detail') ?? translated.message);
}

/** The chart's numbers in words, point by point, for the image's label (a canvas says nothing). */
function chartFigures(chart: { labels: string[]; series: { label: string; values: readonly (number | null)[] }[] }, write: (value: number) => string): string {
  return chart.labels
    .map((label, index) => `${label}: ${chart.series.map((item) => `${item.label} ${item.values[index] === null || item.values[index] === undefined ? '—' : write(item.values[index])}`).join(', ')}`)
    .join('; ');
}

type TableRow = { key: string; row: ReportRow; isTotal: boolean };

function ReportBody({ answer, writers }: { answer: ReportAnswer; writers: CellWriters }) {
  const { t } = useTranslation('reports');
  const { format } = writers;
  const valueKind = VALUE_KIND[answer.report] ?? 'count';
  const chart = useMemo(
    () => ({
      labels: answer.series.labels.map((label) => writeCell(answer.series.axis, label, writers)),
      series: answer.series.datasets.map((dataset) => ({ label: dataset.label, values: dataset.data })),
    }),
    [answer, writers],
  );
  const columns = useMemo<DataColumn<TableRow>[]>(
    () =>
      answer.columns.map((column, index) => ({
        id: column.key,
        ...tableColumnOf(column.kind),
        title: column.label,
        isRowHeader: index === 0,
        text: (item) => (item.isTotal && index === 0 ? t('total') : writeCell(column.kind, item.row[column.key] ?? null, writers)),
      })),
    [answer.columns, writers, t],
  );
  const rows = useMemo<TableRow[]>(
    () => [
      ...answer.rows.map((row, index) => ({ key: String(index), row, isTotal: false })),
      ...(answer.totals && answer.rows.length > 0 ? [{ key: TOTAL_KEY, row: answer.totals, isTotal: true }] : []),
    ],
    [answer.rows, answer.totals],
  );
  const period = t('period', { from: format.date(answer.filter.date_from), to: format.date(answer.filter.date_to) });

  return (
    <section className="card reports__report" aria-labelledby="reports-report">
      <h2 id="reports-report">{answer.title}</h2>
      <p className="reports__muted" aria-live="polite">
        {period}
      </p>
      {answer.rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <SeriesChart
            kind={answer.series.axis === 'month' ? 'line' : 'bar'}
            labels={chart.labels}
            series={chart.series}
            summary={t('chartSummary', { title: answer.title, period, figures: chartFigures(chart, (value) => writeValue(valueKind, value, format)) })}
            formatValue={(value) => writeValue(valueKind, value, format)}
            className="reports__chart"
          />
          <DataTable label={t('table', { title: answer.title })} columns={columns} rows={rows} rowKey={(item) => item.key} emptyText={t('empty')} />
        </>
      )}
    </section>
  );
}

/**
 * /reports (spec §2 "Reports", reports.view_reports): one standard report at a time, its filters in
 * the address, a chart with the same figures as a table under it, and exports (CSV, XLSX, PDF)
 * the server writes in the background, listed with their progress and then their download.
 */
export function ReportsScreen({ titleKey }: { titleKey: string }) {
  const { t, i18n } = useTranslation(['reports', 'nav', 'applications', 'deadlines', 'common']);
  const language = formatLanguage(i18n.resolvedLanguage ?? i18n.language);
  const format = useFormat();
  const country = useCountryName();
  const [params, setParams] = useSearchParams();
  const report = reportFromParams(params);
  const query = useMemo(() => queryFromParams(params), [params]);
  const catalogue = useReportCatalogue(language);
  const answer = useReport(report, query, language);
  const exports = useReportExports(language);
  const startExport = useStartExport(language);
  const councils = catalogue.data?.council_options;
  const writers = useMemo<CellWriters>(() => {
    const byId = new Map((councils ?? []).map((council) => [String(council.id), format.name(council)]));
    return { format, country, t, council: (id) => byId.get(id) ?? id };
  }, [format, country, t, councils]);
  const entry = catalogue.data?.reports.find((item) => item.key === report);

  const loadError = answer.error ?? catalogue.error;
  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('description')}
        actions={
          catalogue.data?.can_export ? (
            <ExportMenu
              texts={{
                menu: t('export.menu'),
                format: (item) => t(`formats.${item}`),
                busy: t('export.busy'),
                saved: () => '',
                started: t('export.started'),
                failed: t('export.failed'),
              }}
              formats={EXPORT_FORMATS}
              isDisabled={answer.isError}
              onExport={async (item) => {
                await startExport.mutateAsync({ report, format: item, filter: exportFilterOf(query) });
              }}
            />
          ) : null
        }
      />
      <ReportFilters params={params} onChange={setParams} catalogue={catalogue.data} groupable={entry?.groupable ?? false} />
      {entry ? <p className="reports__muted">{entry.description}</p> : null}
      {loadError ? (
        <Alert tone="error" title={isAccessDenied(loadError) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(loadError) ? t('common:noAccess.hint') : refusalText(loadError, t)}
        </Alert>
      ) : null}
      {answer.isPending && !answer.isError ? <Spinner label={t('common:loading')} /> : null}
      {answer.data ? (
        <div className="reports" aria-busy={answer.isFetching}>
          <ReportBody answer={answer.data} writers={writers} />
        </div>
      ) : null}
      {catalogue.data?.can_export ? (
        <ReportDownloads exports={exports.data?.results} isPending={exports.isPending} error={exports.error ? refusalText(exports.error, t) : null} />
      ) : null}
    </>
  );
}
