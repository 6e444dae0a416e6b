import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { degrees, drawImage, PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage, type PDFRef } from 'pdf-lib';
import QRCode from 'qrcode';
import { resourcePath } from './resources';

// What every PDF the office issues shares (issued documents and verdicts, payment receipts): an
// A4 page with the state header and the title, DejaVu Sans embedded (subset) so Albanian and
// Serbian letters render exactly, text wrapped to a width, the QR code of a verification address,
// and fixed metadata so the same input renders to the same bytes. The organisation's line and the
// logo are system settings: the callers read them (system-settings.ts) and pass them
// in, so this file never touches the database and a PDF depends only on what it is given.

export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 64;
export const INK = rgb(0.1, 0.12, 0.16);
export const MUTED = rgb(0.35, 0.38, 0.42);
const STATE_LINE = 'Republika e Kosovës · Republika Kosovo · Republic of Kosovo';
/** The logo's box at the top left; the header lines start to its right. */
const LOGO_BOX = { width: 96, height: 40, gap: 12 } as const;

/** What the letterhead shows besides the state line: the office's name and, when set, its logo. */
export interface Letterhead {
  organisationName: string;
  logo: { bytes: Uint8Array; mediaType: 'image/png' | 'image/jpeg' } | null;
}

/** The letterhead with its logo embedded in one document. */
export interface EmbeddedLetterhead {
  organisationName: string;
  logo: PDFImage | null;
}

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

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type ParsedFont = ReturnType<Fontkit['create']>;

// fontkit parses a font's tables lazily and keeps them on the font: its layout tables (GSUB,
// GPOS) are decoded as text is first measured and shaped, which was most of a document's render
// time when each document parsed the two 700 KB fonts afresh. The parsed fonts are kept for the
// process (keyed by the bytes fontBytes() keeps), and each document still embeds its own subset,
// so the PDF's bytes are the same as before.
const parsedFonts = new WeakMap<Uint8Array, ParsedFont>();
const parsingOnce: Fontkit = {
  create(bytes, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
    let font = parsedFonts.get(bytes);
    if (!font) parsedFonts.set(bytes, (font = fontkit.create(bytes)));
    return font;
  },
};

/** The office's fonts embedded (subset) in a document. */
export async function embedOfficeFonts(pdf: PDFDocument): Promise<PdfFonts> {
  pdf.registerFontkit(parsingOnce);
  const bytes = await fontBytes();
  return { regular: await pdf.embedFont(bytes.regular, { subset: true }), bold: await pdf.embedFont(bytes.bold, { subset: true }) };
}

/** A new document with the fonts (and the letterhead's logo) embedded and the metadata set. */
export async function createOfficePdf(
  title: string,
  createdAt: Date,
  letterhead: Letterhead,
): Promise<{ pdf: PDFDocument; fonts: PdfFonts; letterhead: EmbeddedLetterhead }> {
  const pdf = await PDFDocument.create();
  const fonts = await embedOfficeFonts(pdf);
  pdf.setTitle(title);
  pdf.setProducer('NARIC back-office');
  pdf.setCreator('NARIC back-office');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);
  const logo = letterhead.logo ? await (letterhead.logo.mediaType === 'image/png' ? pdf.embedPng(letterhead.logo.bytes) : pdf.embedJpg(letterhead.logo.bytes)) : null;
  return { pdf, fonts, letterhead: { organisationName: letterhead.organisationName, logo } };
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

/** Draws the logo, the state header and the title; returns where the text below them starts. */
export function drawLetterhead(page: PDFPage, fonts: PdfFonts, letterhead: EmbeddedLetterhead, title: string): number {
  let y = A4.height - MARGIN;
  let x = MARGIN;
  // Below the logo: the lowest point the header reaches (the lines' next baseline without a logo).
  let below = Infinity;
  if (letterhead.logo) {
    // Scaled to fit its box, never enlarged; its top level with the first line's capitals.
    const scale = Math.min(1, LOGO_BOX.width / letterhead.logo.width, LOGO_BOX.height / letterhead.logo.height);
    const size = { width: letterhead.logo.width * scale, height: letterhead.logo.height * scale };
    const top = y + 9;
    page.drawImage(letterhead.logo, { x: MARGIN, y: top - size.height, ...size });
    x = MARGIN + size.width + LOGO_BOX.gap;
    below = top - size.height - 13;
  }
  for (const line of [STATE_LINE, letterhead.organisationName]) {
    page.drawText(line, { x, y, size: 9, font: fonts.regular, color: MUTED });
    y -= 13;
  }
  y = Math.min(y, below) - 28;
  for (const line of wrap(title, fonts.bold, 20, A4.width - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 20, font: fonts.bold, color: INK });
    y -= 26;
  }
  return y;
}

/** The QR code's image: 330 pixels square, one module of quiet zone, error correction M. */
const QR_PIXELS = 330;
const QR_MARGIN = 1;

/** A verification address's QR code embedded in one document, to draw on its pages. */
export interface EmbeddedQr {
  ref: PDFRef;
}

/**
 * The QR code of a verification address, embedded in `pdf` as a grey image of the same pixels
 * the qrcode package's PNG had (its scaling of modules to pixels, repeated here), compressed with
 * Node's zlib. Going through a PNG cost a document more than its text: qrcode encoded the PNG,
 * pdf-lib decoded it and deflated it again in JavaScript.
 */
export function embedVerificationQr(pdf: PDFDocument, url: string): EmbeddedQr {
  const { size, data } = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
  const scale = QR_PIXELS / (size + QR_MARGIN * 2);
  const pixels = Math.floor((size + QR_MARGIN * 2) * scale);
  const margin = QR_MARGIN * scale;
  const gray = new Uint8Array(pixels * pixels).fill(255);
  for (let row = 0; row < pixels; row += 1) {
    if (row < margin || row >= pixels - margin) continue;
    const moduleRow = Math.floor((row - margin) / scale) * size;
    for (let column = 0; column < pixels; column += 1) {
      if (column >= margin && column < pixels - margin && data[moduleRow + Math.floor((column - margin) / scale)]) gray[row * pixels + column] = 0;
    }
  }
  const image = pdf.context.stream(deflateSync(gray), { Type: 'XObject', Subtype: 'Image', Width: pixels, Height: pixels, ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' });
  return { ref: pdf.context.register(image) };
}

/** Draws an embedded QR code in a square box, as PDFPage.drawImage draws an image. */
export function drawQr(page: PDFPage, qr: EmbeddedQr, box: { x: number; y: number; size: number }): void {
  const name = page.node.newXObject('Image', qr.ref);
  page.pushOperators(...drawImage(name, { x: box.x, y: box.y, width: box.size, height: box.size, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) }));
}
