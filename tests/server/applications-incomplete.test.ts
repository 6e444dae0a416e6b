import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The "incomplete" flag is kept by triggers (migration 0003), whichever module changes a status or
// a document: a required document of the service missing or rejected, or a status in which the
// applicant owes us an answer.

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => test.destroy());

async function newApplication(status: 'submitted' | 'processing') {
  const { db } = test;
  const service = await db.selectFrom('services').select(['id', 'service_type']).where('service_type', '=', 1).executeTakeFirstOrThrow();
  const applicant = await db
    .insertInto('applicants')
    .values({ first_name: 'Arta', last_name: 'Krasniqi', email: 'arta@example.org' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('applications')
    .values({
      reference: `NARIC-TEST-${Math.random().toString(36).slice(2, 10)}`,
      service_id: service.id,
      service_type: service.service_type,
      status,
      applicant_id: applicant.id,
      applicant_name: 'Arta Krasniqi',
    })
    .returning(['id', 'service_id', 'incomplete'])
    .executeTakeFirstOrThrow();
}

const incomplete = async (id: number) =>
  (await test.db.selectFrom('applications').select('incomplete').where('id', '=', id).executeTakeFirstOrThrow()).incomplete;

describe('incomplete flag', () => {
  it('follows the required documents of the service and the waiting statuses', async () => {
    const { db } = test;
    const application = await newApplication('processing');
    expect(application.incomplete).toBe(true);

    const required = await db
      .selectFrom('service_document_requirements')
      .select('document_type')
      .where('service_id', '=', application.service_id)
      .where('required', '=', true)
      .execute();
    expect(required.length).toBeGreaterThan(0);

    const documents = await db
      .insertInto('application_documents')
      .values(required.map((r) => ({ application_id: application.id, file_name: `${r.document_type}.pdf`, document_type: r.document_type })))
      .returning('id')
      .execute();
    expect(await incomplete(application.id)).toBe(false);

    await db.updateTable('application_documents').set({ status: 'rejected' }).where('id', '=', documents[0]!.id).execute();
    expect(await incomplete(application.id)).toBe(true);
    await db.deleteFrom('application_documents').where('id', '=', documents[0]!.id).execute();
    expect(await incomplete(application.id)).toBe(true);
    await db
      .insertInto('application_documents')
      .values({ application_id: application.id, file_name: 'again.pdf', document_type: required[0]!.document_type, status: 'verified' })
      .execute();
    expect(await incomplete(application.id)).toBe(false);

    await db.updateTable('applications').set({ status: 'needs_clarification' }).where('id', '=', application.id).execute();
    expect(await incomplete(application.id)).toBe(true);
    await db.updateTable('applications').set({ status: 'processing' }).where('id', '=', application.id).execute();
    expect(await incomplete(application.id)).toBe(false);
  });

  it('is never set on a closed case: the work is done, whatever is missing', async () => {
    const application = await newApplication('processing');
    expect(application.incomplete).toBe(true);
    for (const closed of ['approved', 'rejected', 'pre_university_recognition', 'pre_university_non_recognition'] as const) {
      await test.db.updateTable('applications').set({ status: closed }).where('id', '=', application.id).execute();
      expect(await incomplete(application.id), closed).toBe(false);
      // A document changing on the closed case does not bring the flag back.
      await test.db.insertInto('application_documents').values({ application_id: application.id, file_name: 'late.pdf', document_type: 'additional_document', status: 'rejected' }).execute();
      expect(await incomplete(application.id), closed).toBe(false);
    }
    await test.db.updateTable('applications').set({ status: 'processing' }).where('id', '=', application.id).execute();
    expect(await incomplete(application.id)).toBe(true);
  });

  it('leaves other applications alone', async () => {
    const first = await newApplication('submitted');
    const second = await newApplication('submitted');
    await test.db.insertInto('application_documents').values({ application_id: first.id, file_name: 'a.pdf', document_type: 'original_diploma' }).execute();
    expect(await incomplete(second.id)).toBe(true);
  });
});
