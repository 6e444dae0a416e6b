import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  ExemptionRequest,
  PaymentDetail,
  PaymentListItem,
  PaymentRefund,
  PaymentTotals,
  ReceiptVerification,
  paymentListQuery,
} from '../../../shared/api/payments';
import type { Language } from '../../../shared/constants';
import type { StoredFeeQuote } from '../../../shared/api/services';
import type { ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { matchingPayments, type PaymentQuery } from './payment-filter';
import { displayNameSql } from '../../shared/display-name';

// Reading payments: the list (filters, sort, page) with the totals of everything the filter
// matches, one payment's details (refunds, its statement line, the exemption request and its
// review, derived from the application), and the public check of a receipt's code. Money is
// computed by the database (numeric) and answered as "40.00".

type Db = Kysely<Database>;
type ListQuery = z.output<typeof paymentListQuery>;

const iso = (moment: Date | string | null) => (moment === null ? null : new Date(moment).toISOString());

/** What was refunded of the payment the row stands for (0 when nothing). */
export const REFUNDED = sql<string>`(select coalesce(sum(payment_refunds.amount), 0) from payment_refunds where payment_refunds.payment_id = application_payments.id)`;
/** numeric → "40.00" (round keeps the scale of an empty sum too). */
const moneyOf = (expression: ReturnType<typeof sql>) => sql<string>`round(${expression}, 2)::text`;

/** A user's name as staff lists show it (first and last name, else the username). */
export const personName = (alias: string) => displayNameSql<string | null>(alias);

function listColumns(query: PaymentQuery) {
  return query.select([
    'application_payments.id',
    'application_payments.status',
    'application_payments.currency',
    'application_payments.transaction_id',
    'application_payments.method',
    'application_payments.created_at',
    'application_payments.paid_at',
    'applications.id as application_id',
    'applications.reference',
    'applications.status as application_status',
    'applications.service_type',
    'applications.applicant_name',
    moneyOf(sql`application_payments.amount_due`).as('amount_due'),
    moneyOf(REFUNDED).as('amount_refunded'),
    sql<string | null>`case when application_payments.amount is null then null else round(application_payments.amount - ${REFUNDED}, 2)::text end`.as('amount_paid'),
  ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof listColumns>['execute']>>[number];

function listItem(row: ListRow): PaymentListItem {
  return {
    id: row.id,
    status: row.status,
    application: { id: row.application_id, reference: row.reference, status: row.application_status, service_type: row.service_type },
    applicant_name: row.applicant_name,
    amount_due: row.amount_due,
    amount_paid: row.amount_paid,
    amount_refunded: row.amount_refunded,
    currency: row.currency,
    transaction_id: row.transaction_id,
    method: row.method,
    created_at: iso(row.created_at)!,
    paid_at: iso(row.paid_at),
  };
}

/** The sort of each ordering key; ties broken by id so pages never overlap. Not yet paid: last, whichever way. */
function orderExpressions(ordering: ListQuery['ordering']) {
  const descending = ordering.startsWith('-');
  const key = descending ? ordering.slice(1) : ordering;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const byKey: Record<string, ReturnType<typeof sql>> = {
    created_at: sql`application_payments.created_at ${direction}`,
    paid_at: sql`application_payments.paid_at ${direction} nulls last`,
    amount_due: sql`application_payments.amount_due ${direction}`,
    reference: sql`applications.reference ${direction}`,
  };
  return [byKey[key] ?? byKey.created_at!, sql`application_payments.id ${direction}`];
}

/** The totals of everything `matching` holds (not only a page). */
async function totalsOf(db: Db, matching: PaymentQuery): Promise<PaymentTotals> {
  const rows = matching
    .select([
      'application_payments.amount_due',
      'application_payments.amount',
      REFUNDED.as('refunded'),
    ])
    .as('matched');
  const totals = await db
    .selectFrom(rows)
    .select([
      sql<string>`count(*)`.as('count'),
      moneyOf(sql`coalesce(sum(matched.amount_due), 0)`).as('amount_due'),
      moneyOf(sql`coalesce(sum(matched.amount - matched.refunded), 0)`).as('amount_paid'),
      moneyOf(sql`coalesce(sum(matched.refunded), 0)`).as('amount_refunded'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(totals.count), amount_due: totals.amount_due, amount_paid: totals.amount_paid, amount_refunded: totals.amount_refunded, currency: 'EUR' };
}

export async function listPayments(
  db: Db,
  scope: ApplicationScope,
  query: ListQuery,
  window: { limit: number; offset: number },
): Promise<{ totals: PaymentTotals; rows: PaymentListItem[] }> {
  const { page: _page, page_size: _size, ordering, ...filter } = query;
  const matching = matchingPayments(db, scope, filter);
  const [totals, rows] = await Promise.all([
    totalsOf(db, matching),
    listColumns(matching)
      .orderBy(sql.join(orderExpressions(ordering)))
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { totals, rows: rows.map(listItem) };
}

// ---- One payment ----

const SERVICE_NAME: Readonly<Record<Language, 'services.name_en' | 'services.name_sq' | 'services.name_sr'>> = {
  en: 'services.name_en',
  sq: 'services.name_sq',
  sr: 'services.name_sr',
};

const personOf = (id: number | null, name: string | null) => (id === null ? null : { id, full_name: name ?? `#${id}` });

/** The payment's refunds, oldest first. */
export async function paymentRefunds(db: Db, paymentId: number): Promise<PaymentRefund[]> {
  const rows = await db
    .selectFrom('payment_refunds')
    .leftJoin('users', 'users.id', 'payment_refunds.refunded_by_id')
    .select(['payment_refunds.id', 'payment_refunds.amount', 'payment_refunds.reason', 'payment_refunds.refunded_by_id', 'payment_refunds.created_at', personName('users').as('refunded_by_name')])
    .where('payment_refunds.payment_id', '=', paymentId)
    .orderBy('payment_refunds.created_at')
    .orderBy('payment_refunds.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    amount: Number(row.amount).toFixed(2),
    reason: row.reason,
    refunded_by: personOf(row.refunded_by_id, row.refunded_by_name),
    created_at: iso(row.created_at)!,
  }));
}

/**
 * The exemption request of the application, from the application itself (its reason, the quote's
 * flag, the exemption proof documents) and its review from the history; null when none was asked.
 */
async function exemptionOf(
  db: Db,
  application: { id: number; status: string; exemption_reason: string | null; fee_quote: StoredFeeQuote | null },
): Promise<ExemptionRequest | null> {
  const requested = application.exemption_reason !== null || application.fee_quote?.exemption_requested === true;
  if (!requested) return null;
  const [proofs, review] = await Promise.all([
    db
      .selectFrom('application_documents')
      .select(['id', 'file_name', 'status'])
      .where('application_id', '=', application.id)
      .where('document_type', '=', 'exemption_proof')
      .orderBy('uploaded_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('application_history')
      .leftJoin('users', 'users.id', 'application_history.actor_id')
      .select(['application_history.action', 'application_history.notes', 'application_history.actor_id', 'application_history.created_at', personName('users').as('actor_name')])
      .where('application_history.application_id', '=', application.id)
      .where('application_history.action', 'in', ['approve_exemption', 'reject_exemption'])
      .orderBy('application_history.created_at', 'desc')
      .orderBy('application_history.id', 'desc')
      .executeTakeFirst(),
  ]);
  return {
    reason: application.exemption_reason,
    proof_documents: proofs.map((proof) => ({ id: proof.id, file_name: proof.file_name, status: proof.status })),
    review: review
      ? {
          outcome: review.action === 'approve_exemption' ? 'approved' : 'rejected',
          notes: review.notes,
          reviewed_by: personOf(review.actor_id, review.actor_name),
          reviewed_at: iso(review.created_at)!,
        }
      : null,
    // While the fee is due an officer may still decide (a rejection may be reconsidered); once approved it is settled.
    awaiting_review: application.status === 'payment_pending' && review?.action !== 'approve_exemption',
  };
}

/** One payment as the reader sees it, or null when there is none or its application is out of their scope. */
export async function findPaymentDetail(db: Db, scope: ApplicationScope, id: number, language: Language): Promise<PaymentDetail | null> {
  const row = await listColumns(matchingPayments(db, scope, {}))
    .innerJoin('services', 'services.id', 'applications.service_id')
    .leftJoin('users as recorder', 'recorder.id', 'application_payments.recorded_by_id')
    .leftJoin('users as requester', 'requester.id', 'application_payments.requested_by_id')
    .leftJoin('bank_statement_lines', 'bank_statement_lines.id', 'application_payments.bank_statement_line_id')
    .leftJoin('bank_statements', 'bank_statements.id', 'bank_statement_lines.statement_id')
    .select([
      'application_payments.version',
      'application_payments.updated_at',
      'application_payments.receipt_code',
      'application_payments.recorded_by_id',
      'application_payments.requested_by_id',
      'applications.version as application_version',
      'applications.exemption_reason',
      'applications.fee_quote',
      `${SERVICE_NAME[language]} as service_name`,
      personName('recorder').as('recorded_by_name'),
      personName('requester').as('requested_by_name'),
      'bank_statements.id as statement_id',
      'bank_statements.file_name as statement_file_name',
      'bank_statement_lines.line_number as statement_line_number',
      sql<string>`round(greatest(coalesce(application_payments.amount, 0) - ${REFUNDED}, 0), 2)::text`.as('refundable'),
    ])
    .where('application_payments.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const item = listItem(row);
  const [refunds, exemption] = await Promise.all([
    paymentRefunds(db, id),
    exemptionOf(db, { id: row.application_id, status: row.application_status, exemption_reason: row.exemption_reason, fee_quote: row.fee_quote }),
  ]);
  const refundable = row.status === 'paid' || row.status === 'partially_refunded' ? row.refundable : '0.00';
  return {
    ...item,
    version: row.version,
    application: { ...item.application, version: row.application_version, service_name: row.service_name },
    recorded_by: personOf(row.recorded_by_id, row.recorded_by_name),
    requested_by: personOf(row.requested_by_id, row.requested_by_name),
    receipt_code: row.receipt_code,
    statement:
      row.statement_id === null || row.statement_file_name === null || row.statement_line_number === null
        ? null
        : { id: row.statement_id, file_name: row.statement_file_name, line_number: row.statement_line_number },
    refunds,
    refundable,
    exemption,
    updated_at: iso(row.updated_at)!,
  };
}

// ---- The public check of a receipt ----

/** What a receipt's code stands for (nothing about the person), or null for an unknown code. */
export async function verifyReceiptCode(db: Db, code: string): Promise<ReceiptVerification | null> {
  const row = await db
    .selectFrom('application_payments')
    .innerJoin('applications', 'applications.id', 'application_payments.application_id')
    .select([
      'application_payments.receipt_code',
      'applications.reference',
      'application_payments.paid_at',
      'application_payments.status',
      'application_payments.currency',
      sql<string>`round(application_payments.amount, 2)::text`.as('amount'),
    ])
    // Codes are printed in capitals; a person may type them in either case.
    .where('application_payments.receipt_code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!row || row.receipt_code === null || row.paid_at === null) return null;
  return { receipt_code: row.receipt_code, reference: row.reference, amount: row.amount, currency: row.currency, paid_at: iso(row.paid_at)!, status: row.status };
}


/** Where a payment's issued receipt is stored, and its SHA-256 (both null when it has none). */
export async function receiptFile(db: Db, paymentId: number): Promise<{ key: string | null; sha256: string | null }> {
  const row = await db.selectFrom('application_payments').select(['receipt_storage_key', 'receipt_sha256']).where('id', '=', paymentId).executeTakeFirst();
  return { key: row?.receipt_storage_key ?? null, sha256: row?.receipt_sha256 ?? null };
}
