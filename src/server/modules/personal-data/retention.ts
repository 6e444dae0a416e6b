import type { FastifyBaseLogger } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { PREVIEW_LIST_MAX, type DueApplication, type RetentionPreview, type RetentionRunResult } from '../../../shared/api/personal-data';
import type { RetentionSettings } from '../../../shared/api/settings';
import { CLOSED_STATUSES } from '../../../shared/domain/application-status';
import { initialsOf } from '../../../shared/domain/retention';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { recordAudit } from '../../shared/audit';
import type { DocumentStorage } from '../../storage/document-storage';

// What the retention rules make due, and the anonymisation itself (used by the daily run, a run by
// hand and an erasure request). Anonymising keeps the application's counts, times, outcomes,
// decisions and issued documents (reports and the register read those) and removes the person:
// the name becomes initials, the personal ID, birth date and contact data go, and the uploaded
// documents' files are deleted from storage (their rows stay, so a count of documents stays true).
// The person's own record is anonymised with their last application that still kept data.

const ZONE = 'Europe/Belgrade';

/** The queries here read an application as `a` and its person as `p`. */
type Aliased = Database & { a: Database['applications']; p: Database['applicants'] };

/** The day the clock starts: closed (or, for one closed before that was recorded, decided), office time. */
const closedOn = sql<string>`to_char((coalesce(a.closed_at, a.decided_at) at time zone ${sql.lit(ZONE)})::date, 'YYYY-MM-DD')`;

function yearsOf(rules: RetentionSettings) {
  if (rules.service_years.length === 0) return sql<number>`${sql.lit(rules.personal_data_years)}::integer`;
  const cases = rules.service_years.map((rule) => sql`when ${sql.lit(rule.service_type)} then ${sql.lit(rule.years)}`);
  return sql<number>`(case a.service_type ${sql.join(cases, sql` `)} else ${sql.lit(rules.personal_data_years)} end)::integer`;
}

const keptUntilOf = (rules: RetentionSettings) =>
  sql<string>`to_char(((coalesce(a.closed_at, a.decided_at) at time zone ${sql.lit(ZONE)})::date + make_interval(years => ${yearsOf(rules)}))::date, 'YYYY-MM-DD')`;

/** Closed, not yet anonymised, and past the last day its data is kept on `on`. */
function dueOn(rules: RetentionSettings, on: string) {
  return (eb: ExpressionBuilder<Aliased, 'a' | 'p'>): Expression<SqlBool> =>
    eb.and([
      eb('a.status', 'in', CLOSED_STATUSES),
      eb('a.anonymised_at', 'is', null),
      sql<SqlBool>`coalesce(a.closed_at, a.decided_at) is not null`,
      sql<SqlBool>`((coalesce(a.closed_at, a.decided_at) at time zone ${sql.lit(ZONE)})::date + make_interval(years => ${yearsOf(rules)}))::date < ${on}::date`,
    ]);
}

function dueRows(db: AppDatabase, rules: RetentionSettings, on: string) {
  return db
    .selectFrom('applications as a')
    .innerJoin('applicants as p', 'p.id', 'a.applicant_id')
    .where(dueOn(rules, on))
    .select((eb) => [
      'a.id',
      'a.reference',
      'a.applicant_name',
      'a.service_type',
      closedOn.as('closed_on'),
      yearsOf(rules).as('years'),
      keptUntilOf(rules).as('kept_until'),
      eb.selectFrom('application_documents as d').whereRef('d.application_id', '=', 'a.id').where('d.storage_key', 'is not', null).select((inner) => inner.fn.countAll<string>().as('n')).as('documents'),
      sql<string | null>`coalesce(a.legal_hold_reason, p.legal_hold_reason)`.as('hold_reason'),
    ]);
}

const asDue = (row: { id: number; reference: string; applicant_name: string; service_type: number; closed_on: string; years: number; kept_until: string; documents: string | null; hold_reason: string | null }): DueApplication => ({
  ...row,
  years: Number(row.years),
  documents: Number(row.documents ?? 0),
});

/** What a run on `on` would anonymise (and delete), and what a legal hold keeps from it. */
export async function retentionPreview(db: AppDatabase, rules: RetentionSettings, on: string): Promise<RetentionPreview> {
  const free = (eb: ExpressionBuilder<Aliased, 'a' | 'p'>) => eb.and([eb('a.legal_hold_reason', 'is', null), eb('p.legal_hold_reason', 'is', null)]);
  const [totals, due, held] = await Promise.all([
    db
      .selectFrom('applications as a')
      .innerJoin('applicants as p', 'p.id', 'a.applicant_id')
      .where(dueOn(rules, on))
      .where(free)
      .leftJoin('application_documents as d', (join) => join.onRef('d.application_id', '=', 'a.id').on('d.storage_key', 'is not', null))
      .select((eb) => [eb.fn.count<string>('a.id').distinct().as('applications'), eb.fn.count<string>('d.id').as('documents')])
      .executeTakeFirstOrThrow(),
    dueRows(db, rules, on).where(free).orderBy('kept_until').orderBy('a.id').limit(PREVIEW_LIST_MAX).execute(),
    dueRows(db, rules, on)
      .where((eb) => eb.not(free(eb)))
      .orderBy('kept_until')
      .orderBy('a.id')
      .limit(PREVIEW_LIST_MAX)
      .execute(),
  ]);
  return { on, applications: Number(totals.applications), documents: Number(totals.documents), due: due.map(asDue), held: held.map(asDue) };
}

export interface AnonymiseOptions {
  actorId: number | null;
  ip: string | null;
  /** Why: the retention rule, or an erasure request (its id). */
  cause: { kind: 'retention'; on: string } | { kind: 'erasure'; requestId: number } | { kind: 'restore'; backup_created_at: string };
}

export interface Anonymised {
  applications: number;
  documents: number;
  people: number;
  /** The applications anonymised (for the ledger beside the backups, anonymised-ledger.ts). */
  ids: number[];
  /** Files to delete once the transaction committed (a deleted file cannot be rolled back). */
  storageKeys: string[];
}

/**
 * Anonymises these applications, in the caller's transaction. Each is locked first and skipped
 * when another instance holds it (SKIP LOCKED), when it is already anonymised or when it, or its
 * person, is on legal hold, so the same application is never anonymised twice.
 */
export async function anonymiseApplications(trx: AppDatabase, ids: readonly number[], options: AnonymiseOptions): Promise<Anonymised> {
  const result: Anonymised = { applications: 0, documents: 0, people: 0, ids: [], storageKeys: [] };
  if (ids.length === 0) return result;
  const locked = await trx
    .selectFrom('applications as a')
    .innerJoin('applicants as p', 'p.id', 'a.applicant_id')
    .select(['a.id', 'a.applicant_id', 'a.applicant_name', 'a.reference', 'a.personal_id', 'p.first_name', 'p.last_name', 'p.email', 'p.phone', 'p.personal_id as person_personal_id', 'p.date_of_birth'])
    .where('a.id', 'in', ids)
    .where('a.anonymised_at', 'is', null)
    .where('a.legal_hold_reason', 'is', null)
    .where('p.legal_hold_reason', 'is', null)
    .orderBy('a.id')
    .forUpdate('a')
    .skipLocked()
    .execute();
  const now = new Date();
  const removed = ['applicant_name', 'personal_id', 'uploaded_documents'];
  for (const application of locked) {
    const files = await trx
      .selectFrom('application_documents')
      .select(['id', 'storage_key'])
      .where('application_id', '=', application.id)
      .where('storage_key', 'is not', null)
      .execute();
    if (files.length > 0) {
      // The row stays (a document was received); its file and its name, which often carries the person's, go.
      await trx
        .updateTable('application_documents')
        .set({ storage_key: null, file_name: sql<string>`document_type || '.pdf'` })
        .where('id', 'in', files.map((file) => file.id))
        .execute();
    }
    await trx
      .updateTable('applications')
      .set({ applicant_name: initialsOf(application.applicant_name), personal_id: null, anonymised_at: now })
      .where('id', '=', application.id)
      .execute();
    const scrubbed = await scrubCorrespondence(trx, { applicationId: application.id }, { email: application.email, identifiers: identifiersOf(application), replacementEmail: anonymisedEmail(application.applicant_id) });
    result.applications += 1;
    result.ids.push(application.id);
    result.documents += files.length;
    result.storageKeys.push(...files.map((file) => file.storage_key!));
    await recordAudit(trx, {
      actorId: options.actorId,
      action: 'personal_data.anonymised',
      entityType: 'application',
      entityId: application.id,
      details: { reference: application.reference, cause: options.cause, removed, documents_deleted: files.length, messages_scrubbed: scrubbed },
      ip: options.ip,
    });
  }
  // A person whose every application is now anonymised loses their own record's personal data too.
  const people = [...new Set(locked.map((application) => application.applicant_id))];
  if (people.length > 0) {
    const done = await trx
      .selectFrom('applicants as p')
      .select(['p.id', 'p.first_name', 'p.last_name', 'p.email', 'p.phone', 'p.personal_id', 'p.date_of_birth'])
      .where('p.id', 'in', people)
      .where('p.anonymised_at', 'is', null)
      .where('p.legal_hold_reason', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('applications as other').select('other.id').whereRef('other.applicant_id', '=', 'p.id').where('other.anonymised_at', 'is', null))))
      .execute();
    for (const person of done) {
      // What was written to the person, about any application or none, loses them with their record.
      const identifiers = identifiersOf({ ...person, applicant_name: `${person.first_name} ${person.last_name}`, personal_id: null, person_personal_id: person.personal_id });
      await scrubCorrespondence(trx, { recipientEmail: person.email }, { email: person.email, identifiers, replacementEmail: anonymisedEmail(person.id) });
      await trx
        .updateTable('applicants')
        .set({
          first_name: initialsOf(person.first_name),
          last_name: initialsOf(person.last_name),
          // The column is required; an address under .invalid (RFC 2606) can never reach anyone.
          email: anonymisedEmail(person.id),
          phone: null,
          personal_id: null,
          date_of_birth: null,
          city: null,
          address: null,
          anonymised_at: now,
        })
        .where('id', '=', person.id)
        .execute();
    }
    result.people = done.length;
    if (done.length > 0) {
      await recordAudit(
        trx,
        done.map((person) => ({
          actorId: options.actorId,
          action: 'personal_data.person_anonymised',
          entityType: 'applicant',
          entityId: person.id,
          details: { cause: options.cause, removed: ['name', 'email', 'phone', 'personal_id', 'date_of_birth', 'city', 'address', 'messages'] },
          ip: options.ip,
        })),
      );
    }
  }
  return result;
}

/** The column is required; an address under .invalid (RFC 2606) can never reach anyone. */
export const anonymisedEmail = (personId: number) => `anonymised-${personId}@naric.invalid`;

/** What stands for a removed personal ID, e-mail, phone or birth date in a message's text. */
const REMOVED = '***';

interface Identifying {
  applicant_name: string;
  personal_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  person_personal_id: string | null;
  date_of_birth: string | null;
}

/** Each text that names the person, with what replaces it; the longest first, so a full name goes before its parts. */
function identifiersOf(row: Identifying): [string, string][] {
  const pairs: [string, string][] = [
    [row.applicant_name, initialsOf(row.applicant_name)],
    [`${row.first_name} ${row.last_name}`, initialsOf(`${row.first_name} ${row.last_name}`)],
    [`${row.last_name} ${row.first_name}`, initialsOf(`${row.last_name} ${row.first_name}`)],
    [row.email, REMOVED],
  ];
  for (const id of [row.personal_id, row.person_personal_id, row.phone]) if (id) pairs.push([id, REMOVED]);
  if (row.date_of_birth) {
    const [year, month, day] = row.date_of_birth.split('-') as [string, string, string];
    // As the message templates and the formatting module write a date: ISO, 31.12.1990 and 31/12/1990.
    pairs.push([row.date_of_birth, REMOVED], [`${day}.${month}.${year}`, REMOVED], [`${day}/${month}/${year}`, REMOVED], [`${Number(day)}.${Number(month)}.${year}`, REMOVED]);
  }
  // A single first or last name is replaced only as a whole word, and only when it is not a mere letter or two.
  for (const name of [row.first_name, row.last_name]) if (name.trim().length > 2) pairs.push([name.trim(), initialsOf(name)]);
  return pairs.filter(([text]) => text.trim() !== '').sort((a, b) => b[0].length - a[0].length);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function scrub(text: string, identifiers: readonly [string, string][]): string {
  let result = text;
  for (const [found, replacement] of identifiers) {
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped(found)}(?![\\p{L}\\p{N}])`, 'giu'), replacement);
  }
  return result;
}

/**
 * The outbox keeps every e-mail and in-app notification with its text: the ones about an
 * anonymised application (to the person, an institution or an officer), or sent to the person's
 * address, have the person's name, IDs, birth date and contact data taken out of their subject
 * and message, the person's address replaced, and an e-mail still waiting to go to them is
 * stopped (it would now reach no one). The row stays: what was sent, when and to whom stays
 * countable. Returns how many rows changed.
 */
async function scrubCorrespondence(trx: AppDatabase, which: { applicationId: number } | { recipientEmail: string }, person: { email: string; identifiers: readonly [string, string][]; replacementEmail: string }): Promise<number> {
  const { identifiers, replacementEmail } = person;
  const personEmail = person.email.toLowerCase();
  let query = trx.selectFrom('notification_outbox').select(['id', 'subject', 'message', 'recipient_email', 'status']);
  query = 'applicationId' in which ? query.where('application_id', '=', which.applicationId) : query.where(sql<string>`lower(recipient_email)`, '=', which.recipientEmail.toLowerCase());
  const rows = await query.forUpdate().execute();
  let changed = 0;
  for (const row of rows) {
    const toPerson = row.recipient_email?.toLowerCase() === personEmail;
    const subject = scrub(row.subject, identifiers);
    const message = scrub(row.message, identifiers);
    const stop = toPerson && row.status === 'pending';
    if (subject === row.subject && message === row.message && !toPerson) continue;
    await trx
      .updateTable('notification_outbox')
      .set({ subject, message, ...(toPerson ? { recipient_email: replacementEmail } : {}), ...(stop ? { status: 'failed', last_error: 'Not sent: the recipient’s personal data was anonymised.', claimed_until: null } : {}) })
      .where('id', '=', row.id)
      .execute();
    changed += 1;
  }
  return changed;
}

/** Deletes the files of anonymised documents after the commit; a file that will not go is logged, not retried by hand. */
export async function deleteFiles(storage: DocumentStorage, keys: readonly string[], log: FastifyBaseLogger): Promise<void> {
  for (const key of keys) {
    await storage.delete(key).catch((error: unknown) => log.warn({ err: error, key }, 'an anonymised document could not be deleted from storage'));
  }
}

/** One batch of what is due on `on`; several instances may run it at once. */
export async function anonymiseDue(
  db: AppDatabase,
  storage: DocumentStorage,
  log: FastifyBaseLogger,
  rules: RetentionSettings,
  on: string,
  actor: { id: number | null; ip: string | null },
  /** After each batch's commit: what it anonymised (the ledger beside the backups). */
  committed: (ids: readonly number[]) => Promise<void> = async () => {},
  batchSize = 100,
): Promise<RetentionRunResult> {
  const total: RetentionRunResult = { applications: 0, documents: 0, people: 0 };
  for (let batch = 0; batch < 1000; batch += 1) {
    const done = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('applications as a')
        .innerJoin('applicants as p', 'p.id', 'a.applicant_id')
        .select('a.id')
        .where(dueOn(rules, on))
        .where('a.legal_hold_reason', 'is', null)
        .where('p.legal_hold_reason', 'is', null)
        .orderBy('a.id')
        .limit(batchSize)
        .forUpdate('a')
        .skipLocked()
        .execute();
      return anonymiseApplications(trx, due.map((row) => row.id), { actorId: actor.id, ip: actor.ip, cause: { kind: 'retention', on } });
    });
    await deleteFiles(storage, done.storageKeys, log);
    await committed(done.ids);
    total.applications += done.applications;
    total.documents += done.documents;
    total.people += done.people;
    if (done.applications < batchSize) break;
  }
  return total;
}
