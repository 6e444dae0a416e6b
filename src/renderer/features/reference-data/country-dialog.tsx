import { countryUpdate, type CountryRecord, type CountryUpdate } from '../../../shared/api/reference-data';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormCheckbox, FormTextField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useSaveCountry } from './api';
import { localName } from './local-name';
import { isVersionConflict } from './refusals';

const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;

type CountryValues = Pick<CountryRecord, 'name_en' | 'name_sq' | 'name_sr' | 'eu_eea' | 'bologna_member' | 'active_for_applications'>;

/** Edits a country's names and flags; its code is ISO's and stays. */
export function CountryDialog({ country, onClose }: { country: CountryRecord; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const save = useSaveCountry(country);
  const form = useSchemaForm<CountryValues, CountryUpdate>({
    schema: countryUpdate,
    defaultValues: {
      name_en: country.name_en,
      name_sq: country.name_sq,
      name_sr: country.name_sr,
      eu_eea: country.eu_eea,
      bologna_member: country.bologna_member,
      active_for_applications: country.active_for_applications,
    },
    toRequest: (values) => ({ version: country.version, ...values }),
    refusal: save.error,
  });
  const { control } = form;
  const server = save.error ? translateError(save.error, t) : null;
  const summary = server && Object.keys(server.fieldErrors).length === 0 ? (isVersionConflict(save.error) ? t('form.changedMeanwhile') : server.message) : null;

  const submit = (request: CountryUpdate) =>
    save.mutate(request, {
      onSuccess: (saved) => {
        notifySuccess('saved', t('done.saved', { name: localName(saved, language) }));
        onClose();
      },
    });

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('countries.editTitle', { name: `${localName(country, language)} (${country.code})` })} isBusy={save.isPending}>
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <div className="dialog__body reference-form">
          {NAME_FIELDS.map((field) => (
            <FormTextField key={field} control={control} name={field} label={t(`fields.${field}`)} isRequired autoComplete="off" />
          ))}
          <FormCheckbox control={control} name="eu_eea">
            {t('countries.euEeaField')}
          </FormCheckbox>
          <FormCheckbox control={control} name="bologna_member">
            {t('countries.bolognaField')}
          </FormCheckbox>
          <FormCheckbox control={control} name="active_for_applications">
            {t('countries.activeForApplicationsField')}
          </FormCheckbox>
          {summary ? <Alert tone="error" title={summary} /> : null}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={save.isPending}>
            {t('actions.save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
