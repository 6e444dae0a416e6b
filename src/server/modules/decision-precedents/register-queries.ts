import { CompiledQuery, sql, type ExpressionBuilder } from 'kysely';
import type { z } from 'zod';
import type { decisionRegisterFilter, RegisterEntry } from '../../../shared/api/decision-precedents';
import { applicantFieldsFor, visibleIn, type ApplicantFields, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { displayNameSql } from '../../shared/display-name';

// The register of decisions: every recognition decision (prepared, approved, superseded) for any
// signed-in member of staff, filtered and paged newest first. The applicant's name is personal
// data: it is selected only for a reader who receives the applicant's identity (application-scope.ts,
// applicantFieldsFor) and only on applications in their row scope; for anyone else the query
// never reads it. The count is exact up to COUNT_LIMIT, the planner's estimate above it (a page of
// the whole register must not count half a million rows).

export type RegisterFilter = z.output<typeof decisionRegisterFilter>;
const COUNT_LIMIT = 2_000;
/** The day a decision counts from: approved, or prepared while it waits. */
export const decidedAt = sql<Date>`coalesce(recognition_decisions.approved_at, recognition_decisions.prepared_at)`;

const applicationsOf = (eb: unknown) => eb as ExpressionBuilder<Database, 'applications'>;

/** The decisions a filter matches, joined to their applications. */
export function matchingDecisions(db: AppDatabase, filter: RegisterFilter) {
  let query = db.selectFrom('recognition_decisions').innerJoin('applications', 'applications.id', 'recognition_decisions.application_id');
  if (filter.service_type) query = query.where('applications.service_type', '=', filter.service_type);
  if (filter.outcome) query = query.where('recognition_decisions.outcome', '=', filter.outcome);
  if (filter.state) query = query.where('recognition_decisions.state', '=', filter.state);
  // Days in Kosovo's time: a decision at 00:30 on the 2nd belongs to the 2nd.
  if (filter.decided_from) query = query.where(sql<boolean>`${decidedAt} >= (${filter.decided_from}::date)::timestamp at time zone 'Europe/Belgrade'`);
  if (filter.decided_to) query = query.where(sql<boolean>`${decidedAt} < (${filter.decided_to}::date + 1)::timestamp at time zone 'Europe/Belgrade'`);
  if (filter.council) query = query.where('applications.council_id', '=', filter.council);
  if (filter.officer) {
    const officer = filter.officer;
    query = query.where((eb) => eb.or([eb('recognition_decisions.prepared_by_id', '=', officer), eb('recognition_decisions.approved_by_id', '=', officer)]));
  }
  if (filter.country) query = query.where('recognition_decisions.foreign_country', '=', filter.country);
  if (filter.institution) {
    const institution = filter.institution;
    query = query.where('recognition_decisions.foreign_institution_id', 'in', (eb) =>
      eb.selectFrom('institutions').select('institutions.id').where((inner) => inner.or([inner('institutions.id', '=', institution), inner('institutions.merged_into', '=', institution)])),
    );
  }
  return query;
}

export function registerSelection(db: AppDatabase, filter: RegisterFilter, scope: ApplicationScope, fields: ApplicantFields) {
  return matchingDecisions(db, filter)
    .leftJoin('councils', 'councils.id', 'applications.council_id')
    .leftJoin('users as preparer', 'preparer.id', 'recognition_decisions.prepared_by_id')
    .leftJoin('users as approver', 'approver.id', 'recognition_decisions.approved_by_id')
    .select([
      'recognition_decisions.id',
      'recognition_decisions.application_id',
      'applications.reference',
      'applications.service_type',
      'recognition_decisions.outcome',
      'recognition_decisions.state',
      'recognition_decisions.foreign_institution_name',
      'recognition_decisions.foreign_programme',
      'recognition_decisions.foreign_degree_level',
      'recognition_decisions.foreign_country',
      'applications.council_id',
      'councils.name_en as council_name_en',
      'councils.name_sq as council_name_sq',
      'councils.name_sr as council_name_sr',
      displayNameSql<string | null>('preparer').as('prepared_by'),
      displayNameSql<string | null>('approver').as('approved_by'),
      decidedAt.as('decided_at'),
    ])
    .select((eb) => {
      const visible = visibleIn(scope)(applicationsOf(eb));
      return [
        sql<boolean>`${visible}`.as('may_open'),
        // Never read for a reader without the identity part.
        (fields.identity ? sql<string | null>`case when ${visible} then applications.applicant_name end` : sql<string | null>`null::text`).as('applicant_name'),
      ];
    });
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof registerSelection>['execute']>>[number];

export function registerEntryOf(row: SelectedRow): RegisterEntry {
  return {
    id: row.id,
    application_id: row.application_id,
    reference: row.reference,
    may_open: Boolean(row.may_open),
    service_type: row.service_type,
    ...(row.applicant_name === null ? {} : { applicant_name: row.applicant_name }),
    outcome: row.outcome,
    state: row.state,
    institution_name: row.foreign_institution_name,
    programme: row.foreign_programme,
    degree_level: row.foreign_degree_level,
    country: row.foreign_country,
    council: row.council_id === null ? null : { id: row.council_id, name_en: row.council_name_en ?? '', name_sq: row.council_name_sq ?? '', name_sr: row.council_name_sr ?? '' },
    prepared_by: row.prepared_by,
    approved_by: row.approved_by,
    decided_at: new Date(row.decided_at).toISOString(),
  };
}

async function countMatches(db: AppDatabase, filter: RegisterFilter): Promise<{ count: number; exact: boolean }> {
  const query = matchingDecisions(db, filter).select(sql.lit(1).as('one'));
  const capped = await db
    .selectFrom(query.limit(COUNT_LIMIT + 1).as('capped'))
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(capped.count) <= COUNT_LIMIT) return { count: Number(capped.count), exact: true };
  const compiled = query.compile();
  const plan = await db.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]));
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return { count: Math.max(COUNT_LIMIT + 1, Math.round(parsed[0].Plan['Plan Rows'])), exact: false };
}

export async function decisionRegister(
  db: AppDatabase,
  user: Parameters<typeof applicantFieldsFor>[0],
  scope: ApplicationScope,
  filter: RegisterFilter,
  ordering: 'decided_at' | '-decided_at',
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: RegisterEntry[] }> {
  const direction = ordering === 'decided_at' ? sql`asc` : sql`desc`;
  const [counted, rows] = await Promise.all([
    countMatches(db, filter),
    registerSelection(db, filter, scope, applicantFieldsFor(user))
      .orderBy(sql`coalesce(recognition_decisions.approved_at, recognition_decisions.prepared_at) ${direction}`)
      .orderBy(sql`recognition_decisions.id ${direction}`)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  // An estimate never contradicts the page in hand (a short page ends the list).
  const count = counted.exact ? counted.count : rows.length < window.limit ? window.offset + rows.length : Math.max(counted.count, window.offset + rows.length + 1);
  return { count, rows: rows.map(registerEntryOf) };
}
