import { sql, type Kysely } from 'kysely';

// What evaluators compare a foreign qualification by (shared/design/recognition.md, "What a
// reasoned decision contains"): its original title in its own language, the language it was taught
// in (ISO 639-1), the mode of study, when the studies began and ended, the grading scale as the
// diploma states it and the final grade on that scale. All nullable: applications made before this
// migration have none of them. The mode and the dates are checked here too, so no writer can store
// a study that ends before it starts.

const UP = [
  sql`alter table education_info
    add column original_title text,
    add column language_of_instruction text check (language_of_instruction ~ '^[a-z]{2}$'),
    add column study_mode text check (study_mode in ('full_time', 'part_time', 'distance')),
    add column study_start date,
    add column study_end date,
    add column grading_scale text,
    add column final_grade text,
    add constraint education_info_study_period_check check (study_end >= study_start)`,
];

const DOWN = [
  sql`alter table education_info
    drop constraint education_info_study_period_check,
    drop column final_grade,
    drop column grading_scale,
    drop column study_end,
    drop column study_start,
    drop column study_mode,
    drop column language_of_instruction,
    drop column original_title`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
