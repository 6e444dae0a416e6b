import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectLocalPdf, uploadNameOf } from '../../../../src/main/transfer/local-pdf';
import { transportErrorOf } from '../../../../src/shared/transport-failure';

// The checks main makes on a real file before sending a byte.

let dir: string;
const LIMIT = 64 * 1024;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'naric-local-pdf-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, content: Buffer | string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

const refusalOf = async (promise: Promise<unknown>) => transportErrorOf(await promise.then(() => null, (error: unknown) => error));

describe('inspectLocalPdf', () => {
  it('accepts a PDF and reports its name and size', async () => {
    const path = await file('Diplomë e përkthyer.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1000, 7)]));
    await expect(inspectLocalPdf(path, LIMIT)).resolves.toMatchObject({ path, fileName: 'Diplomë e përkthyer.pdf', size: 1009 });
  });

  it('refuses a renamed PNG whatever its extension says', async () => {
    const path = await file('scan.pdf', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]));
    expect(await refusalOf(inspectLocalPdf(path, LIMIT))).toMatchObject({ code: 'unsupported_file_type', body: { reason: 'not_pdf' } });
  });

  it('refuses a file shorter than the signature', async () => {
    expect(await refusalOf(inspectLocalPdf(await file('short.pdf', '%PD'), LIMIT))).toMatchObject({ body: { reason: 'not_pdf' } });
  });

  it('refuses an empty file', async () => {
    expect(await refusalOf(inspectLocalPdf(await file('empty.pdf', ''), LIMIT))).toMatchObject({ code: 'validation_error', body: { reason: 'empty' } });
  });

  it('refuses a file over the limit, naming the limit, and accepts one exactly at it', async () => {
    const over = await file('big.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(LIMIT - 4)]));
    expect(await refusalOf(inspectLocalPdf(over, LIMIT))).toEqual({
      code: 'payload_too_large',
      message: 'File too large (the limit is 0.1 MB).',
      body: { detail: 'File too large (the limit is 0.1 MB).', reason: 'too_large', max_upload_bytes: LIMIT },
    });
    const exact = await file('exact.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(LIMIT - 5)]));
    await expect(inspectLocalPdf(exact, LIMIT)).resolves.toMatchObject({ size: LIMIT });
  });

  it('refuses a folder, a missing file and a relative path', async () => {
    const folder = join(dir, 'folder.pdf');
    await mkdir(folder);
    expect(await refusalOf(inspectLocalPdf(folder, LIMIT))).toMatchObject({ body: { reason: 'not_a_file' } });
    expect(await refusalOf(inspectLocalPdf(join(dir, 'gone.pdf'), LIMIT))).toMatchObject({ body: { reason: 'not_found' } });
    expect(await refusalOf(inspectLocalPdf('relative/diploma.pdf', LIMIT))).toMatchObject({ body: { reason: 'not_a_file' } });
  });

  it('follows a link to a real PDF but not one to a folder', async () => {
    const target = await file('target.pdf', '%PDF-1.4 tiny');
    await symlink(target, join(dir, 'link.pdf'));
    await expect(inspectLocalPdf(join(dir, 'link.pdf'), LIMIT)).resolves.toMatchObject({ size: 13 });
    await symlink(dir, join(dir, 'folder-link.pdf'));
    expect(await refusalOf(inspectLocalPdf(join(dir, 'folder-link.pdf'), LIMIT))).toMatchObject({ body: { reason: 'not_a_file' } });
  });
});

describe('uploadNameOf', () => {
  it('keeps every alphabet, drops control characters and keeps long names within 200 characters with their extension', () => {
    expect(uploadNameOf('/home/ana/Diplomë – Đorđević Љубица.pdf')).toBe('Diplomë – Đorđević Љубица.pdf');
    expect(uploadNameOf('/tmp/bad\u0007name\u001b.pdf')).toBe('bad_name_.pdf');
    const long = uploadNameOf(`/tmp/${'a'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
