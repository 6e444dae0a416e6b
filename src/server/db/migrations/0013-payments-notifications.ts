import { sql, type Kysely } from 'kysely';

// Payments and notifications. One statement per call (PGlite's extended protocol).
//
// - application_payments becomes the payment itself, from the moment a fee is requested: pending
//   (amount due), then paid (amount, transaction ID, method, when, who), refunded in part or whole,
//   or exempted. One open payment per application; a transaction ID is recorded once
//   (case-insensitively), so the same bank line can never pay twice. A paid payment carries the
//   verification code printed on its receipt. Rows from before this release were all paid.
// - payment_refunds: each refund with its reason; the payments module keeps their sum within
//   what was paid under the payment's row lock.
// - bank_statements / bank_statement_lines: an uploaded statement, previewed then imported once
//   (its SHA-256 is unique), with the outcome of each line.
// - notification_outbox gains what the notifications screens and the SMTP delivery need: the
//   application and template event it is about, the recipient's language, who sent it by hand,
//   retries with backoff (next_attempt_at) under a lease (claimed_until, so several server
//   instances never send a message twice), when an in-app message was read, a resend's original,
//   and whether it carries a secret (a one-time code, a temporary password) that nobody may read
//   or resend from the list.
// - notification_templates: one text per event and language, every version kept, the newest
//   active (as document templates).
// - applicants and users get the language their messages are written in.

const LANGUAGES = sql.raw(`('en', 'sq', 'sr')`);

const UP = [
  sql`alter table applicants add column preferred_language text not null default 'sq' check (preferred_language in ${LANGUAGES})`,
  sql`alter table users add column preferred_language text not null default 'en' check (preferred_language in ${LANGUAGES})`,

  sql`alter table application_payments
    alter column amount drop not null,
    alter column transaction_id drop not null,
    alter column paid_at drop not null,
    alter column paid_at drop default,
    add column status text not null default 'paid'
      check (status in ('pending', 'paid', 'partially_refunded', 'refunded', 'exempted', 'cancelled')),
    add column amount_due numeric(10, 2) check (amount_due >= 0),
    add column currency text not null default 'EUR' check (currency = 'EUR'),
    add column method text check (method in ('bank_transfer', 'cash', 'card', 'online')),
    add column receipt_code text unique,
    add column bank_statement_line_id integer,
    add column requested_by_id integer references users (id) on delete set null,
    add column created_at timestamptz not null default now(),
    add column updated_at timestamptz not null default now(),
    add column version integer not null default 1`,
  sql`update application_payments
    set amount_due = amount, method = 'bank_transfer', created_at = paid_at, updated_at = paid_at,
        receipt_code = 'R' || upper(substr(md5(id::text || transaction_id), 1, 11))`,
  sql`alter table application_payments alter column amount_due set not null`,
  sql`alter table application_payments add constraint application_payments_paid_check check (
    (status in ('paid', 'partially_refunded', 'refunded')) =
    (amount is not null and transaction_id is not null and paid_at is not null and receipt_code is not null))`,
  sql`create unique index application_payments_transaction_idx on application_payments (lower(transaction_id)) where transaction_id is not null`,
  sql`create unique index application_payments_open_idx on application_payments (application_id) where status = 'pending'`,
  sql`create index application_payments_status_idx on application_payments (status, created_at, id)`,
  sql`create index application_payments_paid_at_idx on application_payments (paid_at) where paid_at is not null`,

  sql`create table payment_refunds (
    id integer generated always as identity primary key,
    payment_id integer not null references application_payments (id) on delete cascade,
    amount numeric(10, 2) not null check (amount > 0),
    reason text not null,
    refunded_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  sql`create index payment_refunds_payment_idx on payment_refunds (payment_id, created_at)`,

  sql`create table bank_statements (
    id integer generated always as identity primary key,
    file_name text not null,
    sha256 text not null unique,
    encoding text not null check (encoding in ('utf-8', 'windows-1250')),
    status text not null default 'previewed' check (status in ('previewed', 'imported')),
    line_count integer not null default 0,
    recorded_count integer not null default 0,
    uploaded_by_id integer references users (id) on delete set null,
    uploaded_at timestamptz not null default now(),
    imported_by_id integer references users (id) on delete set null,
    imported_at timestamptz,
    version integer not null default 1
  )`,
  sql`create table bank_statement_lines (
    id integer generated always as identity primary key,
    statement_id integer not null references bank_statements (id) on delete cascade,
    line_number integer not null,
    booked_on date,
    amount numeric(12, 2),
    currency text,
    transaction_id text,
    reference text,
    payer text,
    outcome text not null check (outcome in
      ('matched', 'recorded', 'already_recorded', 'amount_mismatch', 'no_pending_payment', 'unknown_reference', 'duplicate_in_file', 'invalid')),
    problem text,
    payment_id integer references application_payments (id) on delete set null,
    unique (statement_id, line_number)
  )`,
  sql`alter table application_payments add constraint application_payments_statement_line_fk
    foreign key (bank_statement_line_id) references bank_statement_lines (id) on delete set null`,

  sql`alter table notification_outbox
    add column application_id integer references applications (id) on delete set null,
    add column event text,
    add column language text not null default 'en' check (language in ${LANGUAGES}),
    add column sender_id integer references users (id) on delete set null,
    add column confidential boolean not null default false,
    add column next_attempt_at timestamptz not null default now(),
    add column claimed_until timestamptz,
    add column read_at timestamptz,
    add column resent_from_id bigint references notification_outbox (id) on delete set null`,
  // A message sent before this release carried a sign-in code or a temporary password when its
  // subject said so; none of them may be read back from the list.
  sql`update notification_outbox set confidential = true
    where subject ilike '%code%' or subject ilike '%password%' or message ilike '%temporary password%'`,
  sql`drop index notification_outbox_pending_idx`,
  // Delivery looks for due pending e-mails; the list sorts by creation; the bell reads one user's.
  sql`create index notification_outbox_due_idx on notification_outbox (next_attempt_at, id) where status = 'pending' and kind = 'email'`,
  sql`create index notification_outbox_created_idx on notification_outbox (created_at desc, id desc)`,
  sql`create index notification_outbox_inbox_idx on notification_outbox (recipient_user_id, created_at desc) where kind = 'system'`,
  sql`create index notification_outbox_application_idx on notification_outbox (application_id) where application_id is not null`,

  sql`create table notification_templates (
    id integer generated always as identity primary key,
    event text not null,
    language text not null check (language in ${LANGUAGES}),
    version integer not null,
    subject text not null,
    body text not null,
    active boolean not null default true,
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    unique (event, language, version)
  )`,
  sql`create unique index notification_templates_active_idx on notification_templates (event, language) where active`,
];

const DOWN = [
  sql`drop table notification_templates`,
  sql`drop index notification_outbox_application_idx`,
  sql`drop index notification_outbox_inbox_idx`,
  sql`drop index notification_outbox_created_idx`,
  sql`drop index notification_outbox_due_idx`,
  sql`create index notification_outbox_pending_idx on notification_outbox (created_at) where status = 'pending'`,
  sql`alter table notification_outbox
    drop column resent_from_id, drop column read_at, drop column claimed_until, drop column next_attempt_at,
    drop column confidential, drop column sender_id, drop column language, drop column event, drop column application_id`,
  sql`alter table application_payments drop constraint application_payments_statement_line_fk`,
  sql`drop table bank_statement_lines`,
  sql`drop table bank_statements`,
  sql`drop table payment_refunds`,
  sql`delete from application_payments where status not in ('paid', 'partially_refunded', 'refunded')`,
  sql`drop index application_payments_paid_at_idx`,
  sql`drop index application_payments_status_idx`,
  sql`drop index application_payments_open_idx`,
  sql`drop index application_payments_transaction_idx`,
  sql`alter table application_payments drop constraint application_payments_paid_check`,
  sql`alter table application_payments
    drop column version, drop column updated_at, drop column created_at, drop column requested_by_id,
    drop column bank_statement_line_id, drop column receipt_code, drop column method, drop column currency,
    drop column amount_due, drop column status,
    alter column paid_at set default now(),
    alter column paid_at set not null,
    alter column transaction_id set not null,
    alter column amount set not null`,
  sql`alter table users drop column preferred_language`,
  sql`alter table applicants drop column preferred_language`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
