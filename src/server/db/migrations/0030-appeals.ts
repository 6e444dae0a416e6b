import { sql, type Kysely } from 'kysely';

// Appeals against the recognition decisions of services 1 and 2 (shared/design/recognition.md).
// - appeals: one case per appeal, against the decision that was current when it was received.
//   `late` is judged once, from the received date and that decision's last day of appeal; a late
//   appeal is reviewed only with the reason it was accepted for (late_acceptance_reason), otherwise
//   it can only be rejected as late. It goes to a council or an officer (one of them, never the
//   original deciders: the server's rule), runs registered → under_review → decided, and an
//   outcome `changed` names the decision that replaced the one appealed against.
//   The letter is one of the application's documents (restrict: a letter in a case is kept).
// - deadline configurations gain the type `appeal_review`: an appeal's due date.

const DEADLINE_TYPES_BEFORE = sql`('document_upload', 'fee_payment', 'service_completion', 'council_review',
  'application_submission', 'document_verification', 'administrative_review', 'final_decision')`;
const DEADLINE_TYPES_AFTER = sql`('document_upload', 'fee_payment', 'service_completion', 'council_review',
  'application_submission', 'document_verification', 'administrative_review', 'final_decision', 'appeal_review')`;

const UP = [
  sql`alter table deadline_configurations drop constraint deadline_configurations_deadline_type_check`,
  sql`alter table deadline_configurations add constraint deadline_configurations_deadline_type_check check (deadline_type in ${DEADLINE_TYPES_AFTER})`,

  sql`create table appeals (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    decision_id integer not null references recognition_decisions (id),
    received_on date not null,
    grounds text not null check (grounds <> ''),
    letter_document_id integer not null references application_documents (id) on delete restrict,
    late boolean not null,
    late_acceptance_reason text check (late_acceptance_reason <> ''),
    council_id integer references councils (id),
    officer_id integer references users (id),
    assigned_at timestamptz,
    due_date date,
    state text not null default 'registered' check (state in ('registered', 'under_review', 'decided')),
    outcome text check (outcome in ('upheld', 'changed', 'rejected_late')),
    outcome_reason text check (outcome_reason <> ''),
    decided_by_id integer references users (id),
    decided_at timestamptz,
    new_decision_id integer references recognition_decisions (id),
    registered_by_id integer references users (id) on delete set null,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (council_id is null or officer_id is null),
    check ((state = 'under_review') <= (council_id is not null or officer_id is not null)),
    check ((state = 'decided') = (outcome is not null and outcome_reason is not null and decided_at is not null and decided_by_id is not null)),
    check ((outcome = 'changed') = (new_decision_id is not null)),
    check (outcome <> 'rejected_late' or late),
    check (late_acceptance_reason is null or late),
    check (outcome not in ('upheld', 'changed') or not late or late_acceptance_reason is not null)
  )`,
  // At most one open appeal per decision: a second letter about it belongs to the open case.
  sql`create unique index appeals_open_idx on appeals (decision_id) where state <> 'decided'`,
  sql`create index appeals_application_idx on appeals (application_id, id)`,
  sql`create index appeals_received_idx on appeals (received_on desc, id desc)`,
  sql`create index appeals_council_idx on appeals (council_id) where council_id is not null`,
  sql`create index appeals_officer_idx on appeals (officer_id) where officer_id is not null`,
];

const DOWN = [
  sql`drop table appeals`,
  sql`delete from deadline_configurations where deadline_type = 'appeal_review'`,
  sql`alter table deadline_configurations drop constraint deadline_configurations_deadline_type_check`,
  sql`alter table deadline_configurations add constraint deadline_configurations_deadline_type_check check (deadline_type in ${DEADLINE_TYPES_BEFORE})`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
