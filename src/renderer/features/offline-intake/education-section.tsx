import { useTranslation } from 'react-i18next';
import { useController, useWatch, type UseFormSetValue } from 'react-hook-form';
import { FormDateField, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import type { SelectOption } from '../../components/select-field';
import { INTAKE_LIMITS } from '../../../shared/api/intake';
import { TEXT_LIMITS } from '../../../shared/api/safe-text';
import { INSTITUTION_TYPES, INSTRUCTION_LANGUAGES, STUDY_MODES, type DegreeLevel } from '../../../shared/domain/application-status';
import { useFormat } from '../../lib/format';
import { withCurrent, type SectionProps, type TypedValues } from './applicant-section';
import { InstitutionField } from './institution-field';

/**
 * The education of spec §3: the institution (name, country, contact, public or private) and the
 * studies (programme, degree level among the chosen service's, duration, graduation, ECTS, purpose),
 * and what evaluators compare: the original title, language, mode, study dates and grades.
 */
export function EducationSection({
  control,
  setValue,
  countries,
  degrees,
}: SectionProps & { setValue: UseFormSetValue<TypedValues>; countries: SelectOption[]; degrees: readonly DegreeLevel[] }) {
  const { t } = useTranslation(['counter', 'applications']);
  const format = useFormat();
  const { field: institution, fieldState: institutionState } = useController({ control, name: 'education.institution_name' });
  const institutionCountry = useWatch({ control, name: 'education.institution_country' });
  const choose = (name: keyof TypedValues['education'], value: string) => setValue(`education.${name}`, value, { shouldDirty: true });

  return (
    <fieldset className="form-group">
      <legend>{t('education.title')}</legend>
      <div className="counter-form__row">
        <InstitutionField
          value={institution.value}
          onChange={institution.onChange}
          onChoose={(chosen, name) => {
            // A registered institution brings its country, type and addresses; the ones it lacks keep what was typed.
            institution.onChange(name);
            choose('institution_country', chosen.country);
            choose('institution_type', chosen.type);
            if (chosen.email) choose('institution_email', chosen.email);
            if (chosen.website) choose('institution_website', chosen.website);
          }}
          errorMessage={institutionState.error?.message}
        />
        <FormSelectField
          control={control}
          name="education.institution_country"
          label={t('education.institutionCountry')}
          options={withCurrent(countries, institutionCountry)}
          emptyLabel={t('notGiven')}
          isSearchable
          openLabel={t('showCountries')}
        />
        <FormSelectField
          control={control}
          name="education.institution_type"
          label={t('education.institutionType')}
          options={INSTITUTION_TYPES.map((type) => ({ value: type, label: t(`applications:institutionType.${type}`) }))}
          emptyLabel={t('notGiven')}
        />
      </div>
      <div className="counter-form__row">
        <FormTextField control={control} name="education.institution_email" label={t('education.institutionEmail')} type="email" maxLength={TEXT_LIMITS.email} autoComplete="off" />
        <FormTextField control={control} name="education.institution_website" label={t('education.institutionWebsite')} type="url" maxLength={INTAKE_LIMITS.website} autoComplete="off" />
      </div>
      <div className="counter-form__row">
        <FormTextField control={control} name="education.program_name" label={t('education.programme')} maxLength={TEXT_LIMITS.name} autoComplete="off" />
        {degrees.length > 0 ? (
          <FormSelectField
            control={control}
            name="education.degree_level"
            label={t('education.degreeLevel')}
            options={degrees.map((level) => ({ value: level, label: t(`applications:degreeLevel.${level}`) }))}
            emptyLabel={t('notGiven')}
          />
        ) : null}
        <FormTextField control={control} name="education.duration" label={t('education.duration')} description={t('education.durationHelp')} maxLength={INTAKE_LIMITS.duration} autoComplete="off" />
      </div>
      <div className="counter-form__row">
        <FormDateField control={control} name="education.graduation_date" label={t('education.graduationDate')} clearLabel={t('clearDate', { field: t('education.graduationDate') })} />
        <FormTextField control={control} name="education.ects_credits" label={t('education.ects')} inputMode="numeric" autoComplete="off" />
      </div>
      <div className="counter-form__row">
        <FormTextField
          control={control}
          name="education.original_title"
          label={t('applications:detail.fields.originalTitle')}
          description={t('education.originalTitleHelp')}
          maxLength={TEXT_LIMITS.name}
          autoComplete="off"
        />
        <FormSelectField
          control={control}
          name="education.language_of_instruction"
          label={t('applications:detail.fields.languageOfInstruction')}
          options={INSTRUCTION_LANGUAGES.map((code) => ({ value: code, label: format.languageName(code) })).sort((a, b) => format.compare(a.label, b.label))}
          emptyLabel={t('notGiven')}
          isSearchable
          openLabel={t('education.showLanguages')}
        />
        <FormSelectField
          control={control}
          name="education.study_mode"
          label={t('applications:detail.fields.studyMode')}
          options={STUDY_MODES.map((mode) => ({ value: mode, label: t(`applications:studyMode.${mode}`) }))}
          emptyLabel={t('notGiven')}
        />
      </div>
      <div className="counter-form__row">
        <FormDateField control={control} name="education.study_start" label={t('education.studyStart')} clearLabel={t('clearDate', { field: t('education.studyStart') })} />
        <FormDateField control={control} name="education.study_end" label={t('education.studyEnd')} clearLabel={t('clearDate', { field: t('education.studyEnd') })} />
        <FormTextField
          control={control}
          name="education.grading_scale"
          label={t('applications:detail.fields.gradingScale')}
          description={t('education.gradingScaleHelp')}
          maxLength={INTAKE_LIMITS.gradingScale}
          autoComplete="off"
        />
        <FormTextField control={control} name="education.final_grade" label={t('applications:detail.fields.finalGrade')} maxLength={INTAKE_LIMITS.finalGrade} autoComplete="off" />
      </div>
      <FormTextAreaField control={control} name="education.purpose_details" label={t('education.purpose')} />
    </fieldset>
  );
}
