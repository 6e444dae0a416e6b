import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { PDF_MEDIA_TYPE } from '../shared/api/documents';
import { HTTP_STATUS } from '../shared/api/drf';
import { ApiError, FieldValidationError, fieldError, refuse, schemaIssuesRefused } from './errors';
import { UploadStalledError, UploadTooLargeError, type DocumentStorage, type TemporaryObject } from './storage/document-storage';
import { checkPdf } from './storage/pdf-check';
import { scanActiveContent, temporaryObjectChunks } from './storage/pdf-active-content';
import type { ActiveContentKind } from '../shared/api/applications';
import { drainUnreadBody } from './upload-drain';

// Taking a PDF in (documents, the inspectorate's file, verdicts): the raw body (Content-Type application/pdf, metadata in the query) or one
// `file` part of a multipart form (metadata in the query or in fields before the file). The bytes
// stream into a temporary object; the caller registers it only when every check passed, with
// the active content found in it (scripts, launch actions …: kept and shown, never refused).

export const MB = 1024 * 1024;
/** Room for the multipart boundaries and fields around the file in a declared length. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const tooLarge = (limitBytes: number) =>
  refuse(HTTP_STATUS.payloadTooLarge, 'upload_too_large', { limit: Math.floor(limitBytes / MB) }, { extra: { max_upload_bytes: limitBytes } });
const unsupported = () => new ApiError(415, 'upload_not_pdf');
const interrupted = () => new ApiError(HTTP_STATUS.badRequest, 'upload_interrupted');
/** 408: the body stopped arriving; the connection is closed, as what is left of it cannot be read. */
export const uploadStalled = () => new ApiError(408, 'upload_stalled', undefined, { headers: { connection: 'close' } });

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
      throw fieldError('file', 'upload_send_as_file');
    }
    if (!part || part.fieldname !== 'file') throw fieldError('file', 'upload_send_as_file');
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

export interface ReceivedPdf {
  object: TemporaryObject;
  /** What the file carries that a system viewer may run; empty for a clean file. */
  activeContent: ActiveContentKind[];
}

/** Streams the content into storage, checks it and scans it; the temporary object is discarded on any refusal. */
export async function receivePdf(storage: DocumentStorage, content: Readable, maxBytes: number, idleTimeoutMs?: number): Promise<ReceivedPdf> {
  let object: TemporaryObject;
  try {
    object = await storage.writeTemporary(content, { maxBytes, idleTimeoutMs });
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw tooLarge(maxBytes);
    if (error instanceof UploadStalledError) throw uploadStalled();
    throw error;
  }
  let verdict: Awaited<ReturnType<typeof checkPdf>>;
  try {
    verdict = await checkPdf(object);
    if (verdict === 'ok') return { object, activeContent: await scanActiveContent(temporaryObjectChunks(object)) };
  } catch (error) {
    await object.discard();
    throw error;
  }
  await object.discard();
  if (verdict === 'empty') throw fieldError('file', 'upload_empty');
  if (verdict === 'not_pdf') throw unsupported();
  throw fieldError('file', 'upload_damaged');
}

/**
 * An upload's fields (the query, then a multipart form's fields and its file part's name) checked
 * with the route's schema, whose `file_name`, if any, is the documents' rule (`uploadFileName`: no
 * path separators or control characters): a refusal is a 400 on the field, and the name is never
 * stored or echoed. The name is kept in NFC, as the documents list searches it.
 */
export function parseUploadFields<S extends z.ZodType<Record<string, unknown>>>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw schemaIssuesRefused(parsed.error.issues);
  }
  const data = parsed.data as z.output<S> & { file_name?: unknown };
  return typeof data.file_name === 'string' ? { ...data, file_name: data.file_name.normalize('NFC') } : data;
}

export interface UploadOptions<M> {
  maxBytes: number;
  /** Refuses no data for this long while the file streams in (408); a slow but moving upload goes on. */
  idleTimeoutMs: number;
  /** Checks the upload's fields (query or multipart fields), with parseUploadFields; throws a 400 on bad ones. */
  readMetadata(metadata: Record<string, unknown>): M;
}

/**
 * One upload, start to end, for every route that takes a PDF: a declared Content-Length over the
 * limit is refused before a byte is read; then the fields, the bytes (into a temporary object)
 * and the content are checked. Every refusal reads the rest of the body away so the client reads
 * the answer, not a reset. The answers say what happened: 413 too large, 415 not a PDF, 400 empty,
 * damaged, bad fields or an interrupted body, 408 a body that stopped arriving.
 */
export async function acceptPdfUpload<M>(request: FastifyRequest, storage: DocumentStorage, options: UploadOptions<M>): Promise<ReceivedPdf & { metadata: M }> {
  const { maxBytes } = options;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + (request.isMultipart() ? MULTIPART_OVERHEAD_BYTES : 0)) {
    drainUnreadBody(request.raw);
    throw tooLarge(maxBytes);
  }
  let incoming: IncomingPdf;
  try {
    incoming = await openIncomingPdf(request);
  } catch (error) {
    drainUnreadBody(request.raw);
    throw error;
  }
  let metadata: M;
  try {
    metadata = options.readMetadata(incoming.metadata);
  } catch (error) {
    drainUnreadBody(request.raw, incoming.content);
    throw error;
  }
  // A multipart parser's error (an unterminated form) arrives on the part's stream.
  let sourceFailed = false;
  incoming.content.once('error', () => {
    sourceFailed = true;
  });
  try {
    return { metadata, ...(await receivePdf(storage, incoming.content, maxBytes, options.idleTimeoutMs)) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 408) {
      // Nothing more is coming: the answer goes out and the connection closes.
      throw error;
    }
    if (error instanceof ApiError || error instanceof FieldValidationError) {
      // Past the limit the rest of the body is still on its way: read it away so the client
      // gets to read the 413 rather than a reset.
      drainUnreadBody(request.raw, incoming.content);
      throw error;
    }
    // The body ended before the file did (the client went away, or the form was cut off).
    if (sourceFailed || incoming.content.errored || !request.raw.complete) throw interrupted();
    throw error;
  }
}
