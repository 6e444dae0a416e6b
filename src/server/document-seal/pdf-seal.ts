import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument, rgb } from 'pdf-lib';
import { A4, embedOfficeFonts, INK, MARGIN, MUTED } from '../pdf-letterhead';
import type { OpenedSeal } from './seal-certificate';
import type { SealSigner } from './seal-signer';

// Sealing an issued PDF: the visible seal block goes into the letterhead's top band of the first
// page (the office, the time, the certificate), a signature field covers it, and the document is
// signed over every byte but the signature's own (PAdES). pdf-lib writes the placeholder with
// @signpdf's helper and without object streams, where @signpdf finds the byte range to fill.

const SEAL_LABEL = 'Vula elektronike · Elektronski pečat · Electronic seal';
/** The top band above the state line: from here to the page's top edge minus a small margin. */
const BAND = { bottom: A4.height - MARGIN + 18, height: 34 } as const;
/** Room for the CMS signature: the chain of a usual seal is well within 8 KB; a timestamp token adds up to 6 KB. */
const SIGNATURE_BYTES = 8192;
const TIMESTAMPED_SIGNATURE_BYTES = 16384;

const signPdf = new SignPdf();

export interface SealInput {
  seal: OpenedSeal;
  signer: SealSigner;
  timestamped: boolean;
  organisationName: string;
  signedAt: Date;
}

/** "2026-11-29 07:19:47 UTC". */
export function sealTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export async function sealPdf(bytes: Uint8Array, input: SealInput): Promise<Buffer> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = pdf.getPage(0);
  const fonts = await embedOfficeFonts(pdf);
  const width = A4.width - 2 * MARGIN;
  page.drawRectangle({ x: MARGIN, y: BAND.bottom, width, height: BAND.height, borderColor: MUTED, borderWidth: 0.6, color: rgb(0.97, 0.975, 0.98) });
  const fit = (text: string, size: number, font = fonts.regular) => {
    let line = text;
    while (line.length > 1 && font.widthOfTextAtSize(line, size) > width - 12) line = `${line.slice(0, -2)}…`;
    return line;
  };
  page.drawText(fit(`${SEAL_LABEL}: ${input.organisationName}`, 7.5, fonts.bold), { x: MARGIN + 6, y: BAND.bottom + BAND.height - 13, size: 7.5, font: fonts.bold, color: INK });
  page.drawText(fit(`${sealTime(input.signedAt)} · ${input.seal.commonName}`, 7), { x: MARGIN + 6, y: BAND.bottom + 8, size: 7, font: fonts.regular, color: MUTED });
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: `${SEAL_LABEL}: ${input.organisationName}`,
    contactInfo: '',
    name: input.seal.commonName,
    location: '',
    signingTime: input.signedAt,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: input.timestamped ? TIMESTAMPED_SIGNATURE_BYTES : SIGNATURE_BYTES,
    widgetRect: [MARGIN, BAND.bottom, MARGIN + width, BAND.bottom + BAND.height],
    appName: 'NARIC back-office',
  });
  const prepared = Buffer.from(await pdf.save({ useObjectStreams: false }));
  return signPdf.sign(prepared, input.signer, input.signedAt);
}
