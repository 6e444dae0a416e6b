import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { PDF_MEDIA_TYPE } from '../shared/api/documents';
import { HTTP_STATUS } from '../shared/api/drf';
import { ERROR_CODES } from '../shared/errors';
import { ApiError, fieldErrors } from './errors';
import { UploadTooLargeError, type DocumentStorage, type TemporaryObject } from './storage/document-storage';
import { checkPdf } from './storage/pdf-check';

// Taking a PDF in (documents, the inspectorate's file, verdicts): the raw body (Content-Type application/pdf, metadata in the query) or one
// `file` part of a multipart form (metadata in the query or in fields before the file). The bytes
// stream into a temporary object; the caller registers it only when every check passed.

export const MB = 1024 * 1024;

export const tooLarge = (limitBytes: number) =>
  new ApiError(HTTP_STATUS.payloadTooLarge, ERROR_CODES.payloadTooLarge, `File too large (limit ${Math.floor(limitBytes / MB)} MB).`, {
    extra: { max_upload_bytes: limitBytes },
  });
const unsupported = () => new ApiError(415, ERROR_CODES.unsupportedFileType, 'Unsupported file type: only PDF documents are accepted.');

export interface IncomingPdf {
  metadata: Record<string, unknown>;
  content: Readable;
}

/** The request's file stream and metadata, before anything is read of the file itself. */
export async function openIncomingPdf(request: FastifyRequest): Promise<IncomingPdf> {
  const query = request.query as Record<string, unknown>;
  if (request.isMultipart()) {
    let part: MultipartFile | undefined;
    try {
      part = await request.file();
    } catch {
      throw fieldErrors({ file: ['Send the PDF as one part named “file”.'] });
    }
    if (!part || part.fieldname !== 'file') throw fieldErrors({ file: ['Send the PDF as one part named “file”.'] });
    const fields = Object.fromEntries(
      Object.values(part.fields)
        .flat()
        .flatMap((field) => (field && field.type === 'field' ? [[field.fieldname, field.value]] : [])),
    );
    return { metadata: { file_name: part.filename, ...query, ...fields }, content: part.file };
  }
  if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== PDF_MEDIA_TYPE) throw unsupported();
  return { metadata: query, content: request.body as Readable };
}

/** Streams the content into storage and checks it; the temporary object is discarded on any refusal. */
export async function receivePdf(storage: DocumentStorage, content: Readable, maxBytes: number): Promise<TemporaryObject> {
  let object: TemporaryObject;
  try {
    object = await storage.writeTemporary(content, { maxBytes });
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw tooLarge(maxBytes);
    throw error;
  }
  const verdict = await checkPdf(object);
  if (verdict === 'ok') return object;
  await object.discard();
  if (verdict === 'empty') throw fieldErrors({ file: ['The file is empty.'] });
  if (verdict === 'not_pdf') throw unsupported();
  throw fieldErrors({ file: ['The PDF is damaged or incomplete. Save or scan it again and upload the new file.'] });
}
