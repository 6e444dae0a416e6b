import { open, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { PDF_SIGNATURE_TEXT, transferRefusal as refusal } from '../../shared/transfer-rules';

// The checks made on a local file before a byte is sent: a regular file that exists, not empty,
// within the server's published limit, and starting with the PDF signature. Only the first five
// bytes are read.

export const PDF_SIGNATURE = Buffer.from(PDF_SIGNATURE_TEXT, 'latin1');

export interface LocalPdf {
  path: string;
  /** The name the server gets (basename, made acceptable to its file-name rule). */
  fileName: string;
  size: number;
  mtimeMs: number;
}

function errnoOf(thrown: unknown): string | undefined {
  return typeof thrown === 'object' && thrown !== null ? (thrown as { code?: string }).code : undefined;
}

/** The basename without control characters, at most 200 characters, keeping the extension. */
export function uploadNameOf(path: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = basename(path).replace(/[\u0000-\u001f\u007f\\/]/g, '_').trim();
  const name = cleaned === '' || cleaned === '.' || cleaned === '..' ? 'document.pdf' : cleaned;
  if (name.length <= 200) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, 200 - extension.length) + extension;
}

export async function inspectLocalPdf(path: string, maxBytes: number): Promise<LocalPdf> {
  // Paths come from a dialog or the preload's webUtils; a relative one was not made by either.
  if (!isAbsolute(path)) throw refusal('not_a_file');
  let info;
  try {
    info = await stat(path);
  } catch (thrown) {
    const code = errnoOf(thrown);
    throw refusal(code === 'ENOENT' || code === 'ENOTDIR' ? 'not_found' : 'unreadable');
  }
  if (!info.isFile()) throw refusal('not_a_file');
  if (info.size === 0) throw refusal('empty');
  if (info.size > maxBytes) throw refusal('too_large', maxBytes);

  const head = Buffer.alloc(PDF_SIGNATURE.length);
  let read: number;
  try {
    const handle = await open(path, 'r');
    try {
      ({ bytesRead: read } = await handle.read(head, 0, head.length, 0));
    } finally {
      await handle.close();
    }
  } catch {
    throw refusal('unreadable');
  }
  // A renamed image or office file fails here, whatever its extension says.
  if (read < PDF_SIGNATURE.length || !head.equals(PDF_SIGNATURE)) throw refusal('not_pdf');
  return { path, fileName: uploadNameOf(path), size: info.size, mtimeMs: info.mtimeMs };
}
