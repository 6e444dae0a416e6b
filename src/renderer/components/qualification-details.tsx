import { useTranslation } from 'react-i18next';
import type { Qualification } from '../../shared/api/qualification';
import { useCountryName } from '../lib/country-names';
import { useFormat } from '../lib/format';
import { DetailsList } from './details-list';
import './qualification-details.css';

/**
 * The qualification as those who judge it read it (the council's review, an evaluator's review):
 * the institution with its standing in the reference data, the level with its EQF/NQF levels, and
 * what the diploma says of the studies (original title, language, mode, dates, grades).
 */
export function QualificationDetails({ qualification }: { qualification: Qualification }) {
  const { t } = useTranslation('applications');
  const format = useFormat();
  const country = useCountryName();
  const { institution } = qualification;
  const levels =
    qualification.eqf_level === null && qualification.nqf_level === null
      ? null
      : t('qualification.levels', { eqf: qualification.eqf_level ?? '—', nqf: qualification.nqf_level ?? '—' });
  const degree = qualification.degree_level ? [t(`degreeLevel.${qualification.degree_level}`), levels].filter(Boolean).join(' · ') : null;
  return (
    <DetailsList
      rows={[
        [t('qualification.institution'), institution ? format.name(institution) : qualification.institution_name],
        [t('qualification.country'), qualification.institution_country ? country(qualification.institution_country) : null],
        [
          t('qualification.accreditation'),
          institution ? (
            <span className={institution.accreditation_status === 'accredited' ? undefined : 'qualification__warning'}>
              {t(`qualification.accreditationStatus.${institution.accreditation_status}`)}
            </span>
          ) : (
            t('qualification.notInReference')
          ),
        ],
        [t('qualification.degreeLevel'), degree],
        [t('qualification.programme'), qualification.program_name],
        [t('detail.fields.originalTitle'), qualification.original_title],
        [t('detail.fields.languageOfInstruction'), qualification.language_of_instruction ? format.languageName(qualification.language_of_instruction) : null],
        [t('detail.fields.studyMode'), qualification.study_mode ? t(`studyMode.${qualification.study_mode}`) : null],
        [t('detail.fields.studyPeriod'), studyPeriod(qualification, format.date, t)],
        [t('qualification.duration'), qualification.duration],
        [t('qualification.ects'), qualification.ects_credits === null ? null : format.number(qualification.ects_credits)],
        [t('qualification.graduation'), qualification.graduation_date ? format.date(qualification.graduation_date) : null],
        [t('detail.fields.gradingScale'), qualification.grading_scale],
        [t('detail.fields.finalGrade'), qualification.final_grade],
      ]}
    />
  );
}

/** "1.10.2019 – 30.6.2022" (either end a dash when unknown); null when neither is known. */
export function studyPeriod(
  dates: { study_start: string | null; study_end: string | null },
  date: (value: string) => string,
  t: (key: string, values: Record<string, string>) => string,
): string | null {
  if (!dates.study_start && !dates.study_end) return null;
  return t('qualification.period', { start: dates.study_start ? date(dates.study_start) : '—', end: dates.study_end ? date(dates.study_end) : '—' });
}
