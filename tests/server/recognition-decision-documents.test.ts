import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_PATHS, type ApplicationDecisions } from '../../src/shared/api/recognition-decisions';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';
import { fullDecision, partialDecision, recognitionApplication, seedDecisionReferences, type DecisionReferences } from '../support/decision-references';

// What an approved recognition decision issues: its decision PDF (in the applicant's language,
// stored once with its SHA-256 and served exactly as stored), the recognition statement of a
// positive service-1 decision (none for a non-recognition) with a code the public check knows, and
// the applicant's e-mail stating the appeal body, the period and the last day.

let server: ServerFixture;
let refs: DecisionReferences;
let officer: { authorization: string };
let agency: { authorization: string };
// A Monday: 15 days on is Tuesday 16 March 2027.
const TODAY = new Date('2027-03-01T09:00:00Z');

beforeAll(async () => {
  server = await createServerFixture({ clock: () => TODAY });
  refs = await seedDecisionReferences(server.db);
  officer = await server.authorization('officer');
  agency = await server.authorization('agency');
});
afterAll(async () => server.close());

async function act(id: number, segment: string, body: Record<string, unknown>, headers = officer) {
  const answer = await server.app.inject({ method: 'POST', url: `/api/applications/${id}/${segment}/`, headers, payload: body });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { version: number };
}

async function decisions(id: number): Promise<ApplicationDecisions> {
  return (await server.app.inject({ url: `/api/applications/${id}/decision/`, headers: officer })).json();
}

/** A service-1 application whose applicant reads `language`, prepared with `decision` and approved (`approve` or `reject`) by the agency officer. */
async function writingTo(applicationId: number, language: 'en' | 'sq' | 'sr') {
  const { applicant_id } = await server.db.selectFrom('applications').select('applicant_id').where('id', '=', applicationId).executeTakeFirstOrThrow();
  await server.db.updateTable('applicants').set({ preferred_language: language }).where('id', '=', applicant_id!).execute();
}

async function approvedService1(decision: Record<string, unknown>, action: 'approve' | 'reject', language: 'en' | 'sq' | 'sr') {
  const application = await recognitionApplication(server.db, { service: 1, status: 'assessment_completed' });
  await writingTo(application.id, language);
  const prepared = await act(application.id, 'prepare-decision', { version: application.version, decision });
  expect((await decisions(application.id)).current?.pdf).toBeNull();
  await act(application.id, action, { version: prepared.version }, agency);
  return application;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function statements(applicationId: number) {
  return server.db.selectFrom('issued_documents').selectAll().where('application_id', '=', applicationId).execute();
}

async function decisionEmail(applicationId: number) {
  return server.db.selectFrom('notification_outbox').select(['event', 'language', 'subject', 'message']).where('application_id', '=', applicationId).orderBy('id', 'desc').executeTakeFirstOrThrow();
}

describe('a positive service-1 decision', () => {
  it('stores its decision PDF once, in the applicant’s language, with its SHA-256, and serves exactly those bytes', async () => {
    const application = await approvedService1(partialDecision(refs), 'approve', 'sq');
    const { current } = await decisions(application.id);
    expect(current!.pdf).toMatchObject({ language: 'sq', rendered_at: expect.any(String) });
    const row = await server.db.selectFrom('recognition_decisions').selectAll().where('id', '=', current!.id).executeTakeFirstOrThrow();
    expect(row.pdf_sha256).toBe(current!.pdf!.sha256);

    const download = await server.app.inject({ url: `/api${DECISION_PATHS.pdf(application.id, current!.id)}`, headers: agency });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toContain('recognition-decision-');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sha256(download.rawPayload)).toBe(row.pdf_sha256);
    expect(download.rawPayload.length).toBe(row.pdf_size);
    expect(download.headers.etag).toContain(row.pdf_sha256!);

    // Never made again: a second download is the same bytes, and the database refuses a new record.
    const again = await server.app.inject({ url: `/api${DECISION_PATHS.pdf(application.id, current!.id)}`, headers: officer });
    expect(sha256(again.rawPayload)).toBe(row.pdf_sha256);
    await expect(server.db.updateTable('recognition_decisions').set({ pdf_sha256: '0'.repeat(64) }).where('id', '=', current!.id).execute()).rejects.toThrow(/never changes/);
    // Superseding the decision later (an appeal) leaves its PDF as it was.
    await server.db.updateTable('recognition_decisions').set({ version: row.version + 1 }).where('id', '=', current!.id).execute();
  });

  it('issues a recognition statement whose code the public check confirms', async () => {
    const application = await approvedService1(fullDecision(refs), 'approve', 'en');
    const issued = await statements(application.id);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ kind: 'recognition_statement', revoked_at: null });
    expect(issued[0]!.storage_key).not.toBeNull();
    const check = await server.app.inject({ url: `/api/verify/${issued[0]!.verification_code}/` });
    expect(check.json()).toMatchObject({ status: 'valid', kind: 'recognition_statement', holder_name: 'Decision Holder', sha256: issued[0]!.sha256 });
    const content = await server.app.inject({ url: `/api/issued-documents/${issued[0]!.id}/content/`, headers: officer });
    expect(content.statusCode).toBe(200);
    expect(String(content.headers['content-disposition'])).toContain('recognition-statement-');
    // The register lists it under its own kind.
    const register = await server.app.inject({ url: `/api/issued-documents/?kind=recognition_statement&application=${application.id}`, headers: officer });
    expect(register.json()).toMatchObject({ count: 1 });
  });

  it('tells the applicant the outcome and the appeal body, period and last day, in their language', async () => {
    const application = await approvedService1(partialDecision(refs), 'approve', 'sq');
    const email = await decisionEmail(application.id);
    expect(email).toMatchObject({ event: 'recognition_decision_made', language: 'sq' });
    expect(email.message).toContain('Njohje e pjesshme');
    expect(email.message).toContain('brenda 15 ditëve');
    expect(email.message).toContain('16 mars 2027');
    expect(email.message).toContain('Komisioni i Ankesave');
    expect(email.message).toContain('(PDF)');
    expect(email.message).not.toContain('{{');
  });
});

describe('a non-recognition', () => {
  it('has its decision PDF but issues no statement; the e-mail states the appeal’s last day', async () => {
    const decision = partialDecision(refs, { outcome: 'non_recognition', outcome_detail: null, differences: [{ element: 'quality', explanation: 'The institution was not accredited when the diploma was issued.' }] });
    const application = await approvedService1(decision, 'reject', 'en');
    const { current } = await decisions(application.id);
    expect(current!.pdf).toMatchObject({ language: 'en' });
    expect(await statements(application.id)).toEqual([]);
    const email = await decisionEmail(application.id);
    expect(email.event).toBe('recognition_decision_made');
    expect(email.message).toContain('Non-recognition');
    expect(email.message).toContain('by 16 March 2027 at the latest');
    expect(email.message).toContain('Appeals Commission of the Ministry of Education');
  });
});

describe('service 2', () => {
  it('grants with its certificate and the decision PDF, and the e-mail states the appeal notice', async () => {
    const application = await recognitionApplication(server.db, { service: 2, status: 'in_review' });
    await writingTo(application.id, 'en');
    await act(application.id, 'grant-recognition', { version: application.version, decision: fullDecision(refs, { legal_reason_ids: [refs.preUniversityReasonId] }) });
    expect((await decisions(application.id)).current!.pdf).not.toBeNull();
    expect((await statements(application.id)).map((row) => row.kind)).toEqual(['recognition_certificate']);
    const email = await decisionEmail(application.id);
    expect(email.event).toBe('recognition_certificate_issued');
    expect(email.message).toContain('within 15 days of the decision, that is by 16 March 2027 at the latest');
  });
});
