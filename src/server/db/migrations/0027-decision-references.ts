import { sql, type Kysely } from 'kysely';

// Issue 30: what a recognition decision is built from, kept by administrators in the reference
// data (shared/design/recognition.md).
// - legal_reasons: the library of legal bases a decision cites (an article and its text in the
//   three languages), each for the recognition services and outcomes it may be cited with. A
//   reason a decision has cited is deactivated, never deleted (later migrations reference it).
// - national_qualifications: the national reference qualifications a foreign qualification is
//   compared with (level, EQF/NQF, workload, duration, profile).
// The decision tables themselves come in the next migration; this one only holds the library.


const UP = [
  sql`create table legal_reasons (
    id integer generated always as identity primary key,
    article text not null check (article <> ''),
    text_en text not null check (text_en <> ''),
    text_sq text not null check (text_sq <> ''),
    text_sr text not null check (text_sr <> ''),
    services smallint[] not null check (cardinality(services) > 0 and services <@ array[1, 2]::smallint[]),
    outcomes text[] not null check (cardinality(outcomes) > 0 and outcomes <@ array['full', 'partial', 'alternative', 'conditional', 'non_recognition']::text[]),
    active boolean not null default true,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  sql`create unique index legal_reasons_article_idx on legal_reasons (lower(article))`,

  sql`create table national_qualifications (
    id integer generated always as identity primary key,
    name_en text not null check (name_en <> ''),
    name_sq text not null check (name_sq <> ''),
    name_sr text not null check (name_sr <> ''),
    degree_level text not null,
    eqf_level smallint not null check (eqf_level between 1 and 8),
    nqf_level smallint not null check (nqf_level between 1 and 8),
    ects_credits integer check (ects_credits >= 0),
    duration_years numeric(3, 1) check (duration_years > 0),
    profile text not null check (profile in ('academic', 'professional')),
    active boolean not null default true,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  sql`create index national_qualifications_level_idx on national_qualifications (degree_level, name_en)`,
];

const DOWN = [sql`drop table national_qualifications`, sql`drop table legal_reasons`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
