import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PATHS, paymentDetail } from '../../src/shared/api/payments';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, issueDemoFiles, type ServerFixture } from '../support/server-fixture';

// Every endpoint of the payments' records × every demo account (spec §6): reading, the
// receipt and the export need payments.view_payment, a refund payments.process_refund (NARIC
// Officers hold it implicitly); everyone else gets 403 and nothing changes; signed out is 401.
// The public check of a receipt needs no sign-in at all.

let server: ServerFixture;
let paymentId: number;
let receiptCode: string;

type Method = 'GET' | 'POST';
const USERS = DEMO_ACCOUNTS.map((account) => account.username);
/** Who handles payments in the demo: administrators, NARIC Officers and Payment Officers. */
const PAYMENT_STAFF = new Set(['admin', 'naric.admin', 'officer', 'payments']);

async function send(username: string | null, method: Method, path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}

const reads = (): [Method, string, object?][] => [
  ['GET', `${PAYMENT_PATHS.list}?page_size=5&status=paid`],
  ['GET', `${PAYMENT_PATHS.list}?status=pending&exemption=requested`],
  ['GET', PAYMENT_PATHS.detail(paymentId)],
  ['GET', PAYMENT_PATHS.receipt(paymentId)],
  ['POST', PAYMENT_PATHS.export, { filter: { status: ['paid'], service_type: 1 }, format: 'csv' }],
];

/** What a refused refund must leave as it was. */
const state = async () => ({
  payment: await server.db.selectFrom('application_payments').select(['status', 'version', 'updated_at']).where('id', '=', paymentId).executeTakeFirstOrThrow(),
  refunds: (await server.db.selectFrom('payment_refunds').select('id').where('payment_id', '=', paymentId).execute()).length,
  audit: (await server.db.selectFrom('audit_log').select('id').where('action', 'like', 'payment.%').execute()).length,
  outbox: (await server.db.selectFrom('notification_outbox').select('id').where('event', '=', 'payment_refunded').execute()).length,
});

const version = async () => (await server.db.selectFrom('application_payments').select('version').where('id', '=', paymentId).executeTakeFirstOrThrow()).version;

beforeAll(async () => {
  server = await createServerFixture();
  const paid = await server.db
    .selectFrom('application_payments')
    .select(['id', 'receipt_code'])
    .where('status', '=', 'paid')
    .where('amount', '>', '1')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  paymentId = paid.id;
  receiptCode = paid.receipt_code!;
  await issueDemoFiles(server, { payments: [paymentId] });
});
afterAll(async () => server?.close());

it('the demo has payment staff and others', () => {
  expect(USERS.filter((username) => PAYMENT_STAFF.has(username)).sort()).toEqual([...PAYMENT_STAFF].sort());
  expect(USERS.length).toBeGreaterThan(PAYMENT_STAFF.size);
});

describe('signed out', () => {
  it('gets 401 from every endpoint but the public receipt check', async () => {
    for (const [method, path, payload] of reads()) expect((await send(null, method, path, payload)).statusCode, `${method} ${path}`).toBe(401);
    const before = await state();
    const refund = await send(null, 'POST', PAYMENT_PATHS.refunds(paymentId), { version: await version(), amount: '0.01', reason: 'Signed out' });
    expect(refund.statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });

  it('checks a receipt’s code', async () => {
    const answer = await send(null, 'GET', PAYMENT_PATHS.verifyReceipt(receiptCode));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ receipt_code: receiptCode });
  });
});

describe.each(USERS)('%s', (username) => {
  const staff = PAYMENT_STAFF.has(username);

  it(staff ? 'reads the list, a payment, its receipt and the export (200)' : 'reads nothing (403)', async () => {
    for (const [method, path, payload] of reads()) {
      const answer = await send(username, method, path, payload);
      expect(answer.statusCode, `${method} ${path}`).toBe(staff ? 200 : 403);
      if (!staff) expect(answer.json().code).toBe('permission_denied');
    }
  });

  it(staff ? 'refunds (200)' : 'refunds nothing (403)', async () => {
    const before = await state();
    const answer = await send(username, 'POST', PAYMENT_PATHS.refunds(paymentId), { version: await version(), amount: '0.01', reason: `Access check by ${username}` });
    if (!staff) {
      expect(answer.statusCode).toBe(403);
      expect(await state()).toEqual(before);
      return;
    }
    expect(answer.statusCode, answer.body).toBe(200);
    expect(paymentDetail.parse(answer.json()).refunds.at(-1)).toMatchObject({ amount: '0.01', reason: `Access check by ${username}` });
    expect((await state()).refunds).toBe(before.refunds + 1);
  });

  it('checks a receipt’s code like anyone', async () => {
    expect((await send(username, 'GET', PAYMENT_PATHS.verifyReceipt(receiptCode))).statusCode).toBe(200);
  });
});
