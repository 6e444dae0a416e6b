import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { specimenCreate, specimenUpdate, type Specimen, type SpecimenCreate, type SpecimenUpdate } from '../../../shared/api/diploma-specimens';
import { REFERENCE_DATA_PATHS, institutionListAnswer } from '../../../shared/api/reference-data';
import { MAX_PAGE_SIZE } from '../../../shared/constants';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormDateField, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { apiClient } from '../../lib/app-api-client';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { topField, useSchemaForm } from '../../lib/form';
import { queryKeys } from '../../lib/query-keys';
import { useCreateSpecimen, useUpdateSpecimen } from './api';

// A specimen's form: new (with its institution) or the next version of one (its fields as they
// are now, the version seen sent along). Features and signatories are typed one a line.

interface Values {
  institution_id: string;
  qualification: string;
  issued_from: string | null;
  issued_to: string | null;
  security_features: string;
  number_pattern: string;
  signatories: string;
  notes: string;
}

/** One a line, blank lines dropped. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const INSTITUTION_QUERY = { page: 1, page_size: MAX_PAGE_SIZE, active: 'true' };

function useInstitutionChoices(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reference.institutionList(INSTITUTION_QUERY),
    queryFn: () => apiClient.get(REFERENCE_DATA_PATHS.institutions, institutionListAnswer, INSTITUTION_QUERY),
    enabled,
  });
}

export function SpecimenDialog({ specimen, onClose }: { specimen?: Specimen; onClose(): void }) {
  const { t } = useTranslation(['authenticity', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const create = useCreateSpecimen();
  const update = useUpdateSpecimen(specimen?.id ?? 0);
  const write = specimen ? update : create;
  const institutions = useInstitutionChoices(!specimen);
  const current = specimen?.current;
  const form = useSchemaForm<Values, SpecimenCreate | SpecimenUpdate>({
    schema: (specimen ? specimenUpdate : specimenCreate) as z.ZodType,
    defaultValues: {
      institution_id: specimen ? String(specimen.institution.id) : '',
      qualification: current?.qualification ?? '',
      issued_from: current?.issued_from ?? null,
      issued_to: current?.issued_to ?? null,
      security_features: current?.security_features.join('\n') ?? '',
      number_pattern: current?.number_pattern ?? '',
      signatories: current?.signatories.join('\n') ?? '',
      notes: current?.notes ?? '',
    },
    toRequest: (values) => {
      const fields = {
        qualification: values.qualification,
        issued_from: values.issued_from ?? '',
        issued_to: values.issued_to || null,
        security_features: linesOf(values.security_features),
        number_pattern: values.number_pattern,
        signatories: linesOf(values.signatories),
        notes: values.notes || null,
      };
      return specimen ? { version: specimen.current.version, ...fields } : { institution_id: Number(values.institution_id) || 0, ...fields };
    },
    fieldOf: topField,
    refusal: write.error,
  });
  const { control } = form;
  const described = write.error ? describeRefusal(write.error, t, {}) : null;

  const save = (request: SpecimenCreate | SpecimenUpdate) => {
    const done = (saved: Specimen) => {
      notifySuccess(specimen ? 'saved' : 'created');
      onClose();
      if (!specimen) navigate(`/reference/specimens/${saved.id}`);
    };
    if (specimen) update.mutate(request as SpecimenUpdate, { onSuccess: done });
    else create.mutate(request as SpecimenCreate, { onSuccess: done });
  };

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={specimen ? t('specimens.edit') : t('specimens.create')} isBusy={write.isPending}>
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(save)(event)}>
        <div className="dialog__body specimen-form">
          {specimen ? (
            <p>{format.name(specimen.institution)}</p>
          ) : (
            <FormSelectField
              control={control}
              name="institution_id"
              label={t('specimens.fields.institution')}
              isSearchable
              options={(institutions.data?.results ?? []).map((institution) => ({ value: String(institution.id), label: format.name(institution) }))}
            />
          )}
          <FormTextField control={control} name="qualification" label={t('specimens.fields.qualification')} description={t('specimens.qualificationHint')} />
          <div className="specimen-form__pair">
            <FormDateField control={control} name="issued_from" label={t('specimens.fields.issuedFrom')} />
            <FormDateField control={control} name="issued_to" label={t('specimens.fields.issuedTo')} />
          </div>
          <FormTextField control={control} name="number_pattern" label={t('specimens.fields.numberPattern')} description={t('specimens.numberPatternHint')} />
          <FormTextAreaField control={control} name="security_features" label={t('specimens.fields.securityFeatures')} description={t('specimens.oneALine')} rows={4} />
          <FormTextAreaField control={control} name="signatories" label={t('specimens.fields.signatories')} description={t('specimens.oneALine')} rows={2} />
          <FormTextAreaField control={control} name="notes" label={t('specimens.fields.notes')} rows={2} />
          {described?.formMessage ? <Alert tone="error" title={described.formMessage} /> : null}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={write.isPending}>
            {t('dossier.cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={write.isPending}>
            {specimen ? t('specimens.saveVersion') : t('dossier.save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
