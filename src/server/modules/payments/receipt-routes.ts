import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HTTP_STATUS, detailError } from '../../../shared/api/drf';
import { paymentIdParams, receiptCodeParams, receiptVerification, type PaymentDetail } from '../../../shared/api/payments';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { conflict, notFound } from '../../errors';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { sendIssuedFile } from '../../issued-files';
import { findPaymentDetail, receiptFile, verifyReceiptCode } from './payment-queries';
import { translatePaymentRefusal } from './payment-texts';

// The receipt of a paid payment as PDF, as it was issued with the payment (receipt-issue.ts), and
// the public check of its verification code (the QR code's address), which needs no sign-in and says only what confirms
// the receipt: reference, amount, when, status. Nothing about the person.

const tags = ['payments'];
const RECEIPTED: ReadonlySet<PaymentDetail['status']> = new Set(['paid', 'partially_refunded', 'refunded']);

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  translateRefusals(app, translatePaymentRefusal);

  app.get(
    '/payments/:id/receipt/',
    {
      preHandler: requirePermission('payments.view_payment'),
      schema: {
        tags,
        summary:
          'The receipt of a paid payment as PDF (Albanian, Serbian, English pages), exactly as issued with the payment; 409 when not paid, 409 issued_file_unavailable when its stored file is missing or altered',
        // No answer schema: a PDF, not JSON (refusals are the usual error bodies).
        params: paymentIdParams,
      },
    },
    async (request, reply) => {
      const payment = await findPaymentDetail(db, applicationScope(currentUser(request)), request.params.id, requestLanguage(request));
      if (!payment) throw notFound();
      if (!RECEIPTED.has(payment.status) || payment.receipt_code === null || payment.paid_at === null) {
        throw conflict('payment_not_paid', {}, { status: payment.status });
      }
      const file = await receiptFile(db, payment.id);
      return sendIssuedFile(request, reply, storage, { ...file, fileName: `receipt-${payment.application.reference}.pdf` }, 'attachment');
    },
  );

  app.get(
    '/public/receipts/:code/',
    {
      // Public on purpose, as issuance's /verify/:code/: whoever holds a receipt can check it.
      schema: {
        tags,
        summary: 'Public: what a receipt’s verification code stands for (reference, amount, paid at, status; no sign-in)',
        params: receiptCodeParams,
        response: { [HTTP_STATUS.ok]: receiptVerification, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const found = await verifyReceiptCode(db, request.params.code);
      if (!found) throw notFound('payment_receipt_not_found');
      return found;
    },
  );
};
