import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NotificationListItem } from '../../../shared/api/notifications';
import { hasPermission } from '../../../shared/auth/permissions';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/format';
import { sessionAtom } from '../../lib/session';
import { useNotificationList } from './api';
import { NotificationDetailDialog } from './notification-detail-dialog';
import { NotificationFilters } from './notification-filters';
import { NOTIFICATION_FILTERS, queryFromParams } from './notification-list-query';
import { NotificationStatusBadge } from './notification-status';
import { subjectText } from './notification-subject';
import { SendNotificationDialog } from './send-notification-dialog';
import './notifications.css';
import { ListResults } from '../../components/list-screen';
import { useListAddress } from '../../lib/list-address';

/** /notifications (spec §2 "Notifications"): every message the office sent or will send, with filters; resend and send. */
export function NotificationListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['notifications', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(sessionAtom)?.user;
  const maySend = hasPermission(user, 'notifications.send_notification');
  const address = useListAddress(NOTIFICATION_FILTERS);
  const list = useNotificationList(queryFromParams(address.params));
  const [openId, setOpenId] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const columns: DataColumn<NotificationListItem>[] = [
    {
      id: 'subject',
      kind: 'text',
      title: t('columns.subject'),
      isRowHeader: true,
      text: (row) => subjectText(row, t),
      render: (row) => (
        <Button
          variant="quiet"
          className={row.subject === null ? 'notification-list__open notification-list__open--withheld' : 'notification-list__open'}
          aria-label={t('list.open', { subject: subjectText(row, t), recipient: row.recipient })}
          onPress={() => setOpenId(row.id)}
        >
          {subjectText(row, t)}
        </Button>
      ),
    },
    { id: 'recipient', kind: 'text', title: t('columns.recipient'), text: (row) => row.recipient },
    { id: 'kind', kind: 'text', title: t('columns.kind'), width: '7rem', text: (row) => t(`kind.${row.kind}`) },
    { id: 'status', kind: 'status', title: t('columns.status'), width: '8rem', text: (row) => t(`status.${row.status}`), render: (row) => <NotificationStatusBadge status={row.status} /> },
    { id: 'event', kind: 'text', title: t('columns.event'), hideBelow: 1000, text: (row) => (row.event ? t(`events.${row.event}`) : t('detail.noEvent')) },
    {
      id: 'application',
      kind: 'reference',
      title: t('columns.application'),
      width: '11rem',
      text: (row) => row.application?.reference ?? '—',
      render: (row) => (row.application ? <Link to={`/applications/${row.application.id}`}>{row.application.reference}</Link> : '—'),
    },
    { id: 'created', kind: 'date', title: t('columns.created'), width: '10.5rem', text: (row) => format.dateTime(row.created_at) },
    { id: 'sent', kind: 'date', title: t('columns.sent'), width: '10.5rem', hideBelow: 1100, text: (row) => (row.sent_at ? format.dateTime(row.sent_at) : '—') },
    { id: 'attempts', kind: 'number', title: t('columns.attempts'), width: '6rem', hideBelow: 900, text: (row) => format.number(row.attempts) },
  ];


  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('list.description')}
        actions={
          maySend ? (
            <Button variant="primary" onPress={() => (setSent(false), setSending(true))}>
              {t('list.send')}
            </Button>
          ) : null
        }
      />
      {sent ? (
        <Alert tone="success" onDismiss={() => setSent(false)}>
          {t('send.queued')}
        </Alert>
      ) : null}
      <NotificationFilters address={address} />
      <ListResults
        list={list}
        address={address}
        table={{ label: t('list.table'), columns, rowKey: (row) => row.id, onRowAction: (key) => setOpenId(Number(key)), emptyText: t('list.empty') }}
        count={(count) => t('list.count', { count })}
        noAccess={t('list.noAccess')}
      />
      <NotificationDetailDialog id={openId} maySend={maySend} onClose={() => setOpenId(null)} onOpen={setOpenId} />
      {maySend ? <SendNotificationDialog isOpen={sending} onOpenChange={setSending} onSent={() => setSent(true)} /> : null}
    </>
  );
}
