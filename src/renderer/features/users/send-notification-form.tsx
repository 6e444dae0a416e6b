import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import type { TFunction } from 'i18next';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { NOTIFICATION_KINDS, USER_LIMITS } from '../../../shared/api/users';

// The subject, message and kind of a notification to staff: one user's (details screen) or many
// (the list's bulk action). Checked here with the contract's limits; the caller sends it and hands
// back the server's field errors.

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationValues {
  kind: NotificationKind;
  subject: string;
  message: string;
}

export type NotificationErrors = Partial<Record<keyof NotificationValues, string>>;

export interface SendNotificationFormProps {
  onSubmit(values: NotificationValues): void;
  pending?: boolean;
  /** The server's refusals by field (already in the reader's language). */
  errors?: NotificationErrors;
  /** Shows a Cancel button beside Send (in a dialog). */
  onCancel?(): void;
  /** Called on every edit, so the caller can clear a refusal that no longer applies. */
  onEdited?(): void;
}

export function checkNotification(values: NotificationValues, t: TFunction): NotificationErrors {
  const errors: NotificationErrors = {};
  const subject = values.subject.trim();
  const message = values.message.trim();
  if (subject === '') errors.subject = t('users:messages.required');
  else if (subject.length > USER_LIMITS.subject) errors.subject = t('users:form.tooLong', { count: USER_LIMITS.subject });
  if (message === '') errors.message = t('users:messages.required');
  else if (message.length > USER_LIMITS.message) errors.message = t('users:form.tooLong', { count: USER_LIMITS.message });
  return errors;
}

export function SendNotificationForm({ onSubmit, pending = false, errors = {}, onCancel, onEdited }: SendNotificationFormProps) {
  const { t } = useTranslation(['users', 'common']);
  const [values, setValues] = useState<NotificationValues>({ kind: 'email', subject: '', message: '' });
  const [checked, setChecked] = useState<NotificationErrors>({});
  const shown: NotificationErrors = { ...errors, ...checked };

  const change = (next: Partial<NotificationValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setChecked({});
    onEdited?.();
  };

  return (
    <Form
      className="form send-notification-form"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        const found = checkNotification(values, t);
        setChecked(found);
        if (Object.keys(found).length === 0) onSubmit({ kind: values.kind, subject: values.subject.trim(), message: values.message.trim() });
      }}
    >
      <SelectField
        label={t('notify.kind')}
        value={values.kind}
        options={NOTIFICATION_KINDS.map((kind) => ({ value: kind, label: t(`notify.kinds.${kind}`) }))}
        onChange={(kind) => change({ kind: kind as NotificationKind })}
        errorMessage={shown.kind}
      />
      <TextField label={t('notify.subject')} value={values.subject} onChange={(subject) => change({ subject })} errorMessage={shown.subject} isRequired />
      <TextAreaField label={t('notify.message')} value={values.message} onChange={(message) => change({ message })} errorMessage={shown.message} rows={6} />
      <div className="dialog__actions">
        {onCancel ? (
          <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
            {t('common:cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="primary" isPending={pending}>
          {t('notify.send')}
        </Button>
      </div>
    </Form>
  );
}
