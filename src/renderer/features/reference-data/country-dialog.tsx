import { useState } from 'react';
import type { CountryRecord } from '../../../shared/api/reference-data';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useSaveCountry } from './api';
import { localName } from './local-name';
import { isVersionConflict } from './refusals';

const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;
type NameField = (typeof NAME_FIELDS)[number];

/** Edits a country's names and flags; its code is ISO's and stays. */
export function CountryDialog({ country, onClose }: { country: CountryRecord; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const save = useSaveCountry(country);
  const [names, setNames] = useState<Record<NameField, string>>({ name_en: country.name_en, name_sq: country.name_sq, name_sr: country.name_sr });
  const [flags, setFlags] = useState({ eu_eea: country.eu_eea, bologna_member: country.bologna_member, active_for_applications: country.active_for_applications });
  const [checked, setChecked] = useState<Partial<Record<NameField, string>>>({});
  const server = save.error ? translateError(save.error, t) : null;
  const summary = server && Object.keys(server.fieldErrors).length === 0 ? (isVersionConflict(save.error) ? t('form.changedMeanwhile') : server.message) : null;

  const submit = () => {
    const problems = Object.fromEntries(NAME_FIELDS.filter((field) => names[field].trim() === '').map((field) => [field, t('form.required')]));
    setChecked(problems);
    if (Object.keys(problems).length > 0) return;
    const request = { version: country.version, name_en: names.name_en.trim(), name_sq: names.name_sq.trim(), name_sr: names.name_sr.trim(), ...flags };
    save.mutate(request, {
      onSuccess: (saved) => {
        notifySuccess('saved', t('done.saved', { name: localName(saved, language) }));
        onClose();
      },
    });
  };

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('countries.editTitle', { name: `${localName(country, language)} (${country.code})` })} isBusy={save.isPending}>
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
              value={names[field]}
              onChange={(value) => {
                setNames((current) => ({ ...current, [field]: value }));
                setChecked(({ [field]: _changed, ...rest }) => rest);
              }}
              errorMessage={checked[field] ?? server?.fieldErrors[field]?.[0]}
              isRequired
              autoComplete="off"
            />
          ))}
          <Checkbox isSelected={flags.eu_eea} onChange={(value) => setFlags((current) => ({ ...current, eu_eea: value }))}>
            {t('countries.euEeaField')}
          </Checkbox>
          <Checkbox isSelected={flags.bologna_member} onChange={(value) => setFlags((current) => ({ ...current, bologna_member: value }))}>
            {t('countries.bolognaField')}
          </Checkbox>
          <Checkbox isSelected={flags.active_for_applications} onChange={(value) => setFlags((current) => ({ ...current, active_for_applications: value }))}>
            {t('countries.activeForApplicationsField')}
          </Checkbox>
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
