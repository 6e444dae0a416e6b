import { addDays, kosovoDate } from '../../shared/domain/deadline-dates';
import type { AppDatabase } from './database';
import { DEMO_MEMBER_COUNCIL } from './demo-councils';
import { issuedDocumentRow } from '../issued-document-rows';

// A few appeals on the demo's decided recognitions, after their structured decisions: one
// received late and waiting (only rejectable as late or acceptable with a reason), one upheld by
// the demo member's council, one that changed a non-recognition of a university diploma into a
// partial recognition (the old decision superseded, a recognition statement issued). The letters are
// metadata only, as the template database's documents are. A second run adds nothing.

const SEEDED_MARKER = 'demo.appeals_seeded';
const PARTIAL_DETAIL = 'Recognised for access to employment; not for access to the next cycle of study.';

export async function seedDemoAppeals(db: AppDatabase): Promise<number> {
  const marker = await db.selectFrom('system_settings').select('key').where('key', '=', SEEDED_MARKER).executeTakeFirst();
  if (marker) return 0;
  const [decisions, member, council, officer] = await Promise.all([
    db
      .selectFrom('recognition_decisions as d')
      .innerJoin('applications as a', 'a.id', 'd.application_id')
      .selectAll('d')
      .select(['a.reference', 'a.applicant_name', 'a.service_type', 'a.council_id as application_council_id'])
      .where('d.state', '=', 'approved')
      .where('d.approved_at', 'is not', null)
      .orderBy('d.id')
      .execute(),
    db.selectFrom('users').select('id').where('username', '=', 'council').executeTakeFirst(),
    db.selectFrom('councils').select('id').where('name_en', '=', DEMO_MEMBER_COUNCIL).executeTakeFirst(),
    db.selectFrom('users').select('id').where('username', '=', 'naric.admin').executeTakeFirst(),
  ]);
  const today = kosovoDate(new Date());
  const past = decisions.filter((decision) => addDays(decision.appeal_last_day, 3) <= today);
  const late = past.find((decision) => decision.outcome !== 'non_recognition');
  const upheld = past.find((decision) => decision !== late && decision.application_council_id !== council?.id);
  // A university diploma's: service 1 issues no certificate, so the demo's certificates stay as the workflow issued them.
  const changed = past.find((decision) => decision.outcome === 'non_recognition' && decision.service_type === 1 && decision.prepared_by_id !== officer?.id && decision.approved_by_id !== officer?.id);
  if (!late || !upheld || !changed || !member || !council || !officer) return 0;

  const letter = async (applicationId: number, receivedOn: string) =>
    (
      await db
        .insertInto('application_documents')
        .values({ application_id: applicationId, file_name: `appeal-letter-${receivedOn}.pdf`, document_type: 'additional_document', kind: 'original', media_type: 'application/pdf', size: 48_213, uploaded_at: `${receivedOn}T10:00:00Z` })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const dayOf = (decision: { approved_at: Date | null }) => kosovoDate(decision.approved_at!);

  const lateOn = addDays(late.appeal_last_day, 3);
  await db
    .insertInto('appeals')
    .values({
      application_id: late.application_id,
      decision_id: late.id,
      received_on: lateOn,
      grounds: 'The applicant contests the comparison with the national qualification and asks for a full recognition. The letter arrived by post three days after the time limit.',
      letter_document_id: await letter(late.application_id, lateOn),
      late: true,
      due_date: addDays(lateOn, 30),
      registered_by_id: officer.id,
      created_at: `${lateOn}T10:30:00Z`,
      updated_at: `${lateOn}T10:30:00Z`,
    })
    .execute();

  const upheldOn = addDays(dayOf(upheld), 5);
  await db
    .insertInto('appeals')
    .values({
      application_id: upheld.application_id,
      decision_id: upheld.id,
      received_on: upheldOn,
      grounds: 'The applicant holds that the workload of the programme was counted too low.',
      letter_document_id: await letter(upheld.application_id, upheldOn),
      late: false,
      council_id: council.id,
      assigned_at: `${upheldOn}T11:00:00Z`,
      due_date: addDays(upheldOn, 30),
      state: 'decided',
      outcome: 'upheld',
      outcome_reason: 'The council reviewed the transcript again: the workload was counted as the institution states it; the decision stands.',
      decided_by_id: member.id,
      decided_at: `${addDays(upheldOn, 12)}T09:00:00Z`,
      registered_by_id: officer.id,
      version: 2,
      created_at: `${upheldOn}T10:30:00Z`,
      updated_at: `${addDays(upheldOn, 12)}T09:00:00Z`,
    })
    .execute();

  // The changed one: a new decision (partial recognition) supersedes the non-recognition.
  const changedOn = addDays(dayOf(changed), 4);
  const decidedOn = addDays(changedOn, 14);
  const decidedAt = new Date(`${decidedOn}T09:00:00Z`);
  // What the old decision was compared from stays; what the database derives and the old decision's own PDF do not.
  const {
    id: _id,
    created_at: _created,
    updated_at: _updated,
    version: _version,
    reference,
    applicant_name,
    service_type,
    application_council_id: _council,
    foreign_programme_key: _key,
    reasons_search: _search,
    pdf_storage_key: _pdfKey,
    pdf_sha256: _pdfHash,
    pdf_size: _pdfSize,
    pdf_language: _pdfLanguage,
    pdf_rendered_at: _pdfRendered,
    ...kept
  } = changed;
  // One current decision per application: the old one steps aside first.
  await db.updateTable('recognition_decisions').set({ state: 'superseded', updated_at: decidedAt }).where('id', '=', changed.id).execute();
  const replacement = await db
    .insertInto('recognition_decisions')
    .values({
      ...kept,
      outcome: 'partial',
      outcome_detail: PARTIAL_DETAIL,
      state: 'approved',
      superseded_by: null,
      prepared_by_id: officer.id,
      prepared_at: decidedAt,
      approved_by_id: officer.id,
      approved_at: decidedAt,
      appeal_last_day: addDays(decidedOn, changed.appeal_period_days),
      updated_at: decidedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('recognition_decisions').set({ superseded_by: replacement.id }).where('id', '=', changed.id).execute();
  await db
    .insertInto('recognition_decision_differences')
    .values({ decision_id: replacement.id, position: 0, element: 'workload', explanation: 'The programme is a year shorter than the national one: recognised for employment, not for access to the next cycle.' })
    .execute();
  const bases = await db.selectFrom('recognition_decision_legal_bases').select(['legal_reason_id', 'position']).where('decision_id', '=', changed.id).execute();
  const partialReasons = await db.selectFrom('legal_reasons').select(['id', 'services', 'outcomes']).where('active', '=', true).orderBy('article').execute();
  const basis = partialReasons.find((reason) => reason.services.includes(service_type) && reason.outcomes.includes('partial')) ?? null;
  await db.insertInto('recognition_decision_legal_bases').values(basis ? [{ decision_id: replacement.id, legal_reason_id: basis.id, position: 0 }] : bases.map((row) => ({ ...row, decision_id: replacement.id }))).execute();
  await db
    .insertInto('appeals')
    .values({
      application_id: changed.application_id,
      decision_id: changed.id,
      received_on: changedOn,
      grounds: 'The applicant sends the accreditation certificate of the institution valid at the time of study, which the decision found missing.',
      letter_document_id: await letter(changed.application_id, changedOn),
      late: false,
      officer_id: officer.id,
      assigned_at: `${changedOn}T11:00:00Z`,
      due_date: addDays(changedOn, 30),
      state: 'decided',
      outcome: 'changed',
      outcome_reason: 'The accreditation is proven; a difference in workload remains, so the qualification is recognised partially.',
      decided_by_id: officer.id,
      decided_at: decidedAt,
      new_decision_id: replacement.id,
      registered_by_id: officer.id,
      version: 2,
      created_at: `${changedOn}T10:30:00Z`,
      updated_at: decidedAt,
    })
    .execute();
  // The partial recognition of a university diploma issues its recognition statement, as the
  // workflow does on appeal; the start's backfill renders its PDF like the other demo documents.
  await db.insertInto('issued_documents').values(issuedDocumentRow({ id: changed.application_id, reference, applicant_name }, 'recognition_statement', officer.id, decidedAt)).execute();
  await db.insertInto('system_settings').values({ key: SEEDED_MARKER, value: 'true' }).execute();
  return 3;
}
