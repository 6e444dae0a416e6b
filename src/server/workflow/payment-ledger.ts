import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { type PaymentMethod } from '../../shared/api/payments';
import type { Database } from '../db/schema';
import { fieldError } from '../errors';

// The payment side of the workflow's fee actions, run inside the action's transaction:
// request_payment opens the application's payment with the amount due, mark_paid settles it,
// approve_exemption exempts it. One open payment per application (a unique index); a transaction
// ID pays once (a unique index on its lower case; the check below only gives the refusal words).

type Trx = Transaction<Database>;

const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A receipt's verification code: R and ten letters or digits a person can read back without confusion. */
export function newReceiptCode(): string {
  const bytes = randomBytes(10);
  return `R${[...bytes].map((byte) => RECEIPT_ALPHABET[byte % RECEIPT_ALPHABET.length]).join('')}`;
}

const cents = (amount: string | number) => Math.round(Number(amount) * 100);

/** The application's amount due: what it was quoted, else its service's fee (applications from before quotes). */
export async function amountDue(trx: Trx, applicationId: number): Promise<string> {
  const row = await trx
    .selectFrom('applications')
    .innerJoin('services', 'services.id', 'applications.service_id')
    .select(['applications.quoted_fee', 'services.fee'])
    .where('applications.id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return row.quoted_fee ?? row.fee;
}

export async function openPayment(trx: Trx, input: { applicationId: number; requestedById: number; now: Date }): Promise<number> {
  const open = await trx
    .selectFrom('application_payments')
    .select('id')
    .where('application_id', '=', input.applicationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (open) return open.id;
  const row = await trx
    .insertInto('application_payments')
    .values({
      application_id: input.applicationId,
      amount_due: await amountDue(trx, input.applicationId),
      requested_by_id: input.requestedById,
      status: 'pending',
      created_at: input.now,
      updated_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Settlement {
  applicationId: number;
  amount: string;
  transactionId: string;
  method: PaymentMethod;
  recordedById: number;
  now: Date;
  /** The bank statement line that paid it (statement import). */
  statementLineId?: number | null;
}

/** Marks the application's open payment paid (opening it first for an application from before payments were kept). */
export async function settlePayment(trx: Trx, input: Settlement): Promise<{ paymentId: number; receiptCode: string }> {
  const taken = await trx
    .selectFrom('application_payments')
    .select('id')
    .where(sql<string>`lower(transaction_id)`, '=', input.transactionId.toLowerCase())
    .executeTakeFirst();
  if (taken) throw fieldError('transaction_id', 'payment_transaction_taken');
  const paymentId = await openPayment(trx, { applicationId: input.applicationId, requestedById: input.recordedById, now: input.now });
  const payment = await trx
    .selectFrom('application_payments')
    .select(['amount_due'])
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (cents(payment.amount_due) !== cents(input.amount.replace(',', '.'))) throw fieldError('amount', 'payment_amount_differs');
  const receiptCode = newReceiptCode();
  await trx
    .updateTable('application_payments')
    .set((eb) => ({
      status: 'paid',
      amount: payment.amount_due,
      transaction_id: input.transactionId,
      method: input.method,
      paid_at: input.now,
      recorded_by_id: input.recordedById,
      receipt_code: receiptCode,
      bank_statement_line_id: input.statementLineId ?? null,
      updated_at: input.now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', paymentId)
    .execute();
  return { paymentId, receiptCode };
}

export async function exemptPayment(trx: Trx, input: { applicationId: number; requestedById: number; now: Date }): Promise<void> {
  const paymentId = await openPayment(trx, input);
  await trx
    .updateTable('application_payments')
    .set((eb) => ({ status: 'exempted', updated_at: input.now, version: eb('version', '+', 1) }))
    .where('id', '=', paymentId)
    .execute();
}
