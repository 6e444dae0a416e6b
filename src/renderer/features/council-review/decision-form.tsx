import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { CouncilApplicationReview } from '../../../shared/api/council-review';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { notifySuccess } from '../../components/toast';
import { useFormat } from '../../lib/format';
import { useCouncilAction } from './api';
import { describeCouncilRefusal } from './refusals';

/**
 * The council's decision: comments (required), review notes, approved or rejected, who took part
 * (the members without a conflict of interest, all ticked to begin with) and optionally the meeting.
 * The server checks the quorum again (council-quorum.ts); the form says beforehand when too few are ticked.
 */
export function DecisionForm({ review, onReload }: { review: CouncilApplicationReview; onReload(): void }) {
  const { t } = useTranslation('council-review');
  const format = useFormat();
  const council = review.council!;
  const eligible = council.members.filter((member) => !member.conflict);
  const run = useCouncilAction(review.application.id);
  const [comments, setComments] = useState('');
  const [notes, setNotes] = useState('');
  const [outcome, setOutcome] = useState<'approved' | 'rejected' | ''>('');
  const [participants, setParticipants] = useState<ReadonlySet<number>>(() => new Set(eligible.map((member) => member.id)));
  const [meeting, setMeeting] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const refusal = run.error ? describeCouncilRefusal(run.error, t) : null;
  const fieldErrors = { ...refusal?.fieldErrors, ...problems };

  const toggle = (id: number, selected: boolean) => {
    const next = new Set(participants);
    if (selected) next.add(id);
    else next.delete(id);
    setParticipants(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!comments.trim()) found.notes = t('fieldMessages.commentsRequired');
    if (!outcome) found.outcome = t('fieldMessages.outcomeRequired');
    if (participants.size === 0) found.participant_ids = t('fieldMessages.participantsRequired');
    else if (participants.size < council.quorum) found.participant_ids = t('refusals.quorum_not_met', { quorum: council.quorum, count: participants.size });
    setProblems(found);
    if (Object.keys(found).length > 0 || !outcome) return;
    run.mutate(
      {
        action: 'record_council_decision',
        body: {
          version: review.application.version,
          notes: comments.trim(),
          outcome,
          participant_ids: eligible.filter((member) => participants.has(member.id)).map((member) => member.id),
          meeting_id: meeting ? Number(meeting) : null,
          ...(notes.trim() ? { review_notes: notes.trim() } : {}),
        },
      },
      { onSuccess: () => notifySuccess('saved', t('review.decisionRecorded')) },
    );
  };

  return (
    <form className="council-review__form" onSubmit={submit} noValidate aria-label={t('review.decisionForm')}>
      {refusal && Object.keys(refusal.fieldErrors).length === 0 ? (
        <Alert tone="error" title={refusal.message}>
          {refusal.offerReload ? <Button onPress={onReload}>{t('review.reload')}</Button> : null}
        </Alert>
      ) : null}
      <TextAreaField label={t('review.form.comments')} value={comments} onChange={setComments} errorMessage={fieldErrors.notes} rows={4} />
      <TextAreaField label={t('review.form.reviewNotes')} description={t('review.form.reviewNotesHelp')} value={notes} onChange={setNotes} errorMessage={fieldErrors.review_notes} />
      <RadioGroup
        className="radio-group field"
        value={outcome}
        onChange={(value) => setOutcome(value as 'approved' | 'rejected')}
        isInvalid={fieldErrors.outcome ? true : undefined}
        aria-describedby={fieldErrors.outcome ? 'decision-outcome-error' : undefined}
      >
        <Label className="field__label">{t('review.form.outcome')}</Label>
        <Radio value="approved" className="radio">
          {t('outcome.approved')}
        </Radio>
        <Radio value="rejected" className="radio">
          {t('outcome.rejected')}
        </Radio>
        {fieldErrors.outcome ? (
          <p id="decision-outcome-error" className="field__error">
            {fieldErrors.outcome}
          </p>
        ) : null}
      </RadioGroup>
      <fieldset className="council-review__participants" aria-describedby={fieldErrors.participant_ids ? 'decision-participants-error' : undefined}>
        <legend className="field__label">{t('review.form.participants', { quorum: council.quorum })}</legend>
        {eligible.map((member) => (
          <Checkbox key={member.id} isSelected={participants.has(member.id)} onChange={(selected) => toggle(member.id, selected)}>
            {member.is_chair ? t('review.form.chair', { name: member.full_name }) : member.full_name}
          </Checkbox>
        ))}
        {fieldErrors.participant_ids ? (
          <p id="decision-participants-error" className="field__error">
            {fieldErrors.participant_ids}
          </p>
        ) : null}
      </fieldset>
      <SelectField
        label={t('review.form.meeting')}
        value={meeting}
        onChange={setMeeting}
        emptyLabel={t('review.form.noMeeting')}
        options={review.meetings.map((m) => ({ value: String(m.id), label: `${format.dateTime(m.scheduled_at)} · ${m.place} (${t(`meetingStatus.${m.status}`)})` }))}
        errorMessage={fieldErrors.meeting_id}
      />
      <div>
        <Button type="submit" variant="primary" isPending={run.isPending}>
          {t('review.form.submit')}
        </Button>
      </div>
    </form>
  );
}
