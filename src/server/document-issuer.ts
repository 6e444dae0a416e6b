import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { AppDatabase } from './db/database';
import { issuingTransaction, type DocumentIssuer } from './issued-files';
import { issueIssuedDocumentFile } from './modules/issuance/issue';
import { issueReceiptFile } from './modules/payments/receipt-issue';
import { issueDecisionPdfFile } from './modules/recognition-decisions/decision-pdf-issue';
import type { DocumentStorage } from './storage/document-storage';
import { recordAudit } from './shared/audit';

// The issuer the workflow issues through (issued-files.ts), put together from the modules that
// render each kind, like routes.ts puts their routes together.

export function createDocumentIssuer(deps: { storage: DocumentStorage; config: ServerConfig }): DocumentIssuer {
  return {
    storage: deps.storage,
    issuedDocument: (trx, id, written) => issueIssuedDocumentFile(trx, deps, id, written),
    receipt: (trx, id, written) => issueReceiptFile(trx, deps, id, written),
    decisionPdf: (trx, id, written) => issueDecisionPdfFile(trx, deps, id, written),
  };
}

/**
 * The one-time backfill at start: issued rows (and approved decisions) that have no bytes yet get them, once. They are
 * the demo's and the benchmark's rows (seeded in one SQL pass without rendering, and without a
 * storage in the tests' template database) and rows issued before issuing rendered (migration
 * 0023) that were never downloaded. Each row in its own transaction, locked, so two instances
 * starting at once render it once; later starts find nothing to do. Recorded in the audit log.
 * Newest first (the register's order); `signal` stops it between rows when the server closes.
 */
/**
 * The backfill runs beside requests and the clock-driven jobs (deadlines, the outbox), and
 * rendering a PDF holds the event loop: after each row it rests three times as long as the row
 * took (at least 50 ms), so it takes at most a quarter of the server's time however loaded the
 * machine is, while hundreds of demo rows are rendered.
 */
const BACKFILL_REST_FACTOR = 3;
const BACKFILL_MIN_REST_MS = 50;
function pacer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    const worked = performance.now() - since;
    await new Promise<void>((resolve) => setTimeout(resolve, Math.max(BACKFILL_MIN_REST_MS, BACKFILL_REST_FACTOR * worked)));
    since = performance.now();
  };
}

export async function issueMissingFiles(
  db: AppDatabase,
  issuer: DocumentIssuer,
  options: { logger?: FastifyBaseLogger; signal?: AbortSignal } = {},
): Promise<{ documents: number; receipts: number; decisions: number }> {
  const { logger, signal } = options;
  const counts = { documents: 0, receipts: 0, decisions: 0 };
  const giveWay = pacer();
  const documents = await db.selectFrom('issued_documents').select('id').where('storage_key', 'is', null).orderBy('issued_at', 'desc').orderBy('id', 'desc').execute();
  for (const { id } of documents) {
    if (signal?.aborted) break;
    await giveWay();
    const issued = await issuingTransaction(db, issuer.storage, async (trx, written) => {
      const row = await trx.selectFrom('issued_documents').select('storage_key').where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
      if (!row || row.storage_key !== null) return false;
      await issuer.issuedDocument(trx, id, written);
      return true;
    });
    if (issued) counts.documents += 1;
  }
  // Approved decisions without their PDF (the demo's, seeded as rows, and any approved before 0031),
  // before the receipts: the decision screens show them, and the demo has far fewer of them.
  const decisions = await db
    .selectFrom('recognition_decisions')
    .select('id')
    .where('approved_at', 'is not', null)
    .where('pdf_storage_key', 'is', null)
    .orderBy('approved_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const { id } of decisions) {
    if (signal?.aborted) break;
    await giveWay();
    const issued = await issuingTransaction(db, issuer.storage, async (trx, written) => {
      const row = await trx.selectFrom('recognition_decisions').select('pdf_storage_key').where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
      if (!row || row.pdf_storage_key !== null) return false;
      await issuer.decisionPdf(trx, id, written);
      return true;
    });
    if (issued) counts.decisions += 1;
  }
  const payments = await db
    .selectFrom('application_payments')
    .select('id')
    .where('receipt_code', 'is not', null)
    .where('paid_at', 'is not', null)
    .where('receipt_storage_key', 'is', null)
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const { id } of payments) {
    if (signal?.aborted) break;
    await giveWay();
    const issued = await issuingTransaction(db, issuer.storage, async (trx, written) => {
      const row = await trx.selectFrom('application_payments').select('receipt_storage_key').where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
      if (!row || row.receipt_storage_key !== null) return false;
      await issuer.receipt(trx, id, written);
      return true;
    });
    if (issued) counts.receipts += 1;
  }
  if (counts.documents + counts.receipts + counts.decisions > 0) {
    await recordAudit(db, { actorId: null, action: 'issued_files.backfill', entityType: 'issued_document', entityId: null, details: counts, ip: null });
    logger?.info(counts, 'issued documents without stored bytes rendered once');
  }
  return counts;
}
