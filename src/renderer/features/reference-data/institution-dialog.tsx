import { ACCREDITATION_STATUSES, INSTITUTION_TYPES, institutionInput, institutionUpdate, type InstitutionInput, type InstitutionRecord, type InstitutionUpdate } from '../../../shared/api/reference-data';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormCheckbox, FormSelectField, FormTextField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { useCountryNames } from '../../lib/country-names';
import { translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useSaveInstitution } from './api';
import { describeInstitutionIssue, institutionDraftOf, institutionRequestOf, type InstitutionDraft } from './institution-draft';
import { localName } from './local-name';
import { isVersionConflict } from './refusals';

const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;

/** Adds an institution or edits one: its names, country, type, addresses, accreditation and diploma register. */
export function InstitutionDialog({ institution, onClose }: { institution: InstitutionRecord | null; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language, compare } = useFormat();
  const countryNames = useCountryNames();
  const save = useSaveInstitution(institution);
  // A new institution may leave its Albanian and Serbian names empty (the server takes the English one); a saved one keeps all three.
  const form = useSchemaForm<InstitutionDraft, InstitutionInput | InstitutionUpdate>({
    schema: institution ? institutionUpdate : institutionInput,
    defaultValues: institutionDraftOf(institution),
    toRequest: (draft) => institutionRequestOf(draft, institution),
    describe: describeInstitutionIssue,
    refusal: save.error,
  });
  const { control } = form;
  const server = save.error ? translateError(save.error, t) : null;
  const countries = countryNames ? [...countryNames.entries()].map(([code, names]) => ({ value: code, label: names[language] })).sort((a, b) => compare(a.label, b.label)) : [];

  const submit = (request: InstitutionInput | InstitutionUpdate) =>
    save.mutate(request, {
      onSuccess: (saved) => {
        notifySuccess(institution ? 'saved' : 'created', t(institution ? 'done.saved' : 'done.created', { name: localName(saved, language) }));
        onClose();
      },
    });

  const summary = server && Object.keys(server.fieldErrors).length === 0 ? (isVersionConflict(save.error) ? t('form.changedMeanwhile') : server.message) : null;

  return (
    <Dialog holdsUnsavedWork size="wide" isOpen onOpenChange={(open) => !open && onClose()} title={institution ? t('form.editTitle', { name: localName(institution, language) }) : t('institutions.add')} isBusy={save.isPending}>
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <div className="dialog__body reference-form">
          {NAME_FIELDS.map((field) => (
            <FormTextField
              key={field}
              control={control}
              name={field}
              label={t(`fields.${field}`)}
              description={institution === null && field !== 'name_en' ? t('fieldHints.otherNames') : undefined}
              isRequired={institution !== null || field === 'name_en'}
              autoComplete="off"
            />
          ))}
          <div className="reference-form__pair">
            <FormSelectField control={control} name="country" label={t('fields.country')} options={countries} isRequired isSearchable openLabel={t('filters.showCountries')} />
            <FormSelectField
              control={control}
              name="type"
              label={t('fields.type')}
              placeholder={t('form.choose')}
              options={INSTITUTION_TYPES.map((type) => ({ value: type, label: t(`institutionType.${type}`) }))}
              isRequired
            />
          </div>
          <div className="reference-form__pair">
            <FormTextField control={control} name="website" label={t('fields.website')} type="url" autoComplete="off" />
            <FormTextField control={control} name="email" label={t('fields.email')} type="email" autoComplete="off" />
          </div>
          <FormSelectField control={control} name="accreditation_status" label={t('fields.accreditation')} options={ACCREDITATION_STATUSES.map((status) => ({ value: status, label: t(`accreditation.${status}`) }))} />
          <FormTextField control={control} name="diploma_register_url" label={t('fields.registerUrl')} description={t('fieldHints.registerUrl')} type="url" autoComplete="off" />
          <FormCheckbox control={control} name="active">
            {t('fields.active')}
          </FormCheckbox>
          {summary ? <Alert tone="error" title={summary} /> : null}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={save.isPending}>
            {institution ? t('actions.save') : t('actions.create')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
