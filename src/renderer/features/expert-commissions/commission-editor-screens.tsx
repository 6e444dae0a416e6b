import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';
import { ACADEMIC_FIELD_CATEGORIES, type AcademicFieldCategory } from '../../../shared/domain/application-status';
import type { Commission, CommissionCreate } from '../../../shared/api/experts';
import { useCommission, useCreateCommission, useMemberOptions, useUpdateCommission } from './api';
import { CommissionLoadError } from './commission-load-error';
import { useFormat } from '../../lib/format';

/** A commission is named in each interface language; English is required, the others fall back to it. */
const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;

interface FormValues {
  name_en: string;
  name_sq: string;
  name_sr: string;
  description: string;
  field: string;
  memberIds: string[];
  chairId: string;
  active: boolean;
}

const EMPTY: FormValues = { name_en: '', name_sq: '', name_sr: '', description: '', field: '', memberIds: [], chairId: '', active: true };

const valuesOf = (commission: Commission): FormValues => ({
  name_en: commission.name_en,
  name_sq: commission.name_sq,
  name_sr: commission.name_sr,
  description: commission.description,
  field: commission.academic_field_category ?? '',
  memberIds: commission.members.map((member) => String(member.id)),
  chairId: commission.chair_id === null ? '' : String(commission.chair_id),
  active: commission.active,
});

function requestOf(values: FormValues): CommissionCreate {
  return {
    name_en: values.name_en,
    name_sq: values.name_sq,
    name_sr: values.name_sr,
    description: values.description,
    academic_field_category: values.field === '' ? null : (values.field as AcademicFieldCategory),
    member_ids: values.memberIds.map(Number),
    chair_id: Number(values.chairId),
    active: values.active,
  };
}

/** The first message per form field of a refused save (member_ids.1 → members). */
function fieldMessages(error: unknown, t: Parameters<typeof translateError>[1]): Partial<Record<keyof FormValues, string>> {
  if (!error) return {};
  const fields = translateError(error, t).fieldErrors;
  const byForm: Partial<Record<keyof FormValues, string>> = {};
  for (const [name, messages] of Object.entries(fields)) {
    const key = name.split('.')[0];
    const target = key === 'member_ids' ? 'memberIds' : key === 'chair_id' ? 'chairId' : key === 'academic_field_category' ? 'field' : (key as keyof FormValues);
    byForm[target] ??= messages[0];
  }
  return byForm;
}

function CommissionForm({ initial, isPending, error, onSubmit, cancelTo, submitLabel, onEdited }: {
  initial: FormValues;
  isPending: boolean;
  error: unknown;
  onSubmit(values: FormValues): void;
  cancelTo: string;
  submitLabel: string;
  onEdited(): void;
}) {
  const { t } = useTranslation(['experts', 'common', 'errors']);
  const [values, setValues] = useState(initial);
  const options = useMemberOptions();
  const messages = fieldMessages(error, t);
  const stale = !!error && asTransportError(error).status === 412;
  const general = error && !stale && Object.keys(messages).length === 0 ? translateError(error, t).message : null;
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    onEdited();
    setValues((current) => ({ ...current, [key]: value }));
  };
  const memberOptions = (options.data ?? []).map((option) => ({ value: String(option.id), label: option.full_name }));
  // Members kept from before stay listed even if they are no longer evaluators (the server says why).
  const known = new Set(memberOptions.map((option) => option.value));
  const chairOptions = memberOptions.filter((option) => values.memberIds.includes(option.value));

  return (
    <Form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      {stale ? (
        <Alert tone="warning" title={t('errors:precondition_failed')}>
          {t('form.stale')}
        </Alert>
      ) : null}
      {general ? <Alert tone="error">{general}</Alert> : null}
      {Object.keys(messages).length > 0 ? <Alert tone="error">{t('form.fix')}</Alert> : null}
      {NAME_FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(`fields.${field}`)}
          description={field === 'name_en' ? undefined : t('form.otherNames')}
          value={values[field]}
          onChange={(value) => set(field, value)}
          isRequired={field === 'name_en'}
          errorMessage={messages[field]}
          isInvalid={!!messages[field]}
        />
      ))}
      <TextAreaField label={t('fields.description')} value={values.description} onChange={(value) => set('description', value)} errorMessage={messages.description} />
      <SelectField
        label={t('fields.field')}
        value={values.field}
        emptyLabel={t('noField')}
        options={ACADEMIC_FIELD_CATEGORIES.map((value) => ({ value, label: t(`academicFields.${value}`) }))}
        onChange={(value) => set('field', value)}
        errorMessage={messages.field}
      />
      {options.isPending ? <Spinner label={t('common:loading')} /> : null}
      {options.data && options.data.length === 0 ? <Alert tone="info">{t('form.noEvaluators')}</Alert> : null}
      <div className="field">
        <MultiSelectMenu
          label={t('fields.members')}
          options={memberOptions}
          selected={values.memberIds.filter((id) => known.has(id))}
          emptySummary={t('form.chooseMembers')}
          onChange={(ids) => {
            onEdited();
            setValues((current) => ({ ...current, memberIds: ids, chairId: ids.includes(current.chairId) ? current.chairId : '' }));
          }}
        />
        <p className="field__description">{t('form.membersHint')}</p>
        {messages.memberIds ? (
          <p className="field__error" role="alert">
            {messages.memberIds}
          </p>
        ) : null}
      </div>
      <SelectField
        label={t('fields.chair')}
        value={values.chairId}
        emptyLabel={t('form.chooseChair')}
        options={chairOptions}
        onChange={(value) => set('chairId', value)}
        isRequired
        errorMessage={messages.chairId}
      />
      <Checkbox isSelected={values.active} onChange={(selected) => set('active', selected)}>
        {t('form.activeLabel')}
      </Checkbox>
      <div className="form-actions">
        <Button type="submit" variant="primary" isPending={isPending} isDisabled={!options.data}>
          {submitLabel}
        </Button>
        <Link to={cancelTo} className="button">
          {t('form.cancel')}
        </Link>
      </div>
    </Form>
  );
}

/** /expert-commissions/create: a new commission, then its detail. */
export function ExpertCommissionCreateScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['experts', 'nav']);
  const format = useFormat();
  const navigate = useNavigate();
  const create = useCreateCommission();
  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('form.createDescription')} />
      <CommissionForm
        initial={EMPTY}
        isPending={create.isPending}
        error={create.error}
        cancelTo="/expert-commissions"
        submitLabel={t('form.create')}
        onEdited={() => create.error && create.reset()}
        onSubmit={(values) =>
          create.mutate(requestOf(values), {
            onSuccess: (saved) => {
              notifySuccess('created', format.name(saved));
              navigate(`/expert-commissions/${saved.id}`);
            },
          })
        }
      />
    </>
  );
}

/** /expert-commissions/{id}/edit: the commission's fields, saved with the version read (412 when someone saved since). */
export function ExpertCommissionEditScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['experts', 'nav', 'common']);
  const id = Number(useParams().commissionId);
  const detail = useCommission(id);
  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!detail.data) return <CommissionLoadError titleKey={titleKey} error={detail.error} />;
  // Keyed by version: a reload after someone else's save starts the form from what is stored now.
  return <CommissionEditForm key={detail.data.version} commission={detail.data} titleKey={titleKey} onReload={() => void detail.refetch()} />;
}

function CommissionEditForm({ commission, titleKey, onReload }: { commission: Commission; titleKey: string; onReload(): void }) {
  const { t } = useTranslation(['experts', 'nav']);
  const format = useFormat();
  const navigate = useNavigate();
  const update = useUpdateCommission(commission.id);
  const stale = !!update.error && asTransportError(update.error).status === 412;
  return (
    <>
      <PageHeader title={`${t(titleKey, { ns: 'nav' })}: ${format.name(commission)}`} description={t('form.editDescription')} />
      {stale ? (
        <Button
          onPress={() => {
            update.reset();
            onReload();
          }}
        >
          {t('form.reload')}
        </Button>
      ) : null}
      <CommissionForm
        initial={valuesOf(commission)}
        isPending={update.isPending}
        error={update.error}
        cancelTo={`/expert-commissions/${commission.id}`}
        submitLabel={t('form.save')}
        onEdited={() => update.error && !stale && update.reset()}
        onSubmit={(values) =>
          update.mutate(
            { ...requestOf(values), version: commission.version },
            {
              onSuccess: (saved) => {
                notifySuccess('saved', format.name(saved));
                navigate(`/expert-commissions/${saved.id}`);
              },
            },
          )
        }
      />
    </>
  );
}
