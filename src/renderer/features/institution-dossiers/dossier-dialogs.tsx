import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import {
  ACCREDITATION_PERIOD_STATUSES,
  CONTACT_LANGUAGES,
  INSTITUTION_CHECK_FINDINGS,
  INSTITUTION_CHECK_SUBJECTS,
  WATCH_CATEGORIES,
  accreditationPeriodInput,
  institutionCheckInput,
  verificationContactInput,
  watchEntryInput,
  type AccreditationPeriodInput,
  type InstitutionCheckInput,
  type VerificationContactInput,
  type WatchEntryInput,
} from '../../../shared/api/authenticity';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormDateField, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { topField, useSchemaForm } from '../../lib/form';
import { useAddCheck, useAddContact, useAddPeriod, useAddWatchEntry } from './api';

// The dossier's four forms, each the shared request schema and its fields. Empty optional texts are
// sent as null (the schema reads them so too); an empty end date is an open-ended period.

export type DossierForm = 'period' | 'contact' | 'check' | 'watch';

const today = () => kosovoDate(new Date());
const orNull = (value: string | null | undefined) => (value ? value : null);

interface FormProps {
  institutionId: number;
  onClose(): void;
}

function Actions({ busy, onClose }: { busy: boolean; onClose(): void }) {
  const { t } = useTranslation('authenticity');
  return (
    <div className="dialog__actions">
      <Button variant="secondary" onPress={onClose} isDisabled={busy}>
        {t('dossier.cancel')}
      </Button>
      <Button type="submit" variant="primary" isPending={busy}>
        {t('dossier.save')}
      </Button>
    </div>
  );
}

function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation(['authenticity', 'common']);
  if (!error) return null;
  const described = describeRefusal(error, t, {});
  return described.formMessage ? <Alert tone="error" title={described.formMessage} /> : null;
}

interface PeriodValues {
  valid_from: string | null;
  valid_to: string | null;
  status: string;
  accrediting_body: string;
  source_url: string;
  source_document: string;
  note: string;
}

function PeriodDialog({ institutionId, onClose }: FormProps) {
  const { t } = useTranslation('authenticity');
  const add = useAddPeriod(institutionId);
  const form = useSchemaForm<PeriodValues, AccreditationPeriodInput>({
    schema: accreditationPeriodInput,
    defaultValues: { valid_from: null, valid_to: null, status: 'accredited', accrediting_body: '', source_url: '', source_document: '', note: '' },
    toRequest: (values) => ({ ...values, valid_from: values.valid_from ?? '', valid_to: orNull(values.valid_to), source_url: orNull(values.source_url), source_document: orNull(values.source_document), note: orNull(values.note) }) as AccreditationPeriodInput,
    fieldOf: topField,
    refusal: add.error,
  });
  const { control } = form;
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('dossier.addPeriod')} isBusy={add.isPending}>
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit((request) => add.mutate(request, { onSuccess: () => (notifySuccess('created'), onClose()) }))(event)}>
        <div className="dialog__body dossier-form">
          <FormDateField control={control} name="valid_from" label={t('fields.validFrom')} />
          <FormDateField control={control} name="valid_to" label={t('fields.validTo')} />
          <FormSelectField control={control} name="status" label={t('fields.status')} options={ACCREDITATION_PERIOD_STATUSES.map((status) => ({ value: status, label: t(`periodStatus.${status}`) }))} />
          <FormTextField control={control} name="accrediting_body" label={t('fields.accreditingBody')} />
          <FormTextField control={control} name="source_document" label={t('fields.sourceDocument')} />
          <FormTextField control={control} name="source_url" label={t('fields.sourceUrl')} type="url" />
          <FormTextAreaField control={control} name="note" label={t('fields.note')} rows={2} />
          <Refusal error={add.error} />
        </div>
        <Actions busy={add.isPending} onClose={onClose} />
      </Form>
    </Dialog>
  );
}

interface ContactValues {
  registrar_email: string;
  postal_address: string;
  language: string;
  source: string;
  checked_on: string | null;
}

function ContactDialog({ institutionId, onClose }: FormProps) {
  const { t } = useTranslation('authenticity');
  const add = useAddContact(institutionId);
  const form = useSchemaForm<ContactValues, VerificationContactInput>({
    schema: verificationContactInput,
    defaultValues: { registrar_email: '', postal_address: '', language: 'en', source: '', checked_on: today() },
    toRequest: (values) => ({ ...values, registrar_email: orNull(values.registrar_email), postal_address: orNull(values.postal_address), checked_on: values.checked_on ?? '' }) as VerificationContactInput,
    fieldOf: topField,
    refusal: add.error,
  });
  const { control } = form;
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('dossier.addContact')} isBusy={add.isPending}>
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit((request) => add.mutate(request, { onSuccess: () => (notifySuccess('created'), onClose()) }))(event)}>
        <div className="dialog__body dossier-form">
          <FormTextField control={control} name="registrar_email" label={t('fields.registrarEmail')} type="email" />
          <FormTextAreaField control={control} name="postal_address" label={t('fields.postalAddress')} rows={2} />
          <FormSelectField control={control} name="language" label={t('fields.language')} options={CONTACT_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))} />
          <FormTextField control={control} name="source" label={t('fields.source')} />
          <FormDateField control={control} name="checked_on" label={t('fields.checkedOn')} />
          <Refusal error={add.error} />
        </div>
        <Actions busy={add.isPending} onClose={onClose} />
      </Form>
    </Dialog>
  );
}

interface CheckValues {
  subject: string;
  finding: string;
  details: string;
  evidence: string;
  checked_on: string | null;
}

function CheckDialog({ institutionId, onClose }: FormProps) {
  const { t } = useTranslation('authenticity');
  const add = useAddCheck(institutionId);
  const form = useSchemaForm<CheckValues, InstitutionCheckInput>({
    schema: institutionCheckInput,
    defaultValues: { subject: 'accreditation', finding: 'confirmed', details: '', evidence: '', checked_on: today() },
    toRequest: (values) => ({ ...values, evidence: orNull(values.evidence), checked_on: values.checked_on ?? '' }) as InstitutionCheckInput,
    fieldOf: topField,
    refusal: add.error,
  });
  const { control } = form;
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('dossier.addCheck')} isBusy={add.isPending}>
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit((request) => add.mutate(request, { onSuccess: () => (notifySuccess('created'), onClose()) }))(event)}>
        <div className="dialog__body dossier-form">
          <FormSelectField control={control} name="subject" label={t('fields.subject')} options={INSTITUTION_CHECK_SUBJECTS.map((subject) => ({ value: subject, label: t(`checkSubject.${subject}`) }))} />
          <FormSelectField control={control} name="finding" label={t('fields.finding')} options={INSTITUTION_CHECK_FINDINGS.map((finding) => ({ value: finding, label: t(`checkFinding.${finding}`) }))} />
          <FormTextAreaField control={control} name="details" label={t('fields.details')} rows={3} />
          <FormTextAreaField control={control} name="evidence" label={t('fields.evidence')} rows={2} />
          <FormDateField control={control} name="checked_on" label={t('fields.checkedOn')} />
          <Refusal error={add.error} />
        </div>
        <Actions busy={add.isPending} onClose={onClose} />
      </Form>
    </Dialog>
  );
}

interface WatchValues {
  category: string;
  source: string;
  note: string;
}

function WatchDialog({ institutionId, onClose }: FormProps) {
  const { t } = useTranslation('authenticity');
  const add = useAddWatchEntry(institutionId);
  const form = useSchemaForm<WatchValues, WatchEntryInput>({
    schema: watchEntryInput,
    defaultValues: { category: 'under_investigation', source: '', note: '' },
    toRequest: (values) => ({ ...values, note: orNull(values.note) }) as WatchEntryInput,
    fieldOf: topField,
    refusal: add.error,
  });
  const { control } = form;
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('dossier.addWatchEntry')} isBusy={add.isPending}>
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit((request) => add.mutate(request, { onSuccess: () => (notifySuccess('created'), onClose()) }))(event)}>
        <div className="dialog__body dossier-form">
          <FormSelectField control={control} name="category" label={t('fields.category')} options={WATCH_CATEGORIES.map((category) => ({ value: category, label: t(`watchCategory.${category}`) }))} />
          <FormTextField control={control} name="source" label={t('fields.source')} />
          <FormTextAreaField control={control} name="note" label={t('fields.note')} rows={3} />
          <Refusal error={add.error} />
        </div>
        <Actions busy={add.isPending} onClose={onClose} />
      </Form>
    </Dialog>
  );
}

export function DossierDialog({ form, ...props }: FormProps & { form: DossierForm }) {
  if (form === 'period') return <PeriodDialog {...props} />;
  if (form === 'contact') return <ContactDialog {...props} />;
  if (form === 'check') return <CheckDialog {...props} />;
  return <WatchDialog {...props} />;
}
