import type { TemporaryObject } from './document-storage';

// Is a complete upload a PDF, and a whole one? Read from the stored bytes, never the whole file:
// the signature at the start; at the end, `%%EOF` after a `startxref` whose offset points at a
// cross-reference table (`xref`) or a cross-reference stream object (`12 0 obj`). A renamed file
// fails the first check; a truncated PDF the second.

export type PdfVerdict = 'ok' | 'empty' | 'not_pdf' | 'damaged';

const SIGNATURE = '%PDF-';
/** The PDF reference lets the signature sit within the first 1024 bytes; the end marker within the last 1024. */
const HEAD_BYTES = 1024;
const TAIL_BYTES = 2048;
const XREF_AT = /^(\s*xref\b|\s*\d+\s+\d+\s+obj\b)/;

export async function checkPdf(object: Pick<TemporaryObject, 'size' | 'read'>): Promise<PdfVerdict> {
  if (object.size === 0) return 'empty';
  const head = (await object.read(0, HEAD_BYTES)).toString('latin1');
  if (!head.includes(SIGNATURE)) return 'not_pdf';
  const tailStart = Math.max(0, object.size - TAIL_BYTES);
  const tail = (await object.read(tailStart, TAIL_BYTES)).toString('latin1');
  const end = [...tail.matchAll(/startxref\s+(\d+)\s+%%EOF/g)].at(-1);
  if (!end) return 'damaged';
  const offset = Number(end[1]);
  if (!Number.isSafeInteger(offset) || offset >= object.size) return 'damaged';
  const atOffset = (await object.read(offset, 64)).toString('latin1');
  return XREF_AT.test(atOffset) ? 'ok' : 'damaged';
}
