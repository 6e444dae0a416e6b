import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { appealAssignment, type AppealDetail } from '../../../shared/api/appeals';
import { Button } from '../../components/button';
import { FormRootError, FormSelectField, FormTextAreaField } from '../../components/form-fields';
import { RefusalAlert } from '../../components/refusal-alert';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useAssignAppeal, useAssigneesFor } from './api';

interface AssignValues {
  /** 'council:3' or 'officer:7'; '' for none. */
  assignee: string;
  late_acceptance_reason: string;
}

/**
 * Sending the appeal to a council or an officer for review (again, to reassign it). The server
 * refuses those who took the decision, naming them; a late appeal not accepted yet asks for the
 * reason it is accepted, the only way it goes on to review.
 */
export function AppealAssignForm({ appeal, onReload }: { appeal: AppealDetail; onReload(): void }) {
  const { t } = useTranslation('appeals');
  const format = useFormat();
  const assignees = useAssigneesFor(appeal.id);
  const run = useAssignAppeal(appeal.id);
  const needsReason = appeal.late && appeal.late_acceptance_reason === null;
  const current = appeal.council ? `council:${appeal.council.id}` : appeal.officer ? `officer:${appeal.officer.id}` : '';
  const form = useSchemaForm<AssignValues>({
    schema: appealAssignment,
    defaultValues: { assignee: current, late_acceptance_reason: '' },
    toRequest: (values) => {
      const [kind, id] = values.assignee.split(':');
      return {
        council_id: kind === 'council' ? Number(id) : null,
        officer_id: kind === 'officer' ? Number(id) : null,
        ...(needsReason ? { late_acceptance_reason: values.late_acceptance_reason.trim() ? values.late_acceptance_reason : null } : {}),
        version: appeal.version,
      };
    },
    fieldOf: (path) => (path === 'council_id' || path === 'officer_id' ? 'assignee' : path === 'late_acceptance_reason' ? path : null),
    refusal: run.error,
    onEdited: () => {
      if (run.error) run.reset();
    },
  });
  const refusal = run.error ? describeRefusal(run.error, t) : null;
  const options = assignees.data
    ? [
        ...format.sortedByName(assignees.data.councils).map((council) => ({ value: `council:${council.id}`, label: t('assignForm.councilOption', { name: format.name(council) }) })),
        ...assignees.data.officers.map((officer) => ({ value: `officer:${officer.id}`, label: t('assignForm.officerOption', { name: officer.full_name }) })),
      ]
    : [];

  return (
    <section className="card" aria-labelledby="appeal-assign">
      <Heading level={2} id="appeal-assign" className="card__title">
        {t(appeal.state === 'registered' ? 'assignForm.title' : 'assignForm.reassignTitle')}
      </Heading>
      {refusal && Object.keys(refusal.fieldErrors).length === 0 ? <RefusalAlert title={t('assignForm.notSaved')} message={refusal.message} reload={refusal.offerReload ? { label: t('reload'), onReload } : null} /> : null}
      <Form
        className="form"
        validationBehavior="aria"
        onSubmit={(event) => void form.handleSubmit((request) => run.mutate(request as Parameters<typeof run.mutate>[0], { onSuccess: () => notifySuccess('saved', t('assignForm.done')) }))(event)}
      >
        {/* Offered once the list is here: typing into a choice whose options are still loading filters nothing. */}
        {assignees.data ? (
          <FormSelectField control={form.control} name="assignee" label={t('assignForm.assignee')} emptyLabel={t('assignForm.chooseAssignee')} isSearchable options={options} />
        ) : (
          <Spinner label={t('common:loading')} />
        )}
        <p className="field__description">{t('assignForm.conflictHelp')}</p>
        {needsReason ? <FormTextAreaField control={form.control} name="late_acceptance_reason" label={t('assignForm.lateReason')} description={t('assignForm.lateReasonHelp')} rows={3} /> : null}
        <FormRootError control={form.control} />
        <div className="action-list">
          <Button type="submit" variant="primary" isPending={run.isPending}>
            {t('assignForm.submit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
