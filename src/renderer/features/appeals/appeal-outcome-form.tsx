import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { appealOutcomeInput, type AppealDetail, type AppealOutcome } from '../../../shared/api/appeals';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { FormRootError, FormSelectField, FormTextAreaField } from '../../components/form-fields';
import { RefusalAlert } from '../../components/refusal-alert';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useDecideAppeal } from './api';

interface OutcomeValues {
  outcome: Exclude<AppealOutcome, 'changed'> | '';
  reason: string;
}

/**
 * Recording an appeal's outcome: upheld, or rejected as late (a late appeal not accepted for
 * review), with the reason the applicant is told; a confirmation names the outcome before it is
 * sent, as it cannot be undone. A changed decision is made in the decision builder (linked).
 */
export function AppealOutcomeForm({ appeal, onReload }: { appeal: AppealDetail; onReload(): void }) {
  const { t } = useTranslation('appeals');
  const run = useDecideAppeal(appeal.id);
  const [confirming, setConfirming] = useState<{ outcome: AppealOutcome; reason: string } | null>(null);
  const offered = appeal.may_decide.filter((outcome): outcome is OutcomeValues['outcome'] & AppealOutcome => outcome !== 'changed');
  const form = useSchemaForm<OutcomeValues>({
    schema: appealOutcomeInput,
    defaultValues: { outcome: offered.length === 1 ? offered[0]! : '', reason: '' },
    toRequest: (values) => ({ outcome: values.outcome || undefined, reason: values.reason, version: appeal.version }),
    refusal: run.error,
    onEdited: () => {
      if (run.error) run.reset();
    },
    describe: (issue, translate) => (issue.path[0] === 'outcome' ? translate('appeals:outcomeForm.outcomeRequired') : undefined),
  });
  const refusal = run.error ? describeRefusal(run.error, t) : null;
  const send = () => {
    if (!confirming) return;
    run.mutate(
      { outcome: confirming.outcome, reason: confirming.reason, version: appeal.version },
      {
        onSuccess: () => {
          setConfirming(null);
          notifySuccess('saved', t('outcomeForm.done', { outcome: t(`outcome.${confirming.outcome}`) }));
        },
        onError: () => setConfirming(null),
      },
    );
  };

  return (
    <section className="card" aria-labelledby="appeal-outcome">
      <Heading level={2} id="appeal-outcome" className="card__title">
        {t('outcomeForm.title')}
      </Heading>
      {refusal && Object.keys(refusal.fieldErrors).length === 0 ? <RefusalAlert title={t('outcomeForm.notSaved')} message={refusal.message} reload={refusal.offerReload ? { label: t('reload'), onReload } : null} /> : null}
      {appeal.may_decide.includes('changed') ? (
        <p>
          {t('outcomeForm.changedHelp')} <Link to={`/appeals/${appeal.id}/decision`}>{t('outcomeForm.changeDecision')}</Link>
        </p>
      ) : null}
      {offered.length > 0 ? (
        <Form className="form" validationBehavior="aria" onSubmit={(event) => void form.handleSubmit((request) => setConfirming(request as { outcome: AppealOutcome; reason: string }))(event)}>
          <FormSelectField control={form.control} name="outcome" label={t('outcomeForm.outcome')} emptyLabel={t('outcomeForm.chooseOutcome')} options={offered.map((outcome) => ({ value: outcome, label: t(`outcome.${outcome}`) }))} />
          <FormTextAreaField control={form.control} name="reason" label={t('outcomeForm.reason')} description={t('outcomeForm.reasonHelp')} rows={4} />
          <FormRootError control={form.control} />
          <div className="action-list">
            <Button type="submit" variant="primary">
              {t('outcomeForm.submit')}
            </Button>
          </div>
        </Form>
      ) : null}
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={t('outcomeForm.confirmTitle')}
        message={confirming ? t('outcomeForm.confirm', { outcome: t(`outcome.${confirming.outcome}`), reference: appeal.application.reference }) : ''}
        confirmLabel={confirming ? t('outcomeForm.confirmLabel', { outcome: t(`outcome.${confirming.outcome}`) }) : ''}
        isDestructive={confirming?.outcome === 'rejected_late'}
        isPending={run.isPending}
        onConfirm={send}
      />
    </section>
  );
}
