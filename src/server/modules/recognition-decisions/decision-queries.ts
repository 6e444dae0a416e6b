import type { ApplicationDecisions, DecisionOptions, RecognitionDecision } from '../../../shared/api/recognition-decisions';
import type { AppDatabase } from '../../db/database';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import { displayNameSql } from '../../shared/display-name';
import { appealNoticeOf, foreignQualificationOf } from '../../workflow/recognition-decision';

// What the decision screens read: an application's decisions as kept (the comparison and appeal
// notice as they stood when it was written), and the options the builder offers. Writing a
// decision is a workflow action (src/server/workflow/recognition-decision.ts).

/** The application as the caller may see it; undefined when it is not theirs to see (404). */
async function visibleApplication(db: AppDatabase, scope: ApplicationScope, id: number) {
  return db
    .selectFrom('applications')
    .select(['applications.id', 'applications.service_id', 'applications.service_type'])
    .where('applications.id', '=', id)
    .where(visibleIn(scope))
    .executeTakeFirst();
}

export async function loadDecisions(db: AppDatabase, scope: ApplicationScope, applicationId: number): Promise<ApplicationDecisions | undefined> {
  if (!(await visibleApplication(db, scope, applicationId))) return undefined;
  const rows = await db
    .selectFrom('recognition_decisions as d')
    .leftJoin('users as preparer', 'preparer.id', 'd.prepared_by_id')
    .leftJoin('users as approver', 'approver.id', 'd.approved_by_id')
    .selectAll('d')
    .select([displayNameSql<string | null>('preparer').as('prepared_by_name'), displayNameSql<string | null>('approver').as('approved_by_name')])
    .where('d.application_id', '=', applicationId)
    .orderBy('d.id', 'desc')
    .execute();
  const ids = rows.map((row) => row.id);
  const [differences, bases] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.selectFrom('recognition_decision_differences').select(['decision_id', 'element', 'explanation']).where('decision_id', 'in', ids).orderBy('decision_id').orderBy('position').execute(),
          db
            .selectFrom('recognition_decision_legal_bases as b')
            .innerJoin('legal_reasons as r', 'r.id', 'b.legal_reason_id')
            .select(['b.decision_id', 'r.id', 'r.article', 'r.text_en', 'r.text_sq', 'r.text_sr'])
            .where('b.decision_id', 'in', ids)
            .orderBy('b.decision_id')
            .orderBy('b.position')
            .execute(),
        ]);
  const decisions = rows.map(
    (row): RecognitionDecision => ({
      id: row.id,
      application_id: row.application_id,
      outcome: row.outcome,
      outcome_detail: row.outcome_detail,
      foreign: {
        institution_name: row.foreign_institution_name,
        accreditation: row.foreign_accreditation,
        programme: row.foreign_programme,
        degree_level: row.foreign_degree_level,
        eqf_level: row.foreign_eqf_level,
        nqf_level: row.foreign_nqf_level,
        duration: row.foreign_duration,
        ects: row.foreign_ects,
        profile: row.foreign_profile,
      },
      national: {
        id: row.national_qualification_id,
        name_en: row.national_name_en,
        name_sq: row.national_name_sq,
        name_sr: row.national_name_sr,
        degree_level: row.national_degree_level,
        eqf_level: row.national_eqf_level,
        nqf_level: row.national_nqf_level,
        ects_credits: row.national_ects,
        duration_years: row.national_duration_years,
        profile: row.national_profile,
      },
      differences: differences.filter((d) => d.decision_id === row.id).map(({ element, explanation }) => ({ element, explanation })),
      legal_bases: bases.filter((b) => b.decision_id === row.id).map(({ id, article, text_en, text_sq, text_sr }) => ({ id, article, text_en, text_sq, text_sr })),
      appeal: {
        body_en: row.appeal_body_en,
        body_sq: row.appeal_body_sq,
        body_sr: row.appeal_body_sr,
        period_days: row.appeal_period_days,
        last_day: row.appeal_last_day,
      },
      departure_reason: row.departure_reason,
      state: row.state,
      superseded_by: row.superseded_by,
      prepared_by: row.prepared_by_name === null ? null : { id: row.prepared_by_id, full_name: row.prepared_by_name },
      prepared_at: row.prepared_at.toISOString(),
      approved_by: row.approved_by_id === null || row.approved_by_name === null ? null : { id: row.approved_by_id, full_name: row.approved_by_name },
      approved_at: row.approved_at?.toISOString() ?? null,
      version: row.version,
    }),
  );
  return { current: decisions.find((decision) => decision.state !== 'superseded') ?? null, history: decisions.filter((decision) => decision.state === 'superseded') };
}

export async function loadDecisionOptions(db: AppDatabase, scope: ApplicationScope, applicationId: number, now: Date): Promise<DecisionOptions | undefined> {
  const application = await visibleApplication(db, scope, applicationId);
  if (!application) return undefined;
  const foreign = await foreignQualificationOf(db, applicationId);
  const [qualifications, reasons, appeal] = await Promise.all([
    db
      .selectFrom('national_qualifications')
      .select(['id', 'name_en', 'name_sq', 'name_sr', 'degree_level', 'eqf_level', 'nqf_level', 'ects_credits', 'duration_years', 'profile'])
      .where('active', '=', true)
      // Those of the application's own level first: the one the officer most likely compares with.
      .orderBy((eb) => eb.case().when('degree_level', '=', foreign.degree_level ?? '').then(0).else(1).end())
      .orderBy('eqf_level')
      .orderBy('name_en')
      .execute(),
    db
      .selectFrom('legal_reasons')
      .select(['id', 'article', 'text_en', 'text_sq', 'text_sr', 'outcomes'])
      .where('active', '=', true)
      .where((eb) => eb(eb.val(application.service_type), '=', eb.fn.any('services')))
      .orderBy('article')
      .execute(),
    appealNoticeOf(db, application.service_id, now),
  ]);
  return { foreign, national_qualifications: qualifications, legal_reasons: reasons, appeal };
}
