import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  AccreditationOn,
  AccreditationPeriod,
  InstitutionCheck,
  InstitutionDossier,
  VerificationContact,
  WatchEntry,
  accreditationPeriodInput,
  institutionCheckInput,
  verificationContactInput,
  watchEntryInput,
} from '../../../shared/api/authenticity';
import { accreditationAnswer, periodOn } from '../../../shared/domain/accreditation';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../../shared/audit';
import { displayNameSql } from '../../shared/display-name';

// An institution's dossier: its accreditation periods, verification contacts, checks and watch
// entries. Administrators keep the periods, contacts and the watch list; whoever establishes
// authenticity records checks. A merged duplicate's dossier is kept on the institution it was
// merged into, so every write refuses a merged one. The watch list's flags on applications follow
// by the database's triggers (migration 0033). Every write is audited in its transaction.

type Trx = Transaction<Database>;
export interface WriteContext {
  actorId: number;
  ip: string | null;
}

const PERIOD_COLUMNS = ['id', 'valid_from', 'valid_to', 'status', 'accrediting_body', 'source_url', 'source_document', 'note'] as const;
const CONTACT_COLUMNS = ['id', 'registrar_email', 'postal_address', 'language', 'source', 'checked_on'] as const;

export async function accreditationPeriodsOf(db: AppDatabase, institutionId: number): Promise<AccreditationPeriod[]> {
  return db
    .selectFrom('institution_accreditation_periods')
    .select(PERIOD_COLUMNS)
    .where('institution_id', '=', institutionId)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function contactsOf(db: AppDatabase, institutionId: number): Promise<VerificationContact[]> {
  return db
    .selectFrom('institution_verification_contacts')
    .select(CONTACT_COLUMNS)
    .where('institution_id', '=', institutionId)
    .orderBy('checked_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The institution's checks, newest first; the evidence only for `withEvidence`. */
export async function checksOf(db: AppDatabase, institutionId: number, options: { withEvidence: boolean; limit?: number }): Promise<InstitutionCheck[]> {
  const rows = await db
    .selectFrom('institution_checks')
    .leftJoin('users', 'users.id', 'institution_checks.checked_by_id')
    .select([
      'institution_checks.id',
      'institution_checks.subject',
      'institution_checks.finding',
      'institution_checks.details',
      'institution_checks.evidence',
      'institution_checks.checked_on',
      displayNameSql<string | null>('users').as('checked_by'),
    ])
    .where('institution_checks.institution_id', '=', institutionId)
    .orderBy('institution_checks.checked_on', 'desc')
    .orderBy('institution_checks.id', 'desc')
    .$if(options.limit !== undefined, (query) => query.limit(options.limit!))
    .execute();
  return rows.map(({ evidence, ...row }) => (options.withEvidence ? { ...row, evidence } : row));
}

async function watchEntriesOf(db: AppDatabase, institutionId: number): Promise<WatchEntry[]> {
  const rows = await db
    .selectFrom('institution_watch_entries as entry')
    .leftJoin('users as creator', 'creator.id', 'entry.created_by_id')
    .leftJoin('users as lifter', 'lifter.id', 'entry.lifted_by_id')
    .select((eb) => [
      'entry.id',
      'entry.category',
      'entry.source',
      'entry.note',
      'entry.created_at',
      'entry.lifted_at',
      displayNameSql<string | null>('creator').as('created_by'),
      displayNameSql<string | null>('lifter').as('lifted_by'),
      eb
        .selectFrom('application_watch_flags')
        .select((inner) => inner.fn.countAll<string>().as('count'))
        .whereRef('application_watch_flags.watch_entry_id', '=', 'entry.id')
        .as('flagged_applications'),
    ])
    .where('entry.institution_id', '=', institutionId)
    .orderBy('entry.created_at', 'desc')
    .orderBy('entry.id', 'desc')
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: row.created_at.toISOString(),
    lifted_at: row.lifted_at ? row.lifted_at.toISOString() : null,
    lifted_by: row.lifted_at ? row.lifted_by : null,
    flagged_applications: Number(row.flagged_applications ?? 0),
  }));
}

async function institutionExists(db: AppDatabase | Trx, institutionId: number, forWriting: boolean) {
  const row = await db.selectFrom('institutions').select(['id', 'merged_into']).where('id', '=', institutionId).executeTakeFirst();
  if (!row) throw notFound();
  if (forWriting && row.merged_into !== null) throw conflict('reference_already_merged');
  return row;
}

export async function institutionDossier(db: AppDatabase, institutionId: number): Promise<InstitutionDossier> {
  await institutionExists(db, institutionId, false);
  const [accreditation_periods, contacts, checks, watch_entries] = await Promise.all([
    accreditationPeriodsOf(db, institutionId),
    contactsOf(db, institutionId),
    checksOf(db, institutionId, { withEvidence: true }),
    watchEntriesOf(db, institutionId),
  ]);
  return { institution_id: institutionId, accreditation_periods, contacts, checks, watch_entries };
}

/** Was the institution accredited on `day`? Read from its periods (shared/domain/accreditation.ts). */
export async function accreditedOn(db: AppDatabase, institutionId: number, day: string): Promise<AccreditationOn> {
  const periods = await accreditationPeriodsOf(db, institutionId);
  const period = periodOn(periods, day);
  return { on: day, answer: accreditationAnswer(period), period: period ?? null };
}

export async function addAccreditationPeriod(db: AppDatabase, institutionId: number, input: z.output<typeof accreditationPeriodInput>, context: WriteContext) {
  return db.transaction().execute(async (trx) => {
    await institutionExists(trx, institutionId, true);
    const row = await trx
      .insertInto('institution_accreditation_periods')
      .values({ ...input, institution_id: institutionId, created_by_id: context.actorId })
      .returning(PERIOD_COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(trx, context, 'institution.accreditation_period_added', institutionId, { period_id: row.id, ...input });
    return row;
  });
}

export async function removeAccreditationPeriod(db: AppDatabase, institutionId: number, periodId: number, context: WriteContext) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('institution_accreditation_periods')
      .where('id', '=', periodId)
      .where('institution_id', '=', institutionId)
      .returning(PERIOD_COLUMNS)
      .executeTakeFirst();
    if (!removed) throw notFound();
    await audit(trx, context, 'institution.accreditation_period_removed', institutionId, removed);
  });
}

export async function addContact(db: AppDatabase, institutionId: number, input: z.output<typeof verificationContactInput>, context: WriteContext) {
  return db.transaction().execute(async (trx) => {
    await institutionExists(trx, institutionId, true);
    const row = await trx
      .insertInto('institution_verification_contacts')
      .values({ ...input, institution_id: institutionId, created_by_id: context.actorId })
      .returning(CONTACT_COLUMNS)
      .executeTakeFirstOrThrow();
    await audit(trx, context, 'institution.contact_added', institutionId, { contact_id: row.id, ...input });
    return row;
  });
}

export async function removeContact(db: AppDatabase, institutionId: number, contactId: number, context: WriteContext) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('institution_verification_contacts')
      .where('id', '=', contactId)
      .where('institution_id', '=', institutionId)
      .returning(CONTACT_COLUMNS)
      .executeTakeFirst();
    if (!removed) throw notFound();
    await audit(trx, context, 'institution.contact_removed', institutionId, removed);
  });
}

export async function addCheck(db: AppDatabase, institutionId: number, input: z.output<typeof institutionCheckInput>, context: WriteContext): Promise<InstitutionCheck> {
  const id = await db.transaction().execute(async (trx) => {
    await institutionExists(trx, institutionId, true);
    const row = await trx
      .insertInto('institution_checks')
      .values({ ...input, institution_id: institutionId, checked_by_id: context.actorId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, context, 'institution.check_recorded', institutionId, { check_id: row.id, subject: input.subject, finding: input.finding });
    return row.id;
  });
  const checks = await checksOf(db, institutionId, { withEvidence: true });
  return checks.find((check) => check.id === id)!;
}

export async function addWatchEntry(db: AppDatabase, institutionId: number, input: z.output<typeof watchEntryInput>, context: WriteContext): Promise<WatchEntry> {
  await db.transaction().execute(async (trx) => {
    await institutionExists(trx, institutionId, true);
    // One running entry per institution (a unique index); the lock orders two administrators.
    await trx.selectFrom('institutions').select('id').where('id', '=', institutionId).forUpdate().execute();
    const running = await trx.selectFrom('institution_watch_entries').select('id').where('institution_id', '=', institutionId).where('lifted_at', 'is', null).executeTakeFirst();
    if (running) throw conflict('watch_entry_running');
    const row = await trx
      .insertInto('institution_watch_entries')
      .values({ ...input, institution_id: institutionId, created_by_id: context.actorId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, context, 'institution.watch_listed', institutionId, { watch_entry_id: row.id, ...input });
  });
  return (await watchEntriesOf(db, institutionId))[0];
}

export async function liftWatchEntry(db: AppDatabase, institutionId: number, entryId: number, context: WriteContext): Promise<WatchEntry> {
  await db.transaction().execute(async (trx) => {
    const entry = await trx
      .selectFrom('institution_watch_entries')
      .select(['id', 'lifted_at'])
      .where('id', '=', entryId)
      .where('institution_id', '=', institutionId)
      .forUpdate()
      .executeTakeFirst();
    if (!entry) throw notFound();
    if (entry.lifted_at !== null) throw conflict('watch_entry_lifted');
    await trx.updateTable('institution_watch_entries').set({ lifted_at: sql`now()`, lifted_by_id: context.actorId }).where('id', '=', entryId).execute();
    await audit(trx, context, 'institution.watch_lifted', institutionId, { watch_entry_id: entryId });
  });
  return (await watchEntriesOf(db, institutionId)).find((entry) => entry.id === entryId)!;
}

function audit(trx: Trx, context: WriteContext, action: string, institutionId: number, details: unknown) {
  return recordAudit(trx, { actorId: context.actorId, action, entityType: 'institution', entityId: institutionId, details, ip: context.ip });
}
