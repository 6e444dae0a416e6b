import { sql } from 'kysely';
import type { Qualification } from '../shared/api/qualification';
import type { AppDatabase } from './db/database';

// The qualification as the council and the evaluators read it (shared/api/qualification.ts): the
// education record, the reference institution it names and the degree level's EQF/NQF levels.
// Applications keep their institution as typed text, so the match is by name (any of the
// institution's three, ignoring case) within its country; a merged duplicate answers the
// institution it was merged into, whose standing is the one that counts.

/** Merges can chain (A into B, later B into C); a few steps are all the reference data ever needs. */
const MERGE_STEPS = 5;

export async function loadQualification(db: AppDatabase, applicationId: number): Promise<Qualification | null> {
  const education = await db
    .selectFrom('education_info')
    .leftJoin('reference_values as level', (join) => join.on('level.list', '=', 'degree_levels').onRef('level.code', '=', 'education_info.degree_level'))
    .select([
      'education_info.institution_name',
      'education_info.institution_country',
      'education_info.institution_type',
      'education_info.program_name',
      'education_info.original_title',
      'education_info.degree_level',
      'education_info.duration',
      'education_info.graduation_date',
      'education_info.ects_credits',
      'education_info.language_of_instruction',
      'education_info.study_mode',
      'education_info.study_start',
      'education_info.study_end',
      'education_info.grading_scale',
      'education_info.final_grade',
      'level.eqf_level',
      'level.nqf_level',
    ])
    .where('education_info.application_id', '=', applicationId)
    .executeTakeFirst();
  if (!education) return null;
  const country = education.institution_country?.trim() || null;
  return {
    ...education,
    institution_country: country,
    institution: await referenceInstitution(db, education.institution_name, country),
  };
}

async function referenceInstitution(db: AppDatabase, name: string, country: string | null): Promise<Qualification['institution']> {
  const wanted = name.trim().toLowerCase();
  if (wanted === '') return null;
  let match = await db
    .selectFrom('institutions')
    .select(['id', 'name_en', 'name_sq', 'name_sr', 'country', 'accreditation_status', 'diploma_register_url', 'merged_into'])
    .where((eb) => eb.or([eb(sql<string>`lower(name_en)`, '=', wanted), eb(sql<string>`lower(name_sq)`, '=', wanted), eb(sql<string>`lower(name_sr)`, '=', wanted)]))
    .$if(country !== null, (query) => query.where('country', '=', country!))
    // An active institution before a merged or retired one of the same name.
    .orderBy('active', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  for (let step = 0; match?.merged_into != null && step < MERGE_STEPS; step++) {
    match = (await db
      .selectFrom('institutions')
      .select(['id', 'name_en', 'name_sq', 'name_sr', 'country', 'accreditation_status', 'diploma_register_url', 'merged_into'])
      .where('id', '=', match.merged_into)
      .executeTakeFirst()) ?? match;
  }
  if (!match) return null;
  const { merged_into: _merged, ...institution } = match;
  return { ...institution, country: institution.country.trim() };
}
