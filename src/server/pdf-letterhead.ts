import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { resourcePath } from './resources';

// What every PDF the office issues shares (issued documents and verdicts, payment receipts): an
// A4 page with the state header and the title, DejaVu Sans embedded (subset) so Albanian and
// Serbian letters render exactly, text wrapped to a width, the QR code of a verification address,
// and fixed metadata so the same input renders to the same bytes.

export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 64;
export const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.35, 0.38, 0.42);
const HEADER_LINES = ['Republika e Kosovës · Republika Kosovo · Republic of Kosovo', 'NARIC — Qendra Nacionale e Informimit për Njohjen Akademike'];

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
function fontBytes() {
  fontFiles ??= Promise.all([readFile(resourcePath('fonts/DejaVuSans.ttf')), readFile(resourcePath('fonts/DejaVuSans-Bold.ttf'))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fontFiles;
}

/** A new document with the fonts embedded and the metadata set. */
export async function createOfficePdf(title: string, createdAt: Date): Promise<{ pdf: PDFDocument; fonts: PdfFonts }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = await fontBytes();
  const fonts = { regular: await pdf.embedFont(bytes.regular, { subset: true }), bold: await pdf.embedFont(bytes.bold, { subset: true }) };
  pdf.setTitle(title);
  pdf.setProducer('NARIC back-office');
  pdf.setCreator('NARIC back-office');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);
  return { pdf, fonts };
}

export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
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

/** Draws the state header and the title; returns where the text below them starts. */
export function drawLetterhead(page: PDFPage, fonts: PdfFonts, title: string): number {
  let y = A4.height - MARGIN;
  for (const line of HEADER_LINES) {
    page.drawText(line, { x: MARGIN, y, size: 9, font: fonts.regular, color: MUTED });
    y -= 13;
  }
  y -= 28;
  for (const line of wrap(title, fonts.bold, 20, A4.width - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 20, font: fonts.bold, color: INK });
    y -= 26;
  }
  return y;
}

/** The QR code of a verification address, as PNG bytes to embed. */
export function verificationQr(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 330 });
}
