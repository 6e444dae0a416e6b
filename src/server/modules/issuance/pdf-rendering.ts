import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { resourcePath } from '../../resources';

// Issued documents and verdicts as PDF: A4 pages with the state header, the template's title and
// text filled from the application, and (for issued documents) the verification code with a QR
// code of the public verification address. DejaVu Sans is embedded (subset) so Albanian and
// Serbian letters render exactly. Deterministic for the same input (dates are fixed in metadata).

export interface TemplateText {
  title: string;
  body: string;
}

export type Placeholders = Record<string, string>;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 64;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.35, 0.38, 0.42);
const HEADER_LINES = ['Republika e Kosovës · Republika Kosovo · Republic of Kosovo', 'NARIC — Qendra Nacionale e Informimit për Njohjen Akademike'];

let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;
function fontBytes() {
  fonts ??= Promise.all([readFile(resourcePath('fonts/DejaVuSans.ttf')), readFile(resourcePath('fonts/DejaVuSans-Bold.ttf'))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fonts;
}

export function fillPlaceholders(text: string, values: Placeholders): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
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

interface PageInput {
  template: TemplateText;
  values: Placeholders;
  qr?: { png: Uint8Array; caption: string };
}

async function drawPage(pdf: PDFDocument, page: PDFPage, input: PageInput, regular: PDFFont, bold: PDFFont) {
  let y = A4.height - MARGIN;
  for (const line of HEADER_LINES) {
    page.drawText(line, { x: MARGIN, y, size: 9, font: regular, color: MUTED });
    y -= 13;
  }
  y -= 28;
  for (const line of wrap(fillPlaceholders(input.template.title, input.values), bold, 20, A4.width - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 20, font: bold, color: INK });
    y -= 26;
  }
  y -= 12;
  const bodyWidth = A4.width - 2 * MARGIN;
  for (const line of wrap(fillPlaceholders(input.template.body, input.values), regular, 11, bodyWidth)) {
    if (y < MARGIN + 150) break;
    if (line) page.drawText(line, { x: MARGIN, y, size: 11, font: regular, color: INK });
    y -= 16;
  }
  if (input.qr) {
    const image = await pdf.embedPng(input.qr.png);
    const size = 110;
    page.drawImage(image, { x: A4.width - MARGIN - size, y: MARGIN, width: size, height: size });
    page.drawText(input.qr.caption, { x: MARGIN, y: MARGIN + 8, size: 12, font: bold, color: INK });
  }
}

export interface RenderInput {
  pages: readonly { template: TemplateText; values: Placeholders }[];
  /** Issued documents carry their code and the QR of the verification address. */
  verification?: { code: string; url: string };
  title: string;
  createdAt: Date;
}

export async function renderPdf(input: RenderInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = await fontBytes();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  pdf.setTitle(input.title);
  pdf.setProducer('NARIC back-office');
  pdf.setCreator('NARIC back-office');
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);
  const qr = input.verification
    ? { png: await QRCode.toBuffer(input.verification.url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 330 }), caption: input.verification.code }
    : undefined;
  for (const page of input.pages) {
    await drawPage(pdf, pdf.addPage([A4.width, A4.height]), { ...page, qr }, regular, bold);
  }
  return Buffer.from(await pdf.save());
}
