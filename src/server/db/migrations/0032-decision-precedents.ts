import { sql, type Kysely } from 'kysely';

// Precedents: finding earlier decisions on the same or a similar qualification, and citing them.
// - decision_programme_key(text): a programme's name as precedents compare it: lower case, without
//   accents, its words sorted ("Inxhinieri Kompjuterike" and "kompjuterike inxhinierí" meet). The
//   decision keeps it as a generated column, so every writer (the workflow, the demo seed, the
//   benchmark) fills it and existing rows are filled now.
// - foreign_institution_id / foreign_country: the institution of the reference data the decision's
//   institution name was found as (the record it was merged into, when it was a duplicate) and the
//   institution's country, kept with the rest of the comparison. Existing rows get them from their
//   application's education info.
// - reasons_search (the outcome's detail and the departure reason) and the differences'
//   explanation_search: the words of a decision's reasons, folded (accents, case), for full-text
//   search ('simple' configuration: the texts are in three languages and no stemmer fits all).
// - decision_precedents: the earlier decisions a decision cites; read both ways.
// The folding letters are this migration's own copy of shared/accent-folding.ts (a migration never changes).

const FOLD_FROM = 'ÀÁÂÃÄÅàáâãäåÇçĆćČčĐđÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöŠšÙÚÛÜùúûüÝýÿŽž';
const FOLD_TO = 'aaaaaaaaaaaaccccccddeeeeeeeeiiiiiiiinnoooooooooossuuuuuuuuyyyzz';

const UP = [
  sql`create function decision_fold(value text) returns text language sql immutable parallel safe
    as $$ select translate(lower(value), ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)}) $$`,
  // The body names decision_fold with its schema: pg_restore fills generated columns with an empty
  // search_path, where an unqualified name inside a function body is not found.
  sql`create function decision_programme_key(programme text) returns text language sql immutable parallel safe
    as $$ select nullif(array_to_string(array(
      select word from regexp_split_to_table(public.decision_fold(coalesce(programme, '')), '[[:space:][:punct:]]+') as word
      where word <> '' order by word collate "C"), ' '), '') $$`,
  sql`alter table recognition_decisions
    add column foreign_programme_key text generated always as (decision_programme_key(foreign_programme)) stored,
    add column foreign_institution_id integer references institutions (id) on delete set null,
    add column foreign_country text,
    add column reasons_search tsvector generated always as
      (to_tsvector('simple'::regconfig, decision_fold(coalesce(outcome_detail, '') || ' ' || coalesce(departure_reason, '')))) stored`,
  sql`alter table recognition_decision_differences
    add column explanation_search tsvector generated always as (to_tsvector('simple'::regconfig, decision_fold(explanation))) stored`,
  // What the existing decisions were made on: the application's institution and country.
  sql`update recognition_decisions d set
      foreign_country = nullif(trim(e.institution_country), ''),
      foreign_institution_id = (
        select coalesce(i.merged_into, i.id) from institutions i
        where lower(d.foreign_institution_name) in (lower(i.name_en), lower(i.name_sq), lower(i.name_sr))
          and (e.institution_country is null or i.country = e.institution_country)
        order by i.merged_into is null desc, i.id limit 1)
    from education_info e
    where e.application_id = d.application_id`,

  sql`create table decision_precedents (
    decision_id integer not null references recognition_decisions (id) on delete cascade,
    precedent_id integer not null references recognition_decisions (id) on delete restrict,
    position smallint not null,
    primary key (decision_id, precedent_id),
    check (decision_id <> precedent_id)
  )`,
  sql`create index decision_precedents_precedent_idx on decision_precedents (precedent_id)`,

  // The similar-decisions panel and the consistency count: approved decisions by programme, institution, country.
  sql`create index recognition_decisions_programme_idx on recognition_decisions (foreign_programme_key, foreign_degree_level, approved_at desc) where state = 'approved'`,
  sql`create index recognition_decisions_institution_idx on recognition_decisions (foreign_institution_id, approved_at desc) where state = 'approved'`,
  sql`create index recognition_decisions_country_idx on recognition_decisions (foreign_country, foreign_degree_level, approved_at desc) where state = 'approved'`,
  sql`create index recognition_decisions_approved_idx on recognition_decisions (approved_at desc, id desc) where state = 'approved'`,
  sql`create index recognition_decisions_reasons_search_idx on recognition_decisions using gin (reasons_search)`,
  sql`create index recognition_decision_differences_search_idx on recognition_decision_differences using gin (explanation_search)`,
  // The register: newest decision first (prepared ones by the day they were prepared).
  sql`create index recognition_decisions_register_idx on recognition_decisions ((coalesce(approved_at, prepared_at)) desc, id desc)`,
];

const DOWN = [
  sql`drop table decision_precedents`,
  sql`drop index recognition_decisions_register_idx`,
  sql`drop index recognition_decisions_approved_idx`,
  sql`alter table recognition_decision_differences drop column explanation_search`,
  sql`alter table recognition_decisions
    drop column reasons_search,
    drop column foreign_country,
    drop column foreign_institution_id,
    drop column foreign_programme_key`,
  sql`drop function decision_programme_key(text)`,
  sql`drop function decision_fold(text)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
