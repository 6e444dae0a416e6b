import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { User } from '../../shared/api/auth';
import {
  DECISION_RULE_CODES,
  decisionProblems,
  isPositiveOutcome,
  type AppealNotice,
  type DecisionOptions,
  type ForeignQualification,
  type RecognitionDecisionRequest,
} from '../../shared/api/recognition-decisions';
import { appealLastDay } from '../../shared/domain/appeal-period';
import { kosovoDate } from '../../shared/domain/deadline-dates';
import { holidaysFrom } from '../application-deadlines';
import { institutionNamed, programmeOutcomes, qualificationIdentityOf } from '../decision-qualification';
import { departsFromMajority } from '../../shared/domain/decision-consistency';
import type { AppDatabase } from '../db/database';
import type { Database, NationalQualificationsTable } from '../db/schema';
import { conflict, fieldErrors } from '../errors';

// The structured recognition decision inside the workflow's transaction (perform-action.ts):
// prepare_decision writes it for the agency officer (state prepared), approve / reject approve
// it, grant_recognition / deny_recognition (service 2) write it approved at once. The comparison's
// foreign side and the appeal notice are taken here, as they stand at that moment; what the officer
// judged (outcome, differences, legal bases, the national qualification) is checked against the
// reference data. A decision is never rewritten: a new one supersedes the current one.

type Trx = Transaction<Database>;
type Reader = Kysely<Database>;

/** The foreign qualification as the application states it now, with its levels and its institution's status from the reference data. */
/** The national qualification as the decision keeps it: a copy, so a later edit of the library leaves the decision as it was. */
export function nationalSnapshot(national: Selectable<NationalQualificationsTable>) {
  return {
    national_qualification_id: national.id,
    national_name_en: national.name_en,
    national_name_sq: national.name_sq,
    national_name_sr: national.name_sr,
    national_degree_level: national.degree_level,
    national_eqf_level: national.eqf_level,
    national_nqf_level: national.nqf_level,
    national_ects: national.ects_credits,
    national_duration_years: national.duration_years,
    national_profile: national.profile,
  };
}

export async function foreignQualificationOf(db: Reader, applicationId: number): Promise<ForeignQualification> {
  const education = await db
    .selectFrom('education_info')
    .leftJoin('reference_values as level', (join) => join.onRef('level.code', '=', 'education_info.degree_level').on('level.list', '=', 'degree_levels'))
    .select([
      'education_info.institution_name',
      'education_info.institution_country',
      'education_info.program_name',
      'education_info.degree_level',
      'education_info.duration',
      'education_info.ects_credits',
      'level.eqf_level',
      'level.nqf_level',
    ])
    .where('education_info.application_id', '=', applicationId)
    .executeTakeFirst();
  const name = education?.institution_name?.trim() || null;
  return {
    institution_name: name,
    accreditation: name ? await accreditationOf(db, name, education?.institution_country ?? null) : 'unknown',
    programme: education?.program_name ?? null,
    degree_level: education?.degree_level ?? null,
    eqf_level: education?.eqf_level ?? null,
    nqf_level: education?.nqf_level ?? null,
    duration: education?.duration ?? null,
    ects: education?.ects_credits ?? null,
  };
}

/** The institution's status in the reference data (that of the record a duplicate was merged into); not found: unknown. */
async function accreditationOf(db: Reader, name: string, country: string | null): Promise<ForeignQualification['accreditation']> {
  return (await institutionNamed(db, name, country))?.status ?? 'unknown';
}

/** The appeal notice of a decision of the service taken on `now`; null while the service has none configured. */
export async function appealNoticeOf(db: Reader, serviceId: number, now: Date): Promise<AppealNotice | null> {
  const service = await db
    .selectFrom('services')
    .select(['appeal_period_days', 'appeal_body_en', 'appeal_body_sq', 'appeal_body_sr'])
    .where('id', '=', serviceId)
    .executeTakeFirst();
  if (!service?.appeal_period_days || !service.appeal_body_en || !service.appeal_body_sq || !service.appeal_body_sr) return null;
  return {
    body_en: service.appeal_body_en,
    body_sq: service.appeal_body_sq,
    body_sr: service.appeal_body_sr,
    period_days: service.appeal_period_days,
    last_day: await lastDayOfAppeal(db, now, service.appeal_period_days),
  };
}

async function lastDayOfAppeal(db: Reader, now: Date, periodDays: number): Promise<string> {
  const today = kosovoDate(now);
  const closed = await holidaysFrom(db as AppDatabase, today);
  return appealLastDay(today, periodDays, new Set(closed.map((day) => day.date)));
}

export interface DecisionWrite {
  application: { id: number; service_id: number; service_type: number };
  decision: RecognitionDecisionRequest;
  user: User;
  now: Date;
  /**
   * Written approved at once: service 2's decision, whose action must match the outcome, or the
   * decision that replaces one changed on appeal (the appeal's reviewer decides it whole).
   */
  takenWith?: 'grant_recognition' | 'deny_recognition' | 'appeal';
}

/** Checks and writes the decision; the current one, if any, is superseded by it. */
export async function writeRecognitionDecision(trx: Trx, { application, decision, user, now, takenWith }: DecisionWrite): Promise<number> {
  // The shape was checked by the request schema; checked again so no caller can write a contradiction.
  const problems = decisionProblems(decision);
  if (problems.length > 0) {
    throw fieldErrors(Object.fromEntries(problems.map((problem) => [['decision', ...problem.path].join('.'), [DECISION_RULE_CODES[problem.rule]]])));
  }
  if (takenWith && takenWith !== 'appeal' && (takenWith === 'grant_recognition') !== isPositiveOutcome(decision.outcome)) {
    throw conflict('decision_outcome_mismatch');
  }
  const appeal = await appealNoticeOf(trx, application.service_id, now);
  if (!appeal) throw conflict('decision_appeal_not_configured');

  const national = await trx
    .selectFrom('national_qualifications')
    .selectAll()
    .where('id', '=', decision.national_qualification_id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!national) throw fieldErrors({ 'decision.national_qualification_id': ['decision_national_qualification_inactive'] });

  const reasons = await trx
    .selectFrom('legal_reasons')
    .select('id')
    .where('id', 'in', decision.legal_reason_ids)
    .where('active', '=', true)
    .where(sql<boolean>`${application.service_type}::smallint = any(services)`)
    .where(sql<boolean>`${decision.outcome}::text = any(outcomes)`)
    .execute();
  if (reasons.length !== decision.legal_reason_ids.length) throw fieldErrors({ 'decision.legal_reason_ids': ['decision_legal_basis_not_applicable'] });

  const foreign = await foreignQualificationOf(trx, application.id);
  const identity = await qualificationIdentityOf(trx, application.id);
  // A departure from a clear majority of the earlier decisions on the programme needs its reason.
  if (!decision.departure_reason && departsFromMajority(await programmeOutcomes(trx, identity, application.id), decision.outcome)) {
    throw fieldErrors({ 'decision.departure_reason': ['decision_departure_reason_required'] });
  }
  if (decision.precedent_ids.length > 0) {
    const citable = await trx
      .selectFrom('recognition_decisions')
      .select('id')
      .where('id', 'in', decision.precedent_ids)
      .where('state', '=', 'approved')
      .where('application_id', '<>', application.id)
      .execute();
    if (citable.length !== decision.precedent_ids.length) throw fieldErrors({ 'decision.precedent_ids': ['decision_precedent_not_citable'] });
  }
  const current = await trx
    .selectFrom('recognition_decisions')
    .select(['id', 'version'])
    .where('application_id', '=', application.id)
    .where('state', '<>', 'superseded')
    .forUpdate()
    .executeTakeFirst();
  // The unique index allows one current decision: the old one steps aside before the new one is written.
  if (current) {
    await trx.updateTable('recognition_decisions').set({ state: 'superseded', version: current.version + 1, updated_at: now }).where('id', '=', current.id).execute();
  }
  const taken = takenWith !== undefined;
  const { id } = await trx
    .insertInto('recognition_decisions')
    .values({
      application_id: application.id,
      outcome: decision.outcome,
      outcome_detail: decision.outcome_detail,
      foreign_institution_name: foreign.institution_name,
      foreign_accreditation: foreign.accreditation,
      foreign_programme: foreign.programme,
      foreign_degree_level: foreign.degree_level,
      foreign_eqf_level: foreign.eqf_level,
      foreign_nqf_level: foreign.nqf_level,
      foreign_duration: foreign.duration,
      foreign_ects: foreign.ects,
      foreign_profile: decision.foreign_profile,
      foreign_institution_id: identity.institution_id,
      foreign_country: identity.country,
      ...nationalSnapshot(national),
      appeal_body_en: appeal.body_en,
      appeal_body_sq: appeal.body_sq,
      appeal_body_sr: appeal.body_sr,
      appeal_period_days: appeal.period_days,
      appeal_last_day: appeal.last_day,
      departure_reason: decision.departure_reason,
      state: taken ? 'approved' : 'prepared',
      prepared_by_id: user.id,
      prepared_at: now,
      approved_by_id: taken ? user.id : null,
      approved_at: taken ? now : null,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (current) await trx.updateTable('recognition_decisions').set({ superseded_by: id }).where('id', '=', current.id).execute();
  if (decision.differences.length > 0) {
    await trx
      .insertInto('recognition_decision_differences')
      .values(decision.differences.map((difference, position) => ({ decision_id: id, position, element: difference.element, explanation: difference.explanation })))
      .execute();
  }
  await trx
    .insertInto('recognition_decision_legal_bases')
    .values(decision.legal_reason_ids.map((legalReasonId, position) => ({ decision_id: id, legal_reason_id: legalReasonId, position })))
    .execute();
  if (decision.precedent_ids.length > 0) {
    await trx
      .insertInto('decision_precedents')
      .values(decision.precedent_ids.map((precedentId, position) => ({ decision_id: id, precedent_id: precedentId, position })))
      .execute();
  }
  return id;
}

/**
 * The agency officer approves the prepared decision: `approve` for a recognising outcome, `reject`
 * for a non-recognition. The decision is dated today, so its appeal period is counted again from today.
 */
export async function approveRecognitionDecision(trx: Trx, input: { applicationId: number; action: 'approve' | 'reject'; user: User; now: Date }): Promise<void> {
  const prepared = await trx
    .selectFrom('recognition_decisions')
    .select(['id', 'outcome', 'appeal_period_days', 'version'])
    .where('application_id', '=', input.applicationId)
    .where('state', '=', 'prepared')
    .forUpdate()
    .executeTakeFirst();
  if (!prepared) throw conflict('decision_not_prepared');
  if ((input.action === 'approve') !== isPositiveOutcome(prepared.outcome)) throw conflict('decision_outcome_mismatch');
  await trx
    .updateTable('recognition_decisions')
    .set({
      state: 'approved',
      approved_by_id: input.user.id,
      approved_at: input.now,
      appeal_last_day: await lastDayOfAppeal(trx, input.now, prepared.appeal_period_days),
      version: prepared.version + 1,
      updated_at: input.now,
    })
    .where('id', '=', prepared.id)
    .execute();
}

/** The application's approved decision, which the decision PDF is issued for (in the transaction that approved it). */
export async function approvedDecisionId(trx: Trx, applicationId: number): Promise<number> {
  const decision = await trx
    .selectFrom('recognition_decisions')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('state', '=', 'approved')
    .executeTakeFirst();
  if (!decision) throw conflict('decision_not_prepared');
  return decision.id;
}

/**
 * What a decision on the application is built from (the builder's options): its foreign
 * qualification, the active national qualifications (those of its own level first) and the
 * active legal reasons of its service, and the appeal notice a decision taken `now` would state.
 * The caller has checked that the application is theirs to decide on.
 */
export async function decisionOptionsOf(db: Reader, application: { id: number; service_id: number; service_type: number }, now: Date): Promise<DecisionOptions> {
  const foreign = await foreignQualificationOf(db, application.id);
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
