import type { Transaction } from 'kysely';
import { RESOLVABLE_LINE_OUTCOMES, type StatementDetail } from '../../../shared/api/payments';
import { visibleIn } from '../../application-scope';
import type { Database } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../errors';
import { issuingTransaction } from '../../issued-files';
import { recordAudit } from '../../shared/audit';
import { performAction } from '../../workflow/perform-action';
import { findStatementDetail } from './statement-queries';
import type { StatementActor } from './statement-writes';

// Resolving the lines an import left: a person matches a line to the pending payment it pays
// (found by reference or applicant), which records that payment through the workflow's mark_paid
// with the line's transaction, as the import would have; or sets it aside with the reason. A line
// is resolved once, by whom and when is kept on it, and each resolution writes its audit row.
// A line is matched only to a payment whose amount due is the line's amount: the ledger never
// holds an amount that was not paid. A line paying too little or too much is set aside with the
// reason (and followed up outside the import: a refund, a request for the rest).

type Trx = Transaction<Database>;

const cents = (amount: string) => Math.round(Number(amount) * 100);

async function lockLine(trx: Trx, statementId: number, lineNumber: number) {
  const statement = await trx.selectFrom('bank_statements').select(['id', 'status', 'file_name', 'recorded_count']).where('id', '=', statementId).forUpdate().executeTakeFirst();
  if (!statement) throw notFound();
  if (statement.status !== 'imported') throw conflict('statement_not_imported');
  const line = await trx
    .selectFrom('bank_statement_lines')
    .selectAll()
    .where('statement_id', '=', statementId)
    .where('line_number', '=', lineNumber)
    .forUpdate()
    .executeTakeFirst();
  if (!line) throw notFound();
  if (line.resolution !== null) throw conflict('statement_line_resolved');
  if (!(RESOLVABLE_LINE_OUTCOMES as readonly string[]).includes(line.outcome)) throw conflict('statement_line_not_resolvable');
  return { statement, line };
}

async function answer(actor: StatementActor, statementId: number): Promise<StatementDetail> {
  const detail = await findStatementDetail(actor.db, actor.scope, statementId);
  if (!detail) throw notFound();
  return detail;
}

/** Records the pending payment `paymentId` as paid by the line, and marks the line matched. */
export async function matchStatementLine(actor: StatementActor, statementId: number, lineNumber: number, paymentId: number): Promise<StatementDetail> {
  const { db, user, scope } = actor;
  await issuingTransaction(db, actor.issuer.storage, async (trx, written) => {
    const { statement, line } = await lockLine(trx, statementId, lineNumber);
    const payment = await trx
      .selectFrom('application_payments')
      .innerJoin('applications', 'applications.id', 'application_payments.application_id')
      .select(['application_payments.id', 'application_payments.amount_due', 'applications.id as application_id', 'applications.reference', 'applications.version'])
      .where('application_payments.id', '=', paymentId)
      .where('application_payments.status', '=', 'pending')
      .where(visibleIn(scope))
      .forUpdate('applications')
      .executeTakeFirst();
    if (!payment) throw fieldError('payment_id', 'statement_payment_not_pending');
    if (line.amount === null || cents(line.amount) !== cents(payment.amount_due)) {
      throw fieldError('payment_id', 'statement_match_amount_differs', { amount: line.amount ?? '—', due: payment.amount_due });
    }
    await performAction({ db, user, scope, ip: actor.ip, trx, statementLineId: line.id, issuer: actor.issuer, written }, payment.application_id, 'mark_paid', {
      version: payment.version,
      amount: line.amount,
      transaction_id: line.transaction_id!,
      method: 'bank_transfer',
      notes: `Bank statement ${statement.file_name}, line ${line.line_number} (matched by hand)`,
    });
    await trx
      .updateTable('bank_statement_lines')
      .set({ resolution: 'matched', resolution_note: null, payment_id: payment.id, resolved_by_id: user.id, resolved_at: new Date() })
      .where('id', '=', line.id)
      .execute();
    await trx.updateTable('bank_statements').set({ recorded_count: statement.recorded_count + 1 }).where('id', '=', statement.id).execute();
    await recordAudit(trx, {
      actorId: user.id,
      action: 'payment.statement_line_match',
      entityType: 'bank_statement',
      entityId: statement.id,
      details: { line: line.line_number, outcome: line.outcome, payment_id: payment.id, reference: payment.reference, transaction_id: line.transaction_id },
      ip: actor.ip,
    });
  });
  return answer(actor, statementId);
}

/** Sets the line aside with the reason; nothing is recorded. */
export async function setStatementLineAside(actor: StatementActor, statementId: number, lineNumber: number, reason: string): Promise<StatementDetail> {
  const { db, user } = actor;
  await db.transaction().execute(async (trx) => {
    const { statement, line } = await lockLine(trx, statementId, lineNumber);
    await trx
      .updateTable('bank_statement_lines')
      .set({ resolution: 'set_aside', resolution_note: reason, resolved_by_id: user.id, resolved_at: new Date() })
      .where('id', '=', line.id)
      .execute();
    await recordAudit(trx, {
      actorId: user.id,
      action: 'payment.statement_line_set_aside',
      entityType: 'bank_statement',
      entityId: statement.id,
      details: { line: line.line_number, outcome: line.outcome, reason, transaction_id: line.transaction_id },
      ip: actor.ip,
    });
  });
  return answer(actor, statementId);
}
