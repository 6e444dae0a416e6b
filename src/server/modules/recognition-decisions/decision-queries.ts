import type { ApplicationDecisions, DecisionOptions, RecognitionDecision } from '../../../shared/api/recognition-decisions';
import type { AppDatabase } from '../../db/database';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import { displayNameSql } from '../../shared/display-name';
import { decisionOptionsOf } from '../../workflow/recognition-decision';
import { decisionParts } from '../../workflow/decision-parts';

// What the decision screens read: an application's decisions as kept (the comparison and appeal
// notice as they stood when it was written), and the options the builder offers. Writing a
// decision is a workflow action (src/server/workflow/recognition-decision.ts).

/** The application as the caller may see it; undefined when it is not theirs to see (404). */
export async function visibleApplication(db: AppDatabase, scope: ApplicationScope, id: number) {
  return db
    .selectFrom('applications')
    .select(['applications.id', 'applications.service_id', 'applications.service_type'])
    .where('applications.id', '=', id)
    .where(visibleIn(scope))
    .executeTakeFirst();
}

export async function loadDecisions(db: AppDatabase, scope: ApplicationScope, applicationId: number): Promise<ApplicationDecisions | undefined> {
  if (!(await visibleApplication(db, scope, applicationId))) return undefined;
  const decisions = await readDecisions(db, { applicationId });
  return { current: decisions.find((decision) => decision.state !== 'superseded') ?? null, history: decisions.filter((decision) => decision.state === 'superseded') };
}

/** One decision as kept, whoever asks (the decision PDF is made from it); undefined when there is none. */
export async function readDecision(db: AppDatabase, decisionId: number): Promise<RecognitionDecision | undefined> {
  return (await readDecisions(db, { decisionId }))[0];
}

/** An application's decisions, newest first, or one decision. */
async function readDecisions(db: AppDatabase, which: { applicationId: number } | { decisionId: number }): Promise<RecognitionDecision[]> {
  const rows = await db
    .selectFrom('recognition_decisions as d')
    .leftJoin('users as preparer', 'preparer.id', 'd.prepared_by_id')
    .leftJoin('users as approver', 'approver.id', 'd.approved_by_id')
    .selectAll('d')
    .select([displayNameSql<string | null>('preparer').as('prepared_by_name'), displayNameSql<string | null>('approver').as('approved_by_name')])
    .where((eb) => ('applicationId' in which ? eb('d.application_id', '=', which.applicationId) : eb('d.id', '=', which.decisionId)))
    .orderBy('d.id', 'desc')
    .execute();
  const ids = rows.map((row) => row.id);
  const parts = await decisionParts(db, ids);
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
      differences: parts.differencesOf(row.id),
      legal_bases: parts.legalBasesOf(row.id),
      precedent_ids: parts.precedentIdsOf(row.id),
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
      pdf:
        row.pdf_sha256 === null || row.pdf_size === null || row.pdf_language === null || row.pdf_rendered_at === null
          ? null
          : { sha256: row.pdf_sha256, size: row.pdf_size, language: row.pdf_language, rendered_at: row.pdf_rendered_at.toISOString() },
    }),
  );
  return decisions;
}

/** Where a decision's PDF is stored, when the decision is one of the application's. */
export async function decisionPdfFile(db: AppDatabase, applicationId: number, decisionId: number) {
  return db
    .selectFrom('recognition_decisions as d')
    .innerJoin('applications as a', 'a.id', 'd.application_id')
    .select(['d.pdf_storage_key', 'd.pdf_sha256', 'a.reference'])
    .where('d.id', '=', decisionId)
    .where('d.application_id', '=', applicationId)
    .executeTakeFirst();
}

export async function loadDecisionOptions(db: AppDatabase, scope: ApplicationScope, applicationId: number, now: Date): Promise<DecisionOptions | undefined> {
  const application = await visibleApplication(db, scope, applicationId);
  if (!application) return undefined;
  return decisionOptionsOf(db, application, now);
}
