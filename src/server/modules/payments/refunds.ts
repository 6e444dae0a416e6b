import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { type refundRequest } from '../../../shared/api/payments';
import type { User } from '../../../shared/api/auth';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { ApiError, conflict, fieldError, notFound } from '../../errors';
import { applicationAddressee } from '../../notices/application-values';
import { noticeAmount } from '../../notices/notice-values';
import { queueNotice } from '../../notices/queue-notice';
import { recordAudit } from '../../shared/audit';

// A refund (spec §3 "Payment"): full or partial, with a reason, never more than was paid
// and not yet refunded. Everything happens under the payment's row lock, so two refunds at once
// are taken one after the other and the second sees the first: their sum can never pass what was
// paid. In one transaction: the refund row, the payment's new status and version, the
// application's history (its status does not move) and audit rows, and the applicant's e-mail.

type Trx = Transaction<Database>;
export type RefundInput = z.output<typeof refundRequest>;

export interface RefundContext {
  db: Kysely<Database>;
  user: User;
  scope: ApplicationScope;
  ip: string | null;
  now?: Date;
}

/** "40,5" → 4050 (the schema has checked the shape). */
const centsOf = (text: string) => {
  const [whole = '0', fraction = ''] = text.replace(',', '.').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};
const centsOfNumeric = (value: string | number) => Math.round(Number(value) * 100);
const textOfCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const stalePayment = () => new ApiError(HTTP_STATUS.preconditionFailed, 'payment_stale');

export async function refundPayment(context: RefundContext, paymentId: number, input: RefundInput): Promise<void> {
  const amount = centsOf(input.amount);
  if (amount <= 0) throw fieldError('amount', 'payment_refund_not_positive');
  const reason = input.reason.trim();
  if (!reason) throw fieldError('reason', 'required');
  const now = context.now ?? new Date();

  await context.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('application_payments')
      .innerJoin('applications', 'applications.id', 'application_payments.application_id')
      .select([
        'application_payments.id',
        'application_payments.status',
        'application_payments.amount',
        'application_payments.version',
        'applications.id as application_id',
        'applications.reference',
        'applications.status as application_status',
      ])
      .where('application_payments.id', '=', paymentId)
      .where(visibleIn(context.scope))
      .forUpdate('application_payments')
      .executeTakeFirst();
    if (!payment) throw notFound();
    if (payment.version !== input.version) throw stalePayment();
    if ((payment.status !== 'paid' && payment.status !== 'partially_refunded') || payment.amount === null) {
      throw conflict('payment_not_paid', {}, { status: payment.status });
    }
    // Read after the lock: a refund that committed while this one waited is counted.
    const { refunded } = await trx
      .selectFrom('payment_refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('amount'), eb.lit(0)).as('refunded'))
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
    const paid = centsOfNumeric(payment.amount);
    const refundable = paid - centsOfNumeric(refunded);
    if (amount > refundable) throw fieldError('amount', 'payment_refund_too_large');

    await trx
      .insertInto('payment_refunds')
      .values({ payment_id: paymentId, amount: textOfCents(amount), reason, refunded_by_id: context.user.id, created_at: now })
      .execute();
    const status = amount === refundable ? 'refunded' : 'partially_refunded';
    await trx
      .updateTable('application_payments')
      .set((eb) => ({ status, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', paymentId)
      .execute();
    await trx
      .insertInto('application_history')
      .values({
        application_id: payment.application_id,
        action: 'refund_payment',
        from_status: payment.application_status,
        to_status: payment.application_status,
        actor_id: context.user.id,
        notes: reason,
        created_at: now,
      })
      .execute();
    await recordAudit(trx, {
      actorId: context.user.id,
      action: 'payment.refund',
      entityType: 'payment',
      entityId: paymentId,
      details: { reference: payment.reference, application_id: payment.application_id, amount: textOfCents(amount), reason, status },
      ip: context.ip,
    });
    await queueRefundNotice(trx, { applicationId: payment.application_id, amount: textOfCents(amount), reason });
  });
}

/** The applicant's e-mail about the refund, from the payment_refunded template in their language. */
async function queueRefundNotice(trx: Trx, refund: { applicationId: number; amount: string; reason: string }): Promise<void> {
  const addressee = await applicationAddressee(trx, refund.applicationId);
  if (!addressee) return;
  await queueNotice(trx, {
    event: 'payment_refunded',
    language: addressee.language,
    recipient: { email: addressee.email, userId: null },
    applicationId: refund.applicationId,
    values: { ...addressee.values, amount: noticeAmount(addressee.language, refund.amount), reason: refund.reason },
  });
}
