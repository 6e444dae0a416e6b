import type { PDFPage } from 'pdf-lib';
import { A4, createOfficePdf, drawLetterhead, drawQr, INK, MARGIN, embedVerificationQr, wrap, type EmbeddedLetterhead, type EmbeddedQr, type Letterhead, type PdfFonts } from '../../pdf-letterhead';

// Issued documents and verdicts as PDF: A4 pages with the office's letterhead (pdf-letterhead.ts),
// the template's title and text filled from the application, and (for issued documents) the
// verification code with a QR code of the public verification address.

export interface TemplateText {
  title: string;
  body: string;
}

export type Placeholders = Record<string, string>;

export function fillPlaceholders(text: string, values: Placeholders): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

interface PageInput {
  template: TemplateText;
  values: Placeholders;
  /** Embedded once per document, drawn on each page. */
  qr?: { image: EmbeddedQr; caption: string };
}

function drawPage(page: PDFPage, input: PageInput, { regular, bold }: PdfFonts, letterhead: EmbeddedLetterhead) {
  let y = drawLetterhead(page, { regular, bold }, letterhead, fillPlaceholders(input.template.title, input.values));
  y -= 12;
  const bodyWidth = A4.width - 2 * MARGIN;
  for (const line of wrap(fillPlaceholders(input.template.body, input.values), regular, 11, bodyWidth)) {
    if (y < MARGIN + 150) break;
    if (line) page.drawText(line, { x: MARGIN, y, size: 11, font: regular, color: INK });
    y -= 16;
  }
  if (input.qr) {
    const size = 110;
    drawQr(page, input.qr.image, { x: A4.width - MARGIN - size, y: MARGIN, size });
    page.drawText(input.qr.caption, { x: MARGIN, y: MARGIN + 8, size: 12, font: bold, color: INK });
  }
}

export interface RenderInput {
  pages: readonly { template: TemplateText; values: Placeholders }[];
  /** Issued documents carry their code and the QR of the verification address. */
  verification?: { code: string; url: string };
  title: string;
  createdAt: Date;
  /** The office's name and logo as the settings say when the PDF is made. */
  letterhead: Letterhead;
}

export async function renderPdf(input: RenderInput): Promise<Buffer> {
  const { pdf, fonts, letterhead } = await createOfficePdf(input.title, input.createdAt, input.letterhead);
  const qr = input.verification ? { image: embedVerificationQr(pdf, input.verification.url), caption: input.verification.code } : undefined;
  for (const page of input.pages) drawPage(pdf.addPage([A4.width, A4.height]), { ...page, qr }, fonts, letterhead);
  return Buffer.from(await pdf.save());
}
