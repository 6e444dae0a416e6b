import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import type { TFunction } from 'i18next';
import { Alert } from '../../components/alert';
import { DataTable } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import type { ServiceHistoryEntry } from '../../../shared/api/services';
import { HISTORY_PAGE_SIZE, useServiceHistory } from './api';

/** Fields the history names in the reader's words; another field is shown by its stored name. */
const FIELD_KEYS: Readonly<Record<string, string>> = {
  service_type: 'fields.type',
  category: 'fields.category',
  fee_enabled: 'fields.feeEnabled',
  base_fee_amount: 'fields.baseFee',
  fee_exemption_allowed: 'fields.exemptionAllowed',
  processing_time_days: 'fields.processingTime',
  enabled: 'fields.state',
  council_required: 'fields.councilRequired',
  appeal_period_days: 'fields.appealPeriod',
  degree_options: 'fields.degreeOptions',
  document_requirements: 'fields.documentRequirements',
  selectable_documents: 'fields.selectableDocuments',
  workflow_stages: 'fields.workflowStages',
  price_table: 'fields.priceTable',
  fee: 'fields.fee',
};

function fieldName(field: string, t: TFunction): string {
  const localisedField = /^(name|description|requirements|appeal_body)_(en|sq|sr)$/.exec(field);
  if (localisedField) return t('form.inLanguage', { field: t(`fields.${localisedField[1] === 'appeal_body' ? 'appealBody' : localisedField[1]}`), language: t(`languages.${localisedField[2]}`) });
  return FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field;
}

/** A stored value as a short text: yes/no, a dash for nothing, lists and tables as compact JSON. */
function valueText(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Every change of the service: who, when, and each field before and after. */
export function ServiceHistory({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation(['services', 'common']);
  const format = useFormat();
  const [page, setPage] = useState(1);
  const history = useServiceHistory(serviceId, page);

  const changesOf = (entry: ServiceHistoryEntry) =>
    entry.changes.length === 0 ? (
      '—'
    ) : (
      <ul className="service-history__changes">
        {entry.changes.map((change) => (
          <li key={change.field}>
            {t('history.change', { field: fieldName(change.field, t), before: valueText(change.before, t), after: valueText(change.after, t) })}
          </li>
        ))}
      </ul>
    );

  return (
    <section className="card" aria-labelledby="service-history">
      <Heading level={2} id="service-history" className="card__title">
        {t('history.title')}
      </Heading>
      {history.isPending ? <Spinner label={t('common:loading')} /> : null}
      {history.isError ? (
        <Alert tone="error" title={isAccessDenied(history.error) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(history.error) ? t('common:noAccess.hint') : translateError(history.error, t).message}
        </Alert>
      ) : null}
      {history.data ? (
        <div aria-busy={history.isFetching}>
          <DataTable<ServiceHistoryEntry>
            label={t('history.title')}
            rows={history.data.results}
            rowKey={(entry) => entry.id}
            emptyText={t('history.empty')}
            columns={[
              { id: 'when', kind: 'date', title: t('history.when'), isRowHeader: true, width: '11rem', render: (entry) => format.dateTime(entry.created_at) },
              { id: 'who', kind: 'text', title: t('history.who'), width: '12rem', render: (entry) => entry.actor_name ?? t('history.system') },
              { id: 'action', kind: 'text', title: t('history.action'), width: '9rem', render: (entry) => t(`history.actions.${entry.action}`) },
              { id: 'changes', kind: 'text', title: t('history.changes'), wraps: true, render: changesOf },
            ]}
          />
          {history.data.count > HISTORY_PAGE_SIZE ? (
            <div className="list-footer">
              <Pager page={page} pages={Math.ceil(history.data.count / HISTORY_PAGE_SIZE)} onPage={setPage} />
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
