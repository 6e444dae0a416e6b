import { useTranslation } from 'react-i18next';
import { useController } from 'react-hook-form';
import { Form } from 'react-aria-components';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { FormDateField, FormFieldMessage, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { meetingCreate, type CouncilDetail, type MeetingCreate } from '../../../shared/api/councils';
import { useCreateMeeting } from './api';
import { meetingInstant } from './meeting-time';

interface NewMeetingValues {
  day: string | null;
  time: string;
  place: string;
  /** The chosen applications' ids, as the menu holds them. */
  agenda: string[];
  notes: string;
  /** Never typed: where the message about the day and time (the request's scheduled_at) is shown. */
  scheduled_at?: string;
}

/** The form field a request path is shown on: the instant under the day and time, an agenda entry with the agenda. */
function newMeetingFieldOf(path: string): string | null {
  const field = path.split('.')[0] ?? '';
  return ['scheduled_at', 'place', 'agenda', 'notes'].includes(field) ? field : null;
}

/** "New meeting": date, time, place, an agenda of the council's applications under review, notes. */
export function NewMeetingDialog({ council, onClose, onCreated }: { council: CouncilDetail; onClose(): void; onCreated(meetingId: number): void }) {
  const { t } = useTranslation(['councils', 'common']);
  const format = useFormat();
  const create = useCreateMeeting(council.id);
  const form = useSchemaForm<NewMeetingValues, MeetingCreate>({
    schema: meetingCreate,
    defaultValues: { day: null, time: '10:00', place: '', agenda: [], notes: '' },
    // A day and time that make no instant are sent as none, which the schema refuses.
    toRequest: (values) => ({ scheduled_at: meetingInstant(values.day, values.time) ?? '', place: values.place, agenda: values.agenda.map(Number), notes: values.notes }),
    fieldOf: newMeetingFieldOf,
    describe: (issue, translate) => (issue.path[0] === 'scheduled_at' ? translate('councils:meeting.whenInvalid') : undefined),
    refusal: create.error,
  });
  const { control } = form;
  const { field: agenda } = useController({ control, name: 'agenda' });
  const refusal = create.error ? translateError(create.error, t) : null;
  const formMessage = refusal && Object.keys(refusal.fieldErrors).length === 0 ? refusal.message : null;

  const submit = (request: MeetingCreate) =>
    create.mutate(request, {
      onSuccess: (meeting) => {
        notifySuccess('created', t('meeting.createdToast'));
        onCreated(meeting.id);
      },
    });

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('meeting.newTitle', { council: format.name(council) })} isBusy={create.isPending} size="wide">
      <Form
        className="form"
        validationBehavior="aria"
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <div className="council-form__row">
          <FormDateField control={control} name="day" label={t('meeting.day')} />
          <FormTextField control={control} name="time" label={t('meeting.time')} description={t('meeting.timeHelp')} />
        </div>
        <FormFieldMessage control={control} name="scheduled_at" />
        <FormTextField control={control} name="place" label={t('meeting.place')} isRequired />
        <MultiSelectMenu
          label={t('meeting.agenda')}
          emptySummary={t('meeting.noAgenda')}
          options={council.applications.map((application) => ({ value: String(application.id), label: `${application.reference} — ${application.applicant_name}` }))}
          selected={agenda.value}
          onChange={agenda.onChange}
        />
        <FormFieldMessage control={control} name="agenda" />
        <FormTextAreaField control={control} name="notes" label={t('meeting.notes')} />
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
