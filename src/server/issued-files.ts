import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_STATUS } from '../shared/api/drf';
import { ERROR_CODES } from '../shared/errors';
import type { Transaction } from 'kysely';
import type { AppDatabase } from './db/database';
import type { Database } from './db/schema';
import { sendStoredFile } from './downloads';
import { ApiError } from './errors';
import type { DocumentStorage } from './storage/document-storage';

// Issuing a document (a certificate, statement or verification document, a payment receipt, a
// verdict, a recognition decision's PDF) is
// one step for every kind: render → store the bytes in the document storage → record their
// SHA-256, size and when they were made on the issuing row, in the transaction that issues it.
// Downloads stream exactly those bytes after checking them against the SHA-256; nothing is ever
// rendered again, so a later template, letterhead or logo cannot change an issued document.

/** Bytes as stored at issue. */
export interface IssuedFile {
  key: string;
  sha256: string;
  size: number;
  renderedAt: Date;
}

/** What a renderer made: the bytes and whatever the issuing row records beside them (e.g. template versions). */
export interface Rendered<Extra> {
  bytes: Buffer;
  extra: Extra;
}

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Issues one file: `render` makes the bytes, they are stored, and `record` writes key, hash and
 * size on the issuing row (it must refuse a row that already has bytes). When recording fails the
 * stored object is removed again; `written` collects the key so that the caller can remove it when
 * its transaction rolls back later.
 */
export async function issueFile<Extra>(
  storage: DocumentStorage,
  written: string[],
  render: () => Promise<Rendered<Extra>>,
  record: (file: IssuedFile, extra: Extra) => Promise<void>,
): Promise<IssuedFile> {
  const { bytes, extra } = await render();
  const key = await storage.put(bytes);
  const file: IssuedFile = { key, sha256: sha256Hex(bytes), size: bytes.length, renderedAt: new Date() };
  try {
    await record(file, extra);
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  written.push(key);
  return file;
}

/** Removes what a rolled-back transaction issued (its rows are gone, so are their bytes). */
export async function discardIssued(storage: DocumentStorage, written: readonly string[]): Promise<void> {
  await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
}

/** Issues documents inside a transaction; the workflow gets one from its caller (app-deps.ts). */
export interface DocumentIssuer {
  readonly storage: DocumentStorage;
  /** Renders and stores an issued_documents row's PDF (certificate or verification document). */
  issuedDocument(trx: AppDatabase, issuedDocumentId: number, written: string[]): Promise<IssuedFile>;
  /** Renders and stores a paid payment's receipt. */
  receipt(trx: AppDatabase, paymentId: number, written: string[]): Promise<IssuedFile>;
  /** Renders and stores an approved recognition decision's PDF, in the applicant's language. */
  decisionPdf(trx: AppDatabase, decisionId: number, written: string[]): Promise<IssuedFile>;
}

/** Runs `work` in a transaction; what it issued is removed from the storage when the transaction fails. */
export async function issuingTransaction<T>(db: AppDatabase, storage: DocumentStorage, work: (trx: Transaction<Database>, written: string[]) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await db.transaction().execute((trx) => work(trx, written));
  } catch (error) {
    await discardIssued(storage, written);
    throw error;
  }
}

export const issuedFileUnavailable = () => new ApiError(HTTP_STATUS.conflict, ERROR_CODES.issuedFileUnavailable);

async function storedSha256(storage: DocumentStorage, key: string): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of storage.read(key)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return null;
  }
}

/**
 * Sends an issued document's stored bytes, after checking they are there and still hash to the
 * recorded SHA-256 (the ETag). A missing or altered file is refused with 409
 * `issued_file_unavailable`: an issued document is never made again on download.
 */
export async function sendIssuedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: DocumentStorage,
  file: { key: string | null; sha256: string | null; fileName: string },
  disposition: 'attachment' | 'inline',
): Promise<FastifyReply> {
  if (!file.key || !file.sha256) throw issuedFileUnavailable();
  if ((await storedSha256(storage, file.key)) !== file.sha256) {
    request.log.error({ key: file.key }, 'issued file missing or altered in the document storage');
    throw issuedFileUnavailable();
  }
  return sendStoredFile(request, reply, storage, { key: file.key, fileName: file.fileName, mediaType: 'application/pdf', sha256: file.sha256 }, disposition);
}
