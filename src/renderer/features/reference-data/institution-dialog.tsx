import { useState } from 'react';
import { ACCREDITATION_STATUSES, INSTITUTION_TYPES, type AccreditationStatus, type InstitutionRecord, type InstitutionType } from '../../../shared/api/reference-data';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { useCountryNames } from '../../lib/country-names';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useSaveInstitution } from './api';
import { checkInstitution, institutionDraftOf, institutionRequestOf, type InstitutionDraft, type InstitutionField } from './institution-draft';
import { localName } from './local-name';
import { isVersionConflict } from './refusals';

const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;

/** Adds an institution or edits one: its names, country, type, addresses, accreditation and diploma register. */
export function InstitutionDialog({ institution, onClose }: { institution: InstitutionRecord | null; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const countryNames = useCountryNames();
  const save = useSaveInstitution(institution);
  const [draft, setDraft] = useState<InstitutionDraft>(() => institutionDraftOf(institution));
  const [checked, setChecked] = useState<Partial<Record<InstitutionField, string>>>({});
  const server = save.error ? translateError(save.error, t) : null;
  const errorOf = (field: InstitutionField) => checked[field] ?? server?.fieldErrors[field]?.[0];
  const edit = <K extends InstitutionField>(field: K, value: InstitutionDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setChecked(({ [field]: _changed, ...rest }) => rest);
  };
  const countries = countryNames ? [...countryNames.entries()].map(([code, names]) => ({ value: code, label: names[language] })).sort((a, b) => a.label.localeCompare(b.label)) : [];

  const submit = () => {
    const problems = checkInstitution(draft, institution === null);
    setChecked(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
    if (Object.keys(problems).length > 0) return;
    save.mutate(institutionRequestOf(draft, institution), {
      onSuccess: (saved) => {
        notifySuccess(institution ? 'saved' : 'created', t(institution ? 'done.saved' : 'done.created', { name: localName(saved, language) }));
        onClose();
      },
    });
  };

  const summary = server && Object.keys(server.fieldErrors).length === 0 ? (isVersionConflict(save.error) ? t('form.changedMeanwhile') : server.message) : null;

  return (
    <Dialog holdsUnsavedWork size="wide" isOpen onOpenChange={(open) => !open && onClose()} title={institution ? t('form.editTitle', { name: localName(institution, language) }) : t('institutions.add')} isBusy={save.isPending}>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="dialog__body reference-form">
          {NAME_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`fields.${field}`)}
              description={institution === null && field !== 'name_en' ? t('fieldHints.otherNames') : undefined}
              value={draft[field]}
              onChange={(value) => edit(field, value)}
              errorMessage={errorOf(field)}
              isRequired={institution !== null || field === 'name_en'}
              autoComplete="off"
            />
          ))}
          <div className="reference-form__pair">
            <SelectField
              label={t('fields.country')}
              value={draft.country}
              options={countries}
              onChange={(value) => edit('country', value)}
              errorMessage={errorOf('country')}
              isRequired
              isSearchable
              openLabel={t('filters.showCountries')}
            />
            <SelectField
              label={t('fields.type')}
              value={draft.type}
              placeholder={t('form.choose')}
              options={INSTITUTION_TYPES.map((type) => ({ value: type, label: t(`institutionType.${type}`) }))}
              onChange={(value) => edit('type', value as InstitutionType | '')}
              isRequired
              errorMessage={errorOf('type')}
            />
          </div>
          <div className="reference-form__pair">
            <TextField label={t('fields.website')} type="url" value={draft.website} onChange={(value) => edit('website', value)} errorMessage={errorOf('website')} autoComplete="off" />
            <TextField label={t('fields.email')} type="email" value={draft.email} onChange={(value) => edit('email', value)} errorMessage={errorOf('email')} autoComplete="off" />
          </div>
          <SelectField
            label={t('fields.accreditation')}
            value={draft.accreditation_status}
            options={ACCREDITATION_STATUSES.map((status) => ({ value: status, label: t(`accreditation.${status}`) }))}
            onChange={(value) => edit('accreditation_status', value as AccreditationStatus)}
            errorMessage={errorOf('accreditation_status')}
          />
          <TextField
            label={t('fields.registerUrl')}
            description={t('fieldHints.registerUrl')}
            type="url"
            value={draft.diploma_register_url}
            onChange={(value) => edit('diploma_register_url', value)}
            errorMessage={errorOf('diploma_register_url')}
            autoComplete="off"
          />
          <Checkbox isSelected={draft.active} onChange={(value) => edit('active', value)}>
            {t('fields.active')}
          </Checkbox>
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
