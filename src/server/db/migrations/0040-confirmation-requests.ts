import { sql, type Kysely } from 'kysely';

// Confirmation requests: asking the institution that issued a document whether it did
// (shared/design/recognition.md, "Authenticity in practice").
// - confirmation_requests: one request about one of the application's documents, sent to the
//   institution's verification contact from its dossier (the address is copied: a contact removed
//   later does not change where the request went). It runs sent → answered (confirmed, not
//   confirmed, no such record) | no_answer | cancelled. Whether the e-mail was delivered is its
//   outbox row's status. `remind_on` is the day the reminder to the institution is due (the
//   `authenticity_confirmation` deadline configuration of the service's category; null: none
//   configured), cleared once sent. A reply keeps its day, the reply file (one of the application's
//   documents, uploaded the usual way) and/or the pasted e-mail.
// - deadline configurations gain the type `authenticity_confirmation`.
// - notification_outbox gains the document an e-mail carries as its attachment (the diploma scan).

const DEADLINE_TYPES_BEFORE = sql`('document_upload', 'fee_payment', 'service_completion', 'council_review',
  'application_submission', 'document_verification', 'administrative_review', 'final_decision', 'appeal_review')`;
const DEADLINE_TYPES_AFTER = sql`('document_upload', 'fee_payment', 'service_completion', 'council_review',
  'application_submission', 'document_verification', 'administrative_review', 'final_decision', 'appeal_review',
  'authenticity_confirmation')`;

const UP = [
  sql`alter table deadline_configurations drop constraint deadline_configurations_deadline_type_check`,
  sql`alter table deadline_configurations add constraint deadline_configurations_deadline_type_check check (deadline_type in ${DEADLINE_TYPES_AFTER})`,

  sql`alter table notification_outbox add column attachment_document_id integer references application_documents (id) on delete set null`,

  sql`create table confirmation_requests (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    document_id integer not null references application_documents (id) on delete restrict,
    institution_id integer not null references institutions (id),
    contact_id integer references institution_verification_contacts (id) on delete set null,
    recipient_email text not null check (recipient_email <> ''),
    language text not null check (language in ('en', 'sq', 'sr')),
    reference text not null unique check (reference <> ''),
    reply_to text not null check (reply_to <> ''),
    outbox_id bigint references notification_outbox (id) on delete set null,
    state text not null default 'sent' check (state in ('sent', 'answered', 'no_answer', 'cancelled')),
    answer text check (answer in ('confirmed', 'not_confirmed', 'no_such_record')),
    answered_on date,
    reply_document_id integer references application_documents (id) on delete restrict,
    reply_text text check (reply_text <> ''),
    note text check (note <> ''),
    remind_on date,
    reminder_outbox_id bigint references notification_outbox (id) on delete set null,
    sent_by_id integer references users (id) on delete set null,
    sent_at timestamptz not null default now(),
    closed_by_id integer references users (id) on delete set null,
    closed_at timestamptz,
    check ((state = 'answered') = (answer is not null and answered_on is not null)),
    check (state <> 'answered' or reply_document_id is not null or reply_text is not null),
    check ((state = 'sent') = (closed_at is null))
  )`,
  sql`create index confirmation_requests_application_idx on confirmation_requests (application_id, id)`,
  // The reminder job's work list: open requests whose reminder is owed.
  sql`create index confirmation_requests_remind_idx on confirmation_requests (remind_on) where state = 'sent' and remind_on is not null`,
  sql`create index confirmation_requests_sent_idx on confirmation_requests (sent_at)`,
  // At most one open request per document: a second one would pause the clock twice for one question.
  sql`create unique index confirmation_requests_open_idx on confirmation_requests (document_id) where state = 'sent'`,
];

const DOWN = [
  sql`drop table confirmation_requests`,
  sql`alter table notification_outbox drop column attachment_document_id`,
  sql`delete from deadline_configurations where deadline_type = 'authenticity_confirmation'`,
  sql`alter table deadline_configurations drop constraint deadline_configurations_deadline_type_check`,
  sql`alter table deadline_configurations add constraint deadline_configurations_deadline_type_check check (deadline_type in ${DEADLINE_TYPES_BEFORE})`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
