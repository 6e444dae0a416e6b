import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { InboxItem } from '../../../shared/api/notifications';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useInbox, useMarkAllRead, useMarkRead } from './api';
import './inbox.css';
import { Icon } from '../../components/icon';

/** The header's bell: the unread count, and the latest in-app messages in a panel beside it. */
export function NotificationBell() {
  const { t } = useTranslation(['inbox', 'common']);
  const format = useFormat();
  const inbox = useInbox();
  const unread = inbox.data?.unread ?? 0;
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  return (
    <DialogTrigger>
      <AriaButton className="inbox-bell" aria-label={label}>
        <Icon name="bell" className="inbox-bell__icon" />
        {unread > 0 ? (
          <span aria-hidden="true" className="inbox-bell__badge">
            {unread > 99 ? '99+' : format.number(unread)}
          </span>
        ) : null}
      </AriaButton>
      <Popover className="popover inbox-popover" placement="bottom end">
        <Dialog className="inbox-panel">
          <InboxPanel />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function InboxPanel() {
  const { t } = useTranslation(['inbox', 'common']);
  const inbox = useInbox();
  const markAll = useMarkAllRead();
  const messages = inbox.data?.results ?? [];
  const unread = inbox.data?.unread ?? 0;
  return (
    <>
      <div className="inbox-panel__header">
        <Heading slot="title" level={2} className="inbox-panel__title">
          {t('panel.title')}
        </Heading>
        <Button variant="quiet" isDisabled={unread === 0} isPending={markAll.isPending} onPress={() => markAll.mutate()}>
          {t('panel.markAllRead')}
        </Button>
      </div>
      <p className="inbox-panel__count" aria-live="polite">
        {unread > 0 ? t('panel.unread', { count: unread }) : t('panel.allRead')}
      </p>
      {inbox.isPending ? <Spinner label={t('common:loading')} /> : null}
      {inbox.isError ? <p role="alert">{translateError(inbox.error, t).message}</p> : null}
      {inbox.data && messages.length === 0 ? <p className="inbox-panel__empty">{t('panel.empty')}</p> : null}
      {messages.length > 0 ? (
        <ul className="inbox-list">
          {messages.map((message) => (
            <InboxEntry key={message.id} message={message} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** One message: opening it shows its text and marks it read. */
function InboxEntry({ message }: { message: InboxItem }) {
  const { t } = useTranslation('inbox');
  const format = useFormat();
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  const isUnread = message.read_at === null && !markRead.isSuccess;
  const toggle = () => {
    setOpen((current) => !current);
    if (isUnread && !markRead.isPending) markRead.mutate(message.id);
  };
  return (
    <li className={isUnread ? 'inbox-entry inbox-entry--unread' : 'inbox-entry'}>
      <AriaButton className="inbox-entry__open" aria-expanded={open} onPress={toggle}>
        <span className="inbox-entry__subject">
          {isUnread ? (
            <span className="inbox-entry__marker">
              <Icon name="circle" filled />{' '}
              <span className="visually-hidden">{t('entry.unread')} </span>
            </span>
          ) : null}
          {message.subject}
        </span>
        <span className="inbox-entry__meta">
          {message.sender ? message.sender.full_name : t('entry.system')} · {format.dateTime(message.created_at)}
        </span>
      </AriaButton>
      {open ? <p className="inbox-entry__message">{message.message}</p> : null}
      {message.application ? (
        <Link className="inbox-entry__application" to={`/applications/${message.application.id}`}>
          {t('entry.application', { reference: message.application.reference })}
        </Link>
      ) : null}
    </li>
  );
}
