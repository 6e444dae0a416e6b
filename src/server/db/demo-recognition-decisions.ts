import { sql } from 'kysely';
import type { DifferenceElement, RecognitionOutcome } from '../../shared/api/recognition-decisions';
import { appealLastDay } from '../../shared/domain/appeal-period';
import { kosovoDate } from '../../shared/domain/deadline-dates';
import { holidaysFrom } from '../application-deadlines';
import { qualificationIdentityOf } from '../decision-qualification';
import { foreignQualificationOf, nationalSnapshot } from '../workflow/recognition-decision';
import type { AppDatabase } from './database';

// The structured decisions of the demo's decided recognitions (services 1 and 2), written after
// the reference data (the legal reasons and national qualifications it cites) and the
// applications. Each gets a plausible decision: non-recognition where the application was
// rejected, otherwise mostly full recognition and now and then a partial one; the first active
// legal reason that applies, the national qualification of the application's degree level, the
// service's appeal notice. An application whose reason, qualification or appeal notice the
// reference data lacks is left without one; a second run adds nothing.

const PARTIAL_DETAIL = 'Recognised for access to employment in the field; not for access to regulated professions or doctoral studies.';
const DIFFERENCES: Readonly<Record<'partial' | 'non_recognition', { element: DifferenceElement; explanation: string }>> = {
  partial: {
    element: 'workload',
    explanation: 'The programme comprises fewer credits than the national qualification (the difference is more than a semester of full-time study), so it does not give access to the next cycle.',
  },
  non_recognition: {
    element: 'quality',
    explanation: 'The institution was not accredited in its own system when the diploma was issued, so the qualification does not belong to a recognised higher education system.',
  },
};

export async function seedDemoRecognitionDecisions(db: AppDatabase): Promise<number> {
  const rows = await db
    .selectFrom('applications as a')
    .innerJoin('services as s', 's.id', 'a.service_id')
    .leftJoin('education_info as e', 'e.application_id', 'a.id')
    .select([
      'a.id',
      'a.service_type',
      'a.status',
      'a.decided_by_id',
      'a.decided_at',
      'a.updated_at',
      'e.degree_level',
      's.appeal_period_days',
      's.appeal_body_en',
      's.appeal_body_sq',
      's.appeal_body_sr',
      sql<number | null>`(select h.actor_id from application_history h where h.application_id = a.id and h.action in ('prepare_decision', 'grant_recognition', 'deny_recognition') order by h.created_at desc, h.id desc limit 1)`.as('preparer_id'),
      sql<Date | null>`(select h.created_at from application_history h where h.application_id = a.id and h.action in ('prepare_decision', 'grant_recognition', 'deny_recognition') order by h.created_at desc, h.id desc limit 1)`.as('prepared_at'),
    ])
    .where((eb) =>
      eb.or([
        eb('a.status', 'in', ['decision_pending', 'pre_university_recognition', 'pre_university_non_recognition']),
        eb.and([
          eb('a.service_type', '=', 1),
          eb('a.status', 'in', ['approved', 'rejected']),
          eb.exists(eb.selectFrom('application_history as h').select('h.id').whereRef('h.application_id', '=', 'a.id').where('h.action', 'in', ['approve', 'reject'])),
        ]),
      ]),
    )
    .where('a.service_type', 'in', [1, 2])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('recognition_decisions as d').select('d.id').whereRef('d.application_id', '=', 'a.id'))))
    .orderBy('a.id')
    .execute();
  if (rows.length === 0) return 0;

  const [reasons, qualifications, admin] = await Promise.all([
    db.selectFrom('legal_reasons').select(['id', 'services', 'outcomes']).where('active', '=', true).orderBy('article').orderBy('id').execute(),
    db.selectFrom('national_qualifications').selectAll().where('active', '=', true).orderBy('id').execute(),
    db.selectFrom('users').select('id').where('is_superuser', '=', true).orderBy('id').executeTakeFirst(),
  ]);
  if (reasons.length === 0 || qualifications.length === 0 || !admin) return 0;
  const earliest = rows.reduce((first, row) => {
    const day = kosovoDate(row.decided_at ?? row.updated_at);
    return day < first ? day : first;
  }, kosovoDate(new Date()));
  const closed = new Set((await holidaysFrom(db, earliest)).map((day) => day.date));

  let written = 0;
  for (const row of rows) {
    const rejected = row.status === 'rejected' || row.status === 'pre_university_non_recognition';
    const outcome: RecognitionOutcome = rejected ? 'non_recognition' : row.id % 4 === 0 ? 'partial' : 'full';
    const reason = reasons.find((r) => r.services.includes(row.service_type) && r.outcomes.includes(outcome));
    const national = qualifications.find((q) => q.degree_level === row.degree_level);
    if (!reason || !national || !row.appeal_period_days || !row.appeal_body_en) continue;
    const approved = row.status !== 'decision_pending';
    const preparedAt = row.prepared_at ?? row.decided_at ?? row.updated_at;
    const decidedAt = approved ? (row.decided_at ?? preparedAt) : null;
    const foreign = await foreignQualificationOf(db, row.id);
    const identity = await qualificationIdentityOf(db, row.id);
    const { id } = await db
      .insertInto('recognition_decisions')
      .values({
        application_id: row.id,
        outcome,
        outcome_detail: outcome === 'partial' ? PARTIAL_DETAIL : null,
        foreign_institution_name: foreign.institution_name,
        foreign_accreditation: foreign.accreditation,
        foreign_programme: foreign.programme,
        foreign_degree_level: foreign.degree_level,
        foreign_eqf_level: foreign.eqf_level,
        foreign_nqf_level: foreign.nqf_level,
        foreign_duration: foreign.duration,
        foreign_ects: foreign.ects,
        foreign_profile: national.profile,
        foreign_institution_id: identity.institution_id,
        foreign_country: identity.country,
        ...nationalSnapshot(national),
        appeal_body_en: row.appeal_body_en,
        appeal_body_sq: row.appeal_body_sq,
        appeal_body_sr: row.appeal_body_sr,
        appeal_period_days: row.appeal_period_days,
        appeal_last_day: appealLastDay(kosovoDate(decidedAt ?? new Date()), row.appeal_period_days, closed),
        state: approved ? 'approved' : 'prepared',
        prepared_by_id: row.preparer_id ?? row.decided_by_id ?? admin.id,
        prepared_at: preparedAt,
        approved_by_id: approved ? (row.decided_by_id ?? admin.id) : null,
        approved_at: decidedAt,
        updated_at: decidedAt ?? preparedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (outcome !== 'full') {
      await db.insertInto('recognition_decision_differences').values({ decision_id: id, position: 0, ...DIFFERENCES[outcome === 'partial' ? 'partial' : 'non_recognition'] }).execute();
    }
    await db.insertInto('recognition_decision_legal_bases').values({ decision_id: id, legal_reason_id: reason.id, position: 0 }).execute();
    written += 1;
  }
  return written;
}
