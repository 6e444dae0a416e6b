import type { TFunction } from 'i18next';
import type { CouncilAnalyticsAnswer } from '../../../shared/api/council-analytics';
import type { ChartSeries } from '../../components/series-chart';
import type { CsvValue } from './csv';
import type { LocalisedName } from '../../../shared/localised-name';

// The figures of the analytics screen, each built once from the server's answer: what the chart
// draws, what the table shows (formatted for the language) and what the CSV holds (the same
// numbers plain). One model per figure keeps the three views telling the same numbers.

export type FigureId = 'throughput' | 'outcomes' | 'review-time' | 'overdue' | 'councils';

export interface FigureRow {
  key: string;
  /** The cells as the table shows them. */
  shown: string[];
  /** The cells as the CSV holds them. */
  values: CsvValue[];
}

export interface Figure {
  id: FigureId;
  title: string;
  description: string;
  chart: { kind: 'bar' | 'line'; labels: string[]; series: ChartSeries[]; stacked?: boolean; summary: string };
  /** Column titles (the table's and the CSV's header). */
  columns: string[];
  rows: FigureRow[];
}

export interface FigureFormat {
  number(value: number, options?: { maximumFractionDigits?: number }): string;
  month(value: string): string;
  days(value: number | null): string;
  name(record: LocalisedName): string;
}

const NONE = '—';

/** "Title. Label: series 1 value, series 2 value; …" — the chart's numbers as one sentence for screen readers. */
function summaryOf(title: string, labels: readonly string[], series: readonly ChartSeries[], formatValue: (value: number) => string, empty: string): string {
  if (labels.length === 0) return `${title}. ${empty}`;
  const parts = labels.map(
    (label, index) => `${label}: ${series.map((item) => `${item.label} ${item.values[index] === null ? NONE : formatValue(item.values[index]!)}`).join(', ')}`,
  );
  return `${title}. ${parts.join('; ')}`;
}

const roundDays = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export function buildFigures(answer: CouncilAnalyticsAnswer, t: TFunction, format: FigureFormat): Figure[] {
  const count = (value: number) => format.number(value);
  const days = (value: number) => format.number(value, { maximumFractionDigits: 1 });
  const empty = t('council-analytics:empty');

  // Throughput: the councils shown summed per month.
  const months = [...new Set(answer.throughput.map((row) => row.month))].sort();
  const perMonth = months.map((month) => {
    const rows = answer.throughput.filter((row) => row.month === month);
    return { month, assigned: rows.reduce((sum, row) => sum + row.assigned, 0), decided: rows.reduce((sum, row) => sum + row.decided, 0) };
  });
  const throughputSeries: ChartSeries[] = [
    { label: t('council-analytics:series.assigned'), values: perMonth.map((row) => row.assigned) },
    { label: t('council-analytics:series.decided'), values: perMonth.map((row) => row.decided) },
  ];
  const monthLabels = perMonth.map((row) => format.month(row.month));

  const fieldName = (field: string | null) => (field === null ? t('council-analytics:noField') : t(`applications:field.${field}`));
  const outcomeSeries: ChartSeries[] = [
    { label: t('council-analytics:series.approved'), values: answer.outcomes_by_field.map((row) => row.approved) },
    { label: t('council-analytics:series.rejected'), values: answer.outcomes_by_field.map((row) => row.rejected) },
  ];
  const fieldLabels = answer.outcomes_by_field.map((row) => fieldName(row.academic_field_category));

  const councils = answer.councils;
  const councilLabels = councils.map((council) => format.name(council));
  const reviewSeries: ChartSeries[] = [
    { label: t('council-analytics:series.average'), values: councils.map((council) => roundDays(council.average_days)) },
    { label: t('council-analytics:series.p90'), values: councils.map((council) => roundDays(council.p90_days)) },
  ];
  const overdueSeries: ChartSeries[] = [{ label: t('council-analytics:series.overdue'), values: councils.map((council) => council.overdue) }];
  const councilSeries: ChartSeries[] = [
    { label: t('council-analytics:series.assigned'), values: councils.map((council) => council.assigned) },
    { label: t('council-analytics:series.decided'), values: councils.map((council) => council.decided) },
  ];
  const overall = answer.review_time;

  const figure = (id: FigureId, kind: 'bar' | 'line', labels: string[], series: ChartSeries[], formatValue: (value: number) => string, rest: Pick<Figure, 'columns' | 'rows'> & { stacked?: boolean }): Figure => {
    const title = t(`council-analytics:figures.${id}.title`);
    return {
      id,
      title,
      description: t(`council-analytics:figures.${id}.description`),
      chart: { kind, labels, series, stacked: rest.stacked, summary: summaryOf(title, labels, series, formatValue, empty) },
      columns: rest.columns,
      rows: rest.rows,
    };
  };

  return [
    figure('throughput', 'line', monthLabels, throughputSeries, count, {
      columns: [t('council-analytics:columns.month'), t('council-analytics:series.assigned'), t('council-analytics:series.decided')],
      rows: perMonth.map((row, index) => ({
        key: row.month,
        shown: [monthLabels[index]!, count(row.assigned), count(row.decided)],
        values: [row.month, row.assigned, row.decided],
      })),
    }),
    figure('outcomes', 'bar', fieldLabels, outcomeSeries, count, {
      stacked: true,
      columns: [t('council-analytics:columns.field'), t('council-analytics:series.approved'), t('council-analytics:series.rejected'), t('council-analytics:columns.total')],
      rows: answer.outcomes_by_field.map((row, index) => ({
        key: row.academic_field_category ?? 'none',
        shown: [fieldLabels[index]!, count(row.approved), count(row.rejected), count(row.approved + row.rejected)],
        values: [fieldLabels[index]!, row.approved, row.rejected, row.approved + row.rejected],
      })),
    }),
    figure('review-time', 'bar', councilLabels, reviewSeries, days, {
      columns: [t('council-analytics:columns.council'), t('council-analytics:series.decided'), t('council-analytics:series.average'), t('council-analytics:series.p90')],
      rows: [
        {
          key: 'all',
          shown: [t('council-analytics:allCouncils'), count(overall.decided), format.days(overall.average_days), format.days(overall.p90_days)],
          values: [t('council-analytics:allCouncils'), overall.decided, roundDays(overall.average_days), roundDays(overall.p90_days)],
        },
        ...councils.map((council) => ({
          key: String(council.council_id),
          shown: [format.name(council), count(council.decided), format.days(council.average_days), format.days(council.p90_days)],
          values: [format.name(council), council.decided, roundDays(council.average_days), roundDays(council.p90_days)],
        })),
      ],
    }),
    figure('overdue', 'bar', councilLabels, overdueSeries, count, {
      columns: [t('council-analytics:columns.council'), t('council-analytics:series.overdue')],
      rows: councils.map((council) => ({ key: String(council.council_id), shown: [format.name(council), count(council.overdue)], values: [format.name(council), council.overdue] })),
    }),
    figure('councils', 'bar', councilLabels, councilSeries, count, {
      columns: [
        t('council-analytics:columns.council'),
        t('council-analytics:series.assigned'),
        t('council-analytics:series.decided'),
        t('council-analytics:series.approved'),
        t('council-analytics:series.rejected'),
        t('council-analytics:series.average'),
        t('council-analytics:series.p90'),
        t('council-analytics:series.overdue'),
      ],
      rows: councils.map((council) => ({
        key: String(council.council_id),
        shown: [
          format.name(council),
          count(council.assigned),
          count(council.decided),
          count(council.approved),
          count(council.rejected),
          format.days(council.average_days),
          format.days(council.p90_days),
          count(council.overdue),
        ],
        values: [format.name(council), council.assigned, council.decided, council.approved, council.rejected, roundDays(council.average_days), roundDays(council.p90_days), council.overdue],
      })),
    }),
  ];
}
