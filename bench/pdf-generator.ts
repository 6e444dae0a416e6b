import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';

// A valid PDF of (about) any size, written as a stream so memory stays flat: one page with a
// line of text, and one large image XObject (a grey-scale raster of random bytes) in the page's
// resources. Every object is listed in a correct cross-reference table, so a structural parser
// (and any PDF viewer) accepts it.
//
//   npx tsx bench/pdf-generator.ts /tmp/bench.pdf 200     # 200 MiB

const CHUNK = 1024 * 1024;

export async function writeBenchPdf(path: string, targetBytes: number): Promise<number> {
  const out = createWriteStream(path);
  let offset = 0;
  const offsets: number[] = [];
  const write = async (data: string | Buffer) => {
    const buffer = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    offset += buffer.length;
    if (!out.write(buffer)) await once(out, 'drain');
  };
  const object = async (number: number, body: string) => {
    offsets[number] = offset;
    await write(`${number} 0 obj\n${body}\nendobj\n`);
  };

  await write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  await object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  await object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  await object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>');
  const text = 'BT /F1 18 Tf 72 770 Td (NARIC transfer benchmark) Tj ET';
  await object(4, `<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
  await object(5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');

  // The image fills what is left of the target: width × height grey bytes.
  const width = 4096;
  const height = Math.max(1, Math.floor(Math.max(0, targetBytes - 1024) / width));
  const length = width * height;
  offsets[6] = offset;
  await write(`6 0 obj\n<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${length} >>\nstream\n`);
  for (let left = length; left > 0; left -= CHUNK) await write(randomBytes(Math.min(CHUNK, left)));
  await write('\nendstream\nendobj\n');

  const xref = offset;
  const count = offsets.length;
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (let number = 1; number < count; number += 1) table += `${String(offsets[number]).padStart(10, '0')} 00000 n \n`;
  await write(`${table}trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  out.end();
  await once(out, 'close');
  return offset;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [path, megabytes = '200'] = process.argv.slice(2);
  if (!path) {
    console.error('usage: tsx bench/pdf-generator.ts <out.pdf> [MiB]');
    process.exit(1);
  }
  const size = await writeBenchPdf(path, Number(megabytes) * 1024 * 1024);
  console.log(`${path}: ${size} bytes`);
}
