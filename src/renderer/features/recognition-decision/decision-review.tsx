import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import type { ApplicationDetail } from '../../../shared/api/applications';
import { isPositiveOutcome, type RecognitionDecision } from '../../../shared/api/recognition-decisions';
import { Button } from '../../components/button';
import { RefusalAlert } from '../../components/refusal-alert';
import { TextAreaField } from '../../components/text-area-field';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useDecisionAction } from './api';

/**
 * The agency officer's review of a prepared decision: approve it as it stands (a recognising
 * outcome approves the application, a non-recognition rejects it), or send it back with the
 * reason, for the officer to change and prepare again.
 */
export function DecisionReview({ application, decision, onReload }: { application: ApplicationDetail; decision: RecognitionDecision; onReload(): void }) {
  const { t } = useTranslation(['decisions', 'applications']);
  const navigate = useNavigate();
  const run = useDecisionAction(application.id);
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const allowed = new Set(application.allowed_actions.map((move) => move.action));
  const approval = isPositiveOutcome(decision.outcome) ? 'approve' : 'reject';
  const refusal = run.error ? describeRefusal(run.error, t, { 403: t('applications:errors.forbidden'), 412: t('applications:errors.stale') }) : null;

  const approve = () =>
    run.mutate({ action: approval, body: { version: application.version, ...(notes.trim() ? { notes } : {}) } }, { onSuccess: () => notifySuccess('updated', t(`review.done.${approval}`)) });
  const sendBack = () => {
    if (!notes.trim()) {
      setNotesError(t('review.reasonRequired'));
      return;
    }
    run.mutate(
      { action: 'send_back', body: { version: application.version, notes } },
      {
        onSuccess: (detail) => {
          notifySuccess('updated', t('review.done.send_back'));
          // Sent back, the application returns to its preparer and leaves an agency officer's view
          // (docs/access.md): with nothing left for them to do on it, they go back to the list.
          if (detail.allowed_actions.length === 0) navigate('/applications');
        },
      },
    );
  };

  return (
    <section className="card" aria-labelledby="decision-review">
      <Heading level={2} id="decision-review" className="card__title">
        {t('review.title')}
      </Heading>
      <p>{t(`review.explain.${approval}`, { outcome: t(`outcome.${decision.outcome}`) })}</p>
      {refusal ? <RefusalAlert message={refusal.message} reload={refusal.offerReload ? { label: t('reload'), onReload } : null} /> : null}
      <TextAreaField
        label={t('review.notes')}
        description={t('review.notesHelp')}
        value={notes}
        onChange={(text) => {
          setNotes(text);
          setNotesError(null);
        }}
        errorMessage={notesError ?? undefined}
        rows={3}
      />
      <div className="action-list">
        {allowed.has(approval) ? (
          <Button variant="primary" isPending={run.isPending && run.variables?.action === approval} isDisabled={run.isPending} onPress={approve}>
            {t(`review.approve.${approval}`)}
          </Button>
        ) : null}
        {allowed.has('send_back') ? (
          <Button variant="secondary" isPending={run.isPending && run.variables?.action === 'send_back'} isDisabled={run.isPending} onPress={sendBack}>
            {t('review.sendBack')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
