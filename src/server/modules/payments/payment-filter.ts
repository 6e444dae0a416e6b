import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { paymentListFilter } from '../../../shared/api/payments';
import { KOSOVO_TIME_ZONE } from '../../../shared/domain/deadline-dates';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { foldedSql, foldedWordPatterns } from '../../shared/accent-folding';

// The payments a list filter matches, shared by the list, its totals and the export, so that
// "what the filter matches" is the same set on each. Rows are those of applications the reader
// may see (application-scope.ts): the query joins `applications` under that name.

export type PaymentFilterValue = z.output<typeof paymentListFilter>;
export type PaymentQuery = SelectQueryBuilder<Database, 'application_payments' | 'applications', object>;

const zone = sql.lit(KOSOVO_TIME_ZONE);

/** The day a payment falls on: when it was paid, or (still pending, exempted…) when it was asked for. */
const PAYMENT_MOMENT = sql`coalesce(application_payments.paid_at, application_payments.created_at)`;

const folded = (column: string) => foldedSql(sql`coalesce(${sql.ref(column)}, '')`);
const SEARCHED = ['applications.reference', 'application_payments.transaction_id', 'applications.applicant_name'] as const;

const money = (text: string) => text.replace(',', '.');

/** `query` narrowed to the payments `filter` matches. */
export function filterPayments(query: PaymentQuery, filter: Partial<PaymentFilterValue>): PaymentQuery {
  let narrowed = query;
  if (filter.status && filter.status.length > 0) narrowed = narrowed.where('application_payments.status', 'in', filter.status);
  if (filter.service_type !== undefined) narrowed = narrowed.where('applications.service_type', '=', filter.service_type);
  if (filter.method !== undefined) narrowed = narrowed.where('application_payments.method', '=', filter.method);
  // Calendar days of the office: a payment at 00:30 in Pristina on the 5th is on the 5th.
  if (filter.date_from) narrowed = narrowed.where(sql<boolean>`${PAYMENT_MOMENT} >= (${filter.date_from}::date::timestamp at time zone ${zone})`);
  if (filter.date_to) narrowed = narrowed.where(sql<boolean>`${PAYMENT_MOMENT} < ((${filter.date_to}::date + 1)::timestamp at time zone ${zone})`);
  if (filter.amount_min) narrowed = narrowed.where(sql<boolean>`application_payments.amount_due >= ${money(filter.amount_min)}::numeric`);
  if (filter.amount_max) narrowed = narrowed.where(sql<boolean>`application_payments.amount_due <= ${money(filter.amount_max)}::numeric`);
  // The applicant asked at the counter (a reason) or the quote recorded the request (payment-queries.ts exemptionOf).
  if (filter.exemption === 'requested')
    narrowed = narrowed.where(sql<boolean>`(applications.exemption_reason is not null or coalesce((applications.fee_quote ->> 'exemption_requested')::boolean, false))`);
  for (const pattern of foldedWordPatterns(filter.search)) {
    const anyColumn = sql.join(
      SEARCHED.map((column) => sql`${folded(column)} like ${pattern}`),
      sql` or `,
    );
    narrowed = narrowed.where(sql<boolean>`(${anyColumn})`);
  }
  return narrowed;
}

/** The payments of applications the reader may see, narrowed by `filter`. */
export function matchingPayments(db: Kysely<Database>, scope: ApplicationScope, filter: Partial<PaymentFilterValue>): PaymentQuery {
  const visible = db
    .selectFrom('application_payments')
    .innerJoin('applications', 'applications.id', 'application_payments.application_id')
    .where(visibleIn(scope));
  return filterPayments(visible, filter);
}
