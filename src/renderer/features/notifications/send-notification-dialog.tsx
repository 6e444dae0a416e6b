import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationKind, SendNotificationRequest } from '../../../shared/api/notifications';
import { NOTIFICATION_EVENT_DEFINITIONS, NOTIFICATION_EVENTS, type NotificationEvent } from '../../../shared/domain/notification-events';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { describeRefusal, firstMessageByField } from '../../lib/error-translator';
import { useApplicationSearch, useSendNotification, useStaffSearch } from './api';
import { RecipientSearch, type RecipientOption } from './recipient-search';

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
  recipient: RecipientOption | null;
  kind: NotificationKind;
  content: Content;
  event: NotificationEvent | '';
  notes: string;
  subject: string;
  message: string;
}

const EMPTY: Draft = { audience: 'applicant', recipient: null, kind: 'email', content: 'template', event: '', notes: '', subject: '', message: '' };

/** The request of a complete draft, or the fields still missing. */
function requestOf(draft: Draft): { request: SendNotificationRequest } | { missing: (keyof Draft)[] } {
  const missing: (keyof Draft)[] = [];
  if (!draft.recipient) missing.push('recipient');
  if (draft.content === 'template' && !draft.event) missing.push('event');
  if (draft.content === 'text' && !draft.subject.trim()) missing.push('subject');
  if (draft.content === 'text' && !draft.message.trim()) missing.push('message');
  if (missing.length > 0 || !draft.recipient) return { missing };
  const recipient: SendNotificationRequest['recipient'] =
    draft.audience === 'applicant' ? { type: 'applicant', application_id: draft.recipient.id } : { type: 'staff', user_id: draft.recipient.id };
  const content =
    draft.content === 'template'
      ? { event: draft.event as NotificationEvent, ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}) }
      : { subject: draft.subject.trim(), message: draft.message.trim() };
  return { request: { kind: draft.kind, recipient, ...content } };
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
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [search, setSearch] = useState('');
  const send = useSendNotification();
  const applications = useApplicationSearch(draft.audience === 'applicant' && isOpen ? search : '');
  const staff = useStaffSearch(draft.audience === 'staff' && isOpen ? search : '');
  const refusal = send.error ? describeRefusal(send.error, t) : null;
  const refusedFields = firstMessageByField(refusal?.fieldErrors ?? {});

  const update = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const close = () => {
    setDraft(EMPTY);
    setChecked(false);
    setSearch('');
    send.reset();
    onOpenChange(false);
  };
  const options: RecipientOption[] =
    draft.audience === 'applicant'
      ? (applications.data ?? []).map((application) => ({ id: application.id, label: `${application.reference} — ${application.applicant.full_name}` }))
      : (staff.data ?? []).map((person) => ({ id: person.id, label: `${person.full_name} (${person.username})` }));

  const outcome = requestOf(draft);
  const missing = new Set('missing' in outcome ? outcome.missing : []);
  const required = (field: keyof Draft) => (checked && missing.has(field) ? t('messages.required') : undefined);
  const submit = () => {
    setChecked(true);
    if ('request' in outcome) send.mutate({ request: outcome.request, language: i18n.language }, { onSuccess: () => (close(), onSent()) });
  };

  return (
    <Dialog holdsUnsavedWork isOpen={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : close())} title={t('send.title')} size="wide" isBusy={send.isPending}>
      <form
        className="form send-notification"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SelectField
          label={t('send.audience')}
          value={draft.audience}
          options={(['applicant', 'staff'] as const).map((audience) => ({ value: audience, label: t(`send.audiences.${audience}`) }))}
          onChange={(value) => {
            const audience = value as Audience;
            setSearch('');
            update({ audience, recipient: null, kind: 'email', event: '' });
          }}
        />
        <RecipientSearch
          key={draft.audience}
          label={draft.audience === 'applicant' ? t('send.application') : t('send.staff')}
          description={draft.audience === 'applicant' ? t('send.applicationHint') : t('send.staffHint')}
          openLabel={t('send.showMatches')}
          emptyText={t('send.noMatches')}
          options={options}
          onSearch={setSearch}
          selected={draft.recipient}
          onSelect={(recipient) => update({ recipient })}
          errorMessage={required('recipient') ?? refusedFields.recipient}
        />
        <SelectField
          label={t('send.kind')}
          value={draft.kind}
          options={kindsFor(draft.audience).map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          onChange={(value) => update({ kind: value as NotificationKind })}
          errorMessage={refusedFields.kind}
        />
        <SelectField
          label={t('send.content')}
          value={draft.content}
          options={(['template', 'text'] as const).map((content) => ({ value: content, label: t(`send.contents.${content}`) }))}
          onChange={(value) => update({ content: value as Content })}
        />
        {draft.content === 'template' ? (
          <>
            <SelectField
              label={t('send.template')}
              value={draft.event}
              placeholder={t('send.chooseTemplate')}
              options={manualEvents(draft.audience).map((event) => ({ value: event, label: t(`events.${event}`) }))}
              onChange={(value) => update({ event: value as NotificationEvent })}
              errorMessage={required('event') ?? refusedFields.event}
            />
            {draft.event ? <p className="field__description">{t(`eventDescriptions.${draft.event}`)}</p> : null}
            <TextAreaField label={t('send.notes')} description={t('send.notesHint')} value={draft.notes} onChange={(notes) => update({ notes })} errorMessage={refusedFields.notes} rows={4} />
          </>
        ) : (
          <>
            <TextField label={t('send.subject')} value={draft.subject} onChange={(subject) => update({ subject })} errorMessage={required('subject') ?? refusedFields.subject} isRequired />
            <TextAreaField label={t('send.message')} value={draft.message} onChange={(message) => update({ message })} errorMessage={required('message') ?? refusedFields.message} rows={8} />
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
