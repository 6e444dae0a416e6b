import type { Kysely } from 'kysely';
import { RESOLVABLE_LINE_OUTCOMES, type StatementDetail, type StatementLine, type StatementLineListItem, type StatementLineState, type StatementSummary } from '../../../shared/api/payments';
import type { ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import type { StatementFileLine } from './statement-file';
import { evaluateLines, type LineVerdict } from './statement-matching';
import { displayNameSql } from '../../shared/display-name';

// Reading statements back: the list (newest first), one statement with its lines. A statement
// still in preview is shown against the data as it is now (a payment may have been recorded by
// hand since), without writing anything; an imported one as it was imported.

type Reader = Kysely<Database>;

const personName = (table: 'uploader' | 'importer') => displayNameSql(table);

function summaries(db: Reader) {
  return db
    .selectFrom('bank_statements')
    .leftJoin('users as uploader', 'uploader.id', 'bank_statements.uploaded_by_id')
    .leftJoin('users as importer', 'importer.id', 'bank_statements.imported_by_id')
    .select([
      'bank_statements.id',
      'bank_statements.file_name',
      'bank_statements.encoding',
      'bank_statements.status',
      'bank_statements.line_count',
      'bank_statements.recorded_count',
      'bank_statements.uploaded_by_id',
      'bank_statements.uploaded_at',
      'bank_statements.imported_by_id',
      'bank_statements.imported_at',
      'bank_statements.version',
      personName('uploader').as('uploader_name'),
      personName('importer').as('importer_name'),
      (eb) =>
        eb
          .selectFrom('bank_statement_lines')
          .select((inner) => inner.fn.countAll<number>().as('matched'))
          .whereRef('bank_statement_lines.statement_id', '=', 'bank_statements.id')
          .where('bank_statement_lines.outcome', '=', 'matched')
          .as('matched_lines'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow): StatementSummary {
  return {
    id: row.id,
    file_name: row.file_name,
    encoding: row.encoding,
    status: row.status,
    line_count: row.line_count,
    matched_count: row.status === 'imported' ? row.recorded_count : Number(row.matched_lines ?? 0),
    uploaded_by: row.uploaded_by_id === null ? null : { id: row.uploaded_by_id, full_name: row.uploader_name },
    uploaded_at: new Date(row.uploaded_at).toISOString(),
    imported_by: row.imported_by_id === null ? null : { id: row.imported_by_id, full_name: row.importer_name },
    imported_at: row.imported_at === null ? null : new Date(row.imported_at).toISOString(),
    version: row.version,
  };
}

export async function listStatements(db: Reader, window: { limit: number; offset: number }): Promise<{ count: number; rows: StatementSummary[] }> {
  const { count } = await db.selectFrom('bank_statements').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await summaries(db).orderBy('bank_statements.uploaded_at', 'desc').orderBy('bank_statements.id', 'desc').limit(window.limit).offset(window.offset).execute();
  return { count: Number(count), rows: rows.map(toSummary) };
}

export async function findStatementSummary(db: Reader, id: number): Promise<StatementSummary | null> {
  const row = await summaries(db).where('bank_statements.id', '=', id).executeTakeFirst();
  return row ? toSummary(row) : null;
}

/** A stored line as the file gave it (its problem only when the file's reading found one). */
export type StoredLine = StatementFileLine & { id: number; outcome: StatementLine['outcome']; stored_problem: string | null; payment_id: number | null };

export async function storedLines(db: Reader, statementId: number): Promise<StoredLine[]> {
  const rows = await db
    .selectFrom('bank_statement_lines')
    .selectAll()
    .where('statement_id', '=', statementId)
    .orderBy('line_number')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    line_number: row.line_number,
    booked_on: row.booked_on,
    amount: row.amount,
    currency: row.currency,
    reference: row.reference,
    transaction_id: row.transaction_id,
    payer: row.payer,
    problem: row.outcome === 'invalid' ? row.problem : null,
    outcome: row.outcome,
    stored_problem: row.problem,
    payment_id: row.payment_id,
  }));
}

async function paymentsOf(db: Reader, ids: number[]): Promise<Map<number, { id: number; application_reference: string; amount_due: string }>> {
  const found = new Map<number, { id: number; application_reference: string; amount_due: string }>();
  for (let start = 0; start < ids.length; start += 5000) {
    const rows = await db
      .selectFrom('application_payments')
      .innerJoin('applications', 'applications.id', 'application_payments.application_id')
      .select(['application_payments.id', 'applications.reference as application_reference', 'application_payments.amount_due'])
      .where('application_payments.id', 'in', ids.slice(start, start + 5000))
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

const lineAnswer = (line: StatementFileLine, outcome: StatementLine['outcome'], problem: string | null, payment: StatementLine['payment']): StatementLine => ({
  line_number: line.line_number,
  booked_on: line.booked_on,
  amount: line.amount,
  currency: line.currency,
  reference: line.reference,
  transaction_id: line.transaction_id,
  payer: line.payer,
  outcome,
  problem,
  payment,
});

/** The answer's lines from fresh verdicts (a preview). */
export function evaluatedAnswerLines(lines: readonly StatementFileLine[], verdicts: readonly LineVerdict[]): StatementLine[] {
  return lines.map((line, index) => {
    const { outcome, problem, payment } = verdicts[index];
    return lineAnswer(line, outcome, problem, payment && { id: payment.id, application_reference: payment.application_reference, amount_due: payment.amount_due });
  });
}

/** One statement with its lines; null when there is none with this id. */
export async function findStatementDetail(db: Reader, scope: ApplicationScope, id: number): Promise<StatementDetail | null> {
  const summary = await findStatementSummary(db, id);
  if (!summary) return null;
  const lines = await storedLines(db, id);
  if (summary.status === 'previewed') {
    const verdicts = await evaluateLines(db, scope, lines);
    return { ...summary, matched_count: verdicts.filter((verdict) => verdict.outcome === 'matched').length, lines: evaluatedAnswerLines(lines, verdicts) };
  }
  const payments = await paymentsOf(db, [...new Set(lines.flatMap((line) => (line.payment_id === null ? [] : [line.payment_id])))]);
  const resolutions = await resolutionsOf(db, id);
  return {
    ...summary,
    lines: lines.map((line) => ({
      ...lineAnswer(line, line.outcome, line.stored_problem, line.payment_id === null ? null : (payments.get(line.payment_id) ?? null)),
      resolution: resolutions.get(line.line_number) ?? null,
    })),
  };
}

/** How the lines the import left were resolved, by line number. */
async function resolutionsOf(db: Reader, statementId: number): Promise<Map<number, NonNullable<StatementLine['resolution']>>> {
  const rows = await db
    .selectFrom('bank_statement_lines')
    .leftJoin('users as resolver', 'resolver.id', 'bank_statement_lines.resolved_by_id')
    .select(['bank_statement_lines.line_number', 'bank_statement_lines.resolution', 'bank_statement_lines.resolution_note', 'bank_statement_lines.resolved_by_id', 'bank_statement_lines.resolved_at', displayNameSql('resolver').as('resolver_name')])
    .where('bank_statement_lines.statement_id', '=', statementId)
    .where('bank_statement_lines.resolution', 'is not', null)
    .execute();
  return new Map(
    rows.map((row) => [
      row.line_number,
      {
        how: row.resolution!,
        note: row.resolution_note,
        by: row.resolved_by_id === null ? null : { id: row.resolved_by_id, full_name: row.resolver_name },
        at: new Date(row.resolved_at!).toISOString(),
      },
    ]),
  );
}

/**
 * The lines imports left for a person (amount differs, unknown reference), newest import first:
 * `unmatched` are those neither matched to a payment nor set aside yet (the payments desk's tile).
 */
export async function listStatementLines(
  db: Reader,
  filter: { state?: StatementLineState },
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: StatementLineListItem[] }> {
  let lines = db
    .selectFrom('bank_statement_lines')
    .innerJoin('bank_statements', 'bank_statements.id', 'bank_statement_lines.statement_id')
    .where('bank_statements.status', '=', 'imported')
    .where('bank_statement_lines.outcome', 'in', RESOLVABLE_LINE_OUTCOMES);
  if (filter.state === 'unmatched') lines = lines.where('bank_statement_lines.resolution', 'is', null);
  else if (filter.state) lines = lines.where('bank_statement_lines.resolution', '=', filter.state);
  const [{ count }, rows] = await Promise.all([
    lines.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    lines
      .leftJoin('users as resolver', 'resolver.id', 'bank_statement_lines.resolved_by_id')
      .selectAll('bank_statement_lines')
      .select(['bank_statements.file_name', 'bank_statements.imported_at', displayNameSql('resolver').as('resolver_name')])
      .orderBy('bank_statements.imported_at', 'desc')
      .orderBy('bank_statements.id', 'desc')
      .orderBy('bank_statement_lines.line_number')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  const payments = await paymentsOf(db, [...new Set(rows.flatMap((row) => (row.payment_id === null ? [] : [row.payment_id])))]);
  return {
    count: Number(count),
    rows: rows.map((row) => ({
      ...lineAnswer(row, row.outcome, row.problem, row.payment_id === null ? null : (payments.get(row.payment_id) ?? null)),
      resolution:
        row.resolution === null
          ? null
          : {
              how: row.resolution,
              note: row.resolution_note,
              by: row.resolved_by_id === null ? null : { id: row.resolved_by_id, full_name: row.resolver_name },
              at: new Date(row.resolved_at!).toISOString(),
            },
      statement: { id: row.statement_id, file_name: row.file_name, imported_at: row.imported_at === null ? null : new Date(row.imported_at).toISOString() },
    })),
  };
}
