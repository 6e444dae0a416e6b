import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { PAYMENT_LIMITS, PAYMENT_MESSAGES, PAYMENT_PATHS, statementDetail, statementListAnswer, type StatementDetail } from '../../src/shared/api/payments';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { STATEMENT_PROBLEMS, parseAmount, parseBookingDate } from '../../src/server/modules/payments/statement-file';
import sq from '../../locales/sq/server.json';
import en from '../../locales/en/server.json';
import { multipartBody } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The bank statement import: upload and preview (UTF-8 with and without BOM, Windows-1250,
// comma or semicolon, decimal point or comma), every line outcome, the import through the workflow's
// mark_paid (applications to payment_completed, payments carrying their statement line), nothing
// recorded twice, a refused line that does not stop the others, refusals in words, and who may do what.

let server: ServerFixture;
const BOUNDARY = 'naric-statement-boundary';
const FIXTURES = join(__dirname, '..', 'fixtures', 'statements');
const HEADER = 'booking_date,amount,currency,reference,transaction_id,payer';

interface PendingApplication {
  id: number;
  reference: string;
  amount_due: string;
}

let pending: PendingApplication[] = [];
let nextPending = 0;
let run = 0;

/** Applications waiting for their fee, each used by one test only (an import pays them). */
function takePending(count: number): PendingApplication[] {
  const taken = pending.slice(nextPending, nextPending + count);
  nextPending += count;
  if (taken.length < count) throw new Error('The demo data has too few applications waiting for payment.');
  return taken;
}

/** A word no other test's file has, so every file has its own SHA-256 and transaction IDs. */
const uniqueRun = () => `${Date.now().toString(36)}${(run += 1)}`;

async function upload(username: string | null, content: Buffer | string, options: { fileName?: string; contentType?: string; language?: string } = {}) {
  const { body } = multipartBody(BOUNDARY, {}, { fileName: options.fileName ?? 'statement.csv', content: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), contentType: options.contentType ?? 'text/csv' });
  return server.app.inject({
    method: 'POST',
    url: `/api${PAYMENT_PATHS.statements}`,
    headers: { ...(username ? await server.authorization(username) : {}), 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...(options.language ? { 'accept-language': options.language } : {}) },
    payload: body,
  });
}

async function importIt(username: string | null, id: number, version: number) {
  return server.app.inject({
    method: 'POST',
    url: `/api${PAYMENT_PATHS.importStatement(id)}`,
    headers: username ? await server.authorization(username) : {},
    payload: { version },
  });
}

async function uploaded(content: Buffer | string): Promise<StatementDetail> {
  const answer = await upload('payments', content);
  expect(answer.statusCode, answer.body).toBe(201);
  return statementDetail.parse(answer.json());
}

const outcomes = (detail: StatementDetail) => detail.lines.map((line) => line.outcome);
const applicationStatus = async (id: number) => (await server.db.selectFrom('applications').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  server = await createServerFixture();
  pending = await server.db
    .selectFrom('applications')
    .innerJoin('application_payments', 'application_payments.application_id', 'applications.id')
    .select(['applications.id', 'applications.reference', 'application_payments.amount_due'])
    .where('applications.status', '=', 'payment_pending')
    .where('application_payments.status', '=', 'pending')
    .where('applications.archived', '=', false)
    .where('applications.invalidated', '=', false)
    .orderBy('applications.id')
    .execute();
}, 60_000);
afterAll(() => server?.close());

describe('reading a statement file', () => {
  it('reads UTF-8 with a BOM: the header in any order and case, quoted references with words around them', async () => {
    const applications = takePending(3);
    const word = uniqueRun();
    let text = readFileSync(join(FIXTURES, 'statement-utf8.csv'), 'utf8').replaceAll('@RUN@', word);
    applications.forEach((application, index) => {
      text = text.replace(`@REFERENCE_${index + 1}@`, application.reference).replace(`@AMOUNT_${index + 1}@`, application.amount_due);
    });
    const detail = await uploaded(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    expect(detail).toMatchObject({ file_name: 'statement.csv', encoding: 'utf-8', status: 'previewed', line_count: 3, matched_count: 3 });
    expect(outcomes(detail)).toEqual(['matched', 'matched', 'matched']);
    expect(detail.lines.map((line) => line.payer)).toEqual(['Dušan Ilić', 'Arbër Çeku', 'Đorđe Šarić']);
    expect(detail.lines[1]).toMatchObject({ reference: `Fee for ${applications[1].reference}, recognition`, booked_on: '2026-11-20', currency: 'EUR' });
    expect(detail.lines.map((line) => line.payment)).toEqual(
      applications.map((application) => ({ id: expect.any(Number), application_reference: application.reference, amount_due: application.amount_due })),
    );
  });

  it('reads UTF-8 without a BOM, semicolons, decimal commas with thousands points and day-first dates', async () => {
    const [application] = takePending(1);
    const word = uniqueRun();
    const [whole, cents] = application.amount_due.split('.');
    const withComma = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
    const text = `payer;CURRENCY;amount;transaction_id;reference;booking_date\nMiloš Đorđević;eur;${withComma};TRX-${word};${application.reference};03.11.2026\n`;
    const detail = await uploaded(text);
    expect(detail.encoding).toBe('utf-8');
    expect(detail.lines).toEqual([
      expect.objectContaining({ outcome: 'matched', amount: application.amount_due, booked_on: '2026-11-03', currency: 'EUR', payer: 'Miloš Đorđević' }),
    ]);
  });

  it('reads Windows-1250: Albanian and Serbian payer names come out right', async () => {
    const applications = takePending(4);
    const word = uniqueRun();
    // The placeholders are ASCII, so they are replaced in the bytes as they are (latin1 keeps every byte).
    let bytes = readFileSync(join(FIXTURES, 'statement-windows-1250.csv')).toString('latin1').replaceAll('@RUN@', word);
    applications.forEach((application, index) => {
      bytes = bytes.replace(`@REFERENCE_${index + 1}@`, application.reference).replace(`@AMOUNT_${index + 1}@`, application.amount_due.replace('.', ','));
    });
    const detail = await uploaded(Buffer.from(bytes, 'latin1'));
    expect(detail.encoding).toBe('windows-1250');
    expect(detail.lines.map((line) => line.payer)).toEqual(['Drita Bërisha', 'Agron Gjeçi', 'Miloš Đorđević', 'Žaklina Čačić Kožul']);
    expect(outcomes(detail)).toEqual(['matched', 'matched', 'matched', 'matched']);
    expect(detail.lines.map((line) => line.booked_on)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-22']);
  });

  it('gives every line its outcome, with the problem of an unreadable line in words naming the column', async () => {
    const [matched, mismatched, claimed] = takePending(3);
    const paid = await server.db
      .selectFrom('application_payments')
      .innerJoin('applications', 'applications.id', 'application_payments.application_id')
      .select(['applications.reference', 'application_payments.transaction_id', 'application_payments.amount_due'])
      .where('application_payments.status', '=', 'paid')
      .where('applications.status', '!=', 'payment_pending')
      .orderBy('application_payments.id')
      .executeTakeFirstOrThrow();
    const word = uniqueRun();
    const text = [
      HEADER,
      `2026-11-20,${matched.amount_due},EUR,${matched.reference},A-${word},One`,
      `2026-11-20,${mismatched.amount_due},EUR,${mismatched.reference},A-${word},Same transaction again`,
      `2026-11-20,${mismatched.amount_due},EUR,${mismatched.reference.toLowerCase()},${paid.transaction_id!.toUpperCase()},Recorded before`,
      `2026-11-20,${matched.amount_due},EUR,NARIC-1999-999999,B-${word},Nobody`,
      `2026-11-20,${paid.amount_due},EUR,${paid.reference},C-${word},Paid already`,
      `2026-11-20,0.01,EUR,${mismatched.reference},D-${word},Too little`,
      `2026-11-20,${claimed.amount_due},EUR,${claimed.reference},E-${word},First`,
      `2026-11-20,${claimed.amount_due},EUR,${claimed.reference},F-${word},Second for the same payment`,
      `31.02.2026,40.00,USD,,,Bad`,
      `2026-11-20,-40.00,EUR,${matched.reference},G-${word},Outgoing`,
      `2026-11-20,12.345.6,EUR,${matched.reference},H-${word},Odd amount`,
      `2026-11-20,40.00,EUR`,
    ].join('\n');
    const detail = await uploaded(text);
    expect(outcomes(detail)).toEqual([
      'matched',
      'duplicate_in_file',
      'already_recorded',
      'unknown_reference',
      'no_pending_payment',
      'amount_mismatch',
      'matched',
      'no_pending_payment',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
    ]);
    expect(detail.matched_count).toBe(2);
    expect(detail.lines[5].payment).toMatchObject({ application_reference: mismatched.reference, amount_due: mismatched.amount_due });
    expect(detail.lines[8].problem).toBe(
      [STATEMENT_PROBLEMS.dateFormat, STATEMENT_PROBLEMS.currencyNotEur, STATEMENT_PROBLEMS.referenceMissing, STATEMENT_PROBLEMS.transactionMissing].join(' '),
    );
    expect(detail.lines[9].problem).toBe(STATEMENT_PROBLEMS.amountNotPositive);
    expect(detail.lines[10].problem).toBe(STATEMENT_PROBLEMS.amountFormat);
    expect(detail.lines[11].problem).toContain(STATEMENT_PROBLEMS.columnCount);
    for (const line of detail.lines) expect(line.problem === null).toBe(line.outcome !== 'invalid');

    // The same statement in Albanian: the problems in the reader's language.
    const inAlbanian = await server.app.inject({ url: `/api${PAYMENT_PATHS.statement(detail.id)}`, headers: { ...(await server.authorization('officer')), 'accept-language': 'sq' } });
    expect(statementDetail.parse(inAlbanian.json()).lines[9].problem).toBe(sq.paymentStatements.messages.amountNotPositive);
  });

  it('keeps its refusals in words: not CSV 415, too large 413, not text, no columns, no lines 400, too many lines 413', async () => {
    const png = await upload('payments', Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), { fileName: 'scan.png', contentType: 'image/png' });
    expect(png.statusCode).toBe(415);
    expect(png.json().detail).toBe(PAYMENT_MESSAGES.statementNotCsv);

    const json = await server.app.inject({ method: 'POST', url: `/api${PAYMENT_PATHS.statements}`, headers: await server.authorization('payments'), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);

    const big = await upload('payments', Buffer.alloc(PAYMENT_LIMITS.statementBytes + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toBe(PAYMENT_MESSAGES.statementTooLarge);

    const binary = await upload('payments', Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0xff, 0xfe, 0x00]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({ file: [PAYMENT_MESSAGES.statementEncoding] });

    const columns = await upload('payments', 'date,amount,currency,reference,payer\n2026-11-20,40.00,EUR,NARIC-2026-000001,X\n');
    expect(columns.statusCode).toBe(400);
    expect(columns.json()).toMatchObject({ file: [PAYMENT_MESSAGES.statementColumns] });

    const empty = await upload('payments', `${HEADER}\n\n,,,\n`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ file: [PAYMENT_MESSAGES.statementEmpty] });

    const lines = Array.from({ length: PAYMENT_LIMITS.statementLines + 1 }, (_, index) => `2026-11-20,1.00,EUR,R,T${index},P`);
    const tooMany = await upload('payments', [HEADER, ...lines].join('\n'));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().detail).toBe(PAYMENT_MESSAGES.statementTooManyLines);

    const inSerbian = await upload('payments', 'a,b\n1,2\n', { language: 'sr' });
    expect(inSerbian.json()).toMatchObject({ file: [(await import('../../locales/sr/server.json')).default.paymentStatements.messages.statementColumns] });

    const noFile = multipartBody(BOUNDARY, {}, { fileName: 'statement.csv', content: Buffer.from(HEADER), field: 'statement' });
    const wrongField = await server.app.inject({
      method: 'POST',
      url: `/api${PAYMENT_PATHS.statements}`,
      headers: { ...(await server.authorization('payments')), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: noFile.body,
    });
    expect(wrongField.statusCode).toBe(400);
    expect(await server.db.selectFrom('bank_statements').select('id').where('file_name', '=', 'scan.png').execute()).toEqual([]);
  });

  it('keeps the English texts of the module equal to the locale file', () => {
    for (const [key, text] of Object.entries(STATEMENT_PROBLEMS)) expect(en.paymentStatements.messages[key as keyof typeof en.paymentStatements.messages]).toBe(text);
    for (const key of ['statementTooLarge', 'statementNotCsv', 'statementEncoding', 'statementColumns', 'statementEmpty', 'statementTooManyLines', 'statementImported'] as const) {
      expect(en.paymentStatements.messages[key]).toBe(PAYMENT_MESSAGES[key]);
    }
  });
});

describe('amounts, dates and odd files', () => {
  it('reads amounts and dates the way banks write them, and nothing else', () => {
    const amounts: [string, string | null][] = [
      ['40', '40.00'],
      ['40.5', '40.50'],
      ['40,50', '40.50'],
      ['1.250', '1250.00'],
      ['1,250', '1250.00'],
      ['1.250,50', '1250.50'],
      ['1,250.50', '1250.50'],
      ['1 250,50', '1250.50'],
      ['1\u00a0250,50', '1250.50'],
      ["1'250.50", '1250.50'],
      ['+15.00', '15.00'],
      ['-15.00', '-15.00'],
      ['1.234.567,89', '1234567.89'],
      ['1.250.5', null],
      ['12.34.56', null],
      ['1,250.000', null],
      ['1.25,00', null],
      ['.5', null],
      ['EUR 40', null],
      ['12345678901', null],
    ];
    for (const [text, expected] of amounts) expect([text, parseAmount(text)]).toEqual([text, expected]);
    expect(parseBookingDate('2026-11-24')).toBe('2026-11-24');
    expect(parseBookingDate('24.11.2026')).toBe('2026-11-24');
    expect(parseBookingDate('4.1.2026')).toBe('2026-01-04');
    expect(parseBookingDate('29.02.2026')).toBeNull();
    expect(parseBookingDate('2026-13-01')).toBeNull();
    expect(parseBookingDate('11/24/2026')).toBeNull();
  });

  it('refuses an unterminated quote in words, and takes the same file sent twice at once as one statement', async () => {
    const broken = await upload('payments', `${HEADER}\n2026-11-20,40.00,EUR,"NARIC-2026-000001,T1,X\n`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ file: [PAYMENT_MESSAGES.statementColumns] });

    const text = `${HEADER}\n2026-11-20,1.00,EUR,NARIC-1999-999999,TWICE-${uniqueRun()},Nobody\n`;
    const answers = await Promise.all([upload('payments', text), upload('officer', text)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [first, second] = answers.map((answer) => statementDetail.parse(answer.json()));
    expect(first.id).toBe(second.id);
  });
});

describe('importing a statement', () => {
  it('records every matched line through mark_paid: the application moves on, the payment carries its line', async () => {
    const applications = takePending(2);
    const word = uniqueRun();
    const text = [HEADER, ...applications.map((application, index) => `2026-11-20,${application.amount_due},EUR,${application.reference},IMP-${word}-${index},Payer ${index}`), `2026-11-20,1.00,EUR,NARIC-1999-999999,IMP-${word}-x,Stranger`].join('\n');
    const preview = await uploaded(text);
    const answer = await importIt('payments', preview.id, preview.version);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = statementDetail.parse(answer.json());
    expect(detail).toMatchObject({ status: 'imported', matched_count: 2, version: preview.version + 1, imported_by: { id: expect.any(Number) } });
    expect(outcomes(detail)).toEqual(['recorded', 'recorded', 'unknown_reference']);

    const lines = await server.db.selectFrom('bank_statement_lines').select(['id', 'line_number', 'payment_id']).where('statement_id', '=', preview.id).orderBy('line_number').execute();
    for (const [index, application] of applications.entries()) {
      expect(await applicationStatus(application.id)).toBe('payment_completed');
      const payment = await server.db.selectFrom('application_payments').selectAll().where('application_id', '=', application.id).where('status', '=', 'paid').executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ transaction_id: `IMP-${word}-${index}`, method: 'bank_transfer', amount: application.amount_due, bank_statement_line_id: lines[index].id });
      expect(lines[index].payment_id).toBe(payment.id);
      const history = await server.db.selectFrom('application_history').select(['action', 'to_status', 'notes']).where('application_id', '=', application.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(history).toEqual({ action: 'mark_paid', to_status: 'payment_completed', notes: `Bank statement statement.csv, line ${index + 1}` });
    }
    const audit = await server.db.selectFrom('audit_log').select('details').where('action', '=', 'payment.statement_import').where('entity_id', '=', String(preview.id)).execute();
    expect(audit).toHaveLength(1);
    const summary = await server.db.selectFrom('bank_statements').selectAll().where('id', '=', preview.id).executeTakeFirstOrThrow();
    expect(summary).toMatchObject({ status: 'imported', recorded_count: 2 });

    // Twice: nothing recorded twice, the same bytes refused with the date, a new file's line already recorded.
    const again = await importIt('payments', preview.id, detail.version);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(PAYMENT_MESSAGES.statementImported);
    const reupload = await upload('payments', text);
    expect(reupload.statusCode).toBe(409);
    expect(reupload.json()).toMatchObject({ detail: PAYMENT_MESSAGES.statementImported, imported_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const other = await uploaded(`${text}\n2026-11-21,1.00,EUR,NARIC-1999-999998,NEW-${word},Other`);
    expect(outcomes(other)).toEqual(['already_recorded', 'already_recorded', 'unknown_reference', 'unknown_reference']);
    const paidCount = await server.db.selectFrom('application_payments').select((eb) => eb.fn.countAll<number>().as('count')).where('transaction_id', 'like', `IMP-${word}-%`).executeTakeFirstOrThrow();
    expect(Number(paidCount.count)).toBe(2);
  });

  it('answers the same file again with its statement evaluated again, and refuses a stale version', async () => {
    const [first, second] = takePending(2);
    const word = uniqueRun();
    const text = [HEADER, `2026-11-20,${first.amount_due},EUR,${first.reference},AG-${word}-1,A`, `2026-11-20,${second.amount_due},EUR,${second.reference},AG-${word}-2,B`].join('\n');
    const preview = await uploaded(text);
    expect(outcomes(preview)).toEqual(['matched', 'matched']);

    // Paid by hand meanwhile: the second upload of the same bytes says so, with no second statement.
    const version = (await server.db.selectFrom('applications').select('version').where('id', '=', first.id).executeTakeFirstOrThrow()).version;
    const byHand = await server.app.inject({
      method: 'POST',
      url: `/api${APPLICATION_PATHS.action(first.id, 'mark_paid')}`,
      headers: await server.authorization('payments'),
      payload: { version, amount: first.amount_due, transaction_id: `HAND-${word}`, method: 'cash' },
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    const again = await upload('payments', text);
    expect(again.statusCode).toBe(200);
    const reevaluated = statementDetail.parse(again.json());
    expect(reevaluated.id).toBe(preview.id);
    expect(outcomes(reevaluated)).toEqual(['no_pending_payment', 'matched']);
    const sha256 = createHash('sha256').update(text).digest('hex');
    expect(await server.db.selectFrom('bank_statements').select('id').where('sha256', '=', sha256).execute()).toEqual([{ id: preview.id }]);

    expect((await importIt('payments', preview.id, preview.version + 5)).statusCode).toBe(412);
    const imported = await importIt('officer', preview.id, preview.version);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(outcomes(statementDetail.parse(imported.json()))).toEqual(['no_pending_payment', 'recorded']);
    expect(await applicationStatus(second.id)).toBe('payment_completed');
  });

  it('keeps a line the workflow refuses, with its reason, and records the others', async () => {
    const [archived, fine] = takePending(2);
    const word = uniqueRun();
    const preview = await uploaded([HEADER, `2026-11-20,${archived.amount_due},EUR,${archived.reference},RF-${word}-1,A`, `2026-11-20,${fine.amount_due},EUR,${fine.reference},RF-${word}-2,B`].join('\n'));
    expect(outcomes(preview)).toEqual(['matched', 'matched']);
    await server.db.updateTable('applications').set({ archived: true }).where('id', '=', archived.id).execute();

    const answer = await importIt('payments', preview.id, preview.version);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = statementDetail.parse(answer.json());
    expect(detail.lines[0]).toMatchObject({ outcome: 'invalid', problem: 'This application is archived; no further action is possible.' });
    expect(detail.lines[1].outcome).toBe('recorded');
    expect(detail.matched_count).toBe(1);
    expect(await applicationStatus(archived.id)).toBe('payment_pending');
    expect(await applicationStatus(fine.id)).toBe('payment_completed');
    const untouched = await server.db.selectFrom('application_payments').select(['status', 'transaction_id']).where('application_id', '=', archived.id).executeTakeFirstOrThrow();
    expect(untouched).toEqual({ status: 'pending', transaction_id: null });
    // The savepoint left the transaction usable: the refusal wrote no history.
    const history = await server.db.selectFrom('application_history').select('id').where('application_id', '=', archived.id).where('action', '=', 'mark_paid').execute();
    expect(history).toEqual([]);
  });

  it('lists the statements, newest first, with their counts', async () => {
    const answer = await server.app.inject({ url: `/api${PAYMENT_PATHS.statements}?page_size=100`, headers: await server.authorization('officer') });
    expect(answer.statusCode).toBe(200);
    const list = statementListAnswer.parse(answer.json());
    expect(list.count).toBeGreaterThan(3);
    const ids = list.results.map((statement) => statement.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const imported = list.results.find((statement) => statement.status === 'imported');
    expect(imported).toMatchObject({ uploaded_by: { full_name: expect.any(String) }, imported_at: expect.any(String) });
    const count = await server.db.selectFrom('bank_statements').select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
    expect(list.count).toBe(Number(count.count));
  });
});

describe('who may', () => {
  const ALLOWED = new Set(['admin', 'naric.admin', 'officer', 'payments']);
  let statementId: number;

  beforeAll(async () => {
    statementId = (await uploaded(`${HEADER}\n2026-11-20,1.00,EUR,NARIC-1999-999999,ACCESS-${uniqueRun()},Nobody\n`)).id;
  });

  it('the demo accounts are the ones this test knows', () => {
    expect(DEMO_ACCOUNTS.map((account) => account.username).sort()).toEqual(['admin', 'agency', 'content', 'council', 'evaluator', 'inspector', 'naric.admin', 'officer', 'payments', 'verifier']);
  });

  for (const { username } of DEMO_ACCOUNTS) {
    const allowed = ALLOWED.has(username);
    it(`${username} ${allowed ? 'lists, uploads, reads and imports' : 'gets 403 from every statement endpoint'}`, async () => {
      const headers = await server.authorization(username);
      const list = await server.app.inject({ url: `/api${PAYMENT_PATHS.statements}`, headers });
      const read = await server.app.inject({ url: `/api${PAYMENT_PATHS.statement(statementId)}`, headers });
      const sent = await upload(username, `${HEADER}\n2026-11-20,1.00,EUR,NARIC-1999-999999,ACCESS-${username}-${uniqueRun()},Nobody\n`);
      // Another account's statement stays previewed: import it only when this one was refused.
      const target = allowed ? statementDetail.parse(sent.json()) : { id: statementId, version: 1 };
      const imported = await importIt(username, target.id, target.version);
      if (allowed) {
        expect([list.statusCode, read.statusCode, sent.statusCode, imported.statusCode]).toEqual([200, 200, 201, 200]);
      } else {
        expect([list.statusCode, read.statusCode, sent.statusCode, imported.statusCode]).toEqual([403, 403, 403, 403]);
      }
    });
  }

  it('signed out: 401 everywhere', async () => {
    const answers = [
      await server.app.inject({ url: `/api${PAYMENT_PATHS.statements}` }),
      await server.app.inject({ url: `/api${PAYMENT_PATHS.statement(statementId)}` }),
      await upload(null, `${HEADER}\n`),
      await importIt(null, statementId, 1),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
    const statement = await server.db.selectFrom('bank_statements').select('status').where('id', '=', statementId).executeTakeFirstOrThrow();
    expect(statement.status).toBe('previewed');
  });

  it('a statement no one uploaded is 404', async () => {
    const headers = await server.authorization('payments');
    expect((await server.app.inject({ url: `/api${PAYMENT_PATHS.statement(999_999)}`, headers })).statusCode).toBe(404);
    expect((await importIt('payments', 999_999, 1)).statusCode).toBe(404);
  });
});
