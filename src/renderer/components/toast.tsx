import { useTranslation } from 'react-i18next';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { i18n } from '../lib/i18n';
import { Icon } from './icon';

/** The success messages of spec §8. */
export type SuccessKind = 'saved' | 'deleted' | 'updated' | 'created' | 'sent' | 'uploaded';

export interface ToastMessage {
  tone: 'success' | 'error' | 'info';
  title: string;
  description?: string;
}

const TIMEOUT_MS = 5_000;

export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 4 });

export function notifySuccess(kind: SuccessKind, description?: string): void {
  toastQueue.add({ tone: 'success', title: i18n.t(`common:success.${kind}`), description }, { timeout: TIMEOUT_MS });
}

/** Errors stay until dismissed: a person must be able to read them at their own pace. */
export function notifyError(title: string, description?: string): void {
  toastQueue.add({ tone: 'error', title, description });
}

export function ToastArea() {
  const { t } = useTranslation('common');
  return (
    <ToastRegion queue={toastQueue} className="toast-region" aria-label={t('notifications')}>
      {({ toast }) => (
        <AriaToast toast={toast} className={`toast toast--${toast.content.tone}`}>
          <ToastContent className="toast__content">
            <Text slot="title" className="toast__title">
              {toast.content.title}
            </Text>
            {toast.content.description ? (
              <Text slot="description" className="toast__description">
                {toast.content.description}
              </Text>
            ) : null}
          </ToastContent>
          <AriaButton slot="close" className="toast__close" aria-label={t('dismiss')}>
            <Icon name="close" />
          </AriaButton>
        </AriaToast>
      )}
    </ToastRegion>
  );
}
