import {
  QUALIFICATION_PROFILES,
  nationalQualificationInput,
  nationalQualificationUpdate,
  type NationalQualification,
  type NationalQualificationInput,
  type NationalQualificationUpdate,
} from '../../../shared/api/decision-references';
import { QUALIFICATION_LEVEL } from '../../../shared/api/reference-data';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormCheckbox, FormSelectField, FormTextField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useSaveNationalQualification } from './api';
import { localName } from './local-name';
import { nationalQualificationDraftOf, nationalQualificationRequestOf, type NationalQualificationDraft } from './national-qualification-draft';
import { DeleteButton } from './delete-dialog';
import { isVersionConflict } from './refusals';
import { useDegreeLevelOptions } from './degree-level-options';

const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;
const LEVELS = Array.from({ length: QUALIFICATION_LEVEL.max - QUALIFICATION_LEVEL.min + 1 }, (_, index) => String(QUALIFICATION_LEVEL.min + index));

/** Adds a national reference qualification or edits one: names, degree level, EQF/NQF level, workload, duration, profile. */
export function NationalQualificationDialog({ qualification, onClose, onDelete }: { qualification: NationalQualification | null; onClose(): void; onDelete?(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const save = useSaveNationalQualification(qualification);
  const degreeLevels = useDegreeLevelOptions(qualification?.degree_level);
  const form = useSchemaForm<NationalQualificationDraft, NationalQualificationInput | NationalQualificationUpdate>({
    schema: qualification ? nationalQualificationUpdate : nationalQualificationInput,
    defaultValues: nationalQualificationDraftOf(qualification),
    toRequest: (draft) => nationalQualificationRequestOf(draft, qualification),
    refusal: save.error,
  });
  const { control } = form;
  const server = save.error ? translateError(save.error, t) : null;
  const summary = server && Object.keys(server.fieldErrors).length === 0 ? (isVersionConflict(save.error) ? t('form.changedMeanwhile') : (server.refusal ?? server.message)) : null;
  const levelOptions = LEVELS.map((level) => ({ value: level, label: level }));

  const submit = (request: NationalQualificationInput | NationalQualificationUpdate) =>
    save.mutate(request, {
      onSuccess: (saved) => {
        notifySuccess(qualification ? 'saved' : 'created', t(qualification ? 'done.saved' : 'done.created', { name: localName(saved, language) }));
        onClose();
      },
    });

  return (
    <Dialog
      holdsUnsavedWork
      size="wide"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={qualification ? t('form.editTitle', { name: localName(qualification, language) }) : t('nationalQualifications.add')}
      isBusy={save.isPending}
    >
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <div className="dialog__body reference-form">
          {NAME_FIELDS.map((field) => (
            <FormTextField key={field} control={control} name={field} label={t(`fields.${field}`)} autoComplete="off" />
          ))}
          <div className="reference-form__pair">
            <FormSelectField control={control} name="degree_level" label={t('nationalQualifications.degreeLevel')} placeholder={t('form.choose')} options={degreeLevels} />
            <FormSelectField
              control={control}
              name="profile"
              label={t('nationalQualifications.profile')}
              placeholder={t('form.choose')}
              options={QUALIFICATION_PROFILES.map((profile) => ({ value: profile, label: t(`profile.${profile}`) }))}
            />
          </div>
          <div className="reference-form__pair">
            <FormSelectField control={control} name="eqf_level" label={t('fields.eqfLevel')} placeholder={t('form.choose')} options={levelOptions} />
            <FormSelectField control={control} name="nqf_level" label={t('fields.nqfLevel')} placeholder={t('form.choose')} options={levelOptions} />
          </div>
          <div className="reference-form__pair">
            <FormTextField control={control} name="ects_credits" label={t('nationalQualifications.ects')} description={t('nationalQualifications.ectsHint')} inputMode="numeric" autoComplete="off" />
            <FormTextField control={control} name="duration_years" label={t('nationalQualifications.duration')} description={t('nationalQualifications.durationHint')} inputMode="decimal" autoComplete="off" />
          </div>
          <FormCheckbox control={control} name="active">
            {t('nationalQualifications.activeField')}
          </FormCheckbox>
          {summary ? <Alert tone="error" title={summary} /> : null}
        </div>
        <div className="dialog__actions">
          {qualification && onDelete ? <DeleteButton onPress={onDelete} isDisabled={save.isPending} name={localName(qualification, language)} /> : null}
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={save.isPending}>
            {qualification ? t('actions.save') : t('actions.create')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
