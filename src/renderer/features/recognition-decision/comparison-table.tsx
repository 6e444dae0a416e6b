import { useTranslation } from 'react-i18next';
import type { ForeignQualification, NationalQualificationOption, QualificationProfile } from '../../../shared/api/recognition-decisions';
import { useFormat } from '../../lib/format';
import { inLanguage } from './decision-texts';

/**
 * The comparison a decision rests on, side by side: the foreign qualification (the application's
 * education info, its levels and its institution's status from the reference data) and the national
 * reference qualification. Shown live in the builder and as kept with a decision.
 */
export function ComparisonTable({
  foreign,
  foreignProfile,
  national,
}: {
  foreign: ForeignQualification;
  foreignProfile: QualificationProfile | null;
  national: NationalQualificationOption | null;
}) {
  const { t } = useTranslation('decisions');
  const format = useFormat();
  const level = (code: string | null) => (code ? t(`applications:degreeLevel.${code}`, { defaultValue: code }) : null);
  const number = (value: number | null) => (value === null ? null : format.number(value));
  const years = (value: string | null) => (value === null ? null : t('comparison.years', { count: Number(value), value: format.number(Number(value)) }));
  const rows: [string, string | null, string | null][] = [
    [t('comparison.name'), [foreign.programme, foreign.institution_name].filter(Boolean).join(' — ') || null, national ? inLanguage(national, 'name', format.language) : null],
    [t('comparison.level'), level(foreign.degree_level), national ? level(national.degree_level) : null],
    [t('comparison.eqf'), number(foreign.eqf_level), national ? number(national.eqf_level) : null],
    [t('comparison.nqf'), number(foreign.nqf_level), national ? number(national.nqf_level) : null],
    [t('comparison.duration'), foreign.duration, national ? years(national.duration_years) : null],
    [t('comparison.ects'), number(foreign.ects), national ? number(national.ects_credits) : null],
    [t('comparison.profile'), foreignProfile ? t(`profile.${foreignProfile}`) : null, national ? t(`profile.${national.profile}`) : null],
    [t('comparison.accreditation'), t(`accreditation.${foreign.accreditation}`), national ? t('comparison.national') : null],
  ];
  return (
    <table className="decision-comparison">
      <caption className="visually-hidden">{t('comparison.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('comparison.element')}</th>
          <th scope="col">{t('comparison.foreign')}</th>
          <th scope="col">{t('comparison.nationalColumn')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, left, right]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{left ?? '—'}</td>
            <td>{right ?? (national ? '—' : t('comparison.choose'))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
