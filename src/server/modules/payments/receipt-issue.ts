import type { ServerConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { sealIssuedPdf } from '../../document-seal/seal-issued';
import { issueFile, type IssuedFile } from '../../issued-files';
import type { DocumentStorage } from '../../storage/document-storage';
import { issuingSettings } from '../../system-settings';
import { findPaymentDetail } from './payment-queries';
import type { PaymentDetail } from '../../../shared/api/payments';
import type { Language } from '../../../shared/constants';
import { PAYMENT_TEXTS, writtenAmount, writtenMoment } from './payment-texts';
import type { ReceiptContent, renderReceiptPdf } from './receipt-pdf';

// The payments module's side of issuing (issued-files.ts): a paid payment's receipt is rendered in
// the transaction that records the payment, one page per language, and stored; the download
// serves those bytes ever after.

const RECEIPT_LANGUAGES = ['sq', 'sr', 'en'] as const;

/**
 * The public address a receipt's QR code points to. NARIC_PUBLIC_VERIFY_URL names the public
 * check of issued documents (`<api>/verify`); receipts are checked beside it, at
 * `<api>/public/receipts/<code>/`.
 */
export function receiptVerificationUrl(publicVerifyUrl: string, code: string): string {
  return new URL(`../public/receipts/${encodeURIComponent(code)}/`, `${publicVerifyUrl.replace(/\/+$/, '')}/`).toString();
}

/** The receipt's words and values in `language`, as the payment stood when it was paid. */
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
    { label: words.status, value: texts.statuses.paid },
    { label: words.verificationCode, value: payment.receipt_code ?? '—' },
  ];
  return {
    title: words.title,
    facts,
    verification: { code: payment.receipt_code ?? '', url, caption: words.verify },
    createdAt: new Date(paidAt),
  };
}

/** What was paid: what is left plus what was refunded since (a receipt made later still shows the payment). */
function addRefunds(payment: PaymentDetail): string {
  const cents = Math.round(Number(payment.amount_paid) * 100) + Math.round(Number(payment.amount_refunded) * 100);
  return (cents / 100).toFixed(2);
}

// pdf-lib, fontkit, qrcode and the fonts load with the first receipt, not while the server starts.
async function renderReceipt(...input: Parameters<typeof renderReceiptPdf>): Promise<Buffer> {
  const { renderReceiptPdf: render } = await import('./receipt-pdf');
  return render(...input);
}

export async function issueReceiptFile(trx: AppDatabase, deps: { storage: DocumentStorage; config: ServerConfig }, paymentId: number, written: string[]): Promise<IssuedFile> {
  return issueFile(
    deps.storage,
    written,
    async () => {
      const { publicVerifyUrl, letterhead } = await issuingSettings(trx, deps.config);
      const contents = [];
      for (const language of RECEIPT_LANGUAGES) {
        const payment = await findPaymentDetail(trx, { kind: 'all' }, paymentId, language);
        if (!payment?.receipt_code || !payment.paid_at) throw new Error(`Payment ${paymentId} has no receipt to issue.`);
        contents.push(receiptContent(payment, language, receiptVerificationUrl(publicVerifyUrl, payment.receipt_code)));
      }
      const { bytes } = await sealIssuedPdf(trx, deps.config, await renderReceipt(contents, letterhead), { organisationName: letterhead.organisationName });
      return { bytes, extra: null };
    },
    async (file) => {
      const updated = await trx
        .updateTable('application_payments')
        .set({ receipt_storage_key: file.key, receipt_sha256: file.sha256, receipt_size: file.size, receipt_rendered_at: file.renderedAt })
        .where('id', '=', paymentId)
        .where('receipt_storage_key', 'is', null)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 1n) throw new Error(`Payment ${paymentId} already has its receipt.`);
    },
  );
}
