import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { appealRegistration } from '../../../shared/api/appeals';
import type { StoredDocument } from '../../../shared/api/documents';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { Button } from '../../components/button';
import { FormDateField, FormFieldMessage, FormRootError, FormTextAreaField } from '../../components/form-fields';
import { PageHeader } from '../../components/page-header';
import { PdfUpload } from '../../components/pdf-upload';
import { RefusalAlert } from '../../components/refusal-alert';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useAppealedApplication, useRegisterAppeal } from './api';

interface RegistrationValues {
  received_on: string | null;
  grounds: string;
  /** The uploaded letter's document id; null until it is uploaded. */
  letter_document_id: number | null;
}

/**
 * /applications/:applicationId/appeals/new: an officer registers the applicant's appeal from
 * their letter: the letter as a PDF (stored with the application's documents), the day it was
 * received, and the grounds. The server judges whether it is late.
 */
export function RegisterAppealScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['appeals', 'nav', 'common']);
  const navigate = useNavigate();
  const applicationId = Number(useParams().applicationId);
  const application = useAppealedApplication(applicationId);
  const run = useRegisterAppeal(applicationId);
  const [letter, setLetter] = useState<StoredDocument | null>(null);
  const form = useSchemaForm<RegistrationValues>({
    schema: appealRegistration,
    defaultValues: { received_on: kosovoDate(new Date()), grounds: '', letter_document_id: null },
    toRequest: (values) => ({ received_on: values.received_on ?? undefined, grounds: values.grounds, letter_document_id: values.letter_document_id ?? undefined }),
    refusal: run.error,
    onEdited: () => {
      if (run.error) run.reset();
    },
    describe: (issue, translate) => (issue.path[0] === 'letter_document_id' ? translate('appeals:register.letterRequired') : undefined),
  });
  if (application.isPending) return <Spinner label={t('common:loading')} />;
  const refusal = run.error ? describeRefusal(run.error, t) : null;
  const reference = application.data?.reference ?? '';

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('register.description', { reference })} />
      <p>
        <Link to={`/applications/${applicationId}`}>{t('register.back')}</Link>
      </p>
      {refusal && Object.keys(refusal.fieldErrors).length === 0 ? <RefusalAlert title={t('register.notSaved')} message={refusal.message} /> : null}
      <section className="card" aria-labelledby="appeal-letter">
        <Heading level={2} id="appeal-letter" className="card__title">
          {t('register.letter')}
        </Heading>
        {letter ? (
          <p>{t('register.letterUploaded', { name: letter.file_name })}</p>
        ) : (
          <PdfUpload
            target={{ type: 'application_document', application_id: applicationId, document_type: 'additional_document', kind: 'original' }}
            label={t('register.letterLabel')}
            onUploaded={(document) => {
              setLetter(document);
              form.setValue('letter_document_id', document.id, { shouldValidate: form.formState.isSubmitted });
            }}
          />
        )}
        <FormFieldMessage control={form.control} name="letter_document_id" />
      </section>
      <Form
        className="form card"
        validationBehavior="aria"
        aria-label={t('register.formLabel')}
        onSubmit={(event) =>
          void form.handleSubmit((request) =>
            run.mutate(request as Parameters<typeof run.mutate>[0], {
              onSuccess: (appeal) => {
                notifySuccess('saved', t(appeal.late ? 'register.doneLate' : 'register.done'));
                navigate(`/appeals/${appeal.id}`);
              },
            }),
          )(event)
        }
      >
        <FormDateField control={form.control} name="received_on" label={t('register.received')} maxValue={kosovoDate(new Date())} />
        <FormTextAreaField control={form.control} name="grounds" label={t('register.grounds')} description={t('register.groundsHelp')} rows={6} />
        <FormRootError control={form.control} />
        <div className="action-list">
          <Button type="submit" variant="primary" isPending={run.isPending}>
            {t('register.submit')}
          </Button>
        </div>
      </Form>
    </>
  );
}
