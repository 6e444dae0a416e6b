import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useController } from 'react-hook-form';
import { Form, Heading } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DetailsList } from '../../components/details-list';
import { Dialog } from '../../components/dialog';
import { DownloadButton } from '../../components/download-button';
import { FormDateField, FormFieldMessage, FormRootError, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { PdfUpload } from '../../components/pdf-upload';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { COUNCIL_MEETING_STATUSES, meetingUpdate, type CouncilDetail, type CouncilMeeting, type CouncilMeetingStatus, type MeetingUpdate } from '../../../shared/api/councils';
import { useMeeting, useMeetingSaved, useUpdateMeeting } from './api';
import { dayAndTime, meetingInstant } from './meeting-time';

/** One meeting: agenda, attendance, status, minutes (upload and download) and the decisions taken at it. */
export function MeetingDialog({ meetingId, council, onClose }: { meetingId: number; council: CouncilDetail; onClose(): void }) {
  const { t } = useTranslation(['councils', 'common']);
  const meeting = useMeeting(meetingId);
  // The panel keeps what was typed while the meeting changes under it (minutes uploaded, a
  // refetch); only the Reload after someone else's change starts the form again from the server.
  const [generation, setGeneration] = useState(0);
  const reload = () => void meeting.refetch().then(() => setGeneration((value) => value + 1));
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={t('meeting.title')} size="wide">
      {meeting.isPending ? <Spinner label={t('common:loading')} /> : null}
      {meeting.isError ? <Alert tone="error">{translateError(meeting.error, t).message}</Alert> : null}
      {meeting.data ? (
        <MeetingPanel key={generation} meeting={meeting.data} council={council} reload={reload} />
      ) : null}
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onClose}>
          {t('meeting.close')}
        </Button>
      </div>
    </Dialog>
  );
}

function MeetingPanel({ meeting, council, reload }: { meeting: CouncilMeeting; council: CouncilDetail; reload(): void }) {
  const { t } = useTranslation(['councils', 'applications', 'common']);
  const format = useFormat();
  const saved = useMeetingSaved();
  return (
    <div className="meeting-panel">
      <DetailsList
        rows={[
          [t('meeting.date'), format.dateTime(meeting.scheduled_at)],
          [t('meeting.place'), meeting.place],
          [t('meeting.status'), t(`meetingStatus.${meeting.status}`)],
          [t('meeting.notes'), meeting.notes],
        ]}
      />
      <section aria-labelledby="meeting-agenda">
        <Heading level={3} id="meeting-agenda" className="meeting-panel__title">
          {t('meeting.agendaTitle', { count: meeting.agenda.length })}
        </Heading>
        {meeting.agenda.length === 0 ? (
          <p>{t('meeting.agendaEmpty')}</p>
        ) : (
          <ol className="meeting-panel__list">
            {meeting.agenda.map((item) => (
              <li key={item.application_id}>
                <Link to={`/councils/applications/${item.application_id}`}>{item.reference}</Link> — {item.applicant_name} ({t(`applications:status.${item.status}`)})
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="meeting-minutes">
        <Heading level={3} id="meeting-minutes" className="meeting-panel__title">
          {t('meeting.minutes')}
        </Heading>
        {meeting.minutes ? (
          <>
            <p>
              {t('meeting.minutesFile', {
                name: meeting.minutes.file_name,
                size: format.fileSize(meeting.minutes.size),
                date: meeting.minutes.uploaded_at ? format.dateTime(meeting.minutes.uploaded_at) : '—',
                by: meeting.minutes.uploaded_by_name ?? '—',
              })}
            </p>
            <div className="council-form__row">
              <DownloadButton source="council_minutes" documentId={meeting.id} fileName={meeting.minutes.file_name} action="open" />
              <DownloadButton source="council_minutes" documentId={meeting.id} fileName={meeting.minutes.file_name} />
            </div>
          </>
        ) : (
          <p>{t('meeting.noMinutes')}</p>
        )}
        {meeting.can_manage ? (
          <PdfUpload
            label={meeting.minutes ? t('meeting.replaceMinutes') : t('meeting.uploadMinutes')}
            target={{ type: 'council_minutes', meeting_id: meeting.id, version: meeting.version }}
            onMinutesUploaded={(answer) => {
              notifySuccess('uploaded', answer.minutes?.file_name);
              saved(answer);
            }}
          />
        ) : null}
      </section>
      <section aria-labelledby="meeting-decisions">
        <Heading level={3} id="meeting-decisions" className="meeting-panel__title">
          {t('meeting.decisionsTitle')}
        </Heading>
        {meeting.decisions.length === 0 ? (
          <p>{t('meeting.noDecisions')}</p>
        ) : (
          <ul className="meeting-panel__list">
            {meeting.decisions.map((decision) => (
              <li key={decision.id}>
                <Link to={`/councils/applications/${decision.application_id}`}>{decision.application_reference}</Link>: {t(`outcome.${decision.outcome}`)} — {decision.comments}
              </li>
            ))}
          </ul>
        )}
      </section>
      {meeting.can_manage ? <MeetingChangeForm meeting={meeting} council={council} reload={reload} /> : <AttendanceList meeting={meeting} />}
    </div>
  );
}

function AttendanceList({ meeting }: { meeting: CouncilMeeting }) {
  const { t } = useTranslation('councils');
  return (
    <section aria-labelledby="meeting-attendance">
      <Heading level={3} id="meeting-attendance" className="meeting-panel__title">
        {t('meeting.attendance')}
      </Heading>
      <ul className="meeting-panel__list">
        {meeting.attendance.map((row) => (
          <li key={row.user_id}>
            {row.name}: {row.present === null ? t('meeting.notRecorded') : t(row.present ? 'meeting.present' : 'meeting.absent')}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface MeetingChangeValues {
  day: string | null;
  time: string;
  place: string;
  status: CouncilMeetingStatus;
  notes: string;
  /** The chosen applications' ids, as the menu holds them. */
  agenda: string[];
  /** The members ticked present. */
  present: number[];
  /** Never typed: where the message about the day and time (the request's scheduled_at) is shown. */
  scheduled_at?: string;
}

/** The form field a request path is shown on: the instant under the day and time, a row of a list with its list. */
function meetingChangeFieldOf(path: string): string | null {
  const field = path.split('.')[0] ?? '';
  if (field === 'attendance') return 'present';
  return ['scheduled_at', 'place', 'status', 'notes', 'agenda'].includes(field) ? field : null;
}

/** The chair's (or a council administrator's) changes: date, place, status, agenda, attendance, notes. */
function MeetingChangeForm({ meeting, council, reload }: { meeting: CouncilMeeting; council: CouncilDetail; reload(): void }) {
  const { t } = useTranslation(['councils', 'common']);
  const update = useUpdateMeeting(meeting.id);
  const start = dayAndTime(meeting.scheduled_at);
  const members = meeting.attendance.filter((row) => row.is_member);
  const form = useSchemaForm<MeetingChangeValues, MeetingUpdate>({
    schema: meetingUpdate,
    defaultValues: {
      day: start.day,
      time: start.time,
      place: meeting.place,
      status: meeting.status,
      notes: meeting.notes,
      agenda: meeting.agenda.map((item) => String(item.application_id)),
      present: members.filter((row) => row.present === true).map((row) => row.user_id),
    },
    // The version is the meeting's latest (uploaded minutes make a new one), read when sending; a
    // day and time that make no instant are sent as none, which the schema refuses.
    toRequest: (values) => ({
      version: meeting.version,
      scheduled_at: meetingInstant(values.day, values.time) ?? '',
      place: values.place.trim(),
      status: values.status,
      notes: values.notes.trim(),
      agenda: values.agenda.map(Number),
      attendance: members.map((row) => ({ user_id: row.user_id, present: values.present.includes(row.user_id) })),
    }),
    fieldOf: meetingChangeFieldOf,
    describe: (issue, translate) => (issue.path[0] === 'scheduled_at' ? translate('councils:meeting.whenInvalid') : undefined),
    refusal: update.error,
    onEdited: () => update.error && update.reset(),
  });
  const { control } = form;
  const { field: agenda } = useController({ control, name: 'agenda' });
  const { field: present } = useController({ control, name: 'present' });

  const refusal = update.error ? translateError(update.error, t) : null;
  const stale = refusal?.status === 412;
  const formMessage = refusal && Object.keys(refusal.fieldErrors).length === 0 ? refusal.message : null;

  // The agenda may take the council's applications under review and keeps what it already holds.
  const agendaOptions = new Map<string, string>();
  for (const item of meeting.agenda) agendaOptions.set(String(item.application_id), `${item.reference} — ${item.applicant_name}`);
  for (const application of council.applications) agendaOptions.set(String(application.id), `${application.reference} — ${application.applicant_name}`);

  const submit = (request: MeetingUpdate) => update.mutate(request, { onSuccess: () => notifySuccess('saved', t('meeting.title')) });

  return (
    <Form className="form meeting-panel__form" validationBehavior="aria" aria-labelledby="meeting-change" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Heading level={3} id="meeting-change" className="meeting-panel__title">
        {t('meeting.change')}
      </Heading>
      <div className="council-form__row">
        <FormDateField control={control} name="day" label={t('meeting.day')} isRequired />
        <FormTextField control={control} name="time" label={t('meeting.time')} isRequired />
        <FormSelectField control={control} name="status" label={t('meeting.status')} options={COUNCIL_MEETING_STATUSES.map((value) => ({ value, label: t(`meetingStatus.${value}`) }))} />
      </div>
      <FormFieldMessage control={control} name="scheduled_at" />
      <FormTextField control={control} name="place" label={t('meeting.place')} />
      <MultiSelectMenu
        label={t('meeting.agenda')}
        emptySummary={t('meeting.noAgenda')}
        options={[...agendaOptions].map(([value, label]) => ({ value, label }))}
        selected={agenda.value}
        onChange={agenda.onChange}
      />
      <FormFieldMessage control={control} name="agenda" />
      <fieldset className="form-group">
        <legend>{t('meeting.attendance')}</legend>
        {members.map((row) => (
          <Checkbox
            key={row.user_id}
            isSelected={present.value.includes(row.user_id)}
            onChange={(on) => present.onChange(on ? [...present.value, row.user_id] : present.value.filter((id) => id !== row.user_id))}
          >
            {row.is_chair ? t('meeting.chairName', { name: row.name }) : row.name}
          </Checkbox>
        ))}
      </fieldset>
      <FormFieldMessage control={control} name="present" />
      <FormTextAreaField control={control} name="notes" label={t('meeting.notes')} />
      <FormRootError control={control} message={formMessage} />
      {stale ? (
        <div>
          <Button variant="secondary" onPress={reload}>
            {t('form.reload')}
          </Button>
        </div>
      ) : null}
      <div className="form-actions">
        <Button type="submit" variant="primary" isPending={update.isPending}>
          {t('meeting.save')}
        </Button>
      </div>
    </Form>
  );
}
