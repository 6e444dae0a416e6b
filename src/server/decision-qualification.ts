import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { RecognitionOutcome } from '../shared/api/recognition-decisions';
import type { OutcomeCounts } from '../shared/domain/decision-consistency';
import type { Database } from './db/schema';

// What makes two recognition decisions "on the same qualification", for the workflow (the
// consistency rule a decision must meet) and the precedents module (the similar decisions, the
// consistency count) alike: the institution of the reference data (a merged duplicate counts as
// the record it was merged into), the programme's key (migration 0032's decision_programme_key:
// folded, words sorted), the degree level and the country.

type Reader = Kysely<Database>;

export interface QualificationIdentity {
  /** The reference data's institution (the survivor of a merge); null when the name is not in it. */
  institution_id: number | null;
  institution_name: string | null;
  programme_key: string | null;
  degree_level: string | null;
  country: string | null;
}

/**
 * The institution a name stands for in the reference data (any of its three names, in the
 * country when given): the record it was merged into when it is a duplicate. Undefined when none.
 */
export async function institutionNamed(db: Reader, name: string, country: string | null) {
  const lowered = name.toLowerCase();
  let query = db
    .selectFrom('institutions')
    .leftJoin('institutions as kept', 'kept.id', 'institutions.merged_into')
    .select((eb) => [
      eb.fn.coalesce('kept.id', 'institutions.id').as('id'),
      eb.fn.coalesce('kept.accreditation_status', 'institutions.accreditation_status').as('status'),
    ])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['institutions.name_en']), '=', lowered),
        eb(eb.fn('lower', ['institutions.name_sq']), '=', lowered),
        eb(eb.fn('lower', ['institutions.name_sr']), '=', lowered),
      ]),
    );
  if (country) query = query.where('institutions.country', '=', country);
  return query.orderBy(sql`institutions.merged_into is null`, 'desc').orderBy('institutions.id').executeTakeFirst();
}

/** The application's qualification as precedents compare it, from its education info now. */
export async function qualificationIdentityOf(db: Reader, applicationId: number): Promise<QualificationIdentity> {
  const education = await db
    .selectFrom('education_info')
    .select([
      'institution_name',
      'institution_country',
      'degree_level',
      sql<string | null>`decision_programme_key(program_name)`.as('programme_key'),
    ])
    .where('application_id', '=', applicationId)
    .executeTakeFirst();
  const name = education?.institution_name?.trim() || null;
  const country = education?.institution_country?.trim() || null;
  const institution = name ? await institutionNamed(db, name, country) : undefined;
  return {
    institution_id: institution?.id ?? null,
    institution_name: name,
    programme_key: education?.programme_key ?? null,
    degree_level: education?.degree_level ?? null,
    country,
  };
}

type DecisionsFrom = ExpressionBuilder<Database, 'recognition_decisions'>;

/** The decision was made on the same institution (by the reference data's record, else by name and country). */
export function sameInstitution(eb: DecisionsFrom, identity: QualificationIdentity): Expression<SqlBool> {
  if (identity.institution_id !== null) {
    // The record and the duplicates merged into it: a decision kept the duplicate's id when it was made before the merge.
    return eb(
      'recognition_decisions.foreign_institution_id',
      'in',
      eb.selectFrom('institutions').select('institutions.id').where((inner) => inner.or([inner('institutions.id', '=', identity.institution_id!), inner('institutions.merged_into', '=', identity.institution_id!)])),
    );
  }
  if (identity.institution_name === null) return eb.lit(false);
  return eb.and([
    eb(eb.fn('lower', ['recognition_decisions.foreign_institution_name']), '=', identity.institution_name.toLowerCase()),
    identity.country === null ? eb('recognition_decisions.foreign_country', 'is', null) : eb('recognition_decisions.foreign_country', '=', identity.country),
  ]);
}

export const sameProgramme = (eb: DecisionsFrom, identity: QualificationIdentity): Expression<SqlBool> =>
  identity.programme_key === null ? eb.lit(false) : eb('recognition_decisions.foreign_programme_key', '=', identity.programme_key);
export const sameLevel = (eb: DecisionsFrom, identity: QualificationIdentity): Expression<SqlBool> =>
  identity.degree_level === null ? eb.lit(false) : eb('recognition_decisions.foreign_degree_level', '=', identity.degree_level);
export const sameCountry = (eb: DecisionsFrom, identity: QualificationIdentity): Expression<SqlBool> =>
  identity.country === null ? eb.lit(false) : eb('recognition_decisions.foreign_country', '=', identity.country);

/**
 * The earlier approved decisions on the same programme (institution, programme and degree level)
 * of other applications, counted by outcome: what a new decision is consistent with or departs from.
 */
export async function programmeOutcomes(db: Reader, identity: QualificationIdentity, applicationId: number): Promise<OutcomeCounts> {
  const rows = await db
    .selectFrom('recognition_decisions')
    .select(['recognition_decisions.outcome', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('recognition_decisions.state', '=', 'approved')
    .where('recognition_decisions.application_id', '<>', applicationId)
    .where((eb) => eb.and([sameInstitution(eb, identity), sameProgramme(eb, identity), sameLevel(eb, identity)]))
    .groupBy('recognition_decisions.outcome')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.outcome as RecognitionOutcome, Number(row.count)]));
}
