import { rgb, type PDFPage } from 'pdf-lib';
import { A4, createOfficePdf, drawLetterhead, INK, MARGIN, MUTED, verificationQr, wrap, type EmbeddedLetterhead, type Letterhead, type PdfFonts } from '../../pdf-letterhead';

// The payment receipt as PDF, on the office's letterhead like the issued documents
// (pdf-letterhead.ts): the title, the payment's facts as label and value, its refunds, and the
// verification code with a QR code of the public address that confirms it. The texts arrive
// already written in the reader's language (payment-texts.ts).

const LABEL_WIDTH = 150;
const RULE = rgb(0.8, 0.82, 0.85);
const QR_SIZE = 110;

export interface ReceiptContent {
  /** The PDF's title in its metadata and on the page ("Payment receipt"). */
  title: string;
  /** Label and value, in order. */
  facts: readonly { label: string; value: string }[];
  /** The refunds heading and one line per refund (none: no section). */
  refunds: { heading: string; lines: readonly string[] } | null;
  /** Under the QR code: how to check the receipt. */
  verification: { code: string; url: string; caption: string };
  /** Fixed in the metadata, so the same receipt renders to the same bytes. */
  createdAt: Date;
}

function drawText(page: PDFPage, fonts: PdfFonts, letterhead: EmbeddedLetterhead, content: ReceiptContent, qr: { width: number }) {
  let y = drawLetterhead(page, fonts, letterhead, content.title);
  y -= 10;
  const valueX = MARGIN + LABEL_WIDTH;
  const valueWidth = A4.width - MARGIN - valueX;
  const bottom = MARGIN + qr.width + 40;
  for (const fact of content.facts) {
    if (y < bottom) break;
    page.drawText(fact.label, { x: MARGIN, y, size: 10, font: fonts.regular, color: MUTED });
    for (const line of wrap(fact.value, fonts.bold, 11, valueWidth)) {
      page.drawText(line, { x: valueX, y, size: 11, font: fonts.bold, color: INK });
      y -= 16;
    }
    y -= 4;
  }
  if (content.refunds && y >= bottom) {
    y -= 8;
    page.drawLine({ start: { x: MARGIN, y: y + 12 }, end: { x: A4.width - MARGIN, y: y + 12 }, thickness: 0.5, color: RULE });
    page.drawText(content.refunds.heading, { x: MARGIN, y, size: 12, font: fonts.bold, color: INK });
    y -= 18;
    for (const refund of content.refunds.lines) {
      for (const line of wrap(refund, fonts.regular, 10, A4.width - 2 * MARGIN)) {
        if (y < bottom) return;
        page.drawText(line, { x: MARGIN, y, size: 10, font: fonts.regular, color: INK });
        y -= 14;
      }
    }
  }
}

export async function renderReceiptPdf(content: ReceiptContent, letterheadSettings: Letterhead): Promise<Buffer> {
  const { pdf, fonts, letterhead } = await createOfficePdf(content.title, content.createdAt, letterheadSettings);
  const page = pdf.addPage([A4.width, A4.height]);
  drawText(page, fonts, letterhead, content, { width: QR_SIZE });

  const image = await pdf.embedPng(await verificationQr(content.verification.url));
  page.drawImage(image, { x: A4.width - MARGIN - QR_SIZE, y: MARGIN, width: QR_SIZE, height: QR_SIZE });
  const textWidth = A4.width - 2 * MARGIN - QR_SIZE - 16;
  let y = MARGIN + QR_SIZE - 12;
  for (const line of wrap(content.verification.caption, fonts.regular, 9, textWidth)) {
    page.drawText(line, { x: MARGIN, y, size: 9, font: fonts.regular, color: MUTED });
    y -= 12;
  }
  for (const line of wrap(content.verification.url, fonts.regular, 8, textWidth)) {
    page.drawText(line, { x: MARGIN, y, size: 8, font: fonts.regular, color: MUTED });
    y -= 11;
  }
  page.drawText(content.verification.code, { x: MARGIN, y: MARGIN + 8, size: 14, font: fonts.bold, color: INK });
  return Buffer.from(await pdf.save());
}
