import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { resourcePath } from '../../resources';

// The payment receipt as PDF, drawn like the issued documents (issuance/pdf-rendering.ts, which a
// module may not import): an A4 page with the state header, the title, the payment's facts as
// label and value, its refunds, and the verification code with a QR code of the public address
// that confirms it. DejaVu Sans is embedded (subset) so Albanian and Serbian letters render
// exactly. The texts arrive already written in the reader's language (payment-texts.ts).

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 64;
const LABEL_WIDTH = 150;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.35, 0.38, 0.42);
const RULE = rgb(0.8, 0.82, 0.85);
const HEADER_LINES = ['Republika e Kosovës · Republika Kosovo · Republic of Kosovo', 'NARIC — Qendra Nacionale e Informimit për Njohjen Akademike'];
const QR_SIZE = 110;

let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
function fontBytes() {
  fonts ??= Promise.all([readFile(resourcePath('fonts/DejaVuSans.ttf')), readFile(resourcePath('fonts/DejaVuSans-Bold.ttf'))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fonts;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

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

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function drawText(page: PDFPage, fonts: Fonts, content: ReceiptContent, qr: { width: number }) {
  let y = A4.height - MARGIN;
  for (const line of HEADER_LINES) {
    page.drawText(line, { x: MARGIN, y, size: 9, font: fonts.regular, color: MUTED });
    y -= 13;
  }
  y -= 28;
  for (const line of wrap(content.title, fonts.bold, 20, A4.width - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 20, font: fonts.bold, color: INK });
    y -= 26;
  }
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

export async function renderReceiptPdf(content: ReceiptContent): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const fonts = { regular: await pdf.embedFont(bytes.regular, { subset: true }), bold: await pdf.embedFont(bytes.bold, { subset: true }) };
  pdf.setTitle(content.title);
  pdf.setProducer('NARIC back-office');
  pdf.setCreator('NARIC back-office');
  pdf.setCreationDate(content.createdAt);
  pdf.setModificationDate(content.createdAt);
  const page = pdf.addPage([A4.width, A4.height]);
  drawText(page, fonts, content, { width: QR_SIZE });

  const png = await QRCode.toBuffer(content.verification.url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 330 });
  const image = await pdf.embedPng(png);
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
