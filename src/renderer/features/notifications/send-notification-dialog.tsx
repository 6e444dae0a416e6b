import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { sendNotificationRequest, type NotificationKind } from '../../../shared/api/notifications';
import { NOTIFICATION_EVENT_DEFINITIONS, NOTIFICATION_EVENTS, type NotificationEvent } from '../../../shared/domain/notification-events';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { SelectField } from '../../components/select-field';
import { SearchChoiceField, type SearchChoice } from '../../components/search-choice-field';
import { describeRefusal } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { isMissingValue } from '../../lib/zod-issue-message';
import { useApplicationSearch, useSendNotification, useStaffSearch } from './api';

export type Audience = 'applicant' | 'staff';
type Content = 'template' | 'text';

/** The templates an officer may send by hand to this kind of recipient. */
export function manualEvents(audience: Audience): NotificationEvent[] {
  return NOTIFICATION_EVENTS.filter((event) => NOTIFICATION_EVENT_DEFINITIONS[event].manual && NOTIFICATION_EVENT_DEFINITIONS[event].audience === audience);
}

/** An applicant is written to by e-mail; staff also in the app (the bell). */
export function kindsFor(audience: Audience): NotificationKind[] {
  return audience === 'staff' ? ['email', 'system'] : ['email'];
}

interface Draft {
  audience: Audience;
  recipient: SearchChoice | null;
  kind: NotificationKind;
  event: NotificationEvent | '';
  notes: string;
  subject: string;
  message: string;
}

const EMPTY: Draft = { audience: 'applicant', recipient: null, kind: 'email', event: '', notes: '', subject: '', message: '' };

// The send request with what each way of writing needs: a template, or a subject and a message
// (the shared schema asks for one or the other; the form asks for the one chosen).
const { shape } = sendNotificationRequest;
const FROM_TEMPLATE = sendNotificationRequest.safeExtend({ event: shape.event.unwrap() });
const AS_TEXT = sendNotificationRequest.safeExtend({ subject: shape.subject.unwrap().min(1), message: shape.message.unwrap().min(1) });

/** The request a draft stands for; what is missing is left out, for the schema to say. */
function requestOf(draft: Draft, written: Content): unknown {
  const recipient = draft.recipient
    ? draft.audience === 'applicant'
      ? { type: 'applicant', application_id: draft.recipient.id }
      : { type: 'staff', user_id: draft.recipient.id }
    : undefined;
  const content =
    written === 'template'
      ? { event: draft.event || undefined, ...(draft.notes.trim() ? { notes: draft.notes } : {}) }
      : { subject: draft.subject, message: draft.message };
  return { kind: draft.kind, recipient, ...content };
}

export interface SendNotificationDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** Told once the server has queued the message. */
  onSent(): void;
}

/** A new message to an application's applicant or to a member of staff: from a manual event's template, or written here. */
export function SendNotificationDialog({ isOpen, onOpenChange, onSent }: SendNotificationDialogProps) {
  const { t, i18n } = useTranslation(['notifications', 'common']);
  const [search, setSearch] = useState('');
  // How the message is written decides what the request needs; kept beside the values it checks.
  const [content, setContent] = useState<Content>('template');
  const send = useSendNotification();
  const form = useSchemaForm<Draft, z.output<typeof sendNotificationRequest>>({
    schema: content === 'template' ? FROM_TEMPLATE : AS_TEXT,
    defaultValues: EMPTY,
    toRequest: (values) => requestOf(values, content),
    // A recipient not chosen is missing, not malformed.
    describe: (issue, translate) => (issue.path[0] === 'recipient' || isMissingValue(issue) ? translate('notifications:messages.required') : undefined),
    // The server's field messages on the fields, beside the schema's (`recipient.application_id` on the recipient).
    refusal: send.error,
  });
  const { control, setValue } = form;
  const draft = useWatch({ control }) as Draft;
  const { field: recipient } = useController({ control, name: 'recipient' });
  const { field: audience } = useController({ control, name: 'audience' });
  const recipientError = form.formState.errors.recipient?.message;
  const applications = useApplicationSearch(draft.audience === 'applicant' && isOpen ? search : '');
  const staff = useStaffSearch(draft.audience === 'staff' && isOpen ? search : '');
  const refusal = send.error ? describeRefusal(send.error, t) : null;

  const close = () => {
    form.reset(EMPTY);
    setContent('template');
    setSearch('');
    send.reset();
    onOpenChange(false);
  };
  const options: SearchChoice[] =
    draft.audience === 'applicant'
      ? (applications.data ?? []).map((application) => ({ id: application.id, label: `${application.reference} — ${application.applicant.full_name}` }))
      : (staff.data ?? []).map((person) => ({ id: person.id, label: `${person.full_name} (${person.username})` }));

  const submit = (request: z.output<typeof sendNotificationRequest>) =>
    send.mutate({ request, language: i18n.language }, { onSuccess: () => (close(), onSent()) });

  return (
    <Dialog holdsUnsavedWork isOpen={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())} title={t('send.title')} size="wide" isBusy={send.isPending}>
      <form className="form send-notification" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <SelectField
          label={t('send.audience')}
          value={audience.value}
          options={(['applicant', 'staff'] as const).map((value) => ({ value, label: t(`send.audiences.${value}`) }))}
          onChange={(value) => {
            // Another kind of recipient: who, how and which template start again.
            audience.onChange(value as Audience);
            setSearch('');
            setValue('recipient', null);
            setValue('kind', 'email');
            setValue('event', '');
          }}
        />
        <SearchChoiceField
          key={draft.audience}
          label={draft.audience === 'applicant' ? t('send.application') : t('send.staff')}
          description={draft.audience === 'applicant' ? t('send.applicationHint') : t('send.staffHint')}
          openLabel={t('send.showMatches')}
          emptyText={t('send.noMatches')}
          options={options}
          onSearch={setSearch}
          selected={recipient.value}
          onSelect={recipient.onChange}
          errorMessage={recipientError}
        />
        <FormSelectField control={control} name="kind" label={t('send.kind')} options={kindsFor(draft.audience).map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))} />
        <SelectField
          label={t('send.content')}
          value={content}
          options={(['template', 'text'] as const).map((written) => ({ value: written, label: t(`send.contents.${written}`) }))}
          onChange={(value) => {
            setContent(value as Content);
            form.clearErrors();
          }}
        />
        {content === 'template' ? (
          <>
            <FormSelectField
              control={control}
              name="event"
              label={t('send.template')}
              placeholder={t('send.chooseTemplate')}
              options={manualEvents(draft.audience).map((event) => ({ value: event, label: t(`events.${event}`) }))}
            />
            {draft.event ? <p className="field__description">{t(`eventDescriptions.${draft.event}`)}</p> : null}
            <FormTextAreaField control={control} name="notes" label={t('send.notes')} description={t('send.notesHint')} rows={4} />
          </>
        ) : (
          <>
            <FormTextField control={control} name="subject" label={t('send.subject')} isRequired />
            <FormTextAreaField control={control} name="message" label={t('send.message')} rows={8} />
          </>
        )}
        <FormError message={refusal?.formMessage} />
        <div className="dialog__actions">
          <Button variant="secondary" onPress={close} isDisabled={send.isPending}>
            {t('send.cancel')}
          </Button>
          <Button variant="primary" type="submit" isPending={send.isPending}>
            {t('send.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
