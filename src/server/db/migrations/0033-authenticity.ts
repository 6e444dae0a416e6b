import { sql, type Kysely } from 'kysely';

// Authenticity: what the centre knows about an institution, reused across cases
// (shared/design/recognition.md, "Authenticity in practice").
// - institution_accreditation_periods: the accreditation history as dated periods, so "was it
//   accredited when this diploma was issued?" is answered by the dates (valid_to null: still running).
// - institution_verification_contacts: where a confirmation request goes, taken from an official
//   source (kept with the day it was checked), never from an applicant's form.
// - institution_checks: who checked what about the institution, when, the finding and the evidence.
// - institution_watch_entries: institutions administrators mark as unrecognised, diploma mills or
//   under investigation; lifting an entry keeps it (lifted_at), at most one runs per institution.
// - application_watch_flags: the applications naming a watch-listed institution, precomputed so the
//   applications list reads a flag by its primary key and never compares names per row. An
//   application matches by one of the three names, the name of a duplicate merged into the
//   institution, or a close spelling (trigram similarity of the folded names, in the institution's
//   country when the application names one). Triggers keep it true whatever writes: an application's
//   institution changes, a watch entry is added or lifted, an institution is renamed or merged. A new
//   flag, and a flag cleared, are written to the application's history.
// The names are folded with 0032's decision_fold (lower case, no accents).

/** A close spelling: "Univeristy of Atlantis" (0.70) matches, "American University of Europe" for "… of Kosovo" (0.62) does not. */
const SIMILARITY = 0.65;

const UP = [
  sql`create table institution_accreditation_periods (
    id integer generated always as identity primary key,
    institution_id integer not null references institutions (id) on delete cascade,
    valid_from date not null,
    valid_to date,
    status text not null check (status in ('accredited', 'conditionally_accredited', 'not_accredited', 'suspended', 'withdrawn')),
    accrediting_body text not null check (accrediting_body <> ''),
    source_url text check (source_url <> ''),
    source_document text check (source_document <> ''),
    note text,
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    check (valid_to is null or valid_to >= valid_from),
    check (source_url is not null or source_document is not null)
  )`,
  sql`create index institution_accreditation_periods_institution_idx on institution_accreditation_periods (institution_id, valid_from)`,

  sql`create table institution_verification_contacts (
    id integer generated always as identity primary key,
    institution_id integer not null references institutions (id) on delete cascade,
    registrar_email text check (registrar_email <> ''),
    postal_address text check (postal_address <> ''),
    language text not null check (language in ('en', 'sq', 'sr')),
    source text not null check (source <> ''),
    checked_on date not null,
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    check (registrar_email is not null or postal_address is not null)
  )`,
  sql`create index institution_verification_contacts_institution_idx on institution_verification_contacts (institution_id)`,

  sql`create table institution_checks (
    id integer generated always as identity primary key,
    institution_id integer not null references institutions (id) on delete cascade,
    subject text not null check (subject in ('accreditation', 'existence', 'diploma_register', 'contact_details', 'other')),
    finding text not null check (finding in ('confirmed', 'not_confirmed', 'inconclusive')),
    details text not null check (details <> ''),
    evidence text check (evidence <> ''),
    checked_on date not null,
    checked_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  sql`create index institution_checks_institution_idx on institution_checks (institution_id, checked_on desc, id desc)`,

  sql`create table institution_watch_entries (
    id integer generated always as identity primary key,
    institution_id integer not null references institutions (id) on delete cascade,
    category text not null check (category in ('unrecognised', 'diploma_mill', 'under_investigation')),
    source text not null check (source <> ''),
    note text,
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    lifted_at timestamptz,
    lifted_by_id integer references users (id) on delete set null
  )`,
  sql`create unique index institution_watch_entries_running_idx on institution_watch_entries (institution_id) where lifted_at is null`,

  sql`create table application_watch_flags (
    application_id integer primary key references applications (id) on delete cascade,
    watch_entry_id integer not null references institution_watch_entries (id) on delete cascade,
    institution_id integer not null references institutions (id) on delete cascade,
    matched_by text not null check (matched_by in ('name', 'merged_duplicate', 'similar_name')),
    matched_name text not null,
    similarity numeric(4, 3) not null,
    flagged_at timestamptz not null default now()
  )`,
  sql`create index application_watch_flags_entry_idx on application_watch_flags (watch_entry_id)`,
  // Finding the applications a new watch entry names, by close spelling, without reading them all.
  sql`create index applications_institution_fold_trgm_idx on applications using gin (public.decision_fold(institution_name) gin_trgm_ops)`,

  // The running watch entry an institution name (in a country, when known) stands for, best first.
  sql`create function watch_list_match(wanted text, wanted_country text)
    returns table (watch_entry_id integer, institution_id integer, matched_by text, matched_name text, similarity real)
    language sql stable
    as $$
      select e.id, e.institution_id,
        case when public.decision_fold(n.name) = public.decision_fold(trim(wanted))
          then case when i.id = e.institution_id then 'name' else 'merged_duplicate' end
          else 'similar_name' end,
        n.name,
        case when public.decision_fold(n.name) = public.decision_fold(trim(wanted)) then 1::real
          else public.similarity(public.decision_fold(n.name), public.decision_fold(trim(wanted))) end
      from public.institution_watch_entries e
      join public.institutions i on i.id = e.institution_id or i.merged_into = e.institution_id
      cross join lateral (values (i.name_en), (i.name_sq), (i.name_sr)) as n (name)
      where e.lifted_at is null
        and coalesce(trim(wanted), '') <> ''
        and (coalesce(trim(wanted_country), '') = '' or i.country = trim(wanted_country))
        and (public.decision_fold(n.name) = public.decision_fold(trim(wanted))
          or public.similarity(public.decision_fold(n.name), public.decision_fold(trim(wanted))) >= ${sql.lit(SIMILARITY)})
      order by 5 desc, (i.id = e.institution_id) desc, e.id
      limit 1
    $$`,

  sql`create function refresh_application_watch_flag(application integer, wanted text, wanted_country text) returns void
    language plpgsql
    as $$
      declare
        found record;
        before integer;
      begin
        select watch_entry_id into before from public.application_watch_flags where application_id = application;
        select * into found from public.watch_list_match(wanted, wanted_country);
        if found.watch_entry_id is null then
          if before is not null then
            delete from public.application_watch_flags where application_id = application;
            insert into public.application_history (application_id, action, notes) values (application, 'watch_list_cleared', null);
          end if;
          return;
        end if;
        insert into public.application_watch_flags (application_id, watch_entry_id, institution_id, matched_by, matched_name, similarity)
          values (application, found.watch_entry_id, found.institution_id, found.matched_by, found.matched_name, found.similarity)
          on conflict (application_id) do update set watch_entry_id = excluded.watch_entry_id, institution_id = excluded.institution_id,
            matched_by = excluded.matched_by, matched_name = excluded.matched_name, similarity = excluded.similarity;
        if before is distinct from found.watch_entry_id then
          insert into public.application_history (application_id, action, notes) values (application, 'watch_list_flagged', found.matched_name);
        end if;
      end
    $$`,

  // Every application the entry may name now or named before, each matched afresh.
  sql`create function refresh_watch_flags_of_institution(watched integer) returns void
    language plpgsql
    as $$
      declare
        candidate record;
      begin
        for candidate in
          select a.id, a.institution_name, a.institution_country from public.applications a
          where a.id in (
            select f.application_id from public.application_watch_flags f where f.institution_id = watched
            union
            select a2.id from public.applications a2
            join public.institutions i on i.id = watched or i.merged_into = watched
            cross join lateral (values (i.name_en), (i.name_sq), (i.name_sr)) as n (name)
            -- The operator's own threshold (0.3) only narrows by the index; watch_list_match decides.
            where public.decision_fold(a2.institution_name) operator(public.%) public.decision_fold(n.name))
          order by a.id
        loop
          perform public.refresh_application_watch_flag(candidate.id, candidate.institution_name, candidate.institution_country);
        end loop;
      end
    $$`,

  sql`create function applications_watch_flag() returns trigger
    language plpgsql
    as $$
      begin
        perform public.refresh_application_watch_flag(new.id, new.institution_name, new.institution_country);
        return null;
      end
    $$`,
  sql`create trigger applications_watch_flag_insert after insert on applications
    for each row when (new.institution_name is not null) execute function applications_watch_flag()`,
  sql`create trigger applications_watch_flag_update after update of institution_name, institution_country on applications
    for each row when (old.institution_name is distinct from new.institution_name or old.institution_country is distinct from new.institution_country)
    execute function applications_watch_flag()`,

  sql`create function watch_entries_refresh_flags() returns trigger
    language plpgsql
    as $$
      begin
        perform public.refresh_watch_flags_of_institution(new.institution_id);
        return null;
      end
    $$`,
  sql`create trigger institution_watch_entries_refresh after insert or update of lifted_at on institution_watch_entries
    for each row execute function watch_entries_refresh_flags()`,

  // A renamed or merged institution: the watched institutions it was or now is part of.
  sql`create function institutions_refresh_watch_flags() returns trigger
    language plpgsql
    as $$
      declare
        watched integer;
      begin
        for watched in
          select e.institution_id from public.institution_watch_entries e
          where e.lifted_at is null and e.institution_id in (new.id, new.merged_into, old.merged_into)
        loop
          perform public.refresh_watch_flags_of_institution(watched);
        end loop;
        return null;
      end
    $$`,
  sql`create trigger institutions_refresh_watch_flags after update of name_en, name_sq, name_sr, merged_into, country on institutions
    for each row execute function institutions_refresh_watch_flags()`,
];

const DOWN = [
  sql`drop trigger institutions_refresh_watch_flags on institutions`,
  sql`drop function institutions_refresh_watch_flags()`,
  sql`drop trigger institution_watch_entries_refresh on institution_watch_entries`,
  sql`drop function watch_entries_refresh_flags()`,
  sql`drop trigger applications_watch_flag_update on applications`,
  sql`drop trigger applications_watch_flag_insert on applications`,
  sql`drop function applications_watch_flag()`,
  sql`drop function refresh_watch_flags_of_institution(integer)`,
  sql`drop function refresh_application_watch_flag(integer, text, text)`,
  sql`drop function watch_list_match(text, text)`,
  sql`drop index applications_institution_fold_trgm_idx`,
  sql`drop table application_watch_flags`,
  sql`drop table institution_watch_entries`,
  sql`drop table institution_checks`,
  sql`drop table institution_verification_contacts`,
  sql`drop table institution_accreditation_periods`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
