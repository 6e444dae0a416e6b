import { sql, type Kysely } from 'kysely';
import type { StatementLineOutcome } from '../../../shared/api/payments';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import type { StatementFileLine } from './statement-file';

// Which pending payment each statement line pays, against the data as it is now: at upload (the
// preview), when the same file comes again, and under the statement's lock at import. The reference
// column names the application (the applicant wrote it on the transfer, often among other words);
// the amount must be the amount due. Read in a few set queries, not one per line: a statement may
// hold twenty thousand lines.

/** What a line pays: the pending payment, its application and amount due. */
export interface MatchedPayment {
  id: number;
  application_id: number;
  application_reference: string;
  amount_due: string;
}

export interface LineVerdict {
  /** Never 'recorded' from evaluateLines: only the import records. */
  outcome: StatementLineOutcome;
  problem: string | null;
  /** The payment the line is about (matched, amount_mismatch), else null. */
  payment: MatchedPayment | null;
}

type Reader = Kysely<Database>;

/** At most this many values in one `in (…)` list (PostgreSQL takes 65,535 parameters a query). */
const CHUNK = 5000;

const REFERENCE_IN_TEXT = /NARIC-\d{4}-\d{1,10}/i;

/** The application reference a line's reference column carries: the NARIC reference inside it, else the whole text. */
export function referenceOf(text: string | null): string | null {
  if (text === null) return null;
  return (REFERENCE_IN_TEXT.exec(text)?.[0] ?? text.trim()).toUpperCase();
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

function chunks<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += CHUNK) result.push(values.slice(start, start + CHUNK));
  return result;
}

async function visibleApplications(db: Reader, scope: ApplicationScope, references: string[]): Promise<Map<string, { id: number; reference: string }>> {
  const found = new Map<string, { id: number; reference: string }>();
  for (const part of chunks(references)) {
    const rows = await db
      .selectFrom('applications')
      .select(['applications.id', 'applications.reference'])
      .where(sql<string>`upper(applications.reference)`, 'in', part)
      .where(visibleIn(scope))
      .execute();
    for (const row of rows) found.set(row.reference.toUpperCase(), row);
  }
  return found;
}

async function pendingPayments(db: Reader, applicationIds: number[]): Promise<Map<number, { id: number; amount_due: string }>> {
  const found = new Map<number, { id: number; amount_due: string }>();
  for (const part of chunks(applicationIds)) {
    const rows = await db
      .selectFrom('application_payments')
      .select(['id', 'application_id', 'amount_due'])
      .where('application_id', 'in', part)
      .where('status', '=', 'pending')
      .execute();
    for (const row of rows) found.set(row.application_id, { id: row.id, amount_due: row.amount_due });
  }
  return found;
}

async function recordedTransactions(db: Reader, transactionIds: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(transactionIds)) {
    const rows = await db
      .selectFrom('application_payments')
      .select(sql<string>`lower(transaction_id)`.as('transaction_id'))
      .where(sql<string>`lower(transaction_id)`, 'in', part)
      .execute();
    for (const row of rows) found.add(row.transaction_id);
  }
  return found;
}

/**
 * Each line's outcome, in the file's order: invalid (its problem), duplicate_in_file (the
 * transaction ID came earlier in the file), already_recorded (a payment carries it), unknown_reference,
 * no_pending_payment (none, or an earlier line of the file pays it), amount_mismatch, matched.
 */
export async function evaluateLines(db: Reader, scope: ApplicationScope, lines: readonly StatementFileLine[]): Promise<LineVerdict[]> {
  const usable = lines.filter((line) => line.problem === null);
  const references = [...new Set(usable.map((line) => referenceOf(line.reference)).filter((reference): reference is string => reference !== null))];
  const transactions = [...new Set(usable.map((line) => line.transaction_id!.toLowerCase()))];
  const applications = await visibleApplications(db, scope, references);
  const payments = await pendingPayments(db, [...new Set([...applications.values()].map((application) => application.id))]);
  const recorded = await recordedTransactions(db, transactions);

  const seenTransactions = new Set<string>();
  const claimedPayments = new Set<number>();
  return lines.map((line): LineVerdict => {
    const transaction = line.transaction_id?.toLowerCase() ?? null;
    const earlier = transaction !== null && seenTransactions.has(transaction);
    if (transaction !== null) seenTransactions.add(transaction);
    if (line.problem !== null) return { outcome: 'invalid', problem: line.problem, payment: null };
    if (earlier) return { outcome: 'duplicate_in_file', problem: null, payment: null };
    if (recorded.has(transaction!)) return { outcome: 'already_recorded', problem: null, payment: null };
    const application = applications.get(referenceOf(line.reference)!);
    if (!application) return { outcome: 'unknown_reference', problem: null, payment: null };
    const pending = payments.get(application.id);
    if (!pending || claimedPayments.has(pending.id)) return { outcome: 'no_pending_payment', problem: null, payment: null };
    const payment = { id: pending.id, application_id: application.id, application_reference: application.reference, amount_due: pending.amount_due };
    if (cents(line.amount!) !== cents(pending.amount_due)) return { outcome: 'amount_mismatch', problem: null, payment };
    claimedPayments.add(pending.id);
    return { outcome: 'matched', problem: null, payment };
  });
}
