import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { ApplicationDetail } from '../../../shared/api/applications';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { RefusalAlert } from '../../components/refusal-alert';
import { describeRefusal, refusalBesideFields } from '../../lib/error-translator';
import { useInspectorateDecision, type InspectorateDecision } from './api';

export interface DecisionDialogProps {
  application: ApplicationDetail;
  decision: InspectorateDecision;
  onClose(done: boolean): void;
  onReload(): void;
}

/** Confirms an approval (notes optional) or a rejection (the reason is required and checked before anything is sent). */
export function DecisionDialog({ application, decision, onClose, onReload }: DecisionDialogProps) {
  const { t } = useTranslation(['inspectorate', 'applications', 'errors']);
  const run = useInspectorateDecision(application.id);
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const rejecting = decision === 'inspectorate_reject';
  const refusal = run.error
    ? describeRefusal(run.error, t, { 403: t('inspectorate:refusal.forbidden'), 404: t('inspectorate:refusal.notFound'), 412: t('inspectorate:refusal.stale') })
    : null;
  // The notes' refusal sits under the notes; the rest of the refusal above the buttons.
  const refusedNotes = refusal?.fieldErrors.notes?.[0] ?? null;
  const refusedElse = refusal ? refusalBesideFields(refusal, ['notes']) : null;
  const title = t(rejecting ? 'decision.rejectTitle' : 'decision.approveTitle');

  const submit = () => {
    const text = notes.trim();
    if (rejecting && !text) {
      setNotesError(t('decision.notesRequired'));
      return;
    }
    setNotesError(null);
    run.mutate({ decision, version: application.version, notes: text || undefined }, { onSuccess: () => onClose(true) });
  };

  const shownNotesError = notesError ?? refusedNotes;
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose(false)} title={title} isBusy={run.isPending}>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>{t(rejecting ? 'decision.rejectText' : 'decision.approveText', { reference: application.reference, applicant: application.applicant.full_name })}</p>
        <AriaTextField
          name="notes"
          value={notes}
          onChange={(value) => {
            setNotes(value);
            setNotesError(null);
          }}
          isInvalid={shownNotesError !== null}
          className="field"
        >
          <Label className="field__label">{t(rejecting ? 'decision.reason' : 'decision.notesOptional')}</Label>
          {/* The reason is checked on submit with our own words, not the browser's. */}
          <TextArea className="field__input" rows={4} />
          <FieldError className="field__error">{shownNotesError}</FieldError>
        </AriaTextField>
        {refusal && (refusedElse !== null || refusal.offerReload) ? (
          <RefusalAlert
            message={refusedElse ?? refusal.message}
            reload={
              refusal.offerReload
                ? {
                    label: t('panel.reload'),
                    onReload: () => {
                      onReload();
                      onClose(false);
                    },
                  }
                : null
            }
          />
        ) : null}
        <div className="dialog__actions">
          <Button onPress={() => onClose(false)} isDisabled={run.isPending}>
            {t('decision.cancel')}
          </Button>
          <Button type="submit" variant={rejecting ? 'danger' : 'primary'} isPending={run.isPending}>
            {t(rejecting ? 'decision.reject' : 'decision.approve')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
