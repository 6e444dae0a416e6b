import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementSummary } from '../../../shared/api/payments';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { STATEMENTS_PAGE_SIZE, useStatementList } from './statement-api';

// The statements uploaded so far, newest first: each with its status and counts, and a button
// that opens it to see its lines (a preview can be imported from there).

export function StatementHistory({ onOpen }: { onOpen(id: number): void }) {
  const { t, i18n } = useTranslation('payments-import');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const list = useStatementList(page, i18n.language);

  const columns: DataColumn<StatementSummary>[] = [
    { id: 'file', kind: 'text', title: t('history.file'), isRowHeader: true, text: (statement) => statement.file_name },
    { id: 'uploaded', kind: 'date', title: t('history.uploaded'), width: '10rem', text: (statement) => format.dateTime(statement.uploaded_at) },
    { id: 'status', kind: 'status', title: t('history.status'), width: '7rem', text: (statement) => t(`status.${statement.status}`) },
    { id: 'lines', kind: 'number', title: t('history.lines'), width: '5rem', text: (statement) => format.number(statement.line_count) },
    {
      id: 'matched',
      kind: 'text',
      title: t('history.payments'),
      width: '11rem',
      text: (statement) => t(statement.status === 'imported' ? 'history.recordedCount' : 'history.matchedCount', { count: statement.matched_count }),
    },
    {
      id: 'open',
      kind: 'actions',
      title: t('history.actions'),
      width: '6rem',
      wraps: true,
      render: (statement) => (
        <Button variant="quiet" onPress={() => onOpen(statement.id)} aria-label={t('history.openNamed', { name: statement.file_name })}>
          {t('history.open')}
        </Button>
      ),
    },
  ];

  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / STATEMENTS_PAGE_SIZE));
  return (
    <section className="statement-history" aria-label={t('history.title')}>
      <h3 className="statement-import__heading">{t('history.title')}</h3>
      {list.isError ? (
        <Alert tone="error" title={t('history.couldNotLoad')}>
          {translateError(list.error, t).message}
        </Alert>
      ) : null}
      {list.isPending ? <Spinner label={t('common:loading')} size="small" /> : null}
      {list.data ? (
        <>
          <DataTable
            label={t('history.title')}
            columns={columns}
            rows={list.data.results}
            rowKey={(statement) => statement.id}
            onRowAction={(key) => onOpen(Number(key))}
            emptyText={t('history.empty')}
          />
          {pages > 1 ? <Pager page={page} pages={pages} onPage={setPage} /> : null}
        </>
      ) : null}
    </section>
  );
}
