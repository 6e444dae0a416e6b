import type { TFunction } from 'i18next';
import type { NotificationListItem } from '../../../shared/api/notifications';

/** A message's subject, or why the server withheld it (a secret, or someone else's in-app message). */
export function subjectText(message: Pick<NotificationListItem, 'subject' | 'confidential'>, t: TFunction): string {
  if (message.subject !== null) return message.subject;
  return message.confidential ? t('notifications:list.withheldSecret') : t('notifications:list.withheldPrivate');
}
