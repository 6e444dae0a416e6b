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
  cause: { kind: 'retention'; on: string } | { kind: 'erasure'; requestId: number };
}

export interface Anonymised {
  applications: number;
  documents: number;
  people: number;
  /** Files to delete once the transaction committed (a deleted file cannot be rolled back). */
  storageKeys: string[];
}

/**
 * Anonymises these applications, in the caller's transaction. Each is locked first and skipped
 * when another instance holds it (SKIP LOCKED), when it is already anonymised or when it, or its
 * person, is on legal hold, so the same application is never anonymised twice.
 */
export async function anonymiseApplications(trx: AppDatabase, ids: readonly number[], options: AnonymiseOptions): Promise<Anonymised> {
  const result: Anonymised = { applications: 0, documents: 0, people: 0, storageKeys: [] };
  if (ids.length === 0) return result;
  const locked = await trx
    .selectFrom('applications as a')
    .innerJoin('applicants as p', 'p.id', 'a.applicant_id')
    .select(['a.id', 'a.applicant_id', 'a.applicant_name', 'a.reference'])
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
    result.applications += 1;
    result.documents += files.length;
    result.storageKeys.push(...files.map((file) => file.storage_key!));
    await recordAudit(trx, {
      actorId: options.actorId,
      action: 'personal_data.anonymised',
      entityType: 'application',
      entityId: application.id,
      details: { reference: application.reference, cause: options.cause, removed, documents_deleted: files.length },
      ip: options.ip,
    });
  }
  // A person whose every application is now anonymised loses their own record's personal data too.
  const people = [...new Set(locked.map((application) => application.applicant_id))];
  if (people.length > 0) {
    const done = await trx
      .selectFrom('applicants as p')
      .select(['p.id', 'p.first_name', 'p.last_name'])
      .where('p.id', 'in', people)
      .where('p.anonymised_at', 'is', null)
      .where('p.legal_hold_reason', 'is', null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('applications as other').select('other.id').whereRef('other.applicant_id', '=', 'p.id').where('other.anonymised_at', 'is', null))))
      .execute();
    for (const person of done) {
      await trx
        .updateTable('applicants')
        .set({
          first_name: initialsOf(person.first_name),
          last_name: initialsOf(person.last_name),
          // The column is required; an address under .invalid (RFC 2606) can never reach anyone.
          email: `anonymised-${person.id}@naric.invalid`,
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
          details: { cause: options.cause, removed: ['name', 'email', 'phone', 'personal_id', 'date_of_birth', 'city', 'address'] },
          ip: options.ip,
        })),
      );
    }
  }
  return result;
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
    total.applications += done.applications;
    total.documents += done.documents;
    total.people += done.people;
    if (done.applications < batchSize) break;
  }
  return total;
}
