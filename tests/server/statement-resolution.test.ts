import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PATHS, statementDetail, statementLineListAnswer, type StatementDetail, type StatementLineState } from '../../src/shared/api/payments';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { hasPermission } from '../../src/shared/auth/permissions';
import { loadUserObject } from '../../src/server/auth-context';
import { multipartBody } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Resolving the lines an import left: matched to the pending payment they pay (recorded through
// mark_paid, the line showing how and by whom), or set aside with a reason; each once, each with
// its audit row; a line whose amount is not the amount due is never recorded; who may do it.

let server: ServerFixture;
const BOUNDARY = 'naric-resolution-boundary';
const HEADER = 'booking_date,amount,currency,reference,transaction_id,payer';
let pending: { id: number; payment_id: number; reference: string; amount_due: string }[] = [];
let run = 0;

beforeAll(async () => {
  server = await createServerFixture();
  pending = await server.db
    .selectFrom('applications')
    .innerJoin('application_payments', 'application_payments.application_id', 'applications.id')
    .select(['applications.id', 'application_payments.id as payment_id', 'applications.reference', 'application_payments.amount_due'])
    .where('applications.status', '=', 'payment_pending')
    .where('application_payments.status', '=', 'pending')
    .where('applications.archived', '=', false)
    .where('applications.invalidated', '=', false)
    .orderBy('applications.id')
    .limit(8)
    .execute();
  expect(pending.length).toBe(8);
}, 60_000);
afterAll(() => server?.close());

/** An imported statement: line 1 with an unknown reference, line 2 paying `short` too little for its application. */
async function importedStatement(unknownAmount: string, short: (typeof pending)[number]): Promise<StatementDetail> {
  const word = `${Date.now().toString(36)}${(run += 1)}`;
  const text = [HEADER, `2026-11-20,${unknownAmount},EUR,Fee for my diploma ${word},TX-${word}-1,Arbër Çeku`, `2026-11-20,1.00,EUR,${short.reference},TX-${word}-2,Đorđe Šarić`].join('\n');
  const { body } = multipartBody(BOUNDARY, {}, { fileName: `statement-${word}.csv`, content: Buffer.from(text, 'utf8'), contentType: 'text/csv' });
  const headers = { ...(await server.authorization('payments')), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  const preview = await server.app.inject({ method: 'POST', url: `/api${PAYMENT_PATHS.statements}`, headers, payload: body });
  expect(preview.statusCode, preview.body).toBe(201);
  const previewed = statementDetail.parse(preview.json());
  expect(previewed.lines.map((line) => line.outcome)).toEqual(['unknown_reference', 'amount_mismatch']);
  const imported = await server.app.inject({ method: 'POST', url: `/api${PAYMENT_PATHS.importStatement(previewed.id)}`, headers: await server.authorization('payments'), payload: { version: previewed.version } });
  expect(imported.statusCode, imported.body).toBe(200);
  return statementDetail.parse(imported.json());
}

async function post(username: string | null, url: string, payload: unknown) {
  return server.app.inject({ method: 'POST', url: `/api${url}`, headers: username ? await server.authorization(username) : {}, payload: payload as never });
}

describe('resolving statement lines', () => {
  it('matches an unknown reference to the payment found by search: the payment is recorded and the line says by whom', async () => {
    const [target, short] = [pending[0]!, pending[1]!];
    const statement = await importedStatement(target.amount_due, short);
    const answer = await post('payments', PAYMENT_PATHS.matchStatementLine(statement.id, 1), { payment_id: target.payment_id });
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = statementDetail.parse(answer.json());
    expect(detail.lines[0]!.resolution).toMatchObject({ how: 'matched', note: null, by: { full_name: expect.any(String) } });
    expect(detail.lines[0]!.payment?.application_reference).toBe(target.reference);
    expect(detail.matched_count).toBe(statement.matched_count + 1);
    const payment = await server.db.selectFrom('application_payments').select(['status', 'transaction_id', 'bank_statement_line_id']).where('id', '=', target.payment_id).executeTakeFirstOrThrow();
    expect(payment.status).toBe('paid');
    expect(payment.transaction_id).toMatch(/-1$/);
    expect(payment.bank_statement_line_id).not.toBeNull();
    const audit = await server.db.selectFrom('audit_log').select('details').where('action', '=', 'payment.statement_line_match').where('entity_id', '=', String(statement.id)).execute();
    expect(audit).toHaveLength(1);

    // Once resolved, a line is not resolved again.
    expect((await post('payments', PAYMENT_PATHS.setAsideStatementLine(statement.id, 1), { reason: 'Again' })).statusCode).toBe(409);
  });

  it('never records a line whose amount is not the amount due; it is set aside with its reason', async () => {
    const [target, short] = [pending[2]!, pending[3]!];
    const statement = await importedStatement(target.amount_due, short);
    const refused = await post('payments', PAYMENT_PATHS.matchStatementLine(statement.id, 2), { payment_id: short.payment_id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field_codes.payment_id[0].code).toBe('statement_match_amount_differs');
    expect((await server.db.selectFrom('application_payments').select('status').where('id', '=', short.payment_id).executeTakeFirstOrThrow()).status).toBe('pending');

    expect((await post('payments', PAYMENT_PATHS.setAsideStatementLine(statement.id, 2), { reason: '' })).statusCode).toBe(400);
    const answer = await post('payments', PAYMENT_PATHS.setAsideStatementLine(statement.id, 2), { reason: 'Paid 1.00 of the fee; asked the applicant for the rest.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(statementDetail.parse(answer.json()).lines[1]!.resolution).toMatchObject({ how: 'set_aside', note: 'Paid 1.00 of the fee; asked the applicant for the rest.' });
    const audit = await server.db.selectFrom('audit_log').select('details').where('action', '=', 'payment.statement_line_set_aside').where('entity_id', '=', String(statement.id)).executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ line: 2, outcome: 'amount_mismatch' });
  });

  it('refuses a payment that is not pending and a statement still in preview', async () => {
    const [target, short] = [pending[4]!, pending[5]!];
    const statement = await importedStatement(target.amount_due, short);
    const paid = await server.db.selectFrom('application_payments').select('id').where('status', '=', 'paid').executeTakeFirstOrThrow();
    const refused = await post('payments', PAYMENT_PATHS.matchStatementLine(statement.id, 1), { payment_id: paid.id });
    expect(refused.json().field_codes.payment_id[0].code).toBe('statement_payment_not_pending');
    expect((await post('payments', PAYMENT_PATHS.matchStatementLine(statement.id, 99), { payment_id: target.payment_id })).statusCode).toBe(404);
    const previewedId = (await server.db.insertInto('bank_statements').values({ file_name: 'x.csv', sha256: 'f'.repeat(64), encoding: 'utf-8', line_count: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    const notImported = await post('payments', PAYMENT_PATHS.setAsideStatementLine(previewedId, 1), { reason: 'x' });
    expect(notImported.statusCode).toBe(409);
    expect(notImported.json().code).toBe('statement_not_imported');
  });

  it('lists the lines imports left for a person by where they stand: unmatched until matched or set aside', async () => {
    const total = async (state?: StatementLineState) => {
      const answer = await server.app.inject({ url: `/api${PAYMENT_PATHS.statementLines}${state ? `?state=${state}` : ''}`, headers: await server.authorization('payments') });
      expect(answer.statusCode, answer.body).toBe(200);
      return statementLineListAnswer.parse(answer.json());
    };
    const counts = async () => ({ all: (await total()).count, unmatched: (await total('unmatched')).count, matched: (await total('matched')).count, set_aside: (await total('set_aside')).count });
    const before = await counts();
    expect(before.all).toBe(before.unmatched + before.matched + before.set_aside);

    const [target, short] = [pending[6]!, pending[7]!];
    const statement = await importedStatement(target.amount_due, short);
    expect(await counts()).toEqual({ ...before, all: before.all + 2, unmatched: before.unmatched + 2 });
    // The newest import comes first, its lines in file order, each naming its statement.
    const newest = (await total('unmatched')).results.slice(0, 2);
    expect(newest.map((line) => [line.statement.id, line.statement.file_name, line.line_number, line.outcome, line.resolution])).toEqual([
      [statement.id, statement.file_name, 1, 'unknown_reference', null],
      [statement.id, statement.file_name, 2, 'amount_mismatch', null],
    ]);

    expect((await post('payments', PAYMENT_PATHS.matchStatementLine(statement.id, 1), { payment_id: target.payment_id })).statusCode).toBe(200);
    expect((await post('payments', PAYMENT_PATHS.setAsideStatementLine(statement.id, 2), { reason: 'Paid too little.' })).statusCode).toBe(200);
    expect(await counts()).toEqual({ all: before.all + 2, unmatched: before.unmatched, matched: before.matched + 1, set_aside: before.set_aside + 1 });
    const matched = (await total('matched')).results.find((line) => line.statement.id === statement.id)!;
    expect(matched.payment?.application_reference).toBe(target.reference);
    expect(matched.resolution).toMatchObject({ how: 'matched', by: { full_name: expect.any(String) } });
    expect((await total('unmatched')).results.some((line) => line.statement.id === statement.id)).toBe(false);
    // A state the list does not know is a field error, not an empty list.
    expect((await server.app.inject({ url: `/api${PAYMENT_PATHS.statementLines}?state=open`, headers: await server.authorization('payments') })).statusCode).toBe(400);
  });

  it('each demo group: the lines list needs payments.view_payment', async () => {
    const failures: string[] = [];
    for (const username of [null, ...DEMO_ACCOUNTS.map((account) => account.username)]) {
      let expected = 401;
      if (username) {
        const row = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
        expected = hasPermission((await loadUserObject(server.db, row.id))!, 'payments.view_payment') ? 200 : 403;
      }
      const answer = await server.app.inject({ url: `/api${PAYMENT_PATHS.statementLines}?state=unmatched`, headers: username ? await server.authorization(username) : {} });
      if (answer.statusCode !== expected) failures.push(`${username ?? 'anonymous'}: expected ${expected}, got ${answer.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('each demo group: matching and setting aside need payments.mark_paid', async () => {
    const failures: string[] = [];
    for (const username of [null, ...DEMO_ACCOUNTS.map((account) => account.username)]) {
      let expected = 401;
      if (username) {
        const row = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
        const user = (await loadUserObject(server.db, row.id))!;
        // Past the permission the statement is unknown: 404.
        expected = hasPermission(user, 'payments.mark_paid') ? 404 : 403;
      }
      for (const url of [PAYMENT_PATHS.matchStatementLine(999_999, 1), PAYMENT_PATHS.setAsideStatementLine(999_999, 1)]) {
        const answer = await post(username, url, url.endsWith('/match/') ? { payment_id: 1 } : { reason: 'Access check.' });
        if (answer.statusCode !== expected) failures.push(`${username ?? 'anonymous'} ${url}: expected ${expected}, got ${answer.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
