import type { AppDatabase } from '../../src/server/db/database';
import type { ApplicationStatus } from '../../src/shared/domain/application-status';
import type { RecognitionDecisionInput } from '../../src/shared/api/recognition-decisions';

// What a recognition decision is built from, for the decision tests only (the demo's library is
// seeded by the reference data's own seed): a few legal reasons and national qualifications, and
// applications of services 1 and 2 with the education info a decision compares.

export interface DecisionReferences {
  /** Applies to services 1 and 2 and every outcome. */
  generalReasonId: number;
  /** Service 1, partial and alternative only. */
  partialReasonId: number;
  /** Service 2 only, every outcome. */
  preUniversityReasonId: number;
  /** Deactivated. */
  inactiveReasonId: number;
  bachelorId: number;
  masterId: number;
  inactiveQualificationId: number;
}

const ALL_OUTCOMES = ['full', 'partial', 'alternative', 'conditional', 'non_recognition'] as const;

export async function seedDecisionReferences(db: AppDatabase, tag = ''): Promise<DecisionReferences> {
  const reason = async (article: string, services: number[], outcomes: readonly string[], active = true) =>
    (
      await db
        .insertInto('legal_reasons')
        .values({
          article: `${article}${tag}`,
          text_en: `${article} (en)`,
          text_sq: `${article} (sq)`,
          text_sr: `${article} (sr)`,
          services,
          outcomes: outcomes as (typeof ALL_OUTCOMES)[number][],
          active,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const qualification = async (name: string, level: string, eqf: number, ects: number, years: string, active = true) =>
    (
      await db
        .insertInto('national_qualifications')
        .values({ name_en: name, name_sq: `${name} (sq)`, name_sr: `${name} (sr)`, degree_level: level, eqf_level: eqf, nqf_level: eqf, ects_credits: ects, duration_years: years, profile: 'academic', active })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    generalReasonId: await reason('Law 04/L-037 Art. 29', [1, 2], ALL_OUTCOMES),
    partialReasonId: await reason('Admin. Instruction 2/2021 Art. 12', [1], ['partial', 'alternative']),
    preUniversityReasonId: await reason('Admin. Instruction 5/2019 Art. 4', [2], ALL_OUTCOMES),
    inactiveReasonId: await reason('Repealed Art. 1', [1, 2], ALL_OUTCOMES, false),
    bachelorId: await qualification(`Bachelor degree${tag}`, 'bachelor', 6, 180, '3.0'),
    masterId: await qualification(`Master degree${tag}`, 'master', 7, 120, '2.0'),
    inactiveQualificationId: await qualification(`Old diploma${tag}`, 'diploma', 5, 120, '2.0', false),
  };
}

/** A partial recognition that holds: one difference, the general reason. */
export function partialDecision(refs: DecisionReferences, overrides: Partial<RecognitionDecisionInput> = {}): RecognitionDecisionInput {
  return {
    outcome: 'partial',
    outcome_detail: 'Recognised for access to employment; not for access to doctoral studies.',
    foreign_profile: 'academic',
    national_qualification_id: refs.masterId,
    differences: [{ element: 'workload', explanation: '60 ECTS instead of the 120 ECTS of a national master.' }],
    legal_reason_ids: [refs.generalReasonId],
    ...overrides,
  };
}

export function fullDecision(refs: DecisionReferences, overrides: Partial<RecognitionDecisionInput> = {}): RecognitionDecisionInput {
  return { outcome: 'full', foreign_profile: 'academic', national_qualification_id: refs.masterId, differences: [], legal_reason_ids: [refs.generalReasonId], ...overrides };
}

/** An application of service 1 or 2 at `status`, with the education info of a master at the University of Tirana. */
export async function recognitionApplication(db: AppDatabase, options: { service: 1 | 2; status: ApplicationStatus; reference?: string }): Promise<{ id: number; version: number }> {
  const service = await db.selectFrom('services').select('id').where('service_type', '=', options.service).orderBy('id').executeTakeFirstOrThrow();
  const applicant = await db.insertInto('applicants').values({ first_name: 'Decision', last_name: 'Holder', email: 'decision.holder@example.org' }).returning('id').executeTakeFirstOrThrow();
  const row = await db
    .insertInto('applications')
    .values({
      reference: options.reference ?? `DEC-${Math.random().toString(36).slice(2, 10)}`,
      service_id: service.id,
      service_type: options.service,
      status: options.status,
      applicant_id: applicant.id,
      applicant_name: 'Decision Holder',
      institution_name: 'University of Tirana',
      institution_country: 'AL',
    })
    .returning(['id', 'version', 'reference'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('education_info')
    .values({
      application_id: row.id,
      institution_name: 'University of Tirana',
      institution_country: 'AL',
      // A programme of its own (the reference's letters): decisions of unrelated tests in one
      // database must not become each other's precedents and form a majority the next one departs from.
      program_name: `Master of Economics ${row.reference.toLowerCase().replace(/[^a-z]/g, '')}`,
      degree_level: options.service === 1 ? 'master' : 'high_school',
      duration: '1 year',
      ects_credits: 60,
    })
    .execute();
  return { id: row.id, version: row.version };
}

/** A decision prepared for the agency officer, written straight into the tables (for tests that start at decision_pending). */
export async function insertPreparedDecisions(
  db: AppDatabase,
  refs: DecisionReferences,
  rows: readonly { applicationId: number; outcome: 'full' | 'non_recognition' }[],
  preparedById: number,
): Promise<void> {
  if (rows.length === 0) return;
  const national = await db.selectFrom('national_qualifications').selectAll().where('id', '=', refs.masterId).executeTakeFirstOrThrow();
  const decisions = await db
    .insertInto('recognition_decisions')
    .values(
      rows.map((row) => ({
        application_id: row.applicationId,
        outcome: row.outcome,
        outcome_detail: null,
        foreign_accreditation: 'unknown' as const,
        foreign_profile: 'academic' as const,
        national_qualification_id: national.id,
        national_name_en: national.name_en,
        national_name_sq: national.name_sq,
        national_name_sr: national.name_sr,
        national_degree_level: national.degree_level,
        national_eqf_level: national.eqf_level,
        national_nqf_level: national.nqf_level,
        national_profile: national.profile,
        appeal_body_en: 'Appeals body',
        appeal_body_sq: 'Organi i ankesave',
        appeal_body_sr: 'Organ za žalbe',
        appeal_period_days: 15,
        appeal_last_day: '2026-12-31',
        prepared_by_id: preparedById,
        prepared_at: new Date(),
      })),
    )
    .returning(['id', 'outcome'])
    .execute();
  const differences = decisions.filter((decision) => decision.outcome !== 'full');
  if (differences.length > 0) {
    await db
      .insertInto('recognition_decision_differences')
      .values(differences.map((decision) => ({ decision_id: decision.id, position: 0, element: 'level' as const, explanation: 'A lower level than the national one.' })))
      .execute();
  }
  await db
    .insertInto('recognition_decision_legal_bases')
    .values(decisions.map((decision) => ({ decision_id: decision.id, legal_reason_id: refs.generalReasonId, position: 0 })))
    .execute();
}
