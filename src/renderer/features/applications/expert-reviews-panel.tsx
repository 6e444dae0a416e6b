import { queryKeys } from '../../lib/query-keys';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DatePickerField } from '../../components/date-picker-field';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { apiClient } from '../../lib/app-api-client';
import {
  EXPERT_PATHS,
  applicationReview,
  applicationReviewsAnswer,
  requestOptionsAnswer,
  type ApplicationReview,
  type ReviewRequest,
} from '../../../shared/api/experts';

// The application's expert reviews on its detail screen: who reviews it for which
// commission, by when, and — once submitted — the recommendation; officers and the members of
// the application's council request a new one here (commission, one of its evaluators, due date).


/** Today in the reader's calendar, as the date picker's earliest day. */
function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function ExpertReviewsPanel({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation(['experts', 'common']);
  const format = useFormat();
  const [requesting, setRequesting] = useState(false);
  const reviews = useQuery({
    queryKey: queryKeys.application.expertReviews(applicationId),
    queryFn: () => apiClient.get(EXPERT_PATHS.applicationReviews(applicationId), applicationReviewsAnswer),
  });

  const columns: DataColumn<ApplicationReview>[] = [
    { id: 'commission', kind: 'text', title: t('fields.commission'), isRowHeader: true, text: (row) => format.name(row.commission_names) },
    { id: 'reviewer', kind: 'text', title: t('fields.reviewer'), text: (row) => row.reviewer_name },
    {
      id: 'due',
      kind: 'date',
      title: t('fields.dueDate'),
      width: '11rem',
      text: (row) => (row.overdue ? t('reviews.dueWithMarker', { date: format.date(row.due_date) }) : format.date(row.due_date)),
      render: (row) =>
        row.overdue ? <span className="overdue-marker">{t('reviews.dueWithMarker', { date: format.date(row.due_date) })}</span> : format.date(row.due_date),
    },
    { id: 'status', kind: 'status', title: t('fields.status'), width: '9rem', text: (row) => t(`status.${row.status}`) },
    {
      id: 'recommendation',
      kind: 'text',
      title: t('fields.recommendation'),
      wraps: true,
      render: (row) =>
        row.status === 'submitted' && row.recommendation ? (
          <span title={row.assessment ?? undefined}>
            {t(`recommendations.${row.recommendation}`)}
            {row.comments ? ` — ${row.comments}` : ''}
          </span>
        ) : (
          t('panel.draftHidden')
        ),
    },
  ];

  return (
    <section aria-labelledby={`expert-reviews-${applicationId}`}>
      <h2 id={`expert-reviews-${applicationId}`} className="visually-hidden">
        {t('panel.title')}
      </h2>
      {reviews.isPending ? <Spinner label={t('common:loading')} /> : null}
      {reviews.isError ? <Alert tone="error" title={t('panel.loadFailed')}>{translateError(reviews.error, t).message}</Alert> : null}
      {reviews.data ? (
        <>
          {reviews.data.can_request ? (
            <div className="form-actions">
              <Button variant="primary" onPress={() => setRequesting(true)}>
                {t('panel.request')}
              </Button>
            </div>
          ) : null}
          <DataTable label={t('panel.table')} columns={columns} rows={reviews.data.results} rowKey={(row) => row.id} emptyText={t('panel.empty')} />
        </>
      ) : null}
      {requesting ? <RequestDialog applicationId={applicationId} onClose={() => setRequesting(false)} /> : null}
    </section>
  );
}

function RequestDialog({ applicationId, onClose }: { applicationId: number; onClose(): void }) {
  const { t } = useTranslation(['experts', 'common']);
  const format = useFormat();
  const client = useQueryClient();
  const [commissionId, setCommissionId] = useState('');
  const [reviewerId, setReviewerId] = useState('');
  const [dueDate, setDueDate] = useState<string | null>(null);
  const options = useQuery({
    queryKey: queryKeys.application.expertReviewOptions(applicationId),
    queryFn: () => apiClient.get(EXPERT_PATHS.requestOptions(applicationId), requestOptionsAnswer),
  });
  const request = useMutation({
    mutationFn: (body: ReviewRequest) => apiClient.post(EXPERT_PATHS.applicationReviews(applicationId), body, applicationReview),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.application.expertReviews(applicationId) });
      notifySuccess('sent', t('panel.requested'));
      onClose();
    },
  });
  const commission = options.data?.find((option) => String(option.id) === commissionId);
  const refusal = request.error ? translateError(request.error, t) : null;
  const fieldError = (name: string) => refusal?.fieldErrors[name]?.[0];
  const general = refusal && Object.keys(refusal.fieldErrors).length === 0 ? refusal.message : null;

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('panel.requestTitle')} isBusy={request.isPending}>
      <Form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          request.mutate({ commission_id: Number(commissionId), reviewer_id: Number(reviewerId), due_date: dueDate ?? '' });
        }}
      >
        <p>{t('panel.requestHint')}</p>
        {options.isPending ? <Spinner label={t('common:loading')} /> : null}
        {options.isError ? <Alert tone="error">{translateError(options.error, t).message}</Alert> : null}
        {general ? <Alert tone="error">{general}</Alert> : null}
        <SelectField
          label={t('fields.commission')}
          value={commissionId}
          emptyLabel={t('panel.chooseCommission')}
          options={format.sortedByName(options.data ?? []).map((option) => ({
            value: String(option.id),
            label: option.academic_field_category ? `${format.name(option)} (${t(`academicFields.${option.academic_field_category}`)})` : format.name(option),
          }))}
          onChange={(value) => {
            request.reset();
            setCommissionId(value);
            setReviewerId('');
          }}
          isRequired
          errorMessage={fieldError('commission_id')}
        />
        <SelectField
          label={t('fields.reviewer')}
          value={reviewerId}
          emptyLabel={t('panel.chooseReviewer')}
          options={(commission?.members ?? []).map((member) => ({
            value: String(member.id),
            label: member.is_chair ? `${member.full_name} (${t('commissions.chairBadge')})` : member.full_name,
          }))}
          onChange={(value) => {
            request.reset();
            setReviewerId(value);
          }}
          isRequired
          isDisabled={!commission}
          errorMessage={fieldError('reviewer_id')}
        />
        <DatePickerField
          label={t('fields.dueDate')}
          value={dueDate}
          minValue={todayIso()}
          onChange={(value) => {
            request.reset();
            setDueDate(value);
          }}
        />
        {fieldError('due_date') ? (
          <p className="field__error" role="alert">
            {fieldError('due_date')}
          </p>
        ) : null}
        <div className="dialog__actions">
          <Button onPress={onClose} isDisabled={request.isPending}>
            {t('panel.cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={request.isPending} isDisabled={!commissionId || !reviewerId || !dueDate}>
            {t('panel.send')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
