import type { PDFPage } from 'pdf-lib';
import { A4, createOfficePdf, drawLetterhead, INK, MARGIN, MUTED, wrap, type Letterhead, type PdfFonts } from '../../pdf-letterhead';

// The decision PDF: the reasoned decision as the applicant reads it, on the office's letterhead
// (pdf-letterhead.ts), in one language. Its words and values arrive written for that language
// (decision-pdf-content.ts); this file only lays them out: facts as label and value, the
// comparison as a three-column table, then sections of paragraphs, flowing onto further pages
// with the reference and page number at the foot of each.

export interface DecisionPdfContent {
  title: string;
  /** Label and value, in order (reference, applicant, service, date). */
  facts: readonly { label: string; value: string }[];
  comparison: { title: string; header: readonly [string, string, string]; rows: readonly (readonly [string, string, string])[] };
  /** Headed sections of paragraphs (outcome, differences, legal basis, appeal). */
  sections: readonly { title: string; paragraphs: readonly { lead?: string; text: string }[] }[];
  /** Closing lines: what was issued with it, who prepared and approved it. */
  closing: readonly string[];
  /** The foot of every page; {{page}} and {{pages}} are filled in. */
  footer: string;
  /** Fixed in the metadata, so the same decision renders to the same bytes. */
  createdAt: Date;
}

const WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = MARGIN + 24;
const LABEL_WIDTH = 150;
const COLUMN = { label: 120, gap: 10 } as const;
/** Sections shorter than this move whole to the next page instead of breaking. */
const KEEP_TOGETHER = 160;

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly addPage: () => PDFPage,
    readonly fonts: PdfFonts,
  ) {}

  start(y: number, page: PDFPage) {
    this.page = page;
    this.pages.push(page);
    this.y = y;
  }

  /** Room for `height` below the pen, else a new page. */
  need(height: number) {
    if (this.y - height >= BOTTOM) return;
    const page = this.addPage();
    this.start(A4.height - MARGIN, page);
  }

  lines(text: string, options: { x?: number; width?: number; size?: number; bold?: boolean; color?: typeof INK; leading?: number }) {
    const { x = MARGIN, width = WIDTH, size = 10, bold = false, color = INK, leading = size * 1.4 } = options;
    const font = bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrap(text, font, size, width)) {
      this.need(leading);
      if (line) this.page.drawText(line, { x, y: this.y, size, font, color });
      this.y -= leading;
    }
  }

  /** How many lines `text` wraps to at the body's size. */
  count(text: string, bold: boolean): number {
    return text ? wrap(text, bold ? this.fonts.bold : this.fonts.regular, 10, WIDTH).length : 0;
  }

  heading(text: string) {
    this.need(44);
    this.y -= 8;
    this.lines(text, { size: 12, bold: true, leading: 17 });
    this.y -= 2;
  }
}

export async function renderDecisionPdf(content: DecisionPdfContent, letterheadSettings: Letterhead): Promise<Buffer> {
  const { pdf, fonts, letterhead } = await createOfficePdf(content.title, content.createdAt, letterheadSettings);
  const writer = new Writer(() => pdf.addPage([A4.width, A4.height]), fonts);
  const first = pdf.addPage([A4.width, A4.height]);
  writer.start(drawLetterhead(first, fonts, letterhead, content.title) - 6, first);

  for (const fact of content.facts) {
    const top = writer.y;
    writer.page.drawText(fact.label, { x: MARGIN, y: top, size: 9.5, font: fonts.regular, color: MUTED });
    writer.lines(fact.value, { x: MARGIN + LABEL_WIDTH, width: WIDTH - LABEL_WIDTH, bold: true, leading: 15 });
    writer.y -= 2;
  }

  writer.heading(content.comparison.title);
  drawComparison(writer, content.comparison);

  for (const section of content.sections) {
    // A short section (the appeal notice, a legal basis) is kept on one page rather than split.
    const height = 25 + section.paragraphs.reduce((sum, paragraph) => sum + 3 + 14 * (writer.count(paragraph.lead ?? '', true) + writer.count(paragraph.text, false)), 0);
    if (height < KEEP_TOGETHER) writer.need(height);
    writer.heading(section.title);
    for (const paragraph of section.paragraphs) {
      if (paragraph.lead) writer.lines(paragraph.lead, { bold: true });
      if (paragraph.text) writer.lines(paragraph.text, {});
      writer.y -= 3;
    }
  }

  writer.y -= 12;
  for (const line of content.closing) writer.lines(line, { size: 10, color: MUTED });

  const total = writer.pages.length;
  writer.pages.forEach((page, index) => {
    const text = content.footer.replace('{{page}}', String(index + 1)).replace('{{pages}}', String(total));
    page.drawText(text, { x: MARGIN, y: MARGIN - 20, size: 8.5, font: fonts.regular, color: MUTED });
  });
  return Buffer.from(await pdf.save());
}

/** The comparison: the element, the foreign qualification and the national one, each cell wrapped in its column. */
function drawComparison(writer: Writer, comparison: DecisionPdfContent['comparison']) {
  const valueWidth = (WIDTH - COLUMN.label - 2 * COLUMN.gap) / 2;
  const xs = [MARGIN, MARGIN + COLUMN.label + COLUMN.gap, MARGIN + COLUMN.label + 2 * COLUMN.gap + valueWidth];
  const widths = [COLUMN.label, valueWidth, valueWidth];
  const size = 9.5;
  const leading = 13;
  const row = (cells: readonly string[], bold: boolean) => {
    const font = bold ? writer.fonts.bold : writer.fonts.regular;
    const wrapped = cells.map((cell, index) => wrap(cell, index === 0 && !bold ? writer.fonts.regular : font, size, widths[index]!));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * leading;
    writer.need(height + 6);
    wrapped.forEach((lines, index) => {
      lines.forEach((line, at) => {
        const color = index === 0 && !bold ? MUTED : INK;
        if (line) writer.page.drawText(line, { x: xs[index]!, y: writer.y - at * leading, size, font: index === 0 && !bold ? writer.fonts.regular : font, color });
      });
    });
    writer.y -= height;
    writer.page.drawLine({ start: { x: MARGIN, y: writer.y + leading - 4 - 2 }, end: { x: A4.width - MARGIN, y: writer.y + leading - 4 - 2 }, thickness: 0.4, color: MUTED });
    writer.y -= 4;
  };
  row(comparison.header, true);
  for (const cells of comparison.rows) row(cells, false);
}
