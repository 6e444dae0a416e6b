import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DecisionCitations, DecisionConsistency, Precedent, SimilarDecision } from '../../../shared/api/decision-precedents';
import type { z } from 'zod';
import type { similarDecisionsQuery } from '../../../shared/api/decision-precedents';
import { clearMajority, totalOf } from '../../../shared/domain/decision-consistency';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { programmeOutcomes, qualificationIdentityOf, sameCountry, sameInstitution, sameLevel, sameProgramme, type QualificationIdentity } from '../../decision-qualification';
import { decisionParts } from '../../workflow/decision-parts';

// The precedents of an application's decision: the similar decisions (earlier approved decisions
// of other applications on the same or a similar qualification, narrowed by what they share and a
// full-text search of their reasons), the consistency count on the programme, and the citations of
// a decision both ways. A precedent carries no applicant's personal data: any reader of the
// application's decision reads it; `may_open` says whether its application is in the reader's scope.

type SimilarQuery = z.output<typeof similarDecisionsQuery>;
type Decisions = ExpressionBuilder<Database, 'recognition_decisions'>;
/** A condition as a selected boolean column. */
const flag = <N extends string>(condition: Expression<SqlBool>, name: N) => sql<boolean>`${condition}`.as(name);
const applicationsOf = (eb: unknown) => eb as ExpressionBuilder<Database, 'applications'>;

/** The application when the caller may see it. */
async function visibleApplication(db: AppDatabase, scope: ApplicationScope, id: number) {
  return db.selectFrom('applications').select('applications.id').where('applications.id', '=', id).where(visibleIn(scope)).executeTakeFirst();
}

/** A search's words matched as whole words of the reasons (folded like the stored text, every word). */
export function reasonsMatch(eb: Decisions, search: string): Expression<SqlBool> {
  const query = sql`plainto_tsquery('simple'::regconfig, decision_fold(${search}))`;
  return eb.or([
    sql<boolean>`recognition_decisions.reasons_search @@ ${query}`,
    eb.exists(
      eb
        .selectFrom('recognition_decision_differences as found')
        .select('found.id')
        .whereRef('found.decision_id', '=', 'recognition_decisions.id')
        .where(sql<boolean>`found.explanation_search @@ ${query}`),
    ),
  ]);
}

const PRECEDENT_COLUMNS = [
  'recognition_decisions.id',
  'recognition_decisions.application_id',
  'recognition_decisions.outcome',
  'recognition_decisions.outcome_detail',
  'recognition_decisions.state',
  'recognition_decisions.foreign_institution_name',
  'recognition_decisions.foreign_programme',
  'recognition_decisions.foreign_degree_level',
  'recognition_decisions.foreign_country',
  'recognition_decisions.approved_at',
  'recognition_decisions.prepared_at',
  'applications.reference',
] as const;

interface PrecedentRow {
  id: number;
  application_id: number;
  outcome: Precedent['outcome'];
  outcome_detail: string | null;
  state: Precedent['state'];
  foreign_institution_name: string | null;
  foreign_programme: string | null;
  foreign_degree_level: string | null;
  foreign_country: string | null;
  approved_at: Date | null;
  prepared_at: Date;
  reference: string;
  may_open: boolean;
}

/** The rows as precedents, with their differences and legal bases (two queries for the page). */
async function asPrecedents(db: AppDatabase, rows: readonly PrecedentRow[]): Promise<Precedent[]> {
  const ids = rows.map((row) => row.id);
  const parts = await decisionParts(db, ids);
  return rows.map((row) => ({
    id: row.id,
    application_id: row.application_id,
    reference: row.reference,
    may_open: Boolean(row.may_open),
    outcome: row.outcome,
    outcome_detail: row.outcome_detail,
    state: row.state,
    institution_name: row.foreign_institution_name,
    programme: row.foreign_programme,
    degree_level: row.foreign_degree_level,
    country: row.foreign_country,
    differences: parts.differencesOf(row.id),
    legal_bases: parts.legalBasesOf(row.id),
    decided_at: (row.approved_at ?? row.prepared_at).toISOString(),
  }));
}

/** Similar decisions for the application's panel; undefined when the caller may not see the application. */
export async function similarDecisions(
  db: AppDatabase,
  scope: ApplicationScope,
  applicationId: number,
  filter: SimilarQuery,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: SimilarDecision[] } | undefined> {
  if (!(await visibleApplication(db, scope, applicationId))) return undefined;
  const identity = await qualificationIdentityOf(db, applicationId);
  const on = (flag: boolean | undefined) => flag !== false;
  const base = db
    .selectFrom('recognition_decisions')
    .where('recognition_decisions.state', '=', 'approved')
    .where('recognition_decisions.application_id', '<>', applicationId)
    .where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (on(filter.same_institution)) conditions.push(sameInstitution(eb, identity));
      if (on(filter.same_programme)) conditions.push(sameProgramme(eb, identity));
      if (on(filter.same_level)) conditions.push(sameLevel(eb, identity));
      if (on(filter.same_country)) conditions.push(sameCountry(eb, identity));
      if (filter.outcome) conditions.push(eb('recognition_decisions.outcome', '=', filter.outcome));
      if (filter.search?.trim()) conditions.push(reasonsMatch(eb, filter.search));
      return eb.and(conditions);
    });
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow(),
    base
      .innerJoin('applications', 'applications.id', 'recognition_decisions.application_id')
      .select(PRECEDENT_COLUMNS)
      .select((eb) => [
        flag(visibleIn(scope)(applicationsOf(eb)), 'may_open'),
        flag(sameInstitution(eb, identity), 'same_institution'),
        flag(sameProgramme(eb, identity), 'same_programme'),
        flag(sameLevel(eb, identity), 'same_level'),
        flag(sameCountry(eb, identity), 'same_country'),
      ])
      .orderBy('recognition_decisions.approved_at', 'desc')
      .orderBy('recognition_decisions.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  const precedents = await asPrecedents(db, rows as unknown as PrecedentRow[]);
  return {
    count: Number(count),
    rows: precedents.map((precedent, index) => {
      const row = rows[index]!;
      return {
        ...precedent,
        same: { institution: Boolean(row.same_institution), programme: Boolean(row.same_programme), level: Boolean(row.same_level), country: Boolean(row.same_country) },
      };
    }),
  };
}

export async function decisionConsistency(db: AppDatabase, scope: ApplicationScope, applicationId: number): Promise<DecisionConsistency | undefined> {
  if (!(await visibleApplication(db, scope, applicationId))) return undefined;
  const identity: QualificationIdentity = await qualificationIdentityOf(db, applicationId);
  const outcomes = await programmeOutcomes(db, identity, applicationId);
  return { total: totalOf(outcomes), outcomes, majority: clearMajority(outcomes) };
}

/** The precedents a decision cites and the decisions that cite it; undefined when the caller may not see its application. */
export async function decisionCitations(db: AppDatabase, scope: ApplicationScope, decisionId: number): Promise<DecisionCitations | undefined> {
  const decision = await db
    .selectFrom('recognition_decisions')
    .innerJoin('applications', 'applications.id', 'recognition_decisions.application_id')
    .select('recognition_decisions.id')
    .where('recognition_decisions.id', '=', decisionId)
    .where(visibleIn(scope))
    .executeTakeFirst();
  if (!decision) return undefined;
  const linked = (direction: 'cites' | 'cited_by') =>
    db
      .selectFrom('decision_precedents')
      .innerJoin('recognition_decisions', 'recognition_decisions.id', direction === 'cites' ? 'decision_precedents.precedent_id' : 'decision_precedents.decision_id')
      .innerJoin('applications', 'applications.id', 'recognition_decisions.application_id')
      .select(PRECEDENT_COLUMNS)
      .select((eb) => flag(visibleIn(scope)(applicationsOf(eb)), 'may_open'))
      .where(direction === 'cites' ? 'decision_precedents.decision_id' : 'decision_precedents.precedent_id', '=', decisionId)
      .orderBy(direction === 'cites' ? 'decision_precedents.position' : 'recognition_decisions.id')
      .execute();
  const [cites, citedBy] = await Promise.all([linked('cites'), linked('cited_by')]);
  return { cites: await asPrecedents(db, cites as unknown as PrecedentRow[]), cited_by: await asPrecedents(db, citedBy as unknown as PrecedentRow[]) };
}
