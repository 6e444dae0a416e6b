import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { CONFIRMATION_PATHS } from '../../src/shared/api/confirmation-requests';
import { REPORT_PATHS, reportExport, type ReportExport } from '../../src/shared/api/reports';
import { syncApplicationDeadlines } from '../../src/server/application-deadlines';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { sendDueReminders } from '../../src/server/modules/confirmation-requests/request-store';
import { replyAddress } from '../../src/server/modules/confirmation-requests/routes';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';
import { startTestMailServer, type TestMailServer } from '../support/smtp-server';

// Confirmation requests to issuing institutions: sent to the dossier's contact through the outbox
// with the document attached, the centre's clocks paused for the third party and resumed on the
// reply, "no answer" or cancel (only when no other request waits), a doubting reply's history and
// report, reminders after the configured days, the two reports and their exports, and every
// endpoint × demo group at the end. The app sends its outbox through a real SMTP server here, so
// the request e-mail is read back as the institution receives it.

const PRISHTINA = 'University of Prishtina "Hasan Prishtina"';
let server: ServerFixture;
let mail: TestMailServer;
let contactId: number;

async function call(method: 'GET' | 'POST', url: string, username: string | null, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

/** A service-3 application naming the institution, in review, with its deadlines running and one document. */
async function application(institution = PRISHTINA): Promise<{ id: number; documentId: number }> {
  const service = await server.db.selectFrom('services').select('id').where('service_type', '=', 3).orderBy('id').executeTakeFirstOrThrow();
  const applicant = await server.db.insertInto('applicants').values({ first_name: 'Confirm', last_name: 'Case', email: 'confirm.case@example.org' }).returning('id').executeTakeFirstOrThrow();
  const row = await server.db
    .insertInto('applications')
    .values({
      reference: `CNF-${Math.random().toString(36).slice(2, 10)}`,
      service_id: service.id,
      service_type: 3,
      status: 'in_review',
      applicant_id: applicant.id,
      applicant_name: 'Confirm Case',
      institution_name: institution,
      institution_country: 'XK',
      submitted_at: new Date(Date.now() - 5 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.transaction().execute((trx) => syncApplicationDeadlines(trx, { applicationId: row.id, status: 'in_review', now: new Date() }));
  const document = await server.db
    .insertInto('application_documents')
    .values({ application_id: row.id, file_name: 'diploma.pdf', document_type: 'original_diploma' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, documentId: document.id };
}

const openDeadlines = (applicationId: number) =>
  server.db.selectFrom('application_deadlines').select(['deadline_type', 'paused_since', 'pauses']).where('application_id', '=', applicationId).where('completed_at', 'is', null).execute();
const historyOf = async (applicationId: number) =>
  (await server.db.selectFrom('application_history').select('action').where('application_id', '=', applicationId).orderBy('id').execute()).map((row) => row.action);

beforeAll(async () => {
  mail = await startTestMailServer();
  const smtp = { host: '127.0.0.1', port: mail.port, tls: 'none' as const, user: null, password: null, from: 'NARIC Kosova <naric@naric.example>', ca: null, maxAttempts: 3, timeoutMs: 2_000 };
  server = await createServerFixture({ config: { smtp } });
  const institution = await server.db.selectFrom('institutions').select('id').where('name_en', '=', PRISHTINA).executeTakeFirstOrThrow();
  const contact = await server.db.selectFrom('institution_verification_contacts').select('id').where('institution_id', '=', institution.id).where('registrar_email', 'is not', null).executeTakeFirstOrThrow();
  contactId = contact.id;
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

describe('the demo', () => {
  it('has a request in each state: waiting (the clocks paused), undelivered, each answer, no answer, cancelled', async () => {
    const requests = await server.db
      .selectFrom('confirmation_requests as r')
      .innerJoin('notification_outbox as o', 'o.id', 'r.outbox_id')
      .select(['r.application_id', 'r.state', 'r.answer', 'o.status as delivery'])
      .orderBy('r.id')
      .execute();
    expect(requests.map((request) => [request.state, request.answer, request.delivery])).toEqual([
      ['sent', null, 'sent'],
      ['answered', 'confirmed', 'sent'],
      ['sent', null, 'failed'],
      ['answered', 'not_confirmed', 'sent'],
      ['answered', 'no_such_record', 'sent'],
      ['no_answer', null, 'sent'],
      ['cancelled', null, 'sent'],
    ]);
    expect(new Set(requests.map((request) => request.application_id)).size).toBe(requests.length);
    const waiting = await openDeadlines(requests[0]!.application_id);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.some((deadline) => deadline.pauses.some((pause) => pause.waiting_on === 'issuing_institution' && pause.to === null))).toBe(true);
    // A doubting answer is on the application's history, as recording it puts it there.
    expect(await historyOf(requests[3]!.application_id)).toEqual(expect.arrayContaining(['confirmation_requested', 'confirmation_answered', 'authenticity_doubted']));
    expect(await historyOf(requests[5]!.application_id)).toEqual(expect.arrayContaining(['confirmation_reminded', 'confirmation_no_answer']));
  });
});

describe('a confirmation request', () => {
  it('goes to the dossier contact through the outbox with the document attached, pauses the centre clocks for a third party, and the reply resumes them', async () => {
    const { id, documentId } = await application();
    expect((await openDeadlines(id)).length).toBeGreaterThan(0);
    const sent = await call('POST', CONFIRMATION_PATHS.list(id), 'verifier', { document_id: documentId, contact_id: contactId, note: 'Diploma no. 12345.' });
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json();
    expect(request).toMatchObject({ state: 'sent', delivery: 'queued', recipient_email: 'registrar@uni-pr.edu', language: 'sq', answer: null, doubted: false });
    expect(request.reference).toMatch(/^CNF-.*-C1$/);

    const mail = await server.db.selectFrom('notification_outbox').selectAll().where('application_id', '=', id).where('event', '=', 'authenticity_confirmation_request').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ recipient_email: 'registrar@uni-pr.edu', language: 'sq', attachment_document_id: documentId });
    expect(mail.message).toContain(request.reference);
    expect(mail.message).toContain('Confirm Case');

    const paused = await openDeadlines(id);
    for (const deadline of paused) {
      expect(deadline.paused_since, deadline.deadline_type).not.toBeNull();
      expect(deadline.pauses.at(-1)).toMatchObject({ to: null, waiting_on: 'issuing_institution' });
    }
    // The detail explains the pause as one for a third party.
    const detail = (await call('GET', APPLICATION_PATHS.detail(id), 'verifier')).json();
    const steps = detail.deadlines.flatMap((deadline: { steps: { kind: string }[] }) => deadline.steps).filter((step: { kind: string }) => step.kind === 'paused');
    expect(steps[0]).toMatchObject({ waiting_on: 'issuing_institution', to: null });

    // A second request about the same document waits for the first.
    const again = await call('POST', CONFIRMATION_PATHS.list(id), 'verifier', { document_id: documentId, contact_id: contactId });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('confirmation_request_open');

    const noReply = await call('POST', CONFIRMATION_PATHS.reply(id, request.id), 'verifier', { answer: 'confirmed', answered_on: '2026-11-20' });
    expect(noReply.statusCode).toBe(400);
    expect(noReply.json().field_codes.reply_text[0].code).toBe('confirmation_reply_required');

    const replied = await call('POST', CONFIRMATION_PATHS.reply(id, request.id), 'verifier', { answer: 'confirmed', answered_on: '2026-11-20', reply_text: 'We confirm diploma 12345.' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ state: 'answered', answer: 'confirmed', doubted: false, closed_by: 'Teuta Morina' });
    for (const deadline of await openDeadlines(id)) {
      expect(deadline.paused_since).toBeNull();
      expect(deadline.pauses.at(-1)).toMatchObject({ waiting_on: 'issuing_institution', to: expect.any(String) });
    }
    expect(await historyOf(id)).toEqual(expect.arrayContaining(['confirmation_requested', 'confirmation_answered']));
    const closedAgain = await call('POST', CONFIRMATION_PATHS.cancel(id, request.id), 'verifier', {});
    expect(closedAgain.json().code).toBe('confirmation_request_closed');
    // No report while the institution stood behind the document.
    expect((await call('GET', CONFIRMATION_PATHS.inspectorateReport(id, request.id), 'verifier')).statusCode).toBe(409);
  });

  it('resumes only when the last open request of the application closes', async () => {
    const { id, documentId } = await application();
    const second = await server.db.insertInto('application_documents').values({ application_id: id, file_name: 'transcript.pdf', document_type: 'original_transcript' }).returning('id').executeTakeFirstOrThrow();
    const first = (await call('POST', CONFIRMATION_PATHS.list(id), 'officer', { document_id: documentId, contact_id: contactId })).json();
    const other = (await call('POST', CONFIRMATION_PATHS.list(id), 'officer', { document_id: second.id, contact_id: contactId })).json();
    expect(other.reference).toMatch(/-C2$/);
    expect((await call('POST', CONFIRMATION_PATHS.cancel(id, first.id), 'officer', { note: 'Sent twice.' })).json().state).toBe('cancelled');
    expect((await openDeadlines(id)).every((deadline) => deadline.paused_since !== null)).toBe(true);
    expect((await call('POST', CONFIRMATION_PATHS.noAnswer(id, other.id), 'officer', {})).json().state).toBe('no_answer');
    expect((await openDeadlines(id)).every((deadline) => deadline.paused_since === null)).toBe(true);
    expect(await historyOf(id)).toEqual(expect.arrayContaining(['confirmation_cancelled', 'confirmation_no_answer']));
  });

  it('not confirmed: the document is doubted in the history, a service-3 case is offered the suspicious path and the inspectorate report', async () => {
    const { id, documentId } = await application();
    const request = (await call('POST', CONFIRMATION_PATHS.list(id), 'officer', { document_id: documentId, contact_id: contactId })).json();
    const replyFile = await server.db.insertInto('application_documents').values({ application_id: id, file_name: 'reply.pdf', document_type: 'additional_document' }).returning('id').executeTakeFirstOrThrow();
    const answered = await call('POST', CONFIRMATION_PATHS.reply(id, request.id), 'officer', { answer: 'not_confirmed', answered_on: '2026-11-21', reply_document_id: replyFile.id });
    expect(answered.json()).toMatchObject({ answer: 'not_confirmed', doubted: true, suggests_suspicious: true, reply_document_id: replyFile.id });
    expect(await historyOf(id)).toEqual(expect.arrayContaining(['authenticity_doubted']));
    const report = await call('GET', CONFIRMATION_PATHS.inspectorateReport(id, request.id), 'officer');
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('application/pdf');
    expect(report.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a contact of another institution, a document of another application, and an application naming no institution', async () => {
    const { id, documentId } = await application();
    const elsewhere = await application();
    const other = await server.db.selectFrom('institution_verification_contacts').select('id').where('id', '<>', contactId).executeTakeFirst();
    if (other) expect((await call('POST', CONFIRMATION_PATHS.list(id), 'officer', { document_id: documentId, contact_id: other.id })).json().field_codes.contact_id[0].code).toBe('confirmation_contact_not_of_institution');
    expect((await call('POST', CONFIRMATION_PATHS.list(id), 'officer', { document_id: elsewhere.documentId, contact_id: contactId })).json().field_codes.document_id[0].code).toBe('confirmation_document_not_of_application');
    const nameless = await application('Nowhere Institute of Nothing');
    expect((await call('POST', CONFIRMATION_PATHS.list(nameless.id), 'officer', { document_id: nameless.documentId, contact_id: contactId })).json().code).toBe('confirmation_no_institution');
  });

  it('reminds the institution once on the configured day, with the document again', async () => {
    const { id, documentId } = await application();
    const request = (await call('POST', CONFIRMATION_PATHS.list(id), 'officer', { document_id: documentId, contact_id: contactId })).json();
    expect(request.remind_on).not.toBeNull();
    expect(await sendDueReminders(server.db, new Date(`${request.remind_on}T09:00:00Z`))).toBeGreaterThanOrEqual(1);
    expect(await sendDueReminders(server.db, new Date(`${request.remind_on}T10:00:00Z`))).toBe(0);
    const reminder = await server.db.selectFrom('notification_outbox').selectAll().where('application_id', '=', id).where('event', '=', 'authenticity_confirmation_reminder').execute();
    expect(reminder).toEqual([expect.objectContaining({ recipient_email: 'registrar@uni-pr.edu', attachment_document_id: documentId })]);
    expect((await call('GET', CONFIRMATION_PATHS.list(id), 'officer')).json().results[0]).toMatchObject({ reminded: true, remind_on: null });
  });

  it('reaches the institution through the mail server with the diploma scan attached', async () => {
    const { id, documentId } = await application();
    const scan = Buffer.from('%PDF-1.4\n% the diploma as scanned\n%%EOF\n');
    await server.db
      .updateTable('application_documents')
      .set({ storage_key: await server.storage.put(scan), media_type: 'application/pdf', size: scan.length })
      .where('id', '=', documentId)
      .execute();
    const request = (await call('POST', CONFIRMATION_PATHS.list(id), 'officer', { document_id: documentId, contact_id: contactId })).json();
    // The app's own outbox worker delivers it (it reads the scan from the storage as it sends).
    const received = await vi.waitFor(
      () => {
        const found = mail.messages.find((message) => message.subject.includes(request.reference));
        if (!found) throw new Error(`${request.reference} not delivered yet`);
        return found;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(received.envelopeTo).toEqual(['registrar@uni-pr.edu']);
    expect(received.text).toContain(`naric@naric.example`);
    expect(received.attachments).toEqual([{ filename: 'diploma.pdf', contentType: 'application/pdf', content: scan }]);
  });

  it('replies to the address of the mail server’s sender', () => {
    expect(replyAddress('NARIC Kosovo <naric@rks-gov.net>')).toBe('naric@rks-gov.net');
    expect(replyAddress('naric@rks-gov.net')).toBe('naric@rks-gov.net');
  });
});

describe('the authenticity reports', () => {
  it('count requests per institution with the answer rate and median reply days, and watch-list hits', async () => {
    const answer = await call('GET', `/reports/confirmation_requests/?date_from=2021-01-01&date_to=2030-12-31`, 'admin');
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json();
    const prishtina = report.rows.find((row: { institution: string }) => row.institution === PRISHTINA);
    expect(prishtina.sent).toBeGreaterThanOrEqual(5);
    expect(prishtina.answered).toBeLessThanOrEqual(prishtina.sent);
    expect(prishtina.answer_rate).toBe(Math.round((prishtina.answered * 1000) / prishtina.sent) / 10);
    expect(report.totals.sent).toBe(report.rows.reduce((total: number, row: { sent: number }) => total + row.sent, 0));
    const hits = (await call('GET', `/reports/watch_list_hits/?date_from=2021-01-01&date_to=2030-12-31`, 'admin')).json();
    expect(hits.rows[0]).toMatchObject({ diploma_mill: expect.any(Number), hits: expect.any(Number) });
    expect(hits.totals.hits).toBeGreaterThanOrEqual(1);
  });
});

async function exported(report: string, format: 'csv' | 'xlsx') {
  const started = await server.app.inject({
    method: 'POST',
    url: `/api${REPORT_PATHS.exports}`,
    headers: await server.authorization('admin'),
    payload: { report, format, filter: { date_from: '2021-01-01', date_to: '2030-12-31' } },
  });
  expect(started.statusCode, started.body).toBe(202);
  const { id } = reportExport.parse(started.json());
  const done = await vi.waitFor(
    async () => {
      const answer: ReportExport = reportExport.parse((await call('GET', REPORT_PATHS.export(id), 'admin')).json());
      if (answer.status !== 'done' && answer.status !== 'failed') throw new Error(`export ${answer.status}`);
      return answer;
    },
    { timeout: 20_000, interval: 50 },
  );
  expect(done.status).toBe('done');
  return call('GET', REPORT_PATHS.download(id), 'admin');
}

describe('the authenticity reports as files', () => {
  it('export the confirmation requests as CSV with a row per institution, as the screen shows them', async () => {
    const shown = (await call('GET', `/reports/confirmation_requests/?date_from=2021-01-01&date_to=2030-12-31`, 'admin')).json();
    const file = await exported('confirmation_requests', 'csv');
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parse(file.body.slice(1)) as string[][];
    expect(header).toEqual(['Country', 'Institution', 'Sent', 'Answered', 'Confirmed', 'Not confirmed', 'No such record', 'No answer', 'Open now', 'Answer rate (%)', 'Median reply (days)']);
    expect(rows).toHaveLength(shown.rows.length);
    const prishtina = rows.find((row) => row[1] === PRISHTINA)!;
    const expected = shown.rows.find((row: { institution: string }) => row.institution === PRISHTINA);
    expect(prishtina.slice(2, 10).map(Number)).toEqual([expected.sent, expected.answered, expected.confirmed, expected.not_confirmed, expected.no_such_record, expected.no_answer, expected.open, expected.answer_rate]);
  });

  it('export the watch-list hits as XLSX with a row per watch-listed institution', async () => {
    const shown = (await call('GET', `/reports/watch_list_hits/?date_from=2021-01-01&date_to=2030-12-31`, 'admin')).json();
    const file = await exported('watch_list_hits', 'xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Country', 'Institution', 'Applications flagged', 'Unrecognised', 'Diploma mill', 'Under investigation', 'By a close spelling']);
    expect(sheet.rowCount).toBe(1 + shown.rows.length);
    expect(sheet.getRow(2).getCell(2).value).toBe('Balkan International Open University');
    expect(sheet.getRow(2).getCell(3).value).toBe(shown.rows[0].hits);
    expect(sheet.getRow(2).getCell(5).value).toBe(shown.rows[0].diploma_mill);
  });
});

describe('endpoints × demo groups', () => {
  const VERIFIERS = new Set(['admin', 'naric.admin', 'officer', 'verifier']);

  it('signed out: 401', async () => {
    expect((await call('GET', CONFIRMATION_PATHS.list(1), null)).statusCode).toBe(401);
    expect((await call('POST', CONFIRMATION_PATHS.list(1), null, { document_id: 1, contact_id: 1 })).statusCode).toBe(401);
  });

  it.each(DEMO_ACCOUNTS.map((account) => account.username))('%s', async (username) => {
    const { id, documentId } = await application();
    const verifies = VERIFIERS.has(username);
    const failures: string[] = [];
    const expect_ = async (method: 'GET' | 'POST', url: string, expected: number, payload?: object) => {
      const answer = await call(method, url, username, payload);
      if (answer.statusCode !== expected) failures.push(`${method} ${url}: expected ${expected}, got ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      return answer;
    };
    await expect_('GET', CONFIRMATION_PATHS.list(id), verifies ? 200 : 403);
    const sent = await expect_('POST', CONFIRMATION_PATHS.list(id), verifies ? 201 : 403, { document_id: documentId, contact_id: contactId });
    const requestId = verifies ? sent.json<{ id: number }>().id : 1;
    await expect_('POST', CONFIRMATION_PATHS.reply(id, requestId), verifies ? 200 : 403, { answer: 'no_such_record', answered_on: '2026-11-22', reply_text: 'No such graduate.' });
    await expect_('GET', CONFIRMATION_PATHS.inspectorateReport(id, requestId), verifies ? 200 : 403);
    await expect_('POST', CONFIRMATION_PATHS.noAnswer(id, requestId), verifies ? 409 : 403, {});
    await expect_('POST', CONFIRMATION_PATHS.cancel(id, requestId), verifies ? 409 : 403, {});
    expect(failures).toEqual([]);
  });
});
