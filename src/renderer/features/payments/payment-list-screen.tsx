import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PAYMENT_EXPORT_FORMATS, type PaymentListItem } from '../../../shared/api/payments';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { DensitySwitch } from '../../components/table-density';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useFirstPageWhenPastTheEnd } from '../../lib/list-paging';
import { exportPayments, usePaymentList } from './api';
import { PaymentListFilters } from './payment-list-filters';
import { filterFromParams, hasFilters, orderingOf, PAGE_SIZES, queryFromParams, sortFromParams, withoutFilters, withParam, type PaymentOrdering } from './payment-list-query';
import { PaymentStatusBadge } from './payment-status-badge';
import { PaymentTotalsStrip } from './payment-totals';
import { StatementImportButton } from './statement-import';
import './payments.css';

/** The columns the server sorts by, and the ordering key of each. */
const SORT_KEYS: Partial<Record<string, PaymentOrdering>> = { reference: 'reference', amountDue: 'amount_due', requested: 'created_at', paidAt: 'paid_at' };
const COLUMN_OF_SORT: Record<PaymentOrdering, string> = { reference: 'reference', amount_due: 'amountDue', created_at: 'requested', paid_at: 'paidAt' };

/** /payments (spec §2 "Payments"): every fee requested, with filters, totals, sorting, paging and export. */
export function PaymentListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['payments', 'nav', 'common']);
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const sort = sortFromParams(params);
  const list = usePaymentList(query);
  const rows = list.data?.results ?? [];

  const pastTheEnd = useFirstPageWhenPastTheEnd(list, query.page, () => setParams(withParam(params, 'page', null), { replace: true }));

  const columns: DataColumn<PaymentListItem>[] = [
    {
      id: 'reference',
      title: t('columns.reference'),
      isRowHeader: true,
      allowsSorting: true,
      width: '10rem',
      text: (row) => row.application.reference,
      render: (row) => <Link to={`/payments/${row.id}`}>{row.application.reference}</Link>,
    },
    { id: 'applicant', title: t('columns.applicant'), render: (row) => row.applicant_name },
    { id: 'service', title: t('columns.service'), hideBelow: 1100, render: (row) => t(`service.${row.application.service_type}`, { defaultValue: String(row.application.service_type) }) },
    { id: 'status', title: t('columns.status'), width: '11rem', text: (row) => t(`status.${row.status}`), render: (row) => <PaymentStatusBadge status={row.status} /> },
    { id: 'amountDue', title: t('columns.amountDue'), width: '7.5rem', allowsSorting: true, render: (row) => format.money(row.amount_due) },
    { id: 'amountPaid', title: t('columns.amountPaid'), width: '7.5rem', render: (row) => format.money(row.amount_paid) },
    { id: 'method', title: t('columns.method'), width: '8rem', hideBelow: 1000, render: (row) => (row.method ? t(`method.${row.method}`) : '—') },
    { id: 'transactionId', title: t('columns.transactionId'), hideBelow: 1200, render: (row) => row.transaction_id ?? '—' },
    { id: 'requested', title: t('columns.requested'), width: '9.5rem', allowsSorting: true, render: (row) => format.dateTime(row.created_at) },
    { id: 'paidAt', title: t('columns.paidAt'), width: '9.5rem', allowsSorting: true, render: (row) => (row.paid_at ? format.dateTime(row.paid_at) : '—') },
  ];

  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / query.page_size));
  const filtered = hasFilters(params);

  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('list.description')}
        actions={
          <>
            <StatementImportButton />
            <ExportMenu
              texts={{
                menu: t('export.menu'),
                format: (format) => t(`export.formats.${format}`),
                busy: t('export.busy'),
                saved: (name) => t('export.saved', { name }),
                failed: t('export.failed'),
              }}
              formats={PAYMENT_EXPORT_FORMATS}
              onExport={(format, language) => exportPayments({ filter: filterFromParams(params), format }, language)}
            />
          </>
        }
      />
      <PaymentListFilters params={params} onChange={setParams} />
      {list.isError && !pastTheEnd ? (
        <Alert tone="error" title={isAccessDenied(list.error) ? t('list.noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(list.error) ? t('common:noAccess.hint') : translateError(list.error, t).message}
        </Alert>
      ) : null}
      {list.isPending ? <Spinner label={t('common:loading')} /> : null}
      {list.data ? (
        <div aria-busy={list.isFetching}>
          <PaymentTotalsStrip totals={list.data.totals} />
          {count === 0 ? (
            <EmptyState
              title={filtered ? t('list.emptyFiltered') : t('list.empty')}
              description={filtered ? t('list.emptyFilteredHint') : t('list.emptyHint')}
              action={
                filtered ? (
                  <Button variant="secondary" onPress={() => setParams(withoutFilters(params))}>
                    {t('filters.clear')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <>
              <DataTable
                label={t('list.table')}
                columns={columns}
                rows={rows}
                rowKey={(row) => row.id}
                sortDescriptor={{ column: COLUMN_OF_SORT[sort.column], direction: sort.direction }}
                onSortChange={(descriptor) => {
                  const column = SORT_KEYS[String(descriptor.column)];
                  if (column) setParams(withParam(params, 'ordering', orderingOf({ column, direction: descriptor.direction })));
                }}
                emptyText={t('list.emptyFiltered')}
              />
              <div className="list-footer">
                <Pager page={query.page} pages={pages} onPage={(next) => setParams(withParam(params, 'page', next > 1 ? String(next) : null))} />
                <SelectField
                  label={t('list.pageSize')}
                  layout="inline"
                  value={String(query.page_size)}
                  options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
                  onChange={(value) => setParams(withParam(params, 'page_size', value))}
                />
                <DensitySwitch />
              </div>
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
