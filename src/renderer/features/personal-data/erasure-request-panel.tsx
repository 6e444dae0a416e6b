import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { erasureDecision, erasureRequestCreate, type ErasureDecision, type ErasureItem, type ErasureRequestAnswer, type ErasureRequestCreate } from '../../../shared/api/personal-data';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DetailsList } from '../../components/details-list';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { FormDateField, FormRadioGroup, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { HoldRefusal } from '../../components/legal-hold-panel';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { topField, useSchemaForm } from '../../lib/form';
import { useDecideErasure, useErasureRequest, useRecordErasureRequest } from './api';
import { erasureChoices } from './erasure-list';

// An erasure request on the person's screen: the assessment (per application, may it be erased
// now, and if not, why it is kept) and, until answered, the decision with the legal basis and the
// answer sent; the dialog that records a new request with the day it was received.

const today = () => kosovoDate(new Date());

export function RecordErasureDialog({ personId, onClose, onRecorded }: { personId: number; onClose(): void; onRecorded(id: number): void }) {
  const { t } = useTranslation(['personal-data', 'common']);
  const record = useRecordErasureRequest();
  const form = useSchemaForm<{ applicant_id: number; received_on: string | null }, ErasureRequestCreate>({
    schema: erasureRequestCreate,
    defaultValues: { applicant_id: personId, received_on: today() },
    toRequest: (values) => ({ ...values, received_on: values.received_on ?? '' }),
    fieldOf: topField,
    refusal: record.error,
  });
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('erasure.record')} isBusy={record.isPending}>
      <Form
        validationBehavior="aria"
        onSubmit={(event) =>
          void form.handleSubmit((request) =>
            record.mutate(request, {
              onSuccess: (created) => {
                notifySuccess('created');
                onRecorded(created.id);
                onClose();
              },
            }),
          )(event)
        }
      >
        <div className="dialog__body">
          <p>{t('erasure.recordHint')}</p>
          <FormDateField control={form.control} name="received_on" label={t('fields.receivedOn')} maxValue={today()} isRequired />
          <HoldRefusal error={record.error} />
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={record.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={record.isPending}>
            {t('erasure.recordSubmit')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function ErasureRequestPanel({ requestId }: { requestId: number }) {
  const { t } = useTranslation(['personal-data', 'applications', 'common']);
  const format = useFormat();
  const request = useErasureRequest(requestId);
  const columns = useMemo<DataColumn<ErasureItem>[]>(
    () => [
      { id: 'reference', kind: 'reference', title: t('fields.reference'), isRowHeader: true, text: (row) => row.reference, render: (row) => <Link to={`/applications/${row.application_id}`}>{row.reference}</Link> },
      { id: 'status', kind: 'status', title: t('fields.status'), text: (row) => t(`applications:status.${row.status}`, { defaultValue: row.status }) },
      { id: 'assessment', kind: 'text', title: t('fields.assessment'), wraps: true, text: (row) => (row.keep === null ? t('erasure.mayErase') : t(`erasure.keep.${row.keep}`, { reason: row.hold_reason ?? '' })) },
    ],
    [t],
  );
  return (
    <section className="card" aria-labelledby="erasure-request">
      <h2 id="erasure-request">{request.data ? t('erasure.requestTitle', { date: format.date(request.data.received_on) }) : t('erasure.title')}</h2>
      {request.isPending ? <Spinner label={t('common:loading')} /> : null}
      {request.isError ? <HoldRefusal error={request.error} /> : null}
      {request.data ? (
        <>
          <h3>{t('erasure.assessment')}</h3>
          <DataTable label={t('erasure.assessment')} columns={columns} rows={request.data.items} rowKey={(row) => row.application_id} emptyText={t('person.noApplications')} />
          {request.data.outcome === null ? <DecisionForm request={request.data} /> : <Decided request={request.data} />}
        </>
      ) : null}
    </section>
  );
}

function Decided({ request }: { request: ErasureRequestAnswer }) {
  const { t } = useTranslation('personal-data');
  const format = useFormat();
  return (
    <>
      <h3>{t('erasure.decision')}</h3>
      <DetailsList
        rows={[
          [t('fields.outcome'), request.outcome ? t(`erasure.outcomes.${request.outcome}`) : null],
          [t('fields.legalBasis'), request.legal_basis],
          [t('fields.answer'), request.answer],
          [t('fields.answerSentOn'), request.answer_sent_on ? format.date(request.answer_sent_on) : null],
          [t('fields.decidedBy'), request.decided_by],
          [t('fields.decidedAt'), request.decided_at ? format.dateTime(request.decided_at) : null],
        ]}
      />
    </>
  );
}

interface DecisionValues {
  decision: 'erase' | 'refuse';
  legal_basis: string;
  answer: string;
  answer_sent_on: string | null;
}

function DecisionForm({ request }: { request: ErasureRequestAnswer }) {
  const { t } = useTranslation(['personal-data', 'common']);
  const decide = useDecideErasure(request.id);
  const choices = erasureChoices(request.items);
  const form = useSchemaForm<DecisionValues, ErasureDecision>({
    schema: erasureDecision,
    defaultValues: { decision: choices.mayErase ? 'erase' : 'refuse', legal_basis: '', answer: '', answer_sent_on: today() },
    toRequest: (values) => ({ ...values, answer_sent_on: values.answer_sent_on ?? '' }),
    fieldOf: topField,
    refusal: decide.error,
  });
  const decision = form.watch('decision');
  const [confirming, setConfirming] = useState<ErasureDecision | null>(null);
  const send = (values: ErasureDecision) =>
    decide.mutate(values, {
      onSuccess: () => notifySuccess('saved'),
      onSettled: () => setConfirming(null),
    });
  return (
    <>
      <h3>{t('erasure.decision')}</h3>
      <p>{t('erasure.summary', { erasable: choices.erasable, kept: choices.kept })}</p>
      <Form validationBehavior="aria" className="personal-data__form" onSubmit={(event) => void form.handleSubmit((values) => (values.decision === 'erase' ? setConfirming(values) : send(values)))(event)}>
        <FormRadioGroup
          control={form.control}
          name="decision"
          label={t('fields.decision')}
          options={[
            ...(choices.mayErase ? [{ value: 'erase', label: t('erasure.decisions.erase') }] : []),
            { value: 'refuse', label: t('erasure.decisions.refuse') },
          ]}
        />
        <FormTextField control={form.control} name="legal_basis" label={t('fields.legalBasis')} description={t('erasure.legalBasisHint')} isRequired={choices.basisRequired(decision)} />
        <FormTextAreaField control={form.control} name="answer" label={t('fields.answer')} description={t('erasure.answerHint')} rows={4} />
        <FormDateField control={form.control} name="answer_sent_on" label={t('fields.answerSentOn')} minValue={request.received_on} isRequired />
        <HoldRefusal error={decide.error} />
        <div className="personal-data__actions">
          <Button type="submit" variant={decision === 'erase' ? 'danger' : 'primary'} isPending={decide.isPending}>
            {decision === 'erase' ? t('erasure.submitErase') : t('erasure.submitRefuse')}
          </Button>
        </div>
      </Form>
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('erasure.confirmTitle')}
        message={<p>{t('erasure.confirmMessage', { count: choices.erasable })}</p>}
        confirmLabel={t('erasure.submitErase')}
        isDestructive
        isPending={decide.isPending}
        error={decide.error ? describeRefusal(decide.error, t).message : null}
        onConfirm={() => confirming && send(confirming)}
      />
    </>
  );
}
