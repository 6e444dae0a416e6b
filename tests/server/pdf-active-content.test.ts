import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeName, scanActiveContent, temporaryObjectChunks } from '../../src/server/storage/pdf-active-content';
import { ACTIVE_CONTENT_MARKERS, hexEscapedName, minimalPdf, pdfNaming, pdfNamingInObjectStream } from '../support/pdf-fixtures';

// The scanner alone, on PDFs from the fixtures: each marker as written, hex-escaped and hidden in
// a compressed object stream; what must not count (stream data by chance, other names).

/** The bytes in chunks of `size`, so every token and escape is cut somewhere. */
function chunked(bytes: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) chunks.push(bytes.subarray(offset, offset + size));
  return chunks;
}

/** A PDF with one object stream around `objects`, its dictionary as given. */
function pdfWithObjectStream(dictionary: string, data: Buffer): Buffer {
  const head = Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n3 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\r\n`, 'latin1');
  return Buffer.concat([head, data, Buffer.from('\r\nendstream\nendobj\n%%EOF\n', 'latin1')]);
}

describe('active content in a PDF', () => {
  it('a clean PDF has none, written by hand or by pdf-lib with object streams', async () => {
    expect(await scanActiveContent([minimalPdf()])).toEqual([]);
    const { PDFDocument } = await import('pdf-lib');
    const document = await PDFDocument.create();
    document.addPage().drawText('Diploma');
    expect(await scanActiveContent([Buffer.from(await document.save({ useObjectStreams: true }))])).toEqual([]);
  });

  for (const { name, kind } of ACTIVE_CONTENT_MARKERS) {
    it(`/${name} is ${kind}: as written, hex-escaped, and inside a compressed object stream`, async () => {
      expect(await scanActiveContent([pdfNaming(name)])).toEqual([kind]);
      const escaped = pdfNaming(hexEscapedName(name));
      expect(escaped.includes(`/${name} `)).toBe(false);
      expect(await scanActiveContent([escaped])).toEqual([kind]);
      const compressed = await pdfNamingInObjectStream(name);
      expect(compressed.includes(name)).toBe(false);
      expect(await scanActiveContent([compressed])).toEqual([kind]);
    });
  }

  it('finds a marker cut across chunks, however the bytes arrive', async () => {
    const plain = pdfNaming('J#61vaScript');
    const compressed = await pdfNamingInObjectStream('Launch');
    for (const size of [1, 2, 3, 7, 64]) {
      expect(await scanActiveContent(chunked(plain, size))).toEqual(['javascript']);
      expect(await scanActiveContent(chunked(compressed, size))).toEqual(['launch']);
    }
  });

  it('reads an upload from storage a chunk at a time', async () => {
    const bytes = pdfNaming('RichMedia');
    const object = { size: bytes.length, read: async (offset: number, length: number) => bytes.subarray(offset, offset + length) };
    expect(await scanActiveContent(temporaryObjectChunks(object, 5))).toEqual(['rich_media']);
  });

  it('lists every kind found once, in a fixed order', async () => {
    const bytes = minimalPdf('x', 0, '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> /Names << /EmbeddedFiles 9 0 R >> /Launch true');
    expect(await scanActiveContent([bytes])).toEqual(['javascript', 'open_action', 'launch', 'embedded_file']);
  });

  it('a longer name that starts like a marker is another name', async () => {
    expect(await scanActiveContent([minimalPdf('x', 0, '/JSX true /LaunchPad true /OpenActions true')])).toEqual([]);
  });

  it('three letters of image data are not a script; a whole marker in stream data still counts', async () => {
    const noise = Buffer.concat([randomBytes(1000), Buffer.from(' /JS '), randomBytes(1000)]);
    const image = Buffer.concat([Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /XObject /Subtype /Image /Length ${noise.length} >>\nstream\n`), noise, Buffer.from('\nendstream\nendobj\n')]);
    expect(await scanActiveContent([image])).toEqual([]);
    const hidden = Buffer.concat([image, Buffer.from('2 0 obj\n<< /S /JS >>\nendobj\n')]);
    expect(await scanActiveContent([hidden])).toEqual(['javascript']);
    const inData = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Length 30 >>\nstream\n'), Buffer.from('<< /S /JavaScript /JS (x) >>\nendstream\n')]);
    expect(await scanActiveContent([inData])).toEqual(['javascript']);
  });

  it('an uncompressed object stream is read with every name; a damaged compressed one for what it held', async () => {
    expect(await scanActiveContent([pdfWithObjectStream('/Type /ObjStm /N 1 /First 4', Buffer.from('4 0 << /JS (x) >>'))])).toEqual(['javascript']);
    const deflated = deflateSync(Buffer.from(`4 0 << /S /Launch /F (calc.exe) >>${' '.repeat(5000)}`));
    expect(await scanActiveContent([pdfWithObjectStream('/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode]', deflated.subarray(0, deflated.length - 20))])).toEqual(['launch']);
    expect(await scanActiveContent([pdfWithObjectStream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', Buffer.from('not deflate data'))])).toEqual([]);
  });

  it('decodes #xx escapes in names and leaves a stray # alone', () => {
    expect(decodeName(Buffer.from('J#61va#53cript'))).toBe('JavaScript');
    expect(decodeName(Buffer.from('A#2'))).toBe('A#2');
    expect(decodeName(Buffer.from('A#zz'))).toBe('A#zz');
  });
});
