import { CompiledQuery, sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { ApplicationListItem, ApplicationListQuery, ApplicationOrderingField } from '../../../shared/api/applications';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { DAYS_IN_SYSTEM, listItemColumns, listItemOf } from '../../application-list-item';
import { visibleIn, type ApplicantFields, type ApplicationScope } from '../../application-scope';
import { containsPattern } from '../../shared/search-pattern';

// The application list: every filter and sort reads the applications table alone (its
// denormalised columns and indexes, migration 0003); only the page's rows join their council.

type ListQuery = SelectQueryBuilder<Database, 'applications', object>;

/** Exact counts up to this many rows (80 pages of 25); beyond it the planner's estimate (a count of a million rows costs more than the page). */
export const EXACT_COUNT_LIMIT = 2_000;

const ORDER_COLUMNS = {
  reference: 'applications.reference',
  applicant: 'applications.applicant_name',
  service_type: 'applications.service_type',
  status: 'applications.status',
  institution: 'applications.institution_name',
  submitted_at: 'applications.submitted_at',
  assigned_officer: 'applications.assigned_officer_name',
  priority: 'applications.priority_rank',
  deadline: 'applications.deadline',
} as const satisfies Record<ApplicationOrderingField, string>;


const isOverdue = (eb: ExpressionBuilder<Database, 'applications'>) =>
  eb.and([eb('applications.deadline', '<', sql<string>`current_date`), eb('applications.closed_at', 'is', null)]);

export interface ListFilter extends Omit<ApplicationListQuery, 'page' | 'page_size' | 'ordering'> {
  /** The "incomplete applications" list. */
  onlyIncomplete?: boolean;
}

/** What a search matches for a caller who does not receive personal IDs: the same text without them. */
const SEARCH_TEXT_WITHOUT_IDENTITY = sql<string>`lower(applications.reference || ' ' || applications.applicant_name || ' ' || coalesce(applications.institution_name, ''))`;

function filtered(db: AppDatabase, scope: ApplicationScope, fields: ApplicantFields, userId: number, filter: ListFilter): ListQuery {
  let query: ListQuery = db.selectFrom('applications').where(visibleIn(scope));
  if (filter.service_type !== undefined) query = query.where('applications.service_type', '=', filter.service_type);
  if (filter.status) query = query.where('applications.status', 'in', filter.status);
  if (filter.assigned_officer === 'unassigned') query = query.where('applications.assigned_officer_id', 'is', null);
  else if (filter.assigned_officer !== undefined) {
    const officer = filter.assigned_officer === 'me' ? userId : filter.assigned_officer;
    query = query.where('applications.assigned_officer_id', '=', officer);
  }
  if (filter.council !== undefined) query = query.where('applications.council_id', '=', filter.council);
  if (filter.priority) query = query.where('applications.priority', 'in', filter.priority);
  if (filter.submitted_from) query = query.where('applications.submitted_at', '>=', sql<Date>`${filter.submitted_from}::date`);
  if (filter.submitted_to) query = query.where('applications.submitted_at', '<', sql<Date>`${filter.submitted_to}::date + 1`);
  if (filter.overdue === true) query = query.where(isOverdue);
  if (filter.overdue === false) query = query.where((eb) => eb.not(isOverdue(eb)));
  if (filter.archived !== 'all') query = query.where('applications.archived', '=', filter.archived === 'true');
  // closed_at is set by the transition into a closed status (perform-action.ts) and never cleared.
  if (filter.open !== undefined) query = query.where('applications.closed_at', filter.open ? 'is' : 'is not', null);
  if (filter.incomplete !== undefined) query = query.where('applications.incomplete', '=', filter.incomplete);
  if (filter.onlyIncomplete) query = query.where('applications.incomplete', '=', true);
  if (filter.search) {
    // search_text holds the personal ID (and has the trigram index); a caller who may not see IDs
    // must not find an applicant by one either, so theirs is matched without it.
    const pattern = containsPattern(filter.search.toLowerCase());
    query = fields.identity ? query.where('applications.search_text', 'like', pattern) : query.where(SEARCH_TEXT_WITHOUT_IDENTITY, 'like', pattern);
  }
  return query;
}

/** How long a list's planner estimate is reused (paging through a big list asks for it again and again). */
export const ESTIMATE_TTL_MS = 30_000;
const MAX_REMEMBERED_ESTIMATES = 1_000;
/** Per database: filter (its SQL and parameters) → the estimate and when it was made. */
const estimatesByDatabase = new WeakMap<AppDatabase, Map<string, { count: number; at: number }>>();

function rememberedEstimates(db: AppDatabase): Map<string, { count: number; at: number }> {
  let estimates = estimatesByDatabase.get(db);
  if (!estimates) {
    estimates = new Map();
    estimatesByDatabase.set(db, estimates);
  }
  return estimates;
}

/**
 * The number of matches: exact up to EXACT_COUNT_LIMIT, else the planner's estimate (`exact:
 * false`). A filter known to match more than the limit in the last ESTIMATE_TTL_MS reuses its
 * estimate without counting again; pageConsistentCount keeps it honest against the page in hand.
 */
async function countRows(db: AppDatabase, query: ListQuery, now = Date.now()): Promise<{ count: number; exact: boolean }> {
  const compiled = query.select(sql.lit(1).as('one')).compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const estimates = rememberedEstimates(db);
  const remembered = estimates.get(key);
  if (remembered && now - remembered.at < ESTIMATE_TTL_MS) return { count: remembered.count, exact: false };

  const capped = await db
    .selectFrom(query.select(sql.lit(1).as('one')).limit(EXACT_COUNT_LIMIT + 1).as('capped'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(capped.count) <= EXACT_COUNT_LIMIT) {
    estimates.delete(key);
    return { count: Number(capped.count), exact: true };
  }
  const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]));
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  const count = Math.max(EXACT_COUNT_LIMIT + 1, Math.round(parsed[0].Plan['Plan Rows']));
  if (estimates.size >= MAX_REMEMBERED_ESTIMATES) estimates.delete(estimates.keys().next().value!);
  estimates.set(key, { count, at: now });
  return { count, exact: false };
}

/**
 * An estimate corrected by the page in hand, so paging never contradicts it: a page that is not
 * full ends the list (the count is then exact), an empty page past the first is past the end
 * (the count falls to its offset, which pageAnswer answers with "Invalid page."), and a full page
 * always has a next one to ask for.
 */
export function pageConsistentCount(counted: { count: number; exact: boolean }, page: { limit: number; offset: number }, rowsOnPage: number): number {
  if (counted.exact) return counted.count;
  if (rowsOnPage < page.limit) return page.offset + rowsOnPage;
  return Math.max(counted.count, page.offset + rowsOnPage + 1);
}

export interface ListPage {
  ordering: string;
  limit: number;
  offset: number;
}

export async function listApplications(
  db: AppDatabase,
  scope: ApplicationScope,
  fields: ApplicantFields,
  userId: number,
  filter: ListFilter,
  page: ListPage,
): Promise<{ count: number; rows: ApplicationListItem[] }> {
  const query = filtered(db, scope, fields, userId, filter);
  const descending = page.ordering.startsWith('-');
  const field = (descending ? page.ordering.slice(1) : page.ordering) as ApplicationOrderingField;
  const direction = descending ? 'desc' : 'asc';
  // The page's ids first (an index-only scan where an index covers filter and order), then their
  // rows: a filter checked on the heap for every skipped row would read thousands of rows.
  const pageIds = query
    .select('applications.id as page_id')
    .orderBy(ORDER_COLUMNS[field], direction)
    .orderBy('applications.id', direction)
    .limit(page.limit)
    .offset(page.offset);
  const [counted, rows] = await Promise.all([
    countRows(db, query),
    db
      .selectFrom('applications')
      .innerJoin(pageIds.as('page'), 'page.page_id', 'applications.id')
      .leftJoin('councils', 'councils.id', 'applications.council_id')
      .select([...listItemColumns(fields), (eb) => isOverdue(eb).as('overdue'), DAYS_IN_SYSTEM.as('days_in_system')])
      .orderBy(ORDER_COLUMNS[field], direction)
      .orderBy('applications.id', direction)
      .execute(),
  ]);
  return {
    count: pageConsistentCount(counted, page, rows.length),
    rows: rows.map((row) => listItemOf(row, fields)),
  };
}
