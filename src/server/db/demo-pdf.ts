// One-page PDFs for the demo documents: small (about 1.5 KB), valid (a cross-reference table
// whose offsets are exact, so pdf-check.ts, pdf.js and any viewer read them), and fast to make
// (no library, no font embedding: the seed writes about two thousand of them on first start).
// Text is set in the viewer's built-in Helvetica; the few Albanian and Serbian letters that
// WinAnsi lacks (ć č đ and their capitals) get codes of their own through /Differences.

export interface DemoPdfText {
  /** The large first line, e.g. "Original diploma". */
  title: string;
  /** Label and value pairs, one line each. */
  lines: readonly (readonly [string, string])[];
  /** Small print at the foot of the page. */
  note: string;
}

/** Characters outside Latin-1 that WinAnsi has, by their code. */
const WIN_ANSI_EXTRA: Readonly<Record<string, number>> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, 'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c,
  'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b,
  'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};
/** Codes WinAnsi leaves unused (and 0x89, its ‰), given to the letters it lacks. */
const DIFFERENCES: readonly (readonly [string, number, string])[] = [
  ['Ć', 0x81, 'Cacute'],
  ['ć', 0x8d, 'cacute'],
  ['Č', 0x8f, 'Ccaron'],
  ['č', 0x90, 'ccaron'],
  ['Đ', 0x9d, 'Dcroat'],
  ['đ', 0x89, 'dcroat'],
];
const EXTRA_CODES = new Map<string, number>([...Object.entries(WIN_ANSI_EXTRA), ...DIFFERENCES.map(([char, code]) => [char, code] as const)]);

/** The text as a PDF literal string in the fonts' encoding; what cannot be shown loses its accent or becomes "?". */
export function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = pdfCode(char) ?? pdfCode(char.normalize('NFD').replace(/\p{M}/gu, '')) ?? 0x3f;
    const byte = String.fromCharCode(code);
    out += code === 0x28 || code === 0x29 || code === 0x5c ? `\\${byte}` : code < 0x20 || code > 0x7e ? `\\${code.toString(8).padStart(3, '0')}` : byte;
  }
  return `(${out})`;
}

function pdfCode(char: string): number | undefined {
  if (char.length !== 1) return undefined;
  const code = char.charCodeAt(0);
  if (code >= 0x20 && code <= 0x7e) return code;
  if (code >= 0xa0 && code <= 0xff && code !== 0xad) return code;
  return EXTRA_CODES.get(char);
}

const ENCODING = `<< /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${DIFFERENCES.map(([, code, name]) => `${code} /${name}`).join(' ')}] >>`;

export function demoPdf(text: DemoPdfText): Buffer {
  const content = [
    'BT',
    '/F2 20 Tf 64 760 Td',
    `${pdfString(text.title)} Tj`,
    '/F1 11 Tf 0 -40 Td 16 TL',
    ...text.lines.map(([label, value]) => `${pdfString(`${label}: ${value}`)} Tj T*`),
    'ET',
    'BT /F1 8 Tf 64 64 Td',
    `${pdfString(text.note)} Tj`,
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding 7 0 R >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding 7 0 R >>`,
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    ENCODING,
    `<< /Title ${pdfString(text.title)} /Producer (NARIC back-office demo data) >>`,
  ];
  // Latin-1 throughout: every character above is one byte, so string lengths are byte offsets.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
