import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../components/button';
import { FormRootError, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/form';
import { NOTIFICATION_KINDS, notifyRequest } from '../../../shared/api/users';

// The subject, message and kind of a notification to staff: one user's (details screen) or many
// (the list's bulk action). Checked with the contract's notifyRequest; the caller sends it and
// hands back the server's refusal, whose field errors land on the fields.

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationValues {
  kind: NotificationKind;
  subject: string;
  message: string;
}

export interface SendNotificationFormProps {
  onSubmit(values: NotificationValues): void;
  pending?: boolean;
  /** The last refusal of the send: its field errors land on the fields. */
  refusal?: unknown;
  /** Shows a Cancel button beside Send (in a dialog). */
  onCancel?(): void;
  /** Called on every edit, so the caller can clear a refusal that no longer applies. */
  onEdited?(): void;
}

export function SendNotificationForm({ onSubmit, pending = false, refusal, onCancel, onEdited }: SendNotificationFormProps) {
  const { t } = useTranslation(['users', 'common']);
  const form = useSchemaForm<NotificationValues, NotificationValues>({
    schema: notifyRequest,
    defaultValues: { kind: 'email', subject: '', message: '' },
    refusal,
    onEdited,
  });
  const { control } = form;

  return (
    <Form className="form send-notification-form" validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <FormSelectField control={control} name="kind" label={t('notify.kind')} options={NOTIFICATION_KINDS.map((kind) => ({ value: kind, label: t(`notify.kinds.${kind}`) }))} />
      <FormTextField control={control} name="subject" label={t('notify.subject')} isRequired />
      <FormTextAreaField control={control} name="message" label={t('notify.message')} rows={6} />
      <FormRootError control={control} />
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
