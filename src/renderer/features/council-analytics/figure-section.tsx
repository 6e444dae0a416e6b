import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { buildCsv, saveCsv } from './csv';
import { SeriesChart } from '../../components/series-chart';
import type { Figure, FigureRow } from './figures';

/** One figure: its chart, or its table on request, and its numbers as a CSV file. */
export function FigureSection({ figure, fileName, note, formatValue }: { figure: Figure; fileName: string; note?: string; formatValue(value: number): string }) {
  const { t } = useTranslation('council-analytics');
  const [asTable, setAsTable] = useState(false);
  const headingId = `council-analytics-${figure.id}`;
  const columns = useMemo<DataColumn<FigureRow>[]>(
    () => figure.columns.map((title, index) => ({ id: `c${index}`, kind: 'text', title, isRowHeader: index === 0, text: (row) => row.shown[index] ?? '' })),
    [figure.columns],
  );

  return (
    <section className="card council-analytics__figure" aria-labelledby={headingId}>
      <div className="council-analytics__figure-header">
        <h2 id={headingId}>{figure.title}</h2>
        <div className="council-analytics__figure-actions">
          <Button variant="secondary" onPress={() => setAsTable((shown) => !shown)}>
            {asTable ? t('showChart') : t('showTable')}
          </Button>
          <Button variant="secondary" onPress={() => saveCsv(fileName, buildCsv(figure.columns, figure.rows.map((row) => row.values)))}>
            {t('exportCsv')}
          </Button>
        </div>
      </div>
      <p className="council-analytics__description">{figure.description}</p>
      {note ? <p className="council-analytics__note">{note}</p> : null}
      {asTable ? (
        <DataTable label={figure.title} columns={columns} rows={figure.rows} rowKey={(row) => row.key} emptyText={t('empty')} />
      ) : figure.rows.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <SeriesChart {...figure.chart} formatValue={formatValue} className="council-analytics__chart" />
      )}
    </section>
  );
}
