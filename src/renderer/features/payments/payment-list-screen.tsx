import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PAYMENT_EXPORT_FORMATS, type PaymentListItem } from '../../../shared/api/payments';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/format';
import { exportPayments, usePaymentList } from './api';
import { PaymentListFilters } from './payment-list-filters';
import { filterFromParams, hasFilters, PAYMENT_FILTERS, PAYMENT_SORT, queryFromParams } from './payment-list-query';
import { PaymentStatusBadge } from './payment-status-badge';
import { PaymentTotalsStrip } from './payment-totals';
import { StatementImportButton } from './statement-import';
import './payments.css';
import { ListResults } from '../../components/list-screen';
import { useListAddress, useListSort } from '../../lib/list-address';

/** /payments (spec §2 "Payments"): every fee requested, with filters, totals, sorting, paging and export. */
export function PaymentListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['payments', 'nav', 'common']);
  const format = useFormat();
  const address = useListAddress(PAYMENT_FILTERS);
  const { params } = address;
  const sort = useListSort(address, PAYMENT_SORT);
  const list = usePaymentList(queryFromParams(params));

  // The same columns while the language stays: the table then keeps the rows it drew when only the
  // address changed.
  const columns = useMemo<DataColumn<PaymentListItem>[]>(() => {
    return [
      {
        id: 'reference', kind: 'reference',
        title: t('columns.reference'),
        isRowHeader: true,
        allowsSorting: true,
        width: '10rem',
        text: (row) => row.application.reference,
        render: (row) => <Link to={`/payments/${row.id}`}>{row.application.reference}</Link>,
      },
      { id: 'applicant', kind: 'text', title: t('columns.applicant'), render: (row) => row.applicant_name },
      { id: 'service', kind: 'text', title: t('columns.service'), hideBelow: 1100, render: (row) => t(`service.${row.application.service_type}`, { defaultValue: String(row.application.service_type) }) },
      { id: 'status', kind: 'status', title: t('columns.status'), width: '11rem', text: (row) => t(`status.${row.status}`), render: (row) => <PaymentStatusBadge status={row.status} /> },
      { id: 'amountDue', kind: 'amount', title: t('columns.amountDue'), width: '7.5rem', allowsSorting: true, render: (row) => format.money(row.amount_due) },
      { id: 'amountPaid', kind: 'amount', title: t('columns.amountPaid'), width: '7.5rem', render: (row) => format.money(row.amount_paid) },
      { id: 'method', kind: 'text', title: t('columns.method'), width: '8rem', hideBelow: 1000, render: (row) => (row.method ? t(`method.${row.method}`) : '—') },
      { id: 'transactionId', kind: 'reference', title: t('columns.transactionId'), hideBelow: 1200, render: (row) => row.transaction_id ?? '—' },
      { id: 'requested', kind: 'date', title: t('columns.requested'), width: '9.5rem', allowsSorting: true, render: (row) => format.dateTime(row.created_at) },
      { id: 'paidAt', kind: 'date', title: t('columns.paidAt'), width: '9.5rem', allowsSorting: true, render: (row) => (row.paid_at ? format.dateTime(row.paid_at) : '—') },
    ];
  }, [t, format]);

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
      <PaymentListFilters address={address} />
      <ListResults
        list={list}
        address={address}
        above={list.data ? <PaymentTotalsStrip totals={list.data.totals} /> : null}
        empty={
          <EmptyState
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            description={filtered ? t('list.emptyFilteredHint') : t('list.emptyHint')}
            action={
              filtered ? (
                <Button variant="secondary" onPress={() => address.clearFilters()}>
                  {t('filters.clear')}
                </Button>
              ) : undefined
            }
          />
        }
        table={{ label: t('list.table'), columns, rowKey: (row) => row.id, sortDescriptor: sort.sortDescriptor, onSortChange: sort.onSortChange, emptyText: t('list.emptyFiltered') }}
        noAccess={t('list.noAccess')}
      />
    </>
  );
}
