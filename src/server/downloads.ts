import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentStorage } from './storage/document-storage';
import { withoutControlCharacters } from './shared/control-characters';

// Sending a stored file: Content-Type, a Content-Disposition that keeps Albanian and Serbian
// names (RFC 6266/5987, with an ASCII fallback for old clients), an ETag from the SHA-256, and
// single byte ranges (206, 416, If-Range) so an interrupted download resumes.

const ASCII_FOR: Record<string, string> = { đ: 'dj', Đ: 'Dj', ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L' };

export function asciiFileName(name: string): string {
  const folded = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, (char) => ASCII_FOR[char] ?? '_')
    .replace(/["\\]/g, '_');
  return folded.trim() || 'document.pdf';
}

/** A file name's last path segment without control characters, or `fallback` when nothing is left. */
export function fileNameSegment(raw: string, fallback: string): string {
  return withoutControlCharacters(raw.split(/[/\\]/).pop() ?? '').trim() || fallback;
}

/**
 * The one way a Content-Disposition is written. Only the name's last path segment goes out, so a
 * name stored before uploads checked it never tells the client to save elsewhere (`..\Startup\x.pdf`).
 */
export function contentDisposition(rawName: string, disposition: 'attachment' | 'inline'): string {
  const name = fileNameSegment(rawName, 'document.pdf');
  const encoded = encodeURIComponent(name.normalize('NFC')).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encoded}`;
}

export type RangeRequest = { kind: 'whole' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

/** One `bytes=` range of a file of `size` bytes (several ranges are answered whole, as RFC 9110 allows). */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start) return start >= size ? { kind: 'unsatisfiable' } : { kind: 'whole' };
  }
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}

export interface StoredFile {
  key: string;
  fileName: string;
  mediaType: string;
  sha256: string | null;
}

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: DocumentStorage,
  file: StoredFile,
  disposition: 'attachment' | 'inline',
): Promise<FastifyReply> {
  const size = await storage.size(file.key);
  const etag = file.sha256 ? `"${file.sha256}"` : null;
  reply.header('content-type', file.mediaType);
  reply.header('content-disposition', contentDisposition(file.fileName, disposition));
  reply.header('accept-ranges', 'bytes');
  reply.header('x-content-type-options', 'nosniff');
  if (etag) reply.header('etag', etag);
  reply.header('cache-control', 'private, no-store');

  const ifRange = request.headers['if-range'];
  const rangeAllowed = !ifRange || (etag !== null && ifRange === etag);
  const range = rangeAllowed ? parseRange(request.headers.range, size) : ({ kind: 'whole' } as const);
  if (range.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    reply.removeHeader('content-disposition');
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.code(416).send({ detail: 'The requested range is outside the file.', code: 'range_not_satisfiable' });
  }
  if (range.kind === 'range') {
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', String(range.end - range.start + 1));
    return reply.code(206).send(storage.read(file.key, range));
  }
  reply.header('content-length', String(size));
  return reply.code(200).send(storage.read(file.key));
}
