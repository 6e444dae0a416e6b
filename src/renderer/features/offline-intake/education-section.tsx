import { useTranslation } from 'react-i18next';
import { DatePickerField } from '../../components/date-picker-field';
import { SelectField, type SelectOption } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { INTAKE_LIMITS } from '../../../shared/api/intake';
import { TEXT_LIMITS } from '../../../shared/api/safe-text';
import { INSTITUTION_TYPES, INSTRUCTION_LANGUAGES, STUDY_MODES, type DegreeLevel, type InstitutionType, type InstructionLanguage, type StudyMode } from '../../../shared/domain/application-status';
import { useFormat } from '../../lib/format';
import { withCurrent, type SectionProps } from './applicant-section';
import { InstitutionField } from './institution-field';
import type { DraftValues } from './draft-model';

type Education = DraftValues['education'];

/**
 * The education of spec §3: the institution (name, country, contact, public or private) and the
 * studies (programme, degree level among the chosen service's, duration, graduation, ECTS, purpose),
 * and what evaluators compare: the original title, language, mode, study dates and grades.
 */
export function EducationSection({
  values,
  onChange,
  errors,
  countries,
  degrees,
}: SectionProps & { countries: SelectOption[]; degrees: readonly DegreeLevel[] }) {
  const { t } = useTranslation(['counter', 'applications']);
  const format = useFormat();
  const education = values.education;
  const set = <K extends keyof Education>(field: K, value: Education[K]) => onChange({ ...values, education: { ...education, [field]: value } });
  const error = (field: keyof Education) => errors[`education.${field}`];

  return (
    <fieldset className="counter-form__group">
      <legend>{t('education.title')}</legend>
      <div className="counter-form__row">
        <InstitutionField
          value={education.institution_name}
          onChange={(text) => set('institution_name', text)}
          onChoose={(institution, name) =>
            onChange({
              ...values,
              education: {
                ...education,
                institution_name: name,
                institution_country: institution.country,
                institution_type: institution.type,
                institution_email: institution.email ?? education.institution_email,
                institution_website: institution.website ?? education.institution_website,
              },
            })
          }
          errorMessage={error('institution_name')}
        />
        <SelectField
          label={t('education.institutionCountry')}
          value={education.institution_country}
          options={withCurrent(countries, education.institution_country)}
          emptyLabel={t('notGiven')}
          onChange={(value) => set('institution_country', value)}
          errorMessage={error('institution_country')}
          isSearchable
          openLabel={t('showCountries')}
        />
        <SelectField
          label={t('education.institutionType')}
          value={education.institution_type}
          options={INSTITUTION_TYPES.map((type) => ({ value: type, label: t(`applications:institutionType.${type}`) }))}
          emptyLabel={t('notGiven')}
          onChange={(value) => set('institution_type', value as InstitutionType | '')}
          errorMessage={error('institution_type')}
        />
      </div>
      <div className="counter-form__row">
        <TextField
          label={t('education.institutionEmail')}
          type="email"
          value={education.institution_email}
          onChange={(text) => set('institution_email', text)}
          errorMessage={error('institution_email')}
          maxLength={TEXT_LIMITS.email}
          autoComplete="off"
        />
        <TextField
          label={t('education.institutionWebsite')}
          type="url"
          value={education.institution_website}
          onChange={(text) => set('institution_website', text)}
          errorMessage={error('institution_website')}
          maxLength={INTAKE_LIMITS.website}
          autoComplete="off"
        />
      </div>
      <div className="counter-form__row">
        <TextField label={t('education.programme')} value={education.program_name} onChange={(text) => set('program_name', text)} errorMessage={error('program_name')} maxLength={TEXT_LIMITS.name} autoComplete="off" />
        {degrees.length > 0 ? (
          <SelectField
            label={t('education.degreeLevel')}
            value={education.degree_level}
            options={degrees.map((level) => ({ value: level, label: t(`applications:degreeLevel.${level}`) }))}
            emptyLabel={t('notGiven')}
            onChange={(value) => set('degree_level', value as DegreeLevel | '')}
            errorMessage={error('degree_level')}
          />
        ) : null}
        <TextField
          label={t('education.duration')}
          description={t('education.durationHelp')}
          value={education.duration}
          onChange={(text) => set('duration', text)}
          errorMessage={error('duration')}
          maxLength={INTAKE_LIMITS.duration}
          autoComplete="off"
        />
      </div>
      <div className="counter-form__row">
        <DatePickerField
          label={t('education.graduationDate')}
          value={education.graduation_date || null}
          onChange={(date) => set('graduation_date', date ?? '')}
          clearLabel={t('clearDate', { field: t('education.graduationDate') })}
        />
        <TextField label={t('education.ects')} value={education.ects_credits} inputMode="numeric" onChange={(text) => set('ects_credits', text)} errorMessage={error('ects_credits')} autoComplete="off" />
      </div>
      <div className="counter-form__row">
        <TextField
          label={t('applications:detail.fields.originalTitle')}
          description={t('education.originalTitleHelp')}
          value={education.original_title ?? ''}
          onChange={(text) => set('original_title', text)}
          errorMessage={error('original_title')}
          maxLength={TEXT_LIMITS.name}
          autoComplete="off"
        />
        <SelectField
          label={t('applications:detail.fields.languageOfInstruction')}
          value={education.language_of_instruction ?? ''}
          options={INSTRUCTION_LANGUAGES.map((code) => ({ value: code, label: format.languageName(code) })).sort((a, b) => format.compare(a.label, b.label))}
          emptyLabel={t('notGiven')}
          onChange={(value) => set('language_of_instruction', value as InstructionLanguage | '')}
          errorMessage={error('language_of_instruction')}
          isSearchable
          openLabel={t('education.showLanguages')}
        />
        <SelectField
          label={t('applications:detail.fields.studyMode')}
          value={education.study_mode ?? ''}
          options={STUDY_MODES.map((mode) => ({ value: mode, label: t(`applications:studyMode.${mode}`) }))}
          emptyLabel={t('notGiven')}
          onChange={(value) => set('study_mode', value as StudyMode | '')}
          errorMessage={error('study_mode')}
        />
      </div>
      <div className="counter-form__row">
        <DatePickerField
          label={t('education.studyStart')}
          value={education.study_start || null}
          onChange={(date) => set('study_start', date ?? '')}
          clearLabel={t('clearDate', { field: t('education.studyStart') })}
          errorMessage={error('study_start')}
        />
        <DatePickerField
          label={t('education.studyEnd')}
          value={education.study_end || null}
          onChange={(date) => set('study_end', date ?? '')}
          clearLabel={t('clearDate', { field: t('education.studyEnd') })}
          errorMessage={error('study_end')}
        />
        <TextField
          label={t('applications:detail.fields.gradingScale')}
          description={t('education.gradingScaleHelp')}
          value={education.grading_scale ?? ''}
          onChange={(text) => set('grading_scale', text)}
          errorMessage={error('grading_scale')}
          maxLength={INTAKE_LIMITS.gradingScale}
          autoComplete="off"
        />
        <TextField
          label={t('applications:detail.fields.finalGrade')}
          value={education.final_grade ?? ''}
          onChange={(text) => set('final_grade', text)}
          errorMessage={error('final_grade')}
          maxLength={INTAKE_LIMITS.finalGrade}
          autoComplete="off"
        />
      </div>
      <TextAreaField label={t('education.purpose')} value={education.purpose_details} onChange={(text) => set('purpose_details', text)} errorMessage={error('purpose_details')} />
    </fieldset>
  );
}
