import { join } from 'node:path';
import { sql } from 'kysely';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enServer from '../../locales/en/server.json';
import sqServer from '../../locales/sq/server.json';
import srServer from '../../locales/sr/server.json';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import {
  PAYMENT_MESSAGES,
  PAYMENT_PATHS,
  paymentDetail,
  paymentListAnswer,
  receiptVerification,
  type PaymentDetail,
  type PaymentListAnswer,
} from '../../src/shared/api/payments';
import { createServerFixture, issueDemoFiles, type ServerFixture } from '../support/server-fixture';

// The payments' records: the list (every filter, accent-free search, order, the totals
// of the whole filter), the reader's scope, one payment's details (statement line, refunds, the
// exemption request derived from the application and its review), refunds (bounds, stale
// versions, two at once, history, audit, the applicant's e-mail), the receipt PDF read back, its
// public verification, and transaction IDs recorded once through the workflow's mark_paid.

let server: ServerFixture;
type Method = 'GET' | 'POST';

async function send(username: string | null, method: Method, path: string, payload?: object, headers: Record<string, string> = {}) {
  const auth = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
}

const list = async (query: string, username = 'payments'): Promise<PaymentListAnswer> => {
  const answer = await send(username, 'GET', `${PAYMENT_PATHS.list}?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return paymentListAnswer.parse(answer.json());
};
const detail = async (id: number, username = 'payments'): Promise<PaymentDetail> => {
  const answer = await send(username, 'GET', PAYMENT_PATHS.detail(id));
  expect(answer.statusCode, answer.body).toBe(200);
  return paymentDetail.parse(answer.json());
};
const paymentOf = async (reference: string) =>
  server.db
    .selectFrom('application_payments')
    .innerJoin('applications', 'applications.id', 'application_payments.application_id')
    .select(['application_payments.id', 'application_payments.status', 'application_payments.amount', 'application_payments.transaction_id', 'applications.id as application_id'])
    .where('applications.reference', '=', reference)
    .orderBy('application_payments.id', 'desc')
    .executeTakeFirstOrThrow();
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** A paid payment nobody else in this file touches (the n-th paid payment of the generated ones). */
async function paidPayment(n: number) {
  const rows = await server.db
    .selectFrom('application_payments')
    .select(['id', 'amount'])
    .where('status', '=', 'paid')
    .where('amount', '>', '10')
    .orderBy('id')
    .limit(1)
    .offset(n)
    .execute();
  return rows[0]!;
}

async function pdfText(bytes: Buffer, pageNumber = 1): Promise<string> {
  const standardFontDataUrl = `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const page = await document.getPage(pageNumber);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  await document.destroy();
  return text;
}

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('the list', () => {
  it('pages every payment with the totals of the whole filter, matching the database', async () => {
    const page = await list('page_size=5');
    expect(page.results).toHaveLength(5);
    const sums = await server.db
      .selectFrom('application_payments')
      .select([
        sql<string>`count(*)`.as('count'),
        sql<string>`coalesce(sum(amount_due), 0)`.as('due'),
        sql<string>`coalesce(sum(amount), 0)`.as('paid'),
      ])
      .executeTakeFirstOrThrow();
    expect(page.count).toBe(Number(sums.count));
    expect(page.totals).toMatchObject({ count: Number(sums.count), currency: 'EUR', amount_refunded: '0.00' });
    expect(cents(page.totals.amount_due)).toBe(cents(sums.due));
    expect(cents(page.totals.amount_paid)).toBe(cents(sums.paid));
    // Newest first by default.
    const created = page.results.map((row) => row.created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('filters by status, service, method and amount; totals follow the filter', async () => {
    const paid = await list('status=paid&page_size=100');
    expect(paid.count).toBeGreaterThan(0);
    expect(paid.results.every((row) => row.status === 'paid' && row.amount_paid !== null && row.transaction_id !== null)).toBe(true);
    const open = await list('status=pending,exempted&page_size=100');
    expect(open.results.every((row) => ['pending', 'exempted'].includes(row.status) && row.amount_paid === null)).toBe(true);
    expect(open.totals.amount_paid).toBe('0.00');
    const all = await list('page_size=1');
    expect(paid.count + open.count).toBeLessThanOrEqual(all.count);

    const service = await list('service_type=3&page_size=100');
    expect(service.count).toBeGreaterThan(0);
    expect(service.results.every((row) => row.application.service_type === 3)).toBe(true);
    const cash = await list('method=cash&page_size=100');
    expect(cash.count).toBeGreaterThan(0);
    expect(cash.results.every((row) => row.method === 'cash')).toBe(true);

    const [low, high] = [paid.results[0]!.amount_due, paid.results[0]!.amount_due];
    const exact = await list(`amount_min=${low.replace('.', ',')}&amount_max=${high}&page_size=100`);
    expect(exact.count).toBeGreaterThan(0);
    expect(exact.results.every((row) => row.amount_due === low)).toBe(true);
    expect(cents(exact.totals.amount_due)).toBe(cents(low) * exact.count);
    expect((await list('amount_min=99999999&page_size=1')).count).toBe(0);
  });

  it('filters by the office’s calendar day (paid, else asked for)', async () => {
    // A payment paid at 23:30 UTC is paid on the next day in Pristina.
    const { id } = await paidPayment(40);
    await server.db.updateTable('application_payments').set({ paid_at: new Date('2026-03-04T23:30:00Z') }).where('id', '=', id).execute();
    const onTheFifth = await list('date_from=2026-03-05&date_to=2026-03-05&page_size=100');
    expect(onTheFifth.results.map((row) => row.id)).toContain(id);
    const onTheFourth = await list('date_from=2026-03-04&date_to=2026-03-04&page_size=100');
    expect(onTheFourth.results.map((row) => row.id)).not.toContain(id);
    expect(onTheFifth.results.every((row) => (row.paid_at ?? row.created_at) >= '2026-03-04T23:00:00.000Z' && (row.paid_at ?? row.created_at) < '2026-03-05T23:00:00.000Z')).toBe(true);
  });

  it('searches every word in the reference, transaction ID and applicant, in any case and without accents', async () => {
    const byName = await list('search=dusan%20ILIC');
    expect(byName.results.map((row) => row.application.reference)).toContain('NARIC-2026-900003');
    expect(byName.results.every((row) => row.applicant_name === 'Dušan Ilić')).toBe(true);
    const accented = await list(`search=${encodeURIComponent('DUŠAN ilić')}`);
    expect(accented.count).toBe(byName.count);
    const byReference = await list('search=naric-2026-900004');
    expect(byReference.results.map((row) => row.application.reference)).toEqual(['NARIC-2026-900004']);
    const paid = await paymentOf('NARIC-2026-900001');
    const byTransaction = await list(`search=${encodeURIComponent(paid.transaction_id!.toLowerCase())}`);
    expect(byTransaction.results.map((row) => row.id)).toEqual([paid.id]);
    expect((await list('search=%25%25%25')).count).toBe(0);
    expect((await list('search=dusan%20nobody')).count).toBe(0);
  });

  it('sorts by amount, reference and paid day, pages without overlap, refuses a page past the end', async () => {
    const byAmount = await list('ordering=-amount_due&page_size=50');
    const amounts = byAmount.results.map((row) => cents(row.amount_due));
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    const byReference = await list('ordering=reference&page_size=50');
    const references = byReference.results.map((row) => row.application.reference);
    expect([...references].sort()).toEqual(references);
    const byPaid = await list('ordering=paid_at&page_size=200');
    const firstUnpaid = byPaid.results.findIndex((row) => row.paid_at === null);
    if (firstUnpaid >= 0) expect(byPaid.results.slice(firstUnpaid).every((row) => row.paid_at === null)).toBe(true);
    const one = await list('page=1&page_size=3&ordering=reference');
    const two = await list('page=2&page_size=3&ordering=reference');
    expect(one.results.map((row) => row.id).filter((id) => two.results.some((row) => row.id === id))).toEqual([]);
    expect(two.previous).not.toBeNull();
    expect((await send('payments', 'GET', `${PAYMENT_PATHS.list}?page=100000`)).statusCode).toBe(404);
    expect((await send('payments', 'GET', `${PAYMENT_PATHS.list}?status=owed`)).statusCode).toBe(400);
    expect((await send('payments', 'GET', `${PAYMENT_PATHS.list}?date_from=2026-13-45`)).statusCode).toBe(400);
  });

  it('shows a reader only the payments of applications they may see', async () => {
    // The council member, given the right to read payments, sees only their council's applications.
    const council = await server.db.selectFrom('users').select('id').where('username', '=', 'council').executeTakeFirstOrThrow();
    const permission = await server.db
      .selectFrom('permissions')
      .select('id')
      .where('app_label', '=', 'payments')
      .where('codename', '=', 'view_payment')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('user_permissions').values({ user_id: council.id, permission_id: permission.id }).execute();
    try {
      const seen = await list('page_size=100', 'council');
      const visible = await server.db
        .selectFrom('application_payments')
        .innerJoin('applications', 'applications.id', 'application_payments.application_id')
        .innerJoin('council_members', 'council_members.council_id', 'applications.council_id')
        .select('application_payments.id')
        .where('council_members.user_id', '=', council.id)
        .execute();
      expect(seen.count).toBe(visible.length);
      expect(seen.results.map((row) => row.application.reference)).toContain('NARIC-2026-900002');
      expect(seen.results.map((row) => row.application.reference)).not.toContain('NARIC-2026-900005');
      const other = await paymentOf('NARIC-2026-900005');
      expect((await send('council', 'GET', PAYMENT_PATHS.detail(other.id))).statusCode).toBe(404);
      expect((await send('council', 'GET', PAYMENT_PATHS.receipt(other.id))).statusCode).toBe(404);
    } finally {
      await server.db.deleteFrom('user_permissions').where('user_id', '=', council.id).where('permission_id', '=', permission.id).execute();
    }
  });
});

describe('one payment', () => {
  it('names the application, who asked and recorded, and what may be refunded', async () => {
    const { id } = await paymentOf('NARIC-2026-900001');
    const payment = await detail(id);
    expect(payment).toMatchObject({
      id,
      status: 'paid',
      currency: 'EUR',
      application: { reference: 'NARIC-2026-900001', service_type: 1, service_name: expect.any(String) },
      applicant_name: 'Valbona Qerimi',
      refunds: [],
      amount_refunded: '0.00',
      statement: null,
      exemption: null,
    });
    expect(payment.refundable).toBe(payment.amount_paid);
    expect(payment.receipt_code).toMatch(/^R[A-Z0-9]{10,11}$/);
    expect(payment.recorded_by).not.toBeNull();
    const sr = paymentDetail.parse((await send('payments', 'GET', PAYMENT_PATHS.detail(id), undefined, { 'accept-language': 'sr' })).json());
    const serviceNames = await server.db.selectFrom('services').select(['name_en', 'name_sr']).where('service_type', '=', 1).executeTakeFirstOrThrow();
    expect(payment.application.service_name).toBe(serviceNames.name_en);
    expect(sr.application.service_name).toBe(serviceNames.name_sr);
    expect((await send('payments', 'GET', PAYMENT_PATHS.detail(2_000_000_000))).statusCode).toBe(404);
    expect((await send('payments', 'GET', '/payments/abc/')).statusCode).toBe(404);
  });

  it('names the statement line that recorded it', async () => {
    const { id } = await paidPayment(41);
    const statement = await server.db
      .insertInto('bank_statements')
      .values({ file_name: 'izvod-mart.csv', sha256: 'a'.repeat(64), encoding: 'windows-1250', status: 'imported' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = await server.db
      .insertInto('bank_statement_lines')
      .values({ statement_id: statement.id, line_number: 7, outcome: 'recorded', payment_id: id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('application_payments').set({ bank_statement_line_id: line.id }).where('id', '=', id).execute();
    expect((await detail(id)).statement).toEqual({ id: statement.id, file_name: 'izvod-mart.csv', line_number: 7 });
  });

  it('derives the exemption request from the application, and its review from the history', async () => {
    const pending = await server.db
      .selectFrom('application_payments')
      .innerJoin('applications', 'applications.id', 'application_payments.application_id')
      .innerJoin('services', 'services.id', 'applications.service_id')
      .select(['application_payments.id', 'applications.id as application_id', 'applications.fee_quote'])
      .where('application_payments.status', '=', 'pending')
      .where('applications.status', '=', 'payment_pending')
      .where('applications.archived', '=', false)
      .where(sql<boolean>`coalesce((applications.fee_quote ->> 'exemption_allowed')::boolean, services.fee_exemption_allowed)`)
      .orderBy('application_payments.id')
      .executeTakeFirstOrThrow();
    expect((await detail(pending.id)).exemption).toBeNull();

    await server.db.updateTable('applications').set({ exemption_reason: 'Refugee status; no income.' }).where('id', '=', pending.application_id).execute();
    await server.db
      .insertInto('application_documents')
      .values({ application_id: pending.application_id, file_name: 'vërtetim-statusi.pdf', document_type: 'exemption_proof' })
      .execute();
    const asked = (await detail(pending.id)).exemption!;
    expect(asked).toMatchObject({ reason: 'Refugee status; no income.', review: null, awaiting_review: true });
    expect(asked.proof_documents).toEqual([expect.objectContaining({ file_name: 'vërtetim-statusi.pdf' })]);

    const version = async () => (await server.db.selectFrom('applications').select('version').where('id', '=', pending.application_id).executeTakeFirstOrThrow()).version;
    const noNotes = await send('officer', 'POST', APPLICATION_PATHS.action(pending.application_id, 'reject_exemption'), { version: await version() });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json()).toMatchObject({ notes: ['Review notes are required when rejecting exemption requests'] });
    const rejected = await send('officer', 'POST', APPLICATION_PATHS.action(pending.application_id, 'reject_exemption'), { version: await version(), notes: 'No proof of income.' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const afterRejection = (await detail(pending.id)).exemption!;
    expect(afterRejection.review).toMatchObject({ outcome: 'rejected', notes: 'No proof of income.', reviewed_by: { full_name: expect.any(String) } });
    expect(afterRejection.awaiting_review).toBe(true);

    const approved = await send('payments', 'POST', APPLICATION_PATHS.action(pending.application_id, 'approve_exemption'), { version: await version(), notes: 'Proof received.' });
    expect(approved.statusCode, approved.body).toBe(200);
    const exempted = await detail(pending.id);
    expect(exempted.status).toBe('exempted');
    expect(exempted.application.status).toBe('payment_exempted');
    expect(exempted.exemption).toMatchObject({ review: { outcome: 'approved', notes: 'Proof received.' }, awaiting_review: false });
  });
});

describe('refunds', () => {
  it('refunds in part then in whole, with history, audit and the applicant’s e-mail; never more than was paid', async () => {
    const { id } = await paymentOf('NARIC-2026-900004');
    const before = await detail(id);
    const paid = cents(before.amount_paid!);
    const refund = (body: object, username = 'payments', language = 'en') =>
      send(username, 'POST', PAYMENT_PATHS.refunds(id), body, { 'accept-language': language });

    const zero = await refund({ version: before.version, amount: '0', reason: 'Nothing' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ amount: [PAYMENT_MESSAGES.refundNotPositive] });
    const tooMuch = await refund({ version: before.version, amount: ((paid + 1) / 100).toFixed(2), reason: 'Overpaid' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ amount: [PAYMENT_MESSAGES.refundTooLarge] });
    const inAlbanian = await refund({ version: before.version, amount: ((paid + 1) / 100).toFixed(2), reason: 'Overpaid' }, 'payments', 'sq');
    expect(inAlbanian.json()).toMatchObject({ amount: [sqServer.payments.messages.refundTooLarge] });
    expect((await refund({ version: before.version, amount: 'ten', reason: 'x' })).statusCode).toBe(400);
    expect((await refund({ version: before.version, amount: '1', reason: '' })).statusCode).toBe(400);
    const stale = await refund({ version: before.version + 1, amount: '1', reason: 'Stale' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().detail).toBe(PAYMENT_MESSAGES.stale);
    expect((await detail(id)).refunds).toEqual([]);

    const part = Math.floor(paid / 4);
    const first = await refund({ version: before.version, amount: (part / 100).toFixed(2).replace('.', ','), reason: 'Service 4 fee reduced by decision 12/2026.' });
    expect(first.statusCode, first.body).toBe(200);
    const partly = paymentDetail.parse(first.json());
    expect(partly).toMatchObject({ status: 'partially_refunded', version: before.version + 1, amount_refunded: (part / 100).toFixed(2) });
    expect(cents(partly.amount_paid!)).toBe(paid - part);
    expect(cents(partly.refundable)).toBe(paid - part);
    expect(partly.refunds).toEqual([expect.objectContaining({ amount: (part / 100).toFixed(2), reason: 'Service 4 fee reduced by decision 12/2026.', refunded_by: expect.objectContaining({ full_name: 'Fatmir Shala' }) })]);

    const history = await server.db
      .selectFrom('application_history')
      .selectAll()
      .where('application_id', '=', before.application.id)
      .where('action', '=', 'refund_payment')
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ from_status: before.application.status, to_status: before.application.status, notes: 'Service 4 fee reduced by decision 12/2026.' });
    const audit = await server.db.selectFrom('audit_log').selectAll().where('action', '=', 'payment.refund').where('entity_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
    const mail = await server.db
      .selectFrom('notification_outbox')
      .selectAll()
      .where('application_id', '=', before.application.id)
      .where('event', '=', 'payment_refunded')
      .execute();
    expect(mail).toHaveLength(1);
    const applicant = await server.db
      .selectFrom('applications')
      .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
      .select(['applicants.email', 'applicants.preferred_language'])
      .where('applications.id', '=', before.application.id)
      .executeTakeFirstOrThrow();
    expect(mail[0]).toMatchObject({ kind: 'email', recipient_email: applicant.email, language: applicant.preferred_language, status: 'pending' });
    expect(mail[0]!.message).toContain(before.application.reference);
    expect(mail[0]!.message).toContain('Service 4 fee reduced by decision 12/2026.');
    // The application itself did not move.
    const application = await server.db.selectFrom('applications').select(['status', 'version']).where('id', '=', before.application.id).executeTakeFirstOrThrow();
    expect(application).toEqual({ status: before.application.status, version: before.application.version });

    const rest = await refund({ version: partly.version, amount: ((paid - part + 1) / 100).toFixed(2), reason: 'One cent too many' });
    expect(rest.statusCode).toBe(400);
    const whole = await refund({ version: partly.version, amount: ((paid - part) / 100).toFixed(2), reason: 'Application withdrawn.' });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(paymentDetail.parse(whole.json())).toMatchObject({ status: 'refunded', amount_paid: '0.00', refundable: '0.00', amount_refunded: (paid / 100).toFixed(2) });
    const again = await refund({ version: partly.version + 1, amount: '0.01', reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(PAYMENT_MESSAGES.notPaid);
  });

  it('takes two refunds at once one after the other: together never more than was paid', async () => {
    const { id } = await paidPayment(42);
    const before = await detail(id);
    const paid = cents(before.amount_paid!);
    const sixty = ((Math.ceil(paid * 0.6)) / 100).toFixed(2);
    const answers = await Promise.all(
      ['officer', 'payments'].map((username) => send(username, 'POST', PAYMENT_PATHS.refunds(id), { version: before.version, amount: sixty, reason: `By ${username}` })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    // Each with the version it read after the other: the second is over what is left.
    const after = await detail(id);
    const overTheRest = await Promise.all(
      ['officer', 'payments'].map((username) => send(username, 'POST', PAYMENT_PATHS.refunds(id), { version: after.version, amount: sixty, reason: `Again by ${username}` })),
    );
    expect(overTheRest.map((answer) => answer.statusCode)).toEqual([400, 400]);
    const refunded = await server.db
      .selectFrom('payment_refunds')
      .select(sql<string>`coalesce(sum(amount), 0)`.as('sum'))
      .where('payment_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(cents(refunded.sum)).toBe(cents(sixty));
    expect(cents(refunded.sum)).toBeLessThanOrEqual(paid);
  });

  it('refuses a payment that is not paid', async () => {
    const pending = await server.db.selectFrom('application_payments').select(['id', 'version']).where('status', '=', 'pending').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const answer = await send('payments', 'POST', PAYMENT_PATHS.refunds(pending.id), { version: pending.version, amount: '1', reason: 'x' }, { 'accept-language': 'sr' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(srServer.payments.messages.notPaid);
    expect((await server.db.selectFrom('payment_refunds').select('id').where('payment_id', '=', pending.id).execute())).toEqual([]);
  });
});

describe('the receipt', () => {
  it('is the PDF issued with the payment: a page per language with the payment, the code and the verification address', async () => {
    const { id } = await paymentOf('NARIC-2026-900003');
    await issueDemoFiles(server, { payments: [id] });
    const payment = await detail(id);
    const answer = await send('officer', 'GET', PAYMENT_PATHS.receipt(id), undefined, { 'accept-language': 'sr' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain('filename="receipt-NARIC-2026-900003.pdf"');
    const text = await pdfText(answer.rawPayload);
    expect(text).toContain(sqServer.payments.receipt.title);
    expect(text).toContain('NARIC-2026-900003');
    expect(text).toContain('Dušan Ilić');
    expect(text).toContain(payment.transaction_id!);
    expect(text).toContain(payment.receipt_code!);
    expect(text).toContain(payment.amount_paid!.replace('.', ','));
    expect(text).toContain(`https://verify.naric.example/public/receipts/${payment.receipt_code}/`);
    for (const page of [2, 3]) expect(await pdfText(answer.rawPayload, page)).toContain([srServer, enServer][page - 2]!.payments.receipt.title);
    expect(await pdfText(answer.rawPayload, 3)).toContain(`€${payment.amount_paid}`);
    // The same bytes whoever asks, in whatever language.
    expect((await send('payments', 'GET', PAYMENT_PATHS.receipt(id))).rawPayload.equals(answer.rawPayload)).toBe(true);
  });

  it('shows the payment as it was paid: the refunds made later are not on it', async () => {
    const { id } = await paymentOf('NARIC-2026-900004');
    await issueDemoFiles(server, { payments: [id] });
    const text = await pdfText((await send('payments', 'GET', PAYMENT_PATHS.receipt(id))).rawPayload);
    expect(text).toContain(sqServer.payments.statuses.paid);
    expect(text).not.toContain('Application withdrawn.');
  });

  it('is refused for a payment not paid', async () => {
    const pending = await server.db.selectFrom('application_payments').select('id').where('status', '=', 'pending').orderBy('id').executeTakeFirstOrThrow();
    const answer = await send('payments', 'GET', PAYMENT_PATHS.receipt(pending.id));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(PAYMENT_MESSAGES.notPaid);
  });

  it('is confirmed publicly by its code, with nothing about the person', async () => {
    const { id } = await paymentOf('NARIC-2026-900001');
    const payment = await detail(id);
    const answer = await send(null, 'GET', PAYMENT_PATHS.verifyReceipt(payment.receipt_code!.toLowerCase()));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(receiptVerification.strict().parse(answer.json())).toEqual({
      receipt_code: payment.receipt_code,
      reference: 'NARIC-2026-900001',
      amount: payment.amount_paid,
      currency: 'EUR',
      paid_at: payment.paid_at,
      status: 'paid',
    });
    const unknown = await send(null, 'GET', PAYMENT_PATHS.verifyReceipt('RNOSUCHCODE'), undefined, { 'accept-language': 'sq' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(sqServer.payments.messages.receiptNotFound);
  });
});

describe('transaction IDs', () => {
  it('are recorded once, in any case: a second use is refused in words and the application does not move', async () => {
    const taken = await paymentOf('NARIC-2026-900001');
    const pending = await server.db
      .selectFrom('application_payments')
      .innerJoin('applications', 'applications.id', 'application_payments.application_id')
      .select(['applications.id', 'applications.version', 'applications.status', sql<string>`round(application_payments.amount_due, 2)::text`.as('amount_due')])
      .where('application_payments.status', '=', 'pending')
      .where('applications.status', '=', 'payment_pending')
      .where('applications.archived', '=', false)
      .orderBy('applications.id', 'desc')
      .executeTakeFirstOrThrow();
    const markPaid = (transactionId: string, language = 'en') =>
      send('officer', 'POST', APPLICATION_PATHS.action(pending.id, 'mark_paid'), { version: pending.version, amount: pending.amount_due, transaction_id: transactionId, method: 'cash' }, { 'accept-language': language });
    const refused = await markPaid(taken.transaction_id!.toLowerCase());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ transaction_id: [PAYMENT_MESSAGES.transactionTaken] });
    const still = await server.db.selectFrom('applications').select(['status', 'version']).where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(still).toEqual({ status: pending.status, version: pending.version });

    const recorded = await markPaid('TX-NEW-20261124-001');
    expect(recorded.statusCode, recorded.body).toBe(200);
    const payment = await paymentOf((await server.db.selectFrom('applications').select('reference').where('id', '=', pending.id).executeTakeFirstOrThrow()).reference);
    expect(payment).toMatchObject({ status: 'paid', transaction_id: 'TX-NEW-20261124-001' });
    expect((await detail(payment.id)).method).toBe('cash');
  });
});

describe('texts', () => {
  it('keeps the English messages equal to server.json, each translated in sq and sr', () => {
    expect(enServer.payments.messages).toEqual(PAYMENT_MESSAGES);
    for (const texts of [sqServer.payments.messages, srServer.payments.messages]) {
      expect(Object.keys(texts).sort()).toEqual(Object.keys(PAYMENT_MESSAGES).sort());
      for (const [key, text] of Object.entries(texts)) {
        if (key !== 'statementColumns') expect(text).not.toBe(PAYMENT_MESSAGES[key as keyof typeof PAYMENT_MESSAGES]);
      }
    }
  });
});
