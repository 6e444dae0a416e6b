import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { refusalText, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import type { AuditEntry, SignInEvent, UserDetail, UserSession } from '../../../shared/api/users';
import { ACTIVITY_PAGE_SIZE, useAuditEntries, useEndAllSessions, useEndSession, useSessions, useSignIns } from './detail-api';

// The activity tab: sign-ins (failed attempts marked), the open sessions (each can be ended, or
// all at once) and the audit entries of what the user did, newest first, paged.

const FAILED_ACTIONS = new Set(['auth.login_failed', 'auth.refresh_token_reused']);
const pagesOf = (count: number) => Math.max(1, Math.ceil(count / ACTIVITY_PAGE_SIZE));

export function UserActivity({ user }: { user: UserDetail }) {
  return (
    <div className="user-activity">
      <UserSessions user={user} />
      <UserSignIns userId={user.id} />
      <UserAudit userId={user.id} />
    </div>
  );
}

function UserSessions({ user }: { user: UserDetail }) {
  const { t } = useTranslation(['users', 'common']);
  const format = useFormat();
  const sessions = useSessions(user.id);
  const endOne = useEndSession(user.id);
  const endAll = useEndAllSessions(user.id);
  const [ending, setEnding] = useState<UserSession | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const rows = sessions.data ?? [];

  const columns: DataColumn<UserSession>[] = [
    {
      id: 'started',
      kind: 'date',
      title: t('sessions.started'),
      isRowHeader: true,
      text: (row) => format.dateTime(row.started_at) + (row.current ? ` (${t('sessions.current')})` : ''),
      render: (row) => (
        <>
          {format.dateTime(row.started_at)}
          {row.current ? <span className="badge badge--info">{t('sessions.current')}</span> : null}
        </>
      ),
    },
    { id: 'seen', kind: 'date', title: t('sessions.lastSeen'), render: (row) => (row.last_seen_at ? format.dateTime(row.last_seen_at) : '—') },
    { id: 'address', kind: 'text', title: t('sessions.address'), width: '9rem', render: (row) => row.client_address ?? '—' },
    { id: 'client', kind: 'text', title: t('sessions.client'), render: (row) => row.user_agent ?? '—', hideBelow: 800 },
    {
      id: 'actions',
      kind: 'actions',
      title: t('sessions.actions'),
      width: '10rem',
      wraps: true,
      render: (row) => (
        <Button variant="secondary" onPress={() => setEnding(row)} aria-label={t('sessions.endLabel', { when: format.dateTime(row.started_at) })}>
          {t('sessions.end')}
        </Button>
      ),
    },
  ];

  return (
    <section className="user-section" aria-labelledby="user-sessions">
      <div className="user-section__head">
        <h2 id="user-sessions" className="user-detail__heading">
          {t('sessions.title')}
        </h2>
        {rows.length > 0 ? (
          <Button variant="danger" onPress={() => setEndingAll(true)}>
            {t('sessions.endAll')}
          </Button>
        ) : null}
      </div>
      {sessions.isPending ? <Spinner label={t('common:loading')} /> : null}
      {sessions.isError ? <Alert tone="error">{translateError(sessions.error, t).message}</Alert> : null}
      {rows.some((row) => row.current) ? <p className="user-detail__note">{t('sessions.currentNote')}</p> : null}
      {sessions.data ? <DataTable label={t('sessions.title')} columns={columns} rows={rows} rowKey={(row) => row.id} emptyText={t('sessions.none')} /> : null}
      <ConfirmDialog
        isOpen={ending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setEnding(null);
            endOne.reset();
          }
        }}
        title={t('sessions.endTitle')}
        message={ending?.current ? t('sessions.endCurrentWarning') : t('sessions.endMessage', { name: user.full_name })}
        confirmLabel={t('sessions.end')}
        isDestructive
        isPending={endOne.isPending}
        error={refusalText(endOne.error, t)}
        onConfirm={() =>
          ending &&
          endOne.mutate(ending.id, {
            onSuccess: () => {
              setEnding(null);
              notifySuccess('updated', t('sessions.ended'));
            },
          })
        }
      />
      <ConfirmDialog
        isOpen={endingAll}
        onOpenChange={(open) => {
          setEndingAll(open);
          if (!open) endAll.reset();
        }}
        title={t('sessions.endAllTitle')}
        message={
          <>
            <p>{t('sessions.endAllMessage', { name: user.full_name, count: rows.length })}</p>
            {user.is_self ? <p>{t('sessions.endCurrentWarning')}</p> : null}
          </>
        }
        confirmLabel={t('sessions.endAll')}
        isDestructive
        isPending={endAll.isPending}
        error={refusalText(endAll.error, t)}
        onConfirm={() =>
          endAll.mutate(undefined, {
            onSuccess: (answer) => {
              setEndingAll(false);
              notifySuccess('updated', t('sessions.endedCount', { count: answer.revoked }));
            },
          })
        }
      />
    </section>
  );
}

function UserSignIns({ userId }: { userId: number }) {
  const { t } = useTranslation(['users', 'common']);
  const format = useFormat();
  const [page, setPage] = useState(1);
  const events = useSignIns(userId, page);
  const columns: DataColumn<SignInEvent>[] = [
    { id: 'at', kind: 'date', title: t('signIns.at'), isRowHeader: true, width: '11rem', render: (row) => format.dateTime(row.at) },
    {
      id: 'what',
      kind: 'text',
      title: t('signIns.what'),
      text: (row) => t(`signIns.actions.${row.action.replace(/\./g, '_')}`, { defaultValue: row.action }),
      render: (row) => (
        <span className={FAILED_ACTIONS.has(row.action) ? 'badge badge--danger' : undefined}>{t(`signIns.actions.${row.action.replace(/\./g, '_')}`, { defaultValue: row.action })}</span>
      ),
    },
    { id: 'address', kind: 'text', title: t('signIns.address'), width: '9rem', render: (row) => row.ip ?? '—' },
    { id: 'how', kind: 'text', title: t('signIns.how'), render: (row) => (row.how ? t(`signIns.methods.${row.how}`, { defaultValue: row.how }) : '—') },
  ];
  return (
    <section className="user-section" aria-labelledby="user-sign-ins">
      <h2 id="user-sign-ins" className="user-detail__heading">
        {t('signIns.title')}
      </h2>
      {events.isPending ? <Spinner label={t('common:loading')} /> : null}
      {events.isError ? <Alert tone="error">{translateError(events.error, t).message}</Alert> : null}
      {events.data ? (
        <>
          <DataTable label={t('signIns.title')} columns={columns} rows={events.data.results} rowKey={(row) => row.id} emptyText={t('signIns.none')} />
          {events.data.count > ACTIVITY_PAGE_SIZE ? <Pager page={page} pages={pagesOf(events.data.count)} onPage={setPage} /> : null}
        </>
      ) : null}
    </section>
  );
}

function UserAudit({ userId }: { userId: number }) {
  const { t } = useTranslation(['users', 'common']);
  const format = useFormat();
  const [page, setPage] = useState(1);
  const entries = useAuditEntries(userId, page);
  const columns: DataColumn<AuditEntry>[] = [
    { id: 'at', kind: 'date', title: t('audit.at'), isRowHeader: true, width: '11rem', render: (row) => format.dateTime(row.at) },
    { id: 'action', kind: 'text', title: t('audit.action'), render: (row) => t(`audit.actions.${row.action.replace(/\./g, '_')}`, { defaultValue: row.action }) },
    { id: 'record', kind: 'text', title: t('audit.record'), render: (row) => (row.entity_id ? `${row.entity_type} ${row.entity_id}` : row.entity_type) },
    { id: 'address', kind: 'text', title: t('audit.address'), width: '9rem', render: (row) => row.ip ?? '—', hideBelow: 800 },
    { id: 'changes', kind: 'text', title: t('audit.changes'), render: (row) => changedFields(row), hideBelow: 900 },
  ];
  return (
    <section className="user-section" aria-labelledby="user-audit">
      <h2 id="user-audit" className="user-detail__heading">
        {t('audit.title')}
      </h2>
      <p className="user-detail__note">{t('audit.description')}</p>
      {entries.isPending ? <Spinner label={t('common:loading')} /> : null}
      {entries.isError ? <Alert tone="error">{translateError(entries.error, t).message}</Alert> : null}
      {entries.data ? (
        <>
          <DataTable label={t('audit.title')} columns={columns} rows={entries.data.results} rowKey={(row) => row.id} emptyText={t('audit.none')} />
          {entries.data.count > ACTIVITY_PAGE_SIZE ? <Pager page={page} pages={pagesOf(entries.data.count)} onPage={setPage} /> : null}
        </>
      ) : null}
    </section>
  );
}

/** The names of the fields a change touched (the details hold `before` and `after`), else the details' own keys. */
function changedFields(entry: AuditEntry): string {
  const { before, after } = entry.details as { before?: unknown; after?: unknown };
  if (after && typeof after === 'object') {
    const old = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
    const changed = Object.entries(after as Record<string, unknown>).filter(([key, value]) => JSON.stringify(old[key]) !== JSON.stringify(value));
    return changed.map(([key]) => key).join(', ') || '—';
  }
  return Object.keys(entry.details).join(', ') || '—';
}
