import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table';
import { useFormat } from '../../lib/format';
import { ERROR_CODES, errorTranslationKey, type ErrorCode } from '../../../shared/errors';
import type { DraftSummary } from './counter-store';
import { draftName } from './drafts-panel';
import { OUTBOX_PROBLEMS } from './outbox-failure';

export interface OutboxPanelProps {
  /** This officer's queued, sending, refused and sent applications. */
  items: readonly DraftSummary[];
  onRetry(id: string): Promise<void>;
  /** A refused application back into the form, to correct it. */
  onEdit(id: string): Promise<void>;
}

const STATE_BADGES: Readonly<Record<string, string>> = {
  queued: 'badge badge--info',
  sending: 'badge badge--info',
  needs_attention: 'badge badge--danger',
  sent: 'badge badge--success',
};

const PROBLEMS = new Set<string>(Object.values(OUTBOX_PROBLEMS));
const ERROR_CODE_VALUES = new Set<string>(Object.values(ERROR_CODES));

/**
 * Why the last attempt failed, for the officer: a refusal in the server's own words (it answers in
 * the interface language), a connection problem in the app's words.
 */
export function outboxMessage(item: Pick<DraftSummary, 'state' | 'last_error' | 'last_error_code'>, t: TFunction): string | null {
  const code = item.last_error_code;
  if (code && PROBLEMS.has(code)) return t(`counter:outbox.problems.${code}`);
  if (item.state === 'needs_attention') return item.last_error;
  if (code && ERROR_CODE_VALUES.has(code)) return t(errorTranslationKey(code as ErrorCode), { defaultValue: item.last_error ?? '' });
  return item.last_error;
}

/**
 * The outbox: what the officer sent from this computer and where each stands. Queued items go out
 * by themselves when the server can be reached (retried with growing waits); a refused one
 * waits for the officer ("Edit draft"), a sent one links to its application.
 */
export function OutboxPanel({ items, onRetry, onEdit }: OutboxPanelProps) {
  const { t } = useTranslation(['counter', 'applications']);
  const format = useFormat();
  const [busy, setBusy] = useState<string | null>(null);
  const unnamed = t('drafts.unnamed');
  const waiting = items.filter((item) => item.state !== 'sent').length;

  const act = async (id: string, action: (id: string) => Promise<void>) => {
    setBusy(id);
    try {
      await action(id);
    } finally {
      setBusy(null);
    }
  };

  const stateText = (item: DraftSummary) => {
    const message = outboxMessage(item, t);
    if (item.state === 'queued' && item.attempts > 0 && item.next_attempt_at !== null) {
      return [t('outbox.nextAttempt', { time: format.time(item.next_attempt_at), count: item.attempts }), message].filter(Boolean).join(' · ');
    }
    return item.state === 'needs_attention' || item.state === 'queued' ? message : null;
  };

  return (
    <section className="card counter-panel" aria-labelledby="counter-outbox-title">
      <Heading level={2} id="counter-outbox-title" className="card__title">
        {t('outbox.title')}
      </Heading>
      <p className="field__description">{t('outbox.count', { count: waiting })}</p>
      <DataTable<DraftSummary>
        label={t('outbox.title')}
        rows={items}
        rowKey={(row) => row.id}
        emptyText={t('outbox.empty')}
        columns={[
          { id: 'applicant', kind: 'text', title: t('columns.applicant'), isRowHeader: true, text: (row) => draftName(row, unnamed) },
          {
            id: 'state',
            kind: 'text',
            title: t('columns.state'),
            wraps: true,
            render: (row) => {
              const detail = stateText(row);
              return (
                <div className="counter-outbox__state">
                  <span className={STATE_BADGES[row.state] ?? 'badge'}>{t(`state.${row.state}`)}</span>
                  {detail ? <span className="counter-outbox__detail">{detail}</span> : null}
                </div>
              );
            },
          },
          {
            id: 'actions',
            kind: 'actions',
            title: t('columns.actions'),
            width: '13rem',
            wraps: true,
            render: (row) => {
              const name = draftName(row, unnamed);
              if (row.state === 'sent' && row.application) {
                return (
                  <Link className="link" to={`/applications/${row.application.id}`}>
                    {t('outbox.open', { reference: row.application.reference })}
                  </Link>
                );
              }
              return (
                <div className="counter-panel__actions">
                  {row.state === 'needs_attention' || (row.state === 'queued' && row.attempts > 0) ? (
                    <Button variant="secondary" isPending={busy === row.id} onPress={() => void act(row.id, onRetry)} aria-label={t('outbox.retryNamed', { name })}>
                      {t('outbox.retry')}
                    </Button>
                  ) : null}
                  {row.state === 'needs_attention' ? (
                    <Button variant="quiet" isDisabled={busy === row.id} onPress={() => void act(row.id, onEdit)} aria-label={t('outbox.editNamed', { name })}>
                      {t('outbox.edit')}
                    </Button>
                  ) : null}
                </div>
              );
            },
          },
        ]}
      />
    </section>
  );
}
