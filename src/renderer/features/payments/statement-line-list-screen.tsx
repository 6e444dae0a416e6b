import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STATEMENT_LINE_STATES, type StatementLineListItem, type StatementLineState } from '../../../shared/api/payments';
import { hasPermission } from '../../../shared/auth/permissions';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { FilterBar, ListResults } from '../../components/list-screen';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { useListAddress } from '../../lib/list-address';
import { currentUserAtom } from '../../lib/session';
import { useStatementLineList } from './statement-api';
import { StatementLineResolution } from './statement-line-resolution';
import { StatementOutcome } from './statement-outcome';
import './statement-import.css';

const FILTERS = ['state'];

const isState = (value: string | null): value is StatementLineState => (STATEMENT_LINE_STATES as readonly string[]).includes(value ?? '');

/**
 * /payments/statement-lines: the lines of imported statements the import left for a person (amount
 * differs, unknown reference), across every statement, with where each stands; an unmatched one is
 * resolved here. The payments desk's "Unmatched statement lines" tile opens it filtered to those.
 */
export function StatementLineListScreen({ titleKey }: { titleKey: string }) {
  const { t, i18n } = useTranslation(['payments-import', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const mayResolve = hasPermission(user, 'payments.mark_paid');
  const address = useListAddress(FILTERS);
  const { params, page, pageSize } = address;
  const requested = params.get('state');
  const state = isState(requested) ? requested : undefined;
  const list = useStatementLineList({ page, page_size: pageSize, ...(state ? { state } : {}) }, i18n.language);
  const [resolving, setResolving] = useState<StatementLineListItem | null>(null);
  const [resolved, setResolved] = useState<string | null>(null);

  const columns = useMemo<DataColumn<StatementLineListItem>[]>(() => {
    const resolutionText = (line: StatementLineListItem): string => {
      const { resolution } = line;
      if (!resolution) return t('lines.state.unmatched');
      const by = { name: resolution.by?.full_name ?? '—', at: format.dateTime(resolution.at) };
      return resolution.how === 'matched'
        ? t('resolve.matchedBy', { reference: line.payment?.application_reference ?? '—', ...by })
        : t('resolve.setAsideBy', { reason: resolution.note ?? '', ...by });
    };
    return [
      { id: 'statement', kind: 'text', title: t('lines.statement'), isRowHeader: true, text: (line) => line.statement.file_name },
      { id: 'imported', kind: 'date', title: t('preview.imported'), width: '9.5rem', hideBelow: 1000, text: (line) => (line.statement.imported_at ? format.dateTime(line.statement.imported_at) : '—') },
      { id: 'line', kind: 'number', title: t('columns.line'), width: '4rem', text: (line) => format.number(line.line_number) },
      { id: 'date', kind: 'date', title: t('columns.date'), width: '7rem', hideBelow: 900, text: (line) => (line.booked_on ? format.date(line.booked_on) : '—') },
      { id: 'amount', kind: 'amount', title: t('columns.amount'), width: '7rem', text: (line) => (line.amount ? format.money(line.amount) : '—') },
      { id: 'reference', kind: 'reference', title: t('columns.reference'), text: (line) => line.reference ?? '—' },
      { id: 'payer', kind: 'text', title: t('columns.payer'), hideBelow: 1100, text: (line) => line.payer ?? '—' },
      { id: 'outcome', kind: 'status', title: t('columns.outcome'), width: '11rem', text: (line) => t(`outcome.${line.outcome}`), render: (line) => <StatementOutcome outcome={line.outcome} /> },
      {
        id: 'resolution',
        kind: 'text',
        title: t('columns.resolution'),
        wraps: true,
        text: resolutionText,
        render: (line) =>
          !line.resolution && mayResolve ? (
            <Button
              variant="quiet"
              aria-label={t('lines.resolveNamed', { line: format.number(line.line_number), name: line.statement.file_name })}
              onPress={() => {
                setResolved(null);
                setResolving(line);
              }}
            >
              {t('resolve.open')}
            </Button>
          ) : (
            resolutionText(line)
          ),
      },
    ];
  }, [t, format, mayResolve]);

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('lines.description')} />
      <FilterBar label={t('lines.filters')}>
        <SelectField
          label={t('lines.stateLabel')}
          value={state ?? ''}
          emptyLabel={t('lines.anyState')}
          options={STATEMENT_LINE_STATES.map((value) => ({ value, label: t(`lines.state.${value}`) }))}
          onChange={(value) => address.set({ state: value })}
        />
      </FilterBar>
      {resolved ? <Alert tone="success" title={resolved} onDismiss={() => setResolved(null)} /> : null}
      <ListResults
        list={list}
        address={address}
        table={{ label: t('lines.table'), columns, rowKey: (line) => `${line.statement.id}-${line.line_number}`, emptyText: state === 'unmatched' ? t('lines.emptyUnmatched') : t('lines.empty') }}
        count={(count) => t('lines.count', { count })}
        noAccess={t('lines.noAccess')}
      />
      {resolving ? (
        <StatementLineResolution
          statementId={resolving.statement.id}
          line={resolving}
          onClose={(summary) => {
            setResolving(null);
            if (summary) setResolved(summary);
          }}
        />
      ) : null}
    </>
  );
}
