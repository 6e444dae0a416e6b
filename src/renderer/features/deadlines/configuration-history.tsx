import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { recipientRef, type DeadlineConfigurationChange } from '../../../shared/api/deadlines';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { NO_VALUE, useFormat } from '../../lib/format';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';
import { useConfigurationHistory, useRecipientOptions } from './api';

const HISTORY_PAGE_SIZE = 20;

/** One changed field of one change: a row of the history table. */
interface ChangeRow {
  key: string;
  entry: DeadlineConfigurationChange;
  field: string | null;
  before: unknown;
  after: unknown;
}

/** Values the history words in the reader's language instead of showing the stored code. */
const CODED_FIELDS: Record<string, string> = {
  deadline_type: 'types',
  service_category: 'categories',
  condition: 'conditions',
  reminder_frequency: 'frequencies',
};

type Format = ReturnType<typeof useFormat>;

/** `user:<id>` / `group:<id>` → how the recipients menu names them. */
type RecipientNames = ReadonlyMap<string, string>;

/** A stored value as a person reads it: yes/no, a translated code, a number, recipients by name. */
export function describeValue(field: string, value: unknown, t: TFunction, format: Format, recipients: RecipientNames): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
  if (typeof value === 'number') return format.number(value);
  if (typeof value === 'string') return CODED_FIELDS[field] ? t(`${CODED_FIELDS[field]}.${value}`, { defaultValue: value }) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return NO_VALUE;
    return value.map((item) => describeValue(field, item, t, format, recipients)).join(', ');
  }
  // An escalation recipient as stored ({kind, id}): named as the form names it, by number if gone.
  const parsed = recipientRef.safeParse(value);
  if (parsed.success) return recipients.get(`${parsed.data.kind}:${parsed.data.id}`) ?? `#${parsed.data.id}`;
  return JSON.stringify(value);
}

/** Every change of one configuration, newest first: who, when, and each field before and after. */
export function ConfigurationHistory({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation(['deadlines', 'common']);
  const format = useFormat();
  const [page, setPage] = useState(1);
  const history = useConfigurationHistory(id, page);
  const options = useRecipientOptions(true);
  const recipients: RecipientNames = new Map([
    ...(options.data?.groups ?? []).map((group): [string, string] => [`group:${group.id}`, t('form.groupRecipient', { name: group.name })]),
    ...(options.data?.users ?? []).map((user): [string, string] => [`user:${user.id}`, user.full_name]),
  ]);

  const rows = (history.data?.results ?? []).flatMap((entry): ChangeRow[] =>
    entry.changes.length === 0
      ? [{ key: `${entry.id}`, entry, field: null, before: null, after: null }]
      : entry.changes.map((change) => ({ key: `${entry.id}:${change.field}`, entry, field: change.field, before: change.before, after: change.after })),
  );
  const columns: DataColumn<ChangeRow>[] = [
    { id: 'at', kind: 'date', title: t('history.when'), width: '10rem', render: (row) => format.dateTime(row.entry.at) },
    { id: 'actor', kind: 'text', title: t('history.who'), width: '10rem', render: (row) => row.entry.actor?.full_name ?? t('history.system') },
    { id: 'action', kind: 'text', title: t('history.action'), width: '8rem', render: (row) => t(`history.actions.${row.entry.action}`) },
    { id: 'field', kind: 'text', title: t('history.field'), isRowHeader: true, render: (row) => (row.field ? t(`fields.${row.field}`, { defaultValue: row.field }) : NO_VALUE) },
    { id: 'before', kind: 'text', title: t('history.before'), render: (row) => (row.field ? describeValue(row.field, row.before, t, format, recipients) : NO_VALUE) },
    { id: 'after', kind: 'text', title: t('history.after'), render: (row) => (row.field ? describeValue(row.field, row.after, t, format, recipients) : NO_VALUE) },
  ];

  const failure = history.isError
    ? asTransportError(history.error).status === 404
      ? t('form.notFound')
      : isAccessDenied(history.error)
        ? t('noAccess')
        : translateError(history.error, t).message
    : null;

  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={t('history.title')} size="wide">
      {failure ? <Alert tone="error" title={failure} /> : null}
      {history.isPending ? <Spinner label={t('common:loading')} /> : null}
      {history.data ? (
        <div aria-busy={history.isFetching}>
          <DataTable label={t('history.label')} columns={columns} rows={rows} rowKey={(row) => row.key} emptyText={t('history.empty')} />
          {history.data.count > HISTORY_PAGE_SIZE ? (
            <Pager page={page} pages={Math.ceil(history.data.count / HISTORY_PAGE_SIZE)} onPage={setPage} />
          ) : null}
        </div>
      ) : null}
      <div className="dialog__actions">
        <Button onPress={onClose}>{t('form.close')}</Button>
      </div>
    </Dialog>
  );
}
