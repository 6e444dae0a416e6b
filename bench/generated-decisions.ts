import { sql } from 'kysely';
import type { AppDatabase } from '../src/server/db/database';

// Structured decisions for the benchmark's decided recognitions (services 1 and 2), written in a
// few set-based statements (the workflow writes one at a time; a million applications need the
// database to do it): the outcome from the application's end (non-recognition where it was
// refused; otherwise mostly full, some partial, conditional or alternative), the foreign side from
// the education info with the reference data's institution (the survivor of a merge) and country,
// the national qualification of the same level (else the first), the first legal reason that
// applies, one or two substantial differences for anything short of full recognition, and the
// service's appeal notice. The programme key and the full-text vectors are the columns' own
// (migration 0032). Approved decisions for closed applications, prepared ones for those waiting.

const EXPLANATIONS = [
  ['workload', "The programme comprises {ects} credits instead of the national qualification's, more than a semester of full-time study short."],
  ['level', 'The qualification gives access to the next cycle only after a bridging year in its own system.'],
  ['quality', 'The institution was not accredited in its own system for the years of study; the ministry confirmed it.'],
  ['profile', 'A professional profile: the clinical practice and internship replace the research thesis of the national degree.'],
  ['learning_outcomes', 'The learning outcomes lack the laboratory and methodology modules the regulated profession requires.'],
] as const;

export async function insertBenchDecisions(db: AppDatabase): Promise<number> {
  const explanations = sql.join(EXPLANATIONS.map(([element, text], index) => sql`(${index}::int, ${element}::text, ${text}::text)`));
  const inserted = await sql<{ n: number }>`
    with decided as (
      select a.id, a.service_type, a.status, a.decided_by_id, a.assigned_officer_id, a.submitted_at, a.closed_at, a.updated_at,
        e.institution_name, e.institution_country, e.program_name, e.degree_level, e.duration, e.ects_credits,
        case
          when a.status in ('rejected', 'pre_university_non_recognition') then 'non_recognition'
          when a.id % 11 = 0 then 'partial'
          when a.id % 17 = 0 then 'conditional'
          when a.id % 29 = 0 then 'alternative'
          else 'full'
        end as outcome
      from applications a
      join education_info e on e.application_id = a.id
      where a.service_type in (1, 2)
        and a.status in ('decision_pending', 'approved', 'rejected', 'pre_university_recognition', 'pre_university_non_recognition')
        and not exists (select 1 from recognition_decisions d where d.application_id = a.id)
    ),
    admin as (select id from users where is_superuser order by id limit 1),
    inserted as (
    insert into recognition_decisions (
      application_id, outcome, outcome_detail, foreign_institution_name, foreign_institution_id, foreign_country, foreign_accreditation,
      foreign_programme, foreign_degree_level, foreign_eqf_level, foreign_nqf_level, foreign_duration, foreign_ects, foreign_profile,
      national_qualification_id, national_name_en, national_name_sq, national_name_sr, national_degree_level, national_eqf_level, national_nqf_level,
      national_ects, national_duration_years, national_profile,
      appeal_body_en, appeal_body_sq, appeal_body_sr, appeal_period_days, appeal_last_day,
      state, prepared_by_id, prepared_at, approved_by_id, approved_at, updated_at)
    select d.id, d.outcome,
      case d.outcome
        when 'partial' then 'Recognised for access to employment in the field; not for access to regulated professions or doctoral studies.'
        when 'conditional' then 'Recognised once the applicant passes an aptitude test in national law and completes a six-month supervised practice.'
        when 'alternative' then 'Recognised as a short-cycle qualification (EQF 5) rather than a bachelor degree.'
      end,
      d.institution_name, i.id, nullif(trim(d.institution_country), ''), coalesce(i.accreditation_status, 'unknown'),
      d.program_name, d.degree_level, level.eqf_level, level.nqf_level, d.duration, d.ects_credits, n.profile,
      n.id, n.name_en, n.name_sq, n.name_sr, n.degree_level, n.eqf_level, n.nqf_level, n.ects_credits, n.duration_years, n.profile,
      s.appeal_body_en, s.appeal_body_sq, s.appeal_body_sr, s.appeal_period_days,
      (coalesce(d.closed_at, d.updated_at) + make_interval(days => s.appeal_period_days))::date,
      case when d.status = 'decision_pending' then 'prepared' else 'approved' end,
      coalesce(d.assigned_officer_id, d.decided_by_id, admin.id),
      coalesce(d.closed_at, d.updated_at) - interval '2 days',
      case when d.status = 'decision_pending' then null else coalesce(d.decided_by_id, admin.id) end,
      case when d.status = 'decision_pending' then null else coalesce(d.closed_at, d.updated_at) end,
      coalesce(d.closed_at, d.updated_at)
    from decided d
    cross join admin
    join services s on s.service_type = d.service_type and s.appeal_period_days is not null
    left join reference_values level on level.list = 'degree_levels' and level.code = d.degree_level
    join lateral (
      select * from national_qualifications q where q.active order by (q.degree_level = d.degree_level) desc, q.id limit 1
    ) n on true
    left join lateral (
      select coalesce(found.merged_into, found.id) as id, coalesce(kept.accreditation_status, found.accreditation_status) as accreditation_status
      from institutions found left join institutions kept on kept.id = found.merged_into
      where lower(found.name_en) = lower(d.institution_name) and found.country = d.institution_country
      order by found.merged_into is null desc, found.id limit 1
    ) i on true
    returning 1)
    select count(*)::int as n from inserted`.execute(db);
  // Differences: one for every outcome short of full recognition, a second for every third.
  await sql`
    with texts (position, element, explanation) as (values ${explanations})
    insert into recognition_decision_differences (decision_id, position, element, explanation)
    select d.id, p.position, t.element, replace(t.explanation, '{ects}', coalesce(d.foreign_ects::text, '60'))
    from recognition_decisions d
    cross join (values (0), (1)) as p (position)
    join texts t on t.position = (d.id + p.position * 2) % 5
    where d.outcome <> 'full' and (p.position = 0 or d.id % 3 = 0)
      and not exists (select 1 from recognition_decision_differences x where x.decision_id = d.id)`.execute(db);
  await sql`
    insert into recognition_decision_legal_bases (decision_id, legal_reason_id, position)
    select d.id, r.id, 0
    from recognition_decisions d
    join applications a on a.id = d.application_id
    join lateral (
      select id from legal_reasons l where l.active and a.service_type::smallint = any(l.services) and d.outcome = any(l.outcomes) order by l.article, l.id limit 1
    ) r on true
    where not exists (select 1 from recognition_decision_legal_bases b where b.decision_id = d.id)`.execute(db);
  return inserted.rows[0]?.n ?? 0;
}
