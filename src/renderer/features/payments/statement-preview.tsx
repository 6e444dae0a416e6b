import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATEMENT_LINE_OUTCOMES, type StatementDetail, type StatementLine } from '../../../shared/api/payments';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DetailsList } from '../../components/details-list';
import { Pager } from '../../components/pager';
import { useFormat } from '../../lib/format';
import { RESOLVABLE_LINE_OUTCOMES } from '../../../shared/api/payments';
import { StatementOutcome } from './statement-outcome';

// One statement: who uploaded it and when, how many lines end how (in words, counted), every line
// with its outcome, and — while it is a preview and the reader may record payments — the button
// that imports it. A statement may hold thousands of lines: the table shows them a page at a time.

const LINES_PER_PAGE = 100;

export interface StatementPreviewProps {
  statement: StatementDetail;
  mayRecord: boolean;
  isImporting: boolean;
  onImport(): void;
  /** Opens the resolution of a line the import left (imported statements, for those who may record). */
  onResolve?(line: StatementLine): void;
}

export function StatementPreview({ statement, mayRecord, isImporting, onImport, onResolve }: StatementPreviewProps) {
  const { t } = useTranslation('payments-import');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(statement.lines.length / LINES_PER_PAGE));
  const shown = statement.lines.slice((Math.min(page, pages) - 1) * LINES_PER_PAGE, Math.min(page, pages) * LINES_PER_PAGE);
  const counts = useMemo(() => {
    const byOutcome = new Map<StatementLine['outcome'], number>();
    for (const line of statement.lines) byOutcome.set(line.outcome, (byOutcome.get(line.outcome) ?? 0) + 1);
    return STATEMENT_LINE_OUTCOMES.flatMap((outcome) => (byOutcome.has(outcome) ? [{ outcome, count: byOutcome.get(outcome)! }] : []));
  }, [statement.lines]);
  const matched = counts.find((entry) => entry.outcome === 'matched')?.count ?? 0;

  const details = (line: StatementLine): string => {
    if (line.problem) return line.problem;
    if (line.payment && line.outcome === 'amount_mismatch') return t('details.amountDue', { reference: line.payment.application_reference, amount: format.money(line.payment.amount_due) });
    if (line.payment) return line.payment.application_reference;
    return '';
  };
  const columns: DataColumn<StatementLine>[] = [
    { id: 'line', kind: 'number', title: t('columns.line'), width: '4rem', isRowHeader: true, text: (line) => format.number(line.line_number) },
    { id: 'date', kind: 'date', title: t('columns.date'), width: '7rem', hideBelow: 800, text: (line) => (line.booked_on ? format.date(line.booked_on) : '—') },
    { id: 'amount', kind: 'amount', title: t('columns.amount'), width: '7rem', text: (line) => (line.amount ? format.money(line.amount) : '—') },
    { id: 'reference', kind: 'reference', title: t('columns.reference'), text: (line) => line.reference ?? '—' },
    { id: 'transaction', kind: 'reference', title: t('columns.transactionId'), hideBelow: 700, text: (line) => line.transaction_id ?? '—' },
    { id: 'payer', kind: 'text', title: t('columns.payer'), hideBelow: 900, text: (line) => line.payer ?? '—' },
    { id: 'outcome', kind: 'status', title: t('columns.outcome'), width: '12rem', render: (line) => <StatementOutcome outcome={line.outcome} />, text: (line) => t(`outcome.${line.outcome}`) },
    { id: 'details', kind: 'text', title: t('columns.details'), text: details },
  ];
  const resolvable = (line: StatementLine) => (RESOLVABLE_LINE_OUTCOMES as readonly string[]).includes(line.outcome);
  const resolutionText = (line: StatementLine): string => {
    const { resolution } = line;
    if (!resolution) return resolvable(line) ? t('resolve.open') : '';
    const by = { name: resolution.by?.full_name ?? '—', at: format.dateTime(resolution.at) };
    return resolution.how === 'matched'
      ? t('resolve.matchedBy', { reference: line.payment?.application_reference ?? '—', ...by })
      : t('resolve.setAsideBy', { reason: resolution.note ?? '', ...by });
  };
  // Once imported, the lines it left are resolved here: how and by whom, or the button that does it.
  if (statement.status === 'imported' && statement.lines.some((line) => line.resolution || resolvable(line))) {
    columns.push({
      id: 'resolution',
      kind: 'text',
      wraps: true,
      title: t('columns.resolution'),
      width: '14rem',
      text: resolutionText,
      render: (line) =>
        !line.resolution && resolvable(line) && mayRecord && onResolve ? (
          <Button variant="quiet" aria-label={t('resolve.title', { line: format.number(line.line_number) })} onPress={() => onResolve(line)}>
            {t('resolve.open')}
          </Button>
        ) : (
          resolutionText(line)
        ),
    });
  }

  return (
    <section className="statement-preview" aria-label={t('preview.label', { name: statement.file_name })}>
      <DetailsList
        rows={[
          [t('preview.file'), statement.file_name],
          [t('preview.status'), t(`status.${statement.status}`)],
          [t('preview.uploaded'), t('preview.byAt', { name: statement.uploaded_by?.full_name ?? '—', at: format.dateTime(statement.uploaded_at) })],
          ...(statement.imported_at
            ? [[t('preview.imported'), t('preview.byAt', { name: statement.imported_by?.full_name ?? '—', at: format.dateTime(statement.imported_at) })] as [string, string]]
            : []),
          [t('preview.encoding'), t(`encoding.${statement.encoding}`)],
        ]}
      />
      <ul className="statement-preview__counts" aria-label={t('preview.countsLabel')}>
        <li>{t('counts.lines', { count: statement.lines.length })}</li>
        {counts.map(({ outcome, count }) => (
          <li key={outcome}>
            <StatementOutcome outcome={outcome} /> {t(`counts.${outcome}`, { count })}
          </li>
        ))}
      </ul>
      <DataTable label={t('preview.tableLabel')} columns={columns} rows={shown} rowKey={(line) => line.line_number} />
      {pages > 1 ? <Pager page={Math.min(page, pages)} pages={pages} onPage={setPage} /> : null}
      {statement.status === 'previewed' && mayRecord ? (
        <div className="dialog__actions">
          {matched === 0 ? <p className="statement-preview__hint">{t('preview.nothingToRecord')}</p> : null}
          <Button variant="primary" onPress={onImport} isDisabled={matched === 0} isPending={isImporting}>
            {t('preview.confirm', { count: matched })}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
