import { sql, type Kysely } from 'kysely';

// "Incomplete" is work still to be done: an OPEN application (workflow.md: any status but
// approved, rejected and the two pre-university outcomes) missing a required document of its
// service or waiting for the applicant's answer. A closed case owes nothing, so the flag (kept by
// 0003's triggers, read by the incomplete list, the list's filter and the dashboard) is false for
// it. The function keeps its signature, so the triggers pick the new rule up as they are.

const CLOSED = sql`('approved', 'rejected', 'pre_university_recognition', 'pre_university_non_recognition')`;

const UP = [
  sql`create or replace function application_is_incomplete(app_id integer, app_status text, app_service_id integer)
    returns boolean language sql stable as $$
      select app_status not in ${CLOSED} and (
        app_status in ('needs_clarification', 'additional_info_required')
        or exists (
          select 1 from service_document_requirements r
          where r.service_id = app_service_id and r.required
            and not exists (
              select 1 from application_documents d
              where d.application_id = app_id and d.document_type = r.document_type and d.status <> 'rejected')))
    $$`,
  sql`update applications set incomplete = false where incomplete and status in ${CLOSED}`,
];

const DOWN = [
  sql`create or replace function application_is_incomplete(app_id integer, app_status text, app_service_id integer)
    returns boolean language sql stable as $$
      select app_status in ('needs_clarification', 'additional_info_required')
        or exists (
          select 1 from service_document_requirements r
          where r.service_id = app_service_id and r.required
            and not exists (
              select 1 from application_documents d
              where d.application_id = app_id and d.document_type = r.document_type and d.status <> 'rejected'))
    $$`,
  sql`update applications set incomplete = application_is_incomplete(id, status, service_id) where status in ${CLOSED}`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
