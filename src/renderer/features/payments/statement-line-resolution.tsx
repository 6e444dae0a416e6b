import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import type { PaymentListItem, StatementLine } from '../../../shared/api/payments';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { SearchBox } from '../../components/search-box';
import { Spinner } from '../../components/spinner';
import { TextAreaField } from '../../components/text-area-field';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { usePaymentList } from './api';
import { useResolveStatementLine } from './statement-api';

// Resolving one line the import left: find the pending payment it pays (by reference or the
// applicant's name) and match it, which records the payment; or set the line aside with the
// reason. The dialog names the line it acts on. The server refuses a payment whose amount due is
// not the line's amount, and says why.

const SEARCH_RESULTS = 10;

export interface StatementLineResolutionProps {
  statementId: number;
  line: StatementLine;
  onClose(summary?: string): void;
}

export function StatementLineResolution({ statementId, line, onClose }: StatementLineResolutionProps) {
  const { t, i18n } = useTranslation(['payments-import', 'common']);
  const format = useFormat();
  // Start from what the line says: its reference, else the payer.
  const [search, setSearch] = useState(line.payment?.application_reference ?? '');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const resolve = useResolveStatementLine(statementId, i18n.language);
  const candidates = usePaymentList({ status: 'pending', search: search || undefined, ordering: '-created_at', page: 1, page_size: SEARCH_RESULTS });
  const refusal = resolve.error ? translateError(resolve.error, t) : null;
  const refusalText = refusal ? [refusal.message, ...Object.values(refusal.fieldErrors).flat()].filter(Boolean).join(' ') : null;
  const lineName = t('resolve.lineName', { line: format.number(line.line_number), amount: line.amount ? format.money(line.amount) : '—', reference: line.reference ?? '—' });

  const match = (payment: PaymentListItem) =>
    resolve.mutate(
      { how: 'match', line: line.line_number, payment_id: payment.id },
      { onSuccess: () => onClose(t('resolve.matchedDone', { line: format.number(line.line_number), reference: payment.application.reference })) },
    );
  const setAside = () => {
    if (!reason.trim()) {
      setReasonError(t('common:validation.required'));
      return;
    }
    resolve.mutate({ how: 'set_aside', line: line.line_number, reason: reason.trim() }, { onSuccess: () => onClose(t('resolve.setAsideDone', { line: format.number(line.line_number) })) });
  };

  const columns: DataColumn<PaymentListItem>[] = [
    { id: 'reference', kind: 'reference', title: t('resolve.columns.reference'), isRowHeader: true, width: '11rem', text: (payment) => payment.application.reference },
    { id: 'applicant', kind: 'text', title: t('resolve.columns.applicant'), text: (payment) => payment.applicant_name },
    { id: 'due', kind: 'amount', title: t('resolve.columns.amountDue'), width: '7rem', text: (payment) => format.money(payment.amount_due) },
    {
      id: 'match',
      kind: 'actions',
      title: t('resolve.columns.action'),
      width: '7rem',
      wraps: true,
      render: (payment) => (
        <Button variant="quiet" aria-label={t('resolve.matchTo', { reference: payment.application.reference })} onPress={() => match(payment)} isDisabled={resolve.isPending}>
          {t('resolve.match')}
        </Button>
      ),
    },
  ];

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('resolve.title', { line: format.number(line.line_number) })} size="wide" isBusy={resolve.isPending}>
      <div className="dialog__body statement-resolution">
        <p>{lineName}</p>
        <p>
          {t(`outcome.${line.outcome}`)}
          {line.payer ? ` · ${t('columns.payer')}: ${line.payer}` : ''}
        </p>
        {refusalText ? <Alert tone="error" title={refusalText} /> : null}
        <h3>{t('resolve.matchHeading')}</h3>
        <SearchBox label={t('resolve.search')} value={search} onSearch={setSearch} />
        {candidates.isPending ? (
          <Spinner label={t('common:loading')} />
        ) : (
          <DataTable label={t('resolve.candidates')} columns={columns} rows={candidates.data?.results ?? []} rowKey={(payment) => payment.id} emptyText={t('resolve.noCandidates')} />
        )}
        <h3>{t('resolve.setAsideHeading')}</h3>
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            setAside();
          }}
        >
          <TextAreaField
            label={t('resolve.reason')}
            value={reason}
            onChange={(value) => {
              setReason(value);
              setReasonError(null);
            }}
            isRequired
            errorMessage={reasonError ?? undefined}
          />
          <div className="dialog__actions">
            <Button onPress={() => onClose()} isDisabled={resolve.isPending}>
              {t('close')}
            </Button>
            <Button type="submit" variant="danger" isPending={resolve.isPending}>
              {t('resolve.setAside')}
            </Button>
          </div>
        </Form>
      </div>
    </Dialog>
  );
}
