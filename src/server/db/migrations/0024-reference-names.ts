import { sql, type Kysely } from 'kysely';

// Councils and expert commissions are named in each interface language, as institutions and
// services are: `name` becomes `name_en` (still unique: it is the name admins tell them apart by)
// beside `name_sq` and `name_sr`. An empty translation means "not translated yet": the screens and
// documents then show the English name, so rows made before this migration read as they did.

const UP = [
  sql`alter table councils rename column name to name_en`,
  sql`alter table councils add column name_sq text not null default '', add column name_sr text not null default ''`,
  sql`alter table expert_commissions rename column name to name_en`,
  sql`alter table expert_commissions add column name_sq text not null default '', add column name_sr text not null default ''`,
];

const DOWN = [
  sql`alter table expert_commissions drop column name_sr, drop column name_sq`,
  sql`alter table expert_commissions rename column name_en to name`,
  sql`alter table councils drop column name_sr, drop column name_sq`,
  sql`alter table councils rename column name_en to name`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
