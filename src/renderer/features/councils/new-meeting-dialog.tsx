import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../components/button';
import { DatePickerField } from '../../components/date-picker-field';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { COUNCIL_LIMITS, type CouncilDetail } from '../../../shared/api/councils';
import { useCreateMeeting } from './api';
import { councilMessage } from './council-form';
import { meetingInstant } from './meeting-time';

/** "New meeting": date, time, place, an agenda of the council's applications under review, notes. */
export function NewMeetingDialog({ council, onClose, onCreated }: { council: CouncilDetail; onClose(): void; onCreated(meetingId: number): void }) {
  const { t } = useTranslation(['councils', 'common']);
  const create = useCreateMeeting(council.id);
  const [day, setDay] = useState<string | null>(null);
  const [time, setTime] = useState('10:00');
  const [place, setPlace] = useState('');
  const [agenda, setAgenda] = useState<string[]>([]);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'when' | 'place' | 'agenda', string>>>({});

  const refusal = create.error ? translateError(create.error, t) : null;
  const serverField = (name: string) => {
    const entry = Object.entries(refusal?.fieldErrors ?? {}).find(([path]) => path === name || path.startsWith(`${name}.`));
    return entry?.[1][0] ? councilMessage(entry[1][0], t) : undefined;
  };
  const formMessage = refusal && Object.keys(refusal.fieldErrors).length === 0 ? refusal.message : null;

  const submit = () => {
    const found: typeof errors = {};
    const scheduledAt = meetingInstant(day, time);
    if (!scheduledAt) found.when = t('meeting.whenInvalid');
    if (place.trim() === '') found.place = t('messages.required');
    else if (place.trim().length > COUNCIL_LIMITS.place) found.place = t('form.tooLong', { count: COUNCIL_LIMITS.place });
    setErrors(found);
    if (Object.keys(found).length > 0 || !scheduledAt) return;
    create.mutate(
      { scheduled_at: scheduledAt, place: place.trim(), agenda: agenda.map(Number), notes: notes.trim() },
      {
        onSuccess: (meeting) => {
          notifySuccess('created', t('meeting.createdToast'));
          onCreated(meeting.id);
        },
      },
    );
  };

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('meeting.newTitle', { council: council.name })} isBusy={create.isPending} size="wide">
      <Form
        className="form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="council-form__row">
          <DatePickerField label={t('meeting.day')} value={day} onChange={setDay} />
          <TextField label={t('meeting.time')} description={t('meeting.timeHelp')} value={time} onChange={setTime} />
        </div>
        {errors.when ?? serverField('scheduled_at') ? <p className="field__error council-form__error">{errors.when ?? serverField('scheduled_at')}</p> : null}
        <TextField label={t('meeting.place')} value={place} onChange={setPlace} errorMessage={errors.place ?? serverField('place')} isRequired />
        <MultiSelectMenu
          label={t('meeting.agenda')}
          emptySummary={t('meeting.noAgenda')}
          options={council.applications.map((application) => ({ value: String(application.id), label: `${application.reference} — ${application.applicant_name}` }))}
          selected={agenda}
          onChange={setAgenda}
        />
        {serverField('agenda') ? <p className="field__error council-form__error">{serverField('agenda')}</p> : null}
        <TextAreaField label={t('meeting.notes')} value={notes} onChange={setNotes} errorMessage={serverField('notes')} />
        <FormError message={formMessage} />
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={create.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={create.isPending}>
            {t('meeting.schedule')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
