import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DatePickerField } from '../../components/date-picker-field';
import { DetailsList } from '../../components/details-list';
import { Dialog } from '../../components/dialog';
import { DownloadButton } from '../../components/download-button';
import { FormError } from '../../components/form-error';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { PdfUpload } from '../../components/pdf-upload';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { COUNCIL_MEETING_STATUSES, type CouncilDetail, type CouncilMeeting, type CouncilMeetingStatus } from '../../../shared/api/councils';
import { useMeeting, useMeetingSaved, useUpdateMeeting } from './api';
import { councilMessage } from './council-form';
import { dayAndTime, meetingInstant } from './meeting-time';

/** One meeting: agenda, attendance, status, minutes (upload and download) and the decisions taken at it. */
export function MeetingDialog({ meetingId, council, onClose }: { meetingId: number; council: CouncilDetail; onClose(): void }) {
  const { t } = useTranslation(['councils', 'common']);
  const meeting = useMeeting(meetingId);
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title={t('meeting.title')} size="wide">
      {meeting.isPending ? <Spinner label={t('common:loading')} /> : null}
      {meeting.isError ? <Alert tone="error">{translateError(meeting.error, t).message}</Alert> : null}
      {meeting.data ? (
        <MeetingPanel key={meeting.data.version} meeting={meeting.data} council={council} reload={() => void meeting.refetch()} />
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

/** The chair's (or a council administrator's) changes: date, place, status, agenda, attendance, notes. */
function MeetingChangeForm({ meeting, council, reload }: { meeting: CouncilMeeting; council: CouncilDetail; reload(): void }) {
  const { t } = useTranslation(['councils', 'common']);
  const update = useUpdateMeeting(meeting.id);
  const start = dayAndTime(meeting.scheduled_at);
  const [day, setDay] = useState<string | null>(start.day);
  const [time, setTime] = useState(start.time);
  const [place, setPlace] = useState(meeting.place);
  const [status, setStatus] = useState<CouncilMeetingStatus>(meeting.status);
  const [notes, setNotes] = useState(meeting.notes);
  const [agenda, setAgenda] = useState(meeting.agenda.map((item) => String(item.application_id)));
  const [present, setPresent] = useState<Record<number, boolean>>(Object.fromEntries(meeting.attendance.filter((row) => row.is_member).map((row) => [row.user_id, row.present === true])));
  const [problem, setProblem] = useState<string | null>(null);

  const refusal = update.error ? translateError(update.error, t) : null;
  const stale = refusal?.status === 412;
  const fieldMessages = Object.values(refusal?.fieldErrors ?? {}).flatMap((messages) => messages.slice(0, 1).map((message) => councilMessage(message, t)));

  // The agenda may take the council's applications under review and keeps what it already holds.
  const agendaOptions = new Map<string, string>();
  for (const item of meeting.agenda) agendaOptions.set(String(item.application_id), `${item.reference} — ${item.applicant_name}`);
  for (const application of council.applications) agendaOptions.set(String(application.id), `${application.reference} — ${application.applicant_name}`);

  const submit = () => {
    const scheduledAt = meetingInstant(day, time);
    if (!scheduledAt) return setProblem(t('meeting.whenInvalid'));
    if (place.trim() === '') return setProblem(t('meeting.placeRequired'));
    setProblem(null);
    update.mutate(
      {
        version: meeting.version,
        scheduled_at: scheduledAt,
        place: place.trim(),
        status,
        notes: notes.trim(),
        agenda: agenda.map(Number),
        attendance: Object.entries(present).map(([userId, isPresent]) => ({ user_id: Number(userId), present: isPresent })),
      },
      { onSuccess: () => notifySuccess('saved', t('meeting.title')) },
    );
  };

  return (
    <Form
      className="form meeting-panel__form"
      validationBehavior="aria"
      aria-labelledby="meeting-change"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Heading level={3} id="meeting-change" className="meeting-panel__title">
        {t('meeting.change')}
      </Heading>
      <div className="council-form__row">
        <DatePickerField label={t('meeting.day')} value={day} onChange={setDay} />
        <TextField label={t('meeting.time')} value={time} onChange={setTime} />
        <SelectField
          label={t('meeting.status')}
          value={status}
          options={COUNCIL_MEETING_STATUSES.map((value) => ({ value, label: t(`meetingStatus.${value}`) }))}
          onChange={(value) => setStatus(value as CouncilMeetingStatus)}
        />
      </div>
      <TextField label={t('meeting.place')} value={place} onChange={setPlace} isRequired />
      <MultiSelectMenu
        label={t('meeting.agenda')}
        emptySummary={t('meeting.noAgenda')}
        options={[...agendaOptions].map(([value, label]) => ({ value, label }))}
        selected={agenda}
        onChange={setAgenda}
      />
      <fieldset className="council-form__group">
        <legend>{t('meeting.attendance')}</legend>
        {meeting.attendance
          .filter((row) => row.is_member)
          .map((row) => (
            <Checkbox key={row.user_id} isSelected={present[row.user_id] ?? false} onChange={(on) => setPresent((current) => ({ ...current, [row.user_id]: on }))}>
              {row.is_chair ? t('meeting.chairName', { name: row.name }) : row.name}
            </Checkbox>
          ))}
      </fieldset>
      <TextAreaField label={t('meeting.notes')} value={notes} onChange={setNotes} />
      <FormError message={problem ?? (refusal ? (fieldMessages.length > 0 ? null : refusal.message) : null)} details={fieldMessages} />
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
