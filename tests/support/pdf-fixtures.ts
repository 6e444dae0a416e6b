// Small, valid PDFs for tests (one page, a text line, a correct cross-reference table), and the
// broken variants the upload checks must refuse.

export function minimalPdf(text = 'NARIC test document', padding = 0, catalogEntries = ''): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${catalogEntries ? ` ${catalogEntries}` : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = `%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n${padding > 0 ? `%${'x'.repeat(padding)}\n` : ''}`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PNG signature and header renamed to .pdf. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A valid PDF cut off before its end. */
export function truncatedPdf(): Buffer {
  const whole = minimalPdf();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A valid PDF of about `bytes` bytes (a comment line pads it). */
export function pdfOfSize(bytes: number, text = 'NARIC test document'): Buffer {
  const base = minimalPdf(text).length;
  return minimalPdf(text, Math.max(1, bytes - base - 2));
}

export interface MultipartFile {
  fileName: string;
  content?: Buffer;
  contentType?: string;
  /** The part's field name (`file` unless a test sends a wrong one). */
  field?: string;
}

/**
 * A multipart/form-data body: the fields, then one file part. `head` and `tail` surround the
 * file's bytes, for tests that stream the content themselves; `body` is the whole thing.
 */
export function multipartBody(boundary: string, fields: Record<string, string>, file: MultipartFile): { head: Buffer; tail: Buffer; body: Buffer } {
  const fieldParts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const encodedName = file.fileName.replace(/"/g, '%22');
  const head = Buffer.from(
    `${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${encodedName}"\r\nContent-Type: ${file.contentType ?? 'application/pdf'}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, body: Buffer.concat([head, file.content ?? Buffer.alloc(0), tail]) };
}

/** The PDF names that mark active content, one per kind the server reports (and the second name of `javascript`). */
export const ACTIVE_CONTENT_MARKERS = [
  { name: 'JavaScript', kind: 'javascript' },
  { name: 'JS', kind: 'javascript' },
  { name: 'OpenAction', kind: 'open_action' },
  { name: 'Launch', kind: 'launch' },
  { name: 'EmbeddedFile', kind: 'embedded_file' },
  { name: 'RichMedia', kind: 'rich_media' },
] as const;

/** `name` with its second letter written as a `#xx` escape (`J#61vaScript`), as PDF names allow. */
export function hexEscapedName(name: string): string {
  return `${name[0]}#${name.charCodeAt(1).toString(16).padStart(2, '0')}${name.slice(2)}`;
}

/** A hand-written PDF whose catalog carries `/<name> true` as written (escapes and all). */
export function pdfNaming(name: string): Buffer {
  return minimalPdf('NARIC test document', 0, `/${name} true`);
}

/**
 * A PDF written by pdf-lib with object streams (PDF 1.5): the catalog, carrying `/<name> true`,
 * sits only in a FlateDecode-compressed `/ObjStm`, never in the file's plain bytes.
 */
export async function pdfNamingInObjectStream(name: string): Promise<Buffer> {
  const { PDFDocument, PDFName, PDFBool } = await import('pdf-lib');
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('NARIC test document', { x: 20, y: 100, size: 12 });
  document.catalog.set(PDFName.of(name), PDFBool.True);
  return Buffer.from(await document.save({ useObjectStreams: true }));
}
