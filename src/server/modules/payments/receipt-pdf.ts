import type { PDFDocument, PDFPage } from 'pdf-lib';
import { A4, createOfficePdf, drawLetterhead, drawQr, INK, MARGIN, MUTED, embedVerificationQr, wrap, type EmbeddedLetterhead, type Letterhead, type PdfFonts } from '../../pdf-letterhead';

// The payment receipt as PDF, on the office's letterhead like the issued documents
// (pdf-letterhead.ts): one page per language (Albanian, Serbian, English), each with the title,
// the payment's facts as label and value, and the verification code with a QR code of the public
// address that confirms it. The texts arrive already written in each page's language
// (payment-texts.ts). A receipt is issued once, when the payment is recorded; refunds made later
// are the payment's history, not a change of its receipt.

const LABEL_WIDTH = 150;
const QR_SIZE = 110;

export interface ReceiptContent {
  /** The PDF's title in its metadata and on the page ("Payment receipt"). */
  title: string;
  /** Label and value, in order. */
  facts: readonly { label: string; value: string }[];
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
}

/** One receipt, a page per content (language), the first page's title in the metadata. */
export async function renderReceiptPdf(contents: readonly ReceiptContent[], letterheadSettings: Letterhead): Promise<Buffer> {
  const { pdf, fonts, letterhead } = await createOfficePdf(contents[0]!.title, contents[0]!.createdAt, letterheadSettings);
  for (const content of contents) await drawPage(pdf, fonts, letterhead, content);
  return Buffer.from(await pdf.save());
}

async function drawPage(pdf: PDFDocument, fonts: PdfFonts, letterhead: EmbeddedLetterhead, content: ReceiptContent) {
  const page = pdf.addPage([A4.width, A4.height]);
  drawText(page, fonts, letterhead, content, { width: QR_SIZE });

  drawQr(page, embedVerificationQr(pdf, content.verification.url), { x: A4.width - MARGIN - QR_SIZE, y: MARGIN, size: QR_SIZE });
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
}
