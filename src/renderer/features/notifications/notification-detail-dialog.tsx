import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NotificationDetail } from '../../../shared/api/notifications';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DetailsList } from '../../components/details-list';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { Spinner } from '../../components/spinner';
import { describeRefusal, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useNotificationDetail, useResendNotification } from './api';
import { NotificationStatusBadge } from './notification-status';
import { subjectText } from './notification-subject';

/** Only a failed message that carries no secret is resent, and only by someone who may send. */
export function canResend(message: Pick<NotificationDetail, 'status' | 'confidential'>, maySend: boolean): boolean {
  return maySend && message.status === 'failed' && !message.confidential;
}

export interface NotificationDetailDialogProps {
  id: number | null;
  maySend: boolean;
  onClose(): void;
  /** Opens another message of the list (a resent copy or its original). */
  onOpen(id: number): void;
}

/** One message as sent: its text (never a confidential one's), its delivery, and its resends. */
export function NotificationDetailDialog({ id, maySend, onClose, onOpen }: NotificationDetailDialogProps) {
  const { t, i18n } = useTranslation(['notifications', 'common']);
  const format = useFormat();
  const detail = useNotificationDetail(id);
  const resend = useResendNotification();
  const message = detail.data;
  // Another message opened (a resent copy, its original): the last resend's outcome was not about it.
  const { reset } = resend;
  useEffect(() => reset(), [id, reset]);
  const refusal = resend.error ? describeRefusal(resend.error, t).formMessage : null;
  const close = () => {
    resend.reset();
    onClose();
  };
  const messageLink = (other: number) => (
    <Button key={other} variant="quiet" onPress={() => onOpen(other)}>
      {t('detail.messageNumber', { id: other })}
    </Button>
  );

  return (
    <Dialog isOpen={id !== null} onOpenChange={(open) => (open ? undefined : close())} title={message ? subjectText(message, t) || t('detail.title') : t('detail.title')} size="wide" isBusy={resend.isPending}>
      {detail.isPending ? <Spinner label={t('common:loading')} /> : null}
      {detail.isError ? (
        <Alert tone="error" title={t('common:couldNotLoad')}>
          {translateError(detail.error, t).message}
        </Alert>
      ) : null}
      {message ? (
        <div className="notification-detail">
          <DetailsList
            rows={[
              [t('columns.recipient'), message.recipient],
              [t('columns.kind'), t(`kind.${message.kind}`)],
              [t('columns.status'), <NotificationStatusBadge key="status" status={message.status} />],
              [t('columns.event'), message.event ? t(`events.${message.event}`) : t('detail.noEvent')],
              [t('detail.language'), t(`languages.${message.language}`)],
              [t('columns.application'), message.application ? <Link to={`/applications/${message.application.id}`}>{message.application.reference}</Link> : null],
              [t('columns.created'), format.dateTime(message.created_at)],
              [t('columns.sent'), message.sent_at ? format.dateTime(message.sent_at) : null],
              [t('columns.attempts'), format.number(message.attempts)],
              [t('detail.nextAttempt'), message.next_attempt_at ? format.dateTime(message.next_attempt_at) : null],
              [t('detail.sender'), message.sender ? message.sender.full_name : t('detail.system')],
              [t('detail.readAt'), message.read_at ? format.dateTime(message.read_at) : null],
              [t('detail.resentFrom'), message.resent_from_id !== null ? messageLink(message.resent_from_id) : null],
              [t('detail.resentAs'), message.resent_as_ids.length > 0 ? message.resent_as_ids.map(messageLink) : null],
            ]}
          />
          {message.last_error ? (
            <Alert tone="warning" title={t('detail.lastError')}>
              {message.last_error}
            </Alert>
          ) : null}
          <h3 className="notification-detail__heading">{t('detail.message')}</h3>
          {message.confidential || message.message === null ? (
            <p className="notification-detail__confidential">{message.private && !message.confidential ? t('detail.private') : t('detail.confidential')}</p>
          ) : (
            <pre className="notification-detail__text" lang={message.language}>
              {message.message}
            </pre>
          )}
          {resend.isSuccess ? (
            <Alert tone="success">{t('detail.resent')}</Alert>
          ) : null}
          <FormError message={refusal} />
        </div>
      ) : null}
      <div className="dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={resend.isPending}>
          {t('detail.close')}
        </Button>
        {message && canResend(message, maySend) && !resend.isSuccess ? (
          <Button variant="primary" isPending={resend.isPending} onPress={() => resend.mutate({ id: message.id, language: i18n.language })}>
            {t('detail.resend')}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
