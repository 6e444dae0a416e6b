import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/server.json';
import sq from '../../locales/sq/server.json';
import { applicationDetail } from '../../src/shared/api/applications';
import {
  IDEMPOTENCY_KEY_HEADER,
  INTAKE_MESSAGES,
  INTAKE_PATHS,
  intakeAnswer,
  intakeDuplicatesAnswer,
  intakeEducation,
  stagedUpload,
  type IntakeRequest,
} from '../../src/shared/api/intake';
import { sweepUnclaimedUploads } from '../../src/server/modules/intake/staged-uploads';
import { minimalPdf } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Counter intake: staged uploads under the client's key, the idempotent submission
// that makes the application once from files the server holds, and the duplicates check.

let server: ServerFixture;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const api = (path: string) => `/api${path}`;
const DAY_MS = 86_400_000;

async function upload(key: string, bytes: Buffer, username = 'admin', fileName = 'diploma.pdf') {
  return server.app.inject({
    method: 'PUT',
    url: api(`${INTAKE_PATHS.upload(key)}?file_name=${encodeURIComponent(fileName)}`),
    headers: { ...(await server.authorization(username)), 'content-type': 'application/pdf' },
    payload: bytes,
  });
}

async function submit(body: IntakeRequest, idempotencyKey: string | null, username = 'admin', headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: api(INTAKE_PATHS.submit),
    headers: { ...(await server.authorization(username)), ...(idempotencyKey === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }), ...headers },
    payload: body,
  });
}

/** A service-1 recognition (flat fee 30.00, 40.00 for a master) with these staged documents. */
function request(uploadKeys: readonly string[], overrides: Partial<IntakeRequest> = {}): IntakeRequest {
  return {
    service_type: 1,
    applicant: { first_name: 'Arta', last_name: 'Zeqiri', personal_id: ` ${randomUUID().slice(0, 10)} `, email: 'arta.zeqiri@example.com', country: 'XK', gender: 'female' },
    education: { institution_name: 'University of Vienna', institution_country: 'AT', degree_level: 'bachelor' },
    documents: uploadKeys.map((key, index) => ({ upload_key: key, document_type: index === 0 ? 'original_diploma' : 'id_document' })),
    quoted_total: '30.00',
    taken_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    ...overrides,
  };
}

/** Two PDFs staged by `username`; answers their keys and bytes. */
async function stageTwo(username = 'admin') {
  const files = [minimalPdf(`Diploma ${randomUUID()}`), minimalPdf(`Passport ${randomUUID()}`)];
  const keys = [randomUUID(), randomUUID()];
  for (const [index, key] of keys.entries()) expect((await upload(key, files[index]!, username)).statusCode).toBe(201);
  return { keys, files };
}

const countOf = async (table: 'applications' | 'applicants' | 'application_documents' | 'intake_submissions') =>
  Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('staged uploads', () => {
  it('stores a new key (201), answers a repeat of the same file (200) and keeps one object', async () => {
    const key = randomUUID();
    const pdf = minimalPdf('Staged once');
    const first = await upload(key, pdf);
    expect(first.statusCode, first.body).toBe(201);
    expect(stagedUpload.parse(first.json())).toEqual({ upload_key: key, file_name: 'diploma.pdf', size: pdf.length, sha256: sha256(pdf), application_id: null });
    const again = await upload(key, pdf);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const rows = await server.db.selectFrom('intake_uploads').selectAll().where('upload_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect(await server.storage.size(rows[0]!.storage_key)).toBe(pdf.length);
  });

  it('refuses the same key with another file or from another admin (409), changing nothing', async () => {
    const key = randomUUID();
    const pdf = minimalPdf('The first file');
    expect((await upload(key, pdf)).statusCode).toBe(201);
    const other = await upload(key, minimalPdf('A different file'));
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(INTAKE_MESSAGES.uploadKeyReused);
    const stranger = await upload(key, pdf, 'naric.admin');
    expect(stranger.statusCode).toBe(409);
    const rows = await server.db.selectFrom('intake_uploads').selectAll().where('upload_key', '=', key).execute();
    expect(rows.map((row) => row.sha256)).toEqual([sha256(pdf)]);
  });

  it('ends concurrent uploads under one key with exactly one row and every answer the same file', async () => {
    const key = randomUUID();
    const pdf = minimalPdf('Raced');
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(key, pdf)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    for (const answer of answers) expect(answer.json().sha256).toBe(sha256(pdf));
    expect(await server.db.selectFrom('intake_uploads').selectAll().where('upload_key', '=', key).execute()).toHaveLength(1);
  });

  it('refuses what is not a PDF (415), a bad key (404) and a missing file name (400)', async () => {
    expect((await upload(randomUUID(), Buffer.from('\x89PNG\r\n\x1a\n'))).statusCode).toBe(415);
    expect((await upload('not-a-uuid', minimalPdf())).statusCode).toBe(404);
    const unnamed = await server.app.inject({
      method: 'PUT',
      url: api(INTAKE_PATHS.upload(randomUUID())),
      headers: { ...(await server.authorization('admin')), 'content-type': 'application/pdf' },
      payload: minimalPdf(),
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toHaveProperty('file_name');
  });

  it('deletes unclaimed uploads older than 30 days, row and object, and keeps younger and claimed ones', async () => {
    const [old, young] = [randomUUID(), randomUUID()];
    expect((await upload(old, minimalPdf('Old'))).statusCode).toBe(201);
    expect((await upload(young, minimalPdf('Young'))).statusCode).toBe(201);
    const oldRow = await server.db.selectFrom('intake_uploads').selectAll().where('upload_key', '=', old).executeTakeFirstOrThrow();
    // Only `created_at` of the old one is moved back; the sweep reads the database's times.
    await server.db.deleteFrom('intake_uploads').where('upload_key', '=', old).execute();
    await server.db.insertInto('intake_uploads').values({ ...oldRow, created_at: new Date(Date.now() - 31 * DAY_MS) }).execute();
    expect(await sweepUnclaimedUploads(server.db, server.storage, new Date())).toBeGreaterThanOrEqual(1);
    const left = await server.db.selectFrom('intake_uploads').select('upload_key').where('upload_key', 'in', [old, young]).execute();
    expect(left.map((row) => row.upload_key)).toEqual([young]);
    await expect(server.storage.size(oldRow.storage_key)).rejects.toThrow();
  });
});

describe('submission', () => {
  it('creates the application with both files, fee, status, reference, history and deadlines (201)', async () => {
    const { keys, files } = await stageTwo();
    const body = request(keys);
    const answer = await submit(body, randomUUID());
    expect(answer.statusCode, answer.body).toBe(201);
    const created = intakeAnswer.parse(answer.json());
    expect(created.replayed).toBe(false);
    expect(created.status).toBe('submitted');
    expect(created.quoted_fee).toBe('30.00');
    expect(created.reference).toMatch(new RegExp(`^NARIC-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(created.documents.map((document) => [document.upload_key, document.sha256])).toEqual(keys.map((key, index) => [key, sha256(files[index]!)]));

    const detail = applicationDetail.parse(
      (await server.app.inject({ url: api(`/applications/${created.id}/`), headers: await server.authorization('admin') })).json(),
    );
    expect(detail.reference).toBe(created.reference);
    expect(detail.status).toBe('submitted');
    expect(detail.documents.map((document) => document.sha256)).toEqual(files.map(sha256));
    expect(detail.history.map((entry) => [entry.action, entry.to_status])).toEqual([['submit', 'submitted']]);
    expect(detail.deadlines?.length).toBeGreaterThan(0);
    expect(detail.applicant.personal_id).toBe(body.applicant.personal_id.trim());
    expect(detail.education?.institution_name).toBe('University of Vienna');
    expect(new Date(detail.submitted_at).toISOString()).toBe(new Date(body.taken_at).toISOString());
    // The stored bytes are the uploaded ones.
    const content = await server.app.inject({ url: api(`/documents/${created.documents[0]!.id}/content/`), headers: await server.authorization('admin') });
    expect(content.rawPayload.equals(files[0]!)).toBe(true);
    const staged = await server.db.selectFrom('intake_uploads').select('application_id').where('upload_key', 'in', keys).execute();
    expect(staged.map((row) => row.application_id)).toEqual([created.id, created.id]);
    const audit = await server.db.selectFrom('audit_log').select('action').where('entity_type', '=', 'application').where('entity_id', '=', String(created.id)).execute();
    expect(audit.map((row) => row.action)).toEqual(['application.intake']);
  });

  it('numbers references after the highest of the year', async () => {
    const { keys } = await stageTwo();
    const created = intakeAnswer.parse((await submit(request(keys), randomUUID())).json());
    const highest = await server.db
      .selectFrom('applications')
      .select('reference')
      .where('reference', 'like', `NARIC-${new Date().getUTCFullYear()}-%`)
      .where('id', '!=', created.id)
      .execute();
    const numbers = highest.map((row) => Number(row.reference.split('-')[2]));
    expect(Number(created.reference.split('-')[2])).toBe(Math.max(...numbers) + 1);
  });

  it('numbers from the counter of the year and skips a number another path wrote meanwhile', async () => {
    const first = intakeAnswer.parse((await submit(request((await stageTwo()).keys), randomUUID())).json());
    const [, year, number] = first.reference.split('-');
    // The demo seed or the benchmark loader writes references without the counter.
    const taken = `NARIC-${year}-${String(Number(number) + 1).padStart(6, '0')}`;
    await server.db.updateTable('applications').set({ reference: taken }).where('id', '=', first.id).execute();
    const second = intakeAnswer.parse((await submit(request((await stageTwo()).keys), randomUUID())).json());
    expect(second.reference).toBe(`NARIC-${year}-${String(Number(number) + 2).padStart(6, '0')}`);
    const counter = await server.db.selectFrom('application_reference_counters').select('last_number').where('year', '=', Number(year)).executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(Number(number) + 2);
  });

  it('answers a repeat with the same key with the same application (200, replayed)', async () => {
    const { keys } = await stageTwo();
    const key = randomUUID();
    const body = request(keys);
    const first = intakeAnswer.parse((await submit(body, key)).json());
    const before = await countOf('applications');
    // The same request with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse()) as unknown as IntakeRequest;
    const again = await submit(reordered, key);
    expect(again.statusCode).toBe(200);
    expect(intakeAnswer.parse(again.json())).toEqual({ ...first, replayed: true });
    expect(await countOf('applications')).toBe(before);
  });

  it('refuses the same key with a different request (409) and creates nothing', async () => {
    const { keys } = await stageTwo();
    const key = randomUUID();
    expect((await submit(request(keys), key)).statusCode).toBe(201);
    const before = await countOf('applications');
    const changed = await submit(request(keys, { applicant: { first_name: 'Other', last_name: 'Person', personal_id: '1', email: 'o@example.com' } }), key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().detail).toBe(INTAKE_MESSAGES.idempotencyKeyReused);
    expect(await countOf('applications')).toBe(before);
  });

  it('makes exactly one application of concurrent submissions with the same key', async () => {
    const { keys } = await stageTwo();
    const key = randomUUID();
    const body = request(keys);
    const before = await countOf('applications');
    const answers = await Promise.all(Array.from({ length: 4 }, () => submit(body, key)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await countOf('applications')).toBe(before + 1);
  });

  it('refuses a missing Idempotency-Key or one that is not a UUID (400)', async () => {
    const { keys } = await stageTwo();
    for (const key of [null, 'abc', randomUUID().toUpperCase()]) {
      const answer = await submit(request(keys), key);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toBe(INTAKE_MESSAGES.idempotencyKeyMissing);
    }
  });

  it('refuses a file the server does not hold (409) and keeps nothing half-saved', async () => {
    const { keys } = await stageTwo();
    const counts = await Promise.all([countOf('applications'), countOf('applicants'), countOf('application_documents'), countOf('intake_submissions')]);
    const key = randomUUID();
    const answer = await submit(request([keys[0]!, randomUUID()]), key);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(INTAKE_MESSAGES.uploadMissing);
    expect(await Promise.all([countOf('applications'), countOf('applicants'), countOf('application_documents'), countOf('intake_submissions')])).toEqual(counts);
    const first = await server.db.selectFrom('intake_uploads').select('application_id').where('upload_key', '=', keys[0]!).executeTakeFirstOrThrow();
    expect(first.application_id).toBeNull();
    // The refusal released the key: the corrected draft goes through under it.
    expect((await submit(request(keys), key)).statusCode).toBe(201);
  });

  it('refuses a file listed twice (400) and a file another application took (409)', async () => {
    const { keys } = await stageTwo();
    const twice = await submit(request([keys[0]!, keys[0]!]), randomUUID());
    expect(twice.statusCode).toBe(400);
    expect(twice.json()['documents.1.upload_key']).toEqual([INTAKE_MESSAGES.duplicateDocument]);
    expect((await submit(request(keys), randomUUID())).statusCode).toBe(201);
    const taken = await submit(request(keys), randomUUID());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(INTAKE_MESSAGES.uploadTaken);
  });

  it('refuses a total that is no longer the fee (409 with the server’s amount)', async () => {
    const { keys } = await stageTwo();
    const answer = await submit(request(keys, { education: { institution_name: 'University of Vienna', degree_level: 'master' } }), randomUUID());
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ detail: INTAKE_MESSAGES.feeChanged, code: 'fee_changed', quoted_total: '40.00' });
    const master = await submit(request(keys, { education: { institution_name: 'University of Vienna', degree_level: 'master' }, quoted_total: '40' }), randomUUID());
    expect(master.statusCode, master.body).toBe(201);
    expect(master.json().quoted_fee).toBe('40.00');
  });

  it('refuses a degree level the service does not offer and an exemption it does not allow (400)', async () => {
    const { keys } = await stageTwo();
    const degree = await submit(request(keys, { education: { institution_name: 'University of Vienna', degree_level: 'high_school' } }), randomUUID());
    expect(degree.statusCode).toBe(400);
    expect(degree.json()).toHaveProperty(['education.degree_level']);
    // Service 3 (verification in Kosovo) allows no exemption.
    const exemption = await submit(request(keys, { service_type: 3, education: { institution_name: 'University of Prishtina' }, exemption: { reason: 'Unemployed' }, quoted_total: '15.00' }), randomUUID());
    expect(exemption.statusCode).toBe(400);
    expect(exemption.json()).toHaveProperty('exemption');
  });

  it('keeps what evaluators compare (original title, language, mode, study dates, grades) and shows it in the detail', async () => {
    const { keys } = await stageTwo();
    const education = {
      institution_name: 'University of Vienna',
      institution_country: 'AT',
      degree_level: 'bachelor' as const,
      original_title: 'Bachelor of Science (BSc)',
      language_of_instruction: 'de' as const,
      study_mode: 'part_time' as const,
      study_start: '2019-10-01',
      study_end: '2023-06-30',
      grading_scale: '1–5 (1 best), pass 4',
      final_grade: ' 1,8 ',
    };
    const answer = await submit(request(keys, { education }), randomUUID());
    expect(answer.statusCode, answer.body).toBe(201);
    const detail = await server.app.inject({ url: api(`/applications/${answer.json().id}/`), headers: await server.authorization('admin') });
    expect(detail.json().education).toMatchObject({ ...education, final_grade: '1,8' });
  });

  it('refuses studies that end before they start and a mode of study outside the list (400 on the field, translated)', async () => {
    const { keys } = await stageTwo();
    const before = await countOf('applications');
    const reversed = await submit(
      request(keys, { education: { institution_name: 'University of Vienna', study_start: '2023-10-01', study_end: '2023-06-30' } }),
      randomUUID(),
      'admin',
      { 'accept-language': 'sq' },
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()['education.study_end']).toEqual(['Studimet duhet të përfundojnë në ditën kur fillojnë ose më vonë.']);
    expect(reversed.json().field_codes['education.study_end']).toEqual([{ code: 'intake_study_period_reversed', params: {} }]);
    const mode = await submit(request(keys, { education: { institution_name: 'University of Vienna', study_mode: 'evenings' as never } }), randomUUID());
    expect(mode.statusCode).toBe(400);
    expect(mode.json()).toHaveProperty(['education.study_mode']);
    // The same day at both ends is a study of one day, not a reversed one.
    expect(intakeEducation.safeParse({ institution_name: 'X', study_start: '2023-06-30', study_end: '2023-06-30' }).success).toBe(true);
    expect(await countOf('applications')).toBe(before);
  });

  it('keeps an exemption request with its proof: the reason on the application and in its history (the fee stands until the review)', async () => {
    const { keys } = await stageTwo();
    const withoutProof = await submit(request(keys, { exemption: { reason: 'Registered as unemployed' } }), randomUUID());
    expect(withoutProof.statusCode).toBe(400);
    expect(withoutProof.json()).toMatchObject({ exemption: [en.intake.messages.exemptionProofMissing] });
    const documents = [
      { upload_key: keys[0]!, document_type: 'original_diploma' as const },
      { upload_key: keys[1]!, document_type: 'exemption_proof' as const },
    ];
    const answer = await submit(request(keys, { exemption: { reason: 'Registered as unemployed' }, documents }), randomUUID());
    expect(answer.statusCode, answer.body).toBe(201);
    const id = answer.json().id as number;
    const row = await server.db.selectFrom('applications').select(['exemption_reason', 'quoted_fee']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ exemption_reason: 'Registered as unemployed', quoted_fee: '30.00' });
    const history = await server.db.selectFrom('application_history').select('notes').where('application_id', '=', id).execute();
    expect(history.map((entry) => entry.notes)).toEqual(['Registered as unemployed']);
  });

  it('refuses a disabled service (409), an unknown country (400), and translates refusals (Accept-Language)', async () => {
    const { keys } = await stageTwo();
    await server.db.updateTable('services').set({ enabled: false }).where('service_type', '=', 4).execute();
    try {
      const disabled = await submit(request(keys, { service_type: 4, education: { institution_name: 'University of Tirana' }, quoted_total: '20.00' }), randomUUID());
      expect(disabled.statusCode).toBe(409);
      expect(disabled.json().detail).toBe(en.intake.messages.serviceInactive);
    } finally {
      await server.db.updateTable('services').set({ enabled: true }).where('service_type', '=', 4).execute();
    }
    const country = await submit(request(keys, { applicant: { first_name: 'A', last_name: 'B', personal_id: '1', email: 'a@example.com', country: 'ZZ' } }), randomUUID());
    expect(country.statusCode).toBe(400);
    expect(country.json()['applicant.country']).toEqual([en.intake.messages.unknownCountry]);
    const albanian = await submit(request([keys[0]!, randomUUID()]), randomUUID(), 'admin', { 'accept-language': 'sq' });
    expect(albanian.json().detail).toBe(sq.intake.messages.uploadMissing);
  });

  it('takes taken_at as the submission time: a little ahead is clamped, far ahead or older than 90 days refused', async () => {
    const { keys } = await stageTwo();
    const future = await submit(request(keys, { taken_at: new Date(Date.now() + 2 * DAY_MS).toISOString() }), randomUUID());
    expect(future.statusCode).toBe(400);
    expect(future.json().taken_at).toEqual([en.intake.messages.takenAtFuture]);
    const old = await submit(request(keys, { taken_at: new Date(Date.now() - 91 * DAY_MS).toISOString() }), randomUUID());
    expect(old.statusCode).toBe(400);
    expect(old.json().taken_at).toEqual([en.intake.messages.takenAtTooOld]);
    const ahead = await submit(request(keys, { taken_at: new Date(Date.now() + 3_600_000).toISOString() }), randomUUID());
    expect(ahead.statusCode, ahead.body).toBe(201);
    const row = await server.db.selectFrom('applications').select('submitted_at').where('id', '=', ahead.json().id).executeTakeFirstOrThrow();
    expect(row.submitted_at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('keeps the shared INTAKE_MESSAGES and the translated texts equal', () => {
    for (const [key, text] of Object.entries(INTAKE_MESSAGES)) expect(en.intake.messages[key as keyof typeof en.intake.messages]).toBe(text);
  });
});

describe('possible duplicates', () => {
  it('finds the demo application by personal ID and institution (case and spaces ignored), newest first', async () => {
    const demo = await server.db
      .selectFrom('applications')
      .select(['id', 'reference', 'personal_id', 'institution_name'])
      .where('reference', '=', 'NARIC-2026-900001')
      .executeTakeFirstOrThrow();
    const query = new URLSearchParams({ personal_id: ` ${demo.personal_id} `, institution_name: `  ${demo.institution_name!.toUpperCase()} ` });
    const answer = await server.app.inject({ url: api(`${INTAKE_PATHS.duplicates}?${query}`), headers: await server.authorization('admin') });
    expect(answer.statusCode, answer.body).toBe(200);
    const { matches } = intakeDuplicatesAnswer.parse(answer.json());
    expect(matches.map((match) => match.reference)).toContain('NARIC-2026-900001');
    const times = matches.map((match) => match.submitted_at);
    expect(times).toEqual([...times].sort().reverse());

    const elsewhere = new URLSearchParams({ personal_id: demo.personal_id!, institution_name: 'Another University' });
    const none = await server.app.inject({ url: api(`${INTAKE_PATHS.duplicates}?${elsewhere}`), headers: await server.authorization('admin') });
    expect(none.json()).toMatchObject({ matches: [] });
  });

  it('finds a counter application by the personal ID it was typed with', async () => {
    const { keys } = await stageTwo();
    const body = request(keys);
    expect((await submit(body, randomUUID())).statusCode).toBe(201);
    const query = new URLSearchParams({ personal_id: body.applicant.personal_id, institution_name: 'university of vienna' });
    const answer = await server.app.inject({ url: api(`${INTAKE_PATHS.duplicates}?${query}`), headers: await server.authorization('admin') });
    expect(intakeDuplicatesAnswer.parse(answer.json()).matches).toHaveLength(1);
  });
});
