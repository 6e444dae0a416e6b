import { sql, type Selectable } from 'kysely';
import type { IntakeAnswer, IntakeDuplicate, IntakeRequestParsed } from '../../../shared/api/intake';
import type { ApplicationSnapshotColumns } from '../../db/service-snapshot';
import type { AppDatabase } from '../../db/database';
import type { IntakeSubmissionsTable, IntakeUploadsTable } from '../../db/schema';
import { recordAudit } from '../../shared/audit';

// The counter intake's SQL: the submission key, the service and files a submission uses, the
// rows a new application is made of, and the duplicate check. `db` is the submission's
// transaction wherever a write follows.

/** Serialises reference numbering across instances (any constant no other lock uses). */
const REFERENCE_LOCK = 1_303_001;
const REFERENCE_PREFIX = 'NARIC';

/** Claims (owner, key) for this request; false when the key was already claimed (committed, or waited for). */
export async function claimSubmission(db: AppDatabase, ownerId: number, idempotencyKey: string, requestHash: string): Promise<boolean> {
  const claimed = await db
    .insertInto('intake_submissions')
    .values({ owner_id: ownerId, idempotency_key: idempotencyKey, request_hash: requestHash })
    .onConflict((oc) => oc.columns(['owner_id', 'idempotency_key']).doNothing())
    .returning('owner_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function findSubmission(db: AppDatabase, ownerId: number, idempotencyKey: string): Promise<Selectable<IntakeSubmissionsTable> | undefined> {
  return db.selectFrom('intake_submissions').selectAll().where('owner_id', '=', ownerId).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

export async function recordSubmission(db: AppDatabase, ownerId: number, idempotencyKey: string, applicationId: number): Promise<void> {
  await db
    .updateTable('intake_submissions')
    .set({ application_id: applicationId })
    .where('owner_id', '=', ownerId)
    .where('idempotency_key', '=', idempotencyKey)
    .execute();
}

/** The service of this type an application goes to: the enabled one first, then the lowest id. */
export async function findServiceOfType(db: AppDatabase, serviceType: number) {
  return db
    .selectFrom('services')
    .select(['id', 'enabled', 'category'])
    .where('service_type', '=', serviceType)
    .orderBy('enabled', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

/** Which of these country codes the catalogue knows. */
export async function knownCountries(db: AppDatabase, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.selectFrom('countries').select('code').where('code', 'in', [...new Set(codes)]).execute();
  return new Set(rows.map((row) => row.code));
}

/**
 * The staged files under these keys, locked until the transaction ends so two submissions never
 * take the same file; locked in key order, so two submissions sharing files never deadlock.
 */
export async function lockUploads(db: AppDatabase, uploadKeys: readonly string[]): Promise<Selectable<IntakeUploadsTable>[]> {
  if (uploadKeys.length === 0) return [];
  return db.selectFrom('intake_uploads').selectAll().where('upload_key', 'in', [...uploadKeys]).orderBy('upload_key').forUpdate().execute();
}

/** The reference of a number: NARIC-<year>-<at least 6 digits>. */
const referenceOf = (year: number, number: number) => `${REFERENCE_PREFIX}-${year}-${String(number).padStart(6, '0')}`;

/**
 * The next reference of the year from its counter row. The row stays locked until the
 * transaction ends, so the submission takes it as its last step (submission.ts) and holds it
 * only for the commit. A year's first reference starts after the highest the year already has
 * (one scan, under an advisory lock so two first submissions agree); a number that another path
 * wrote meanwhile (the demo seed, the benchmark loader) is skipped.
 */
export async function nextReference(db: AppDatabase, year: number): Promise<string> {
  const bump = () =>
    db
      .updateTable('application_reference_counters')
      .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
      .where('year', '=', year)
      .returning('last_number')
      .executeTakeFirst();
  let number = (await bump())?.last_number;
  if (number === undefined) {
    await sql`select pg_advisory_xact_lock(${REFERENCE_LOCK})`.execute(db);
    const pattern = `^${REFERENCE_PREFIX}-${year}-[0-9]{1,9}$`;
    const { rows } = await sql<{ highest: string | null }>`
      select max(split_part(reference, '-', 3)::bigint) as highest
      from applications where reference ~ ${pattern}`.execute(db);
    const first = Number(rows[0]?.highest ?? 0) + 1;
    const row = await db
      .insertInto('application_reference_counters')
      .values({ year, last_number: first })
      .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last_number: eb('application_reference_counters.last_number', '+', 1) })))
      .returning('last_number')
      .executeTakeFirstOrThrow();
    number = row.last_number;
  }
  while (await db.selectFrom('applications').select('id').where('reference', '=', referenceOf(year, number)).executeTakeFirst()) {
    number = (await bump())!.last_number;
  }
  return referenceOf(year, number);
}

/** Gives the application its reference (it is inserted under a provisional one). */
export async function setReference(db: AppDatabase, applicationId: number, reference: string): Promise<void> {
  await db.updateTable('applications').set({ reference }).where('id', '=', applicationId).execute();
}

export interface NewApplication {
  reference: string;
  serviceId: number;
  request: IntakeRequestParsed;
  snapshot: ApplicationSnapshotColumns;
  submittedAt: Date;
  now: Date;
}

/** The applicant, the application (with its denormalised copies and snapshot) and its education info. */
export async function insertApplication(db: AppDatabase, application: NewApplication): Promise<number> {
  const { request } = application;
  const { applicant, education } = request;
  const applicantRow = await db
    .insertInto('applicants')
    .values({
      first_name: applicant.first_name,
      last_name: applicant.last_name,
      email: applicant.email,
      phone: applicant.phone,
      personal_id: applicant.personal_id,
      date_of_birth: applicant.date_of_birth,
      gender: applicant.gender,
      country: applicant.country,
      address: applicant.address,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('applications')
    .values({
      reference: application.reference,
      service_id: application.serviceId,
      service_type: request.service_type,
      status: 'submitted',
      applicant_id: applicantRow.id,
      applicant_name: `${applicant.first_name} ${applicant.last_name}`,
      personal_id: applicant.personal_id,
      institution_name: education.institution_name,
      institution_country: education.institution_country,
      submitted_at: application.submittedAt,
      exemption_reason: request.exemption?.reason ?? null,
      created_at: application.now,
      updated_at: application.now,
      ...application.snapshot,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('education_info')
    .values({ application_id: row.id, ...education })
    .execute();
  return row.id;
}

export interface TakenDocument {
  upload: Selectable<IntakeUploadsTable>;
  document_type: IntakeRequestParsed['documents'][number]['document_type'];
  kind: IntakeRequestParsed['documents'][number]['kind'];
}

/** The staged files become the application's documents (same stored object) and are marked taken. */
export async function takeUploads(db: AppDatabase, applicationId: number, uploaderId: number, documents: readonly TakenDocument[], now: Date): Promise<void> {
  if (documents.length === 0) return;
  await db
    .insertInto('application_documents')
    .values(
      documents.map(({ upload, document_type, kind }) => ({
        application_id: applicationId,
        file_name: upload.file_name,
        document_type,
        kind,
        media_type: 'application/pdf',
        size: upload.size,
        sha256: upload.sha256,
        active_content: upload.active_content,
        storage_key: upload.storage_key,
        uploaded_by_id: uploaderId,
        uploaded_at: now,
      })),
    )
    .execute();
  await db
    .updateTable('intake_uploads')
    .set({ application_id: applicationId })
    .where(
      'upload_key',
      'in',
      documents.map(({ upload }) => upload.upload_key),
    )
    .execute();
}

export async function insertSubmissionHistory(db: AppDatabase, entry: { applicationId: number; actorId: number; notes: string | null; at: Date }): Promise<void> {
  await db
    .insertInto('application_history')
    .values({ application_id: entry.applicationId, action: 'submit', from_status: null, to_status: 'submitted', actor_id: entry.actorId, notes: entry.notes, created_at: entry.at })
    .execute();
}

export async function setApplicationDates(db: AppDatabase, applicationId: number, dates: { deadline?: string; review_due_date?: string }): Promise<void> {
  if (dates.deadline === undefined && dates.review_due_date === undefined) return;
  await db.updateTable('applications').set(dates).where('id', '=', applicationId).execute();
}

export async function insertIntakeAudit(
  db: AppDatabase,
  entry: { actorId: number; ip: string | null; applicationId: number; details: Record<string, unknown> },
): Promise<void> {
  await recordAudit(db, { actorId: entry.actorId, action: 'application.intake', entityType: 'application', entityId: entry.applicationId, details: entry.details, ip: entry.ip });
}

/** What a submission answers: the application and its documents with the keys they were staged under. */
export async function loadIntakeAnswer(db: AppDatabase, applicationId: number): Promise<Omit<IntakeAnswer, 'replayed'> | undefined> {
  const application = await db
    .selectFrom('applications')
    .select(['id', 'reference', 'status', 'quoted_fee'])
    .where('id', '=', applicationId)
    .executeTakeFirst();
  if (!application) return undefined;
  const documents = await db
    .selectFrom('intake_uploads')
    .innerJoin('application_documents', 'application_documents.storage_key', 'intake_uploads.storage_key')
    .select(['application_documents.id', 'intake_uploads.upload_key', 'application_documents.sha256'])
    .where('intake_uploads.application_id', '=', applicationId)
    .where('application_documents.application_id', '=', applicationId)
    .orderBy('application_documents.id')
    .execute();
  return { ...application, documents };
}

/**
 * Applications of the same person from the same institution: the personal ID exactly (both sides
 * trimmed), the institution's name without regard to case or surrounding spaces. Newest first.
 */
export async function findPossibleDuplicates(db: AppDatabase, personalId: string, institutionName: string, limit: number): Promise<IntakeDuplicate[]> {
  const rows = await db
    .selectFrom('applications')
    .select(['id', 'reference', 'applicant_name', 'institution_name', 'service_type', 'status', 'submitted_at'])
    .where('personal_id', '=', personalId.trim())
    .where(sql<boolean>`lower(trim(institution_name)) = lower(${institutionName.trim()})`)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, submitted_at: row.submitted_at.toISOString() }));
}
