import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { paymentListFilter } from '../../../shared/api/payments';
import { KOSOVO_TIME_ZONE } from '../../../shared/domain/deadline-dates';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { containsPattern } from '../../search-pattern';

// The payments a list filter matches, shared by the list, its totals and the export, so that
// "what the filter matches" is the same set on each. Rows are those of applications the reader
// may see (application-scope.ts): the query joins `applications` under that name.

export type PaymentFilterValue = z.output<typeof paymentListFilter>;
export type PaymentQuery = SelectQueryBuilder<Database, 'application_payments' | 'applications', object>;

const zone = sql.lit(KOSOVO_TIME_ZONE);

/** The day a payment falls on: when it was paid, or (still pending, exempted…) when it was asked for. */
const PAYMENT_MOMENT = sql`coalesce(application_payments.paid_at, application_payments.created_at)`;

// Accent folding for the search, in SQL and in JavaScript alike: "Dusan" finds "Dušan", "kercova"
// "Kërçova". translate() works on any database locale (PGlite's C locale lowers ASCII only, so the
// upper-case accented letters are folded here too), and no extension (unaccent) is needed.
const FOLD_FROM = 'ÀÁÂÃÄÅàáâãäåÇçĆćČčĐđÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöŠšÙÚÛÜùúûüÝýÿŽž';
const FOLD_TO = 'aaaaaaaaaaaaccccccddeeeeeeeeiiiiiiiinnoooooooooossuuuuuuuuyyyzz';

/** A text as the search compares it: lower case, without accents. */
export function foldText(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) {
    const at = FOLD_FROM.indexOf(char);
    folded += at >= 0 ? FOLD_TO[at] : char;
  }
  return folded.normalize('NFD').replace(/\p{M}/gu, '');
}

const folded = (column: string) => sql`translate(lower(coalesce(${sql.ref(column)}, '')), ${FOLD_FROM}, ${FOLD_TO})`;
const SEARCHED = ['applications.reference', 'application_payments.transaction_id', 'applications.applicant_name'] as const;

/** Every whitespace-separated word of `search` (none for an empty or blank search). */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/u).filter((word) => word !== '');
}

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
  for (const word of searchWords(filter.search)) {
    const pattern = containsPattern(foldText(word));
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
