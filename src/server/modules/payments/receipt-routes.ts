import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HTTP_STATUS, detailError } from '../../../shared/api/drf';
import { PAYMENT_MESSAGES, paymentIdParams, receiptCodeParams, receiptVerification, type PaymentDetail } from '../../../shared/api/payments';
import type { Language } from '../../../shared/constants';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { conflict, notFound } from '../../errors';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import type { Letterhead } from '../../pdf-letterhead';
import { currentLetterhead, currentSettings } from '../../system-settings';
import { findPaymentDetail, verifyReceiptCode } from './payment-queries';
import type { ReceiptContent } from './receipt-pdf';
import { PAYMENT_TEXTS, interpolate, translatePaymentRefusal, writtenAmount, writtenMoment } from './payment-texts';

// The receipt of a paid payment as PDF, in the reader's language, and the public check of its
// verification code (the QR code's address), which needs no sign-in and says only what confirms
// the receipt: reference, amount, when, status. Nothing about the person.

const tags = ['payments'];
const RECEIPTED: ReadonlySet<PaymentDetail['status']> = new Set(['paid', 'partially_refunded', 'refunded']);

/**
 * The public address a receipt's QR code points to. NARIC_PUBLIC_VERIFY_URL names the public
 * check of issued documents (`<api>/verify`); receipts are checked beside it, at
 * `<api>/public/receipts/<code>/`.
 */
export function receiptVerificationUrl(publicVerifyUrl: string, code: string): string {
  return new URL(`../public/receipts/${encodeURIComponent(code)}/`, `${publicVerifyUrl.replace(/\/+$/, '')}/`).toString();
}

// pdf-lib, fontkit, qrcode and the fonts load with the first receipt, not while the server starts.
async function renderReceipt(content: ReceiptContent, letterhead: Letterhead): Promise<Buffer> {
  const { renderReceiptPdf } = await import('./receipt-pdf');
  return renderReceiptPdf(content, letterhead);
}

/** The receipt's words and values in `language`. */
export function receiptContent(payment: PaymentDetail, language: Language, url: string): ReceiptContent {
  const texts = PAYMENT_TEXTS[language];
  const words = texts.receipt;
  const paidAt = payment.paid_at!;
  const facts = [
    { label: words.reference, value: payment.application.reference },
    { label: words.applicant, value: payment.applicant_name },
    { label: words.service, value: payment.application.service_name },
    { label: words.amount, value: writtenAmount(language, payment.amount_paid === null ? payment.amount_due : addRefunds(payment)) },
    { label: words.transactionId, value: payment.transaction_id ?? '—' },
    { label: words.method, value: payment.method ? texts.methods[payment.method] : '—' },
    { label: words.paidAt, value: writtenMoment(language, paidAt) },
    { label: words.recordedBy, value: payment.recorded_by?.full_name ?? '—' },
    { label: words.status, value: texts.statuses[payment.status] },
    { label: words.verificationCode, value: payment.receipt_code ?? '—' },
  ];
  const refunds =
    payment.refunds.length === 0
      ? null
      : {
          heading: words.refunds,
          lines: payment.refunds.map((refund) =>
            interpolate(words.refundLine, { date: writtenMoment(language, refund.created_at), amount: writtenAmount(language, refund.amount), reason: refund.reason }),
          ),
        };
  return {
    title: words.title,
    facts,
    refunds,
    verification: { code: payment.receipt_code ?? '', url, caption: words.verify },
    createdAt: new Date(paidAt),
  };
}

/** What was paid: what is left plus what was refunded (the receipt shows the payment; refunds are listed below it). */
function addRefunds(payment: PaymentDetail): string {
  const cents = Math.round(Number(payment.amount_paid) * 100) + Math.round(Number(payment.amount_refunded) * 100);
  return (cents / 100).toFixed(2);
}

export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  translateRefusals(app, translatePaymentRefusal);

  app.get(
    '/payments/:id/receipt/',
    {
      preHandler: requirePermission('payments.view_payment'),
      schema: {
        tags,
        summary: 'The receipt of a paid payment as PDF, in the caller’s language, with its verification code and QR code (409 when not paid)',
        // No answer schema: a PDF, not JSON (refusals are the usual error bodies).
        params: paymentIdParams,
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request);
      const payment = await findPaymentDetail(db, applicationScope(currentUser(request)), request.params.id, language);
      if (!payment) throw notFound();
      if (!RECEIPTED.has(payment.status) || payment.receipt_code === null || payment.paid_at === null) {
        throw conflict(PAYMENT_MESSAGES.notPaid, { status: payment.status });
      }
      const pdf = await renderReceipt(receiptContent(payment, language, receiptVerificationUrl((await currentSettings(app.deps)).verification.public_verify_url, payment.receipt_code)), await currentLetterhead(app.deps.db));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(`receipt-${payment.application.reference}.pdf`, 'attachment'))
        // A person's payment: no shared cache keeps a copy.
        .header('cache-control', 'no-store')
        .send(pdf);
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
      if (!found) throw notFound(PAYMENT_MESSAGES.receiptNotFound);
      return found;
    },
  );
};
