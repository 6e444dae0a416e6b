import { issuingTransaction, type DocumentIssuer } from '../../issued-files';
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { User } from '../../../shared/api/auth';
import { type StatementDetail, type StatementLineOutcome } from '../../../shared/api/payments';
import type { ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, FieldValidationError, conflict, notFound, preconditionFailed } from '../../errors';
import { performAction } from '../../workflow/perform-action';
import { readStatement, type StatementFileLine } from './statement-file';
import { evaluateLines, type LineVerdict } from './statement-matching';
import { findStatementDetail, storedLines, type StoredLine } from './statement-queries';
import { recordAudit } from '../../shared/audit';

// Taking a statement in and importing it. An upload stores the statement and the outcome of every
// line at once (previewed); the same bytes again answer that statement re-evaluated, or 409 once
// it was imported (its SHA-256 is unique). The import locks the statement, evaluates every line
// again against the data of that moment and records each matched line through the workflow's
// mark_paid (status, history, audit, the applicant's e-mail), all in one transaction: a statement
// is imported whole or not at all, and only once. A line the workflow refuses is rolled back to
// its savepoint and kept with the reason, so it does not stop the others.

type Trx = Transaction<Database>;

export interface StatementActor {
  db: AppDatabase;
  user: User;
  scope: ApplicationScope;
  ip: string | null;
  /** Issues the receipts of the payments an import records. */
  issuer: DocumentIssuer;
}

const LINE_BATCH = 1000;

const alreadyImported = (importedAt: Date | null) =>
  conflict('statement_imported', {}, { imported_at: importedAt === null ? null : new Date(importedAt).toISOString() });

function lineRow(statementId: number, line: StatementFileLine, verdict: LineVerdict) {
  return {
    statement_id: statementId,
    line_number: line.line_number,
    booked_on: line.booked_on,
    amount: line.amount,
    currency: line.currency,
    transaction_id: line.transaction_id,
    reference: line.reference,
    payer: line.payer,
    outcome: verdict.outcome,
    problem: verdict.problem,
    payment_id: verdict.payment?.id ?? null,
  };
}

async function writeVerdicts(trx: Trx, lines: readonly StoredLine[], verdicts: readonly LineVerdict[]): Promise<void> {
  for (const [index, line] of lines.entries()) {
    const verdict = verdicts[index];
    const paymentId = verdict.payment?.id ?? null;
    if (line.outcome === verdict.outcome && line.stored_problem === verdict.problem && line.payment_id === paymentId) continue;
    await trx.updateTable('bank_statement_lines').set({ outcome: verdict.outcome, problem: verdict.problem, payment_id: paymentId }).where('id', '=', line.id).execute();
  }
}

/**
 * Reads, evaluates and stores an uploaded statement; `created` false when the same file was
 * previewed before (its lines evaluated again, no second statement).
 */
export async function previewStatement(actor: StatementActor, upload: { fileName: string; bytes: Uint8Array }): Promise<{ created: boolean; detail: StatementDetail }> {
  const { db, user, scope } = actor;
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  const known = await db.selectFrom('bank_statements').select(['id', 'status', 'imported_at']).where('sha256', '=', sha256).executeTakeFirst();
  if (known?.status === 'imported') throw alreadyImported(known.imported_at);
  const file = known ? null : readStatement(upload.bytes);

  const statementId = await db.transaction().execute(async (trx) => {
    let id = known?.id;
    if (file) {
      const inserted = await trx
        .insertInto('bank_statements')
        .values({ file_name: upload.fileName, sha256, encoding: file.encoding, line_count: file.lines.length, uploaded_by_id: user.id })
        // The same file sent twice at once: the second waits for the first and then re-evaluates it.
        .onConflict((oc) => oc.column('sha256').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        const verdicts = await evaluateLines(trx, scope, file.lines);
        const rows = file.lines.map((line, index) => lineRow(inserted.id, line, verdicts[index]));
        for (let start = 0; start < rows.length; start += LINE_BATCH) {
          await trx.insertInto('bank_statement_lines').values(rows.slice(start, start + LINE_BATCH)).execute();
        }
        await audit(trx, actor, 'payment.statement_upload', inserted.id, { file_name: upload.fileName, lines: file.lines.length });
        return { id: inserted.id, created: true };
      }
      const existing = await trx.selectFrom('bank_statements').select('id').where('sha256', '=', sha256).executeTakeFirstOrThrow();
      id = existing.id;
    }
    const statement = await trx.selectFrom('bank_statements').select(['id', 'status', 'imported_at']).where('id', '=', id!).forUpdate().executeTakeFirstOrThrow();
    if (statement.status === 'imported') throw alreadyImported(statement.imported_at);
    const lines = await storedLines(trx, statement.id);
    await writeVerdicts(trx, lines, await evaluateLines(trx, scope, lines));
    return { id: statement.id, created: false };
  });

  const detail = await findStatementDetail(db, scope, statementId.id);
  if (!detail) throw notFound();
  return { created: statementId.created, detail };
}

/** The outcome a refused line keeps: what the workflow's refusal says about it. */
function refusedOutcome(error: ApiError | FieldValidationError): { outcome: StatementLineOutcome; problem: string } {
  if (error instanceof ApiError) return { outcome: 'invalid', problem: error.message };
  const [field, messages] = Object.entries(error.fields)[0] ?? ['', []];
  const problem = messages[0] ?? error.message;
  if (field === 'transaction_id') return { outcome: 'already_recorded', problem };
  if (field === 'amount') return { outcome: 'amount_mismatch', problem };
  return { outcome: 'invalid', problem };
}

/** Records the matched lines of a previewed statement (412 when `version` is not the statement's, 409 once imported). */
export async function importStatement(actor: StatementActor, id: number, version: number): Promise<StatementDetail> {
  const { db, user, scope } = actor;
  await issuingTransaction(db, actor.issuer.storage, async (trx, written) => {
    const statement = await trx.selectFrom('bank_statements').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!statement) throw notFound();
    if (statement.status === 'imported') throw alreadyImported(statement.imported_at);
    if (statement.version !== version) throw preconditionFailed();

    const lines = await storedLines(trx, id);
    const verdicts = await evaluateLines(trx, scope, lines);
    let recorded = 0;
    for (const [index, line] of lines.entries()) {
      const verdict = verdicts[index];
      if (verdict.outcome !== 'matched' || !verdict.payment) continue;
      await sql`savepoint statement_line`.execute(trx);
      try {
        // The version the workflow compares with is the one read here, under the row's lock.
        const application = await trx.selectFrom('applications').select('version').where('id', '=', verdict.payment.application_id).forUpdate().executeTakeFirstOrThrow();
        await performAction({ db, user, scope, ip: actor.ip, trx, statementLineId: line.id, issuer: actor.issuer, written }, verdict.payment.application_id, 'mark_paid', {
          version: application.version,
          amount: line.amount!,
          transaction_id: line.transaction_id!,
          method: 'bank_transfer',
          notes: `Bank statement ${statement.file_name}, line ${line.line_number}`,
        });
        await sql`release savepoint statement_line`.execute(trx);
        verdicts[index] = { ...verdict, outcome: 'recorded' };
        recorded += 1;
      } catch (error) {
        if (!(error instanceof ApiError || error instanceof FieldValidationError)) throw error;
        await sql`rollback to savepoint statement_line`.execute(trx);
        verdicts[index] = { ...refusedOutcome(error), payment: verdict.payment };
      }
    }
    await writeVerdicts(trx, lines, verdicts);
    await trx
      .updateTable('bank_statements')
      .set({ status: 'imported', recorded_count: recorded, imported_by_id: user.id, imported_at: new Date(), version: statement.version + 1 })
      .where('id', '=', id)
      .execute();
    await audit(trx, actor, 'payment.statement_import', id, { file_name: statement.file_name, lines: lines.length, recorded });
  });
  const detail = await findStatementDetail(db, scope, id);
  if (!detail) throw notFound();
  return detail;
}

async function audit(trx: Trx, actor: StatementActor, action: string, statementId: number, details: Record<string, unknown>): Promise<void> {
  await recordAudit(trx, { actorId: actor.user.id, action, entityType: 'bank_statement', entityId: statementId, details, ip: actor.ip });
}
