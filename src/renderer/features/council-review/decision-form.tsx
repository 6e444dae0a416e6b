import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_REQUESTS, type ActionRequest } from '../../../shared/api/applications';
import type { CouncilApplicationReview } from '../../../shared/api/council-review';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { FormCheckboxGroup, FormRadioGroup, FormRootError, FormSelectField, FormTextAreaField } from '../../components/form-fields';
import { RefusalAlert } from '../../components/refusal-alert';
import { notifySuccess } from '../../components/toast';
import { checkRefusal } from '../../../shared/refusals';
import { describeRefusal, refusalMessage } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { isMissingValue } from '../../lib/zod-issue-message';
import { useCouncilAction } from './api';
import { councilStepWords } from './refusal-words';

type DecisionRequest = ActionRequest<'record_council_decision'> & { notes: string };

interface DecisionValues {
  /** The council's comments: the action's notes. */
  notes: string;
  review_notes: string;
  outcome: 'approved' | 'rejected' | '';
  /** The members ticked, by id as text (a checkbox's value). */
  participant_ids: string[];
  /** A meeting's id as chosen, '' for none. */
  meeting_id: string;
}

// Two rules of the form beside the action's schema: the comments are required for this action
// (the server's workflow says so, not the action's schema, where notes are optional for every
// action), and too few participants for the quorum are said before sending (the server checks
// the quorum again, council-quorum.ts; the request does not carry the quorum). Each is said as the
// server's refusal of the same rule would be, by its code.

/**
 * The council's decision: comments (required), review notes, approved or rejected, who took part
 * (the members without a conflict of interest, all ticked to begin with) and optionally the meeting.
 * The server checks the quorum again (council-quorum.ts); the form says beforehand when too few are ticked.
 * Recording asks for a confirmation naming the outcome; while the file lacks a required document the
 * server refuses the decision, so the form does not offer it (the screen names what is missing).
 */
export function DecisionForm({ review, onReload }: { review: CouncilApplicationReview; onReload(): void }) {
  const { t } = useTranslation('council-review');
  const format = useFormat();
  const council = review.council!;
  const eligible = council.members.filter((member) => !member.conflict);
  const run = useCouncilAction(review.application.id);
  const request = ACTION_REQUESTS.record_council_decision;
  const schema = request.extend({ notes: request.shape.notes.unwrap().min(1) }).superRefine((body, context) => {
    const count = body.participant_ids.length;
    if (count > 0 && count < council.quorum) context.addIssue({ code: 'custom', path: ['participant_ids'], params: checkRefusal('council_review_quorum_not_met', { quorum: council.quorum, count }), input: count });
  });
  const form = useSchemaForm<DecisionValues, DecisionRequest>({
    schema,
    defaultValues: { notes: '', review_notes: '', outcome: '', participant_ids: eligible.map((member) => String(member.id)), meeting_id: '' },
    toRequest: (values) => ({
      version: review.application.version,
      notes: values.notes,
      outcome: values.outcome,
      // In the council's order, whatever order they were ticked in.
      participant_ids: eligible.filter((member) => values.participant_ids.includes(String(member.id))).map((member) => member.id),
      meeting_id: values.meeting_id ? Number(values.meeting_id) : null,
      ...(values.review_notes.trim() ? { review_notes: values.review_notes } : {}),
    }),
    refusal: run.error,
    describe: (issue, translate) => {
      if (issue.path[0] === 'notes' && isMissingValue(issue)) return refusalMessage('notes_required_council', {}, translate);
      if (issue.path[0] === 'outcome') return translate('council-review:fieldMessages.outcomeRequired');
      if (issue.path[0] === 'participant_ids' && issue.code === 'too_small') return translate('council-review:fieldMessages.participantsRequired');
      return undefined;
    },
  });
  const { control } = form;
  // The server's refusal: its field errors on their fields (the form's `refusal`), the rest above the form.
  const refusal = run.error ? describeRefusal(run.error, t, councilStepWords(t)) : null;

  // A decision is not taken back: the member confirms it, with its outcome named, before it is sent.
  const [confirming, setConfirming] = useState<DecisionRequest | null>(null);
  const record = (body: DecisionRequest) =>
    run.mutate(
      { action: 'record_council_decision', body },
      { onSuccess: () => notifySuccess('saved', t('review.decisionRecorded')), onSettled: () => setConfirming(null) },
    );
  const blocked = review.missing_documents.length > 0;

  return (
    <form className="council-review__form" onSubmit={(event) => void form.handleSubmit((body) => setConfirming(body))(event)} noValidate aria-label={t('review.decisionForm')}>
      {refusal && Object.keys(refusal.fieldErrors).length === 0 ? (
        <RefusalAlert message={refusal.message} reload={refusal.offerReload ? { label: t('review.reload'), onReload } : null} />
      ) : null}
      <FormTextAreaField control={control} name="notes" label={t('review.form.comments')} rows={4} />
      <FormTextAreaField control={control} name="review_notes" label={t('review.form.reviewNotes')} description={t('review.form.reviewNotesHelp')} />
      <FormRadioGroup
        control={control}
        name="outcome"
        label={t('review.form.outcome')}
        options={[
          { value: 'approved', label: t('outcome.approved') },
          { value: 'rejected', label: t('outcome.rejected') },
        ]}
      />
      <FormCheckboxGroup
        control={control}
        name="participant_ids"
        label={t('review.form.participants', { quorum: council.quorum })}
        options={eligible.map((member) => ({ value: String(member.id), label: member.is_chair ? t('review.form.chair', { name: member.full_name }) : member.full_name }))}
      />
      <FormSelectField
        control={control}
        name="meeting_id"
        label={t('review.form.meeting')}
        emptyLabel={t('review.form.noMeeting')}
        options={review.meetings.map((m) => ({ value: String(m.id), label: `${format.dateTime(m.scheduled_at)} · ${m.place} (${t(`meetingStatus.${m.status}`)})` }))}
      />
      <FormRootError control={control} />
      <div>
        <Button type="submit" variant="primary" isPending={run.isPending} isDisabled={blocked}>
          {t('review.form.submit')}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setConfirming(null))}
        title={t('review.confirm.title', { outcome: confirming ? t(`outcome.${confirming.outcome}`) : '' })}
        message={t('review.confirm.message', { count: confirming?.participant_ids.length ?? 0 })}
        confirmLabel={t('review.confirm.record')}
        isPending={run.isPending}
        onConfirm={() => confirming && record(confirming)}
      />
    </form>
  );
}
