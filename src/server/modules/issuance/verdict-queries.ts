import type { ActiveContentKind } from '../../../shared/api/applications';
import type { Verdict } from '../../../shared/api/issuance';
import type { AppDatabase } from '../../db/database';
import { conflict, notFound, preconditionFailed } from '../../errors';

// Final verification verdicts (service 3): a draft the officer writes or uploads, then submits;
// the applications action submit_verdict then closes the application.

function verdicts(db: AppDatabase) {
  return db
    .selectFrom('verdicts')
    .leftJoin('users', 'users.id', 'verdicts.created_by_id')
    .select([
      'verdicts.id',
      'verdicts.application_id',
      'verdicts.status',
      'verdicts.body',
      'verdicts.file_name',
      'verdicts.size',
      'verdicts.sha256',
      'verdicts.storage_key',
      'verdicts.created_by_id',
      'verdicts.created_at',
      'verdicts.updated_at',
      'verdicts.submitted_at',
      'verdicts.version',
      'users.first_name',
      'users.last_name',
    ]);
}

type VerdictRow = Awaited<ReturnType<ReturnType<typeof verdicts>['executeTakeFirstOrThrow']>>;

export const toVerdict = (row: VerdictRow): Verdict => ({
  id: row.id,
  application_id: row.application_id,
  status: row.status,
  body: row.body,
  file_name: row.file_name,
  size: row.size === null ? null : Number(row.size),
  sha256: row.sha256,
  created_by: row.created_by_id === null ? null : { id: row.created_by_id, full_name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() },
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  submitted_at: row.submitted_at ? row.submitted_at.toISOString() : null,
  version: row.version,
});

export async function listVerdicts(db: AppDatabase, applicationId: number): Promise<Verdict[]> {
  return (await verdicts(db).where('verdicts.application_id', '=', applicationId).orderBy('verdicts.created_at', 'desc').execute()).map(toVerdict);
}

export async function findVerdict(db: AppDatabase, applicationId: number, verdictId: number) {
  const row = await verdicts(db).where('verdicts.application_id', '=', applicationId).where('verdicts.id', '=', verdictId).executeTakeFirst();
  if (!row) throw notFound();
  return { verdict: toVerdict(row), storageKey: row.storage_key };
}

/**
 * Starting a verdict: the application's open draft when it has one, else a new draft. Repeated
 * clicks or two officers at once find the same draft (the application row is locked meanwhile).
 */
export async function startVerdict(db: AppDatabase, applicationId: number, userId: number): Promise<{ verdict: Verdict; created: boolean }> {
  const started = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('applications').select('id').where('id', '=', applicationId).forUpdate().executeTakeFirst();
    const open = await trx
      .selectFrom('verdicts')
      .select('id')
      .where('application_id', '=', applicationId)
      .where('status', '=', 'draft')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (open) return { id: open.id, created: false };
    const row = await trx.insertInto('verdicts').values({ application_id: applicationId, created_by_id: userId }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, created: true };
  });
  return { verdict: (await findVerdict(db, applicationId, started.id)).verdict, created: started.created };
}

/** Changes a draft at the version the client saw (412 when stale, 409 once submitted). */
export async function changeDraft(
  db: AppDatabase,
  applicationId: number,
  verdictId: number,
  version: number,
  changes: {
    body?: string;
    file_name?: string;
    storage_key?: string;
    sha256?: string;
    size?: number;
    template_version?: number | null;
    /** With a new file: what its scan found (empty for one the server rendered). */
    active_content?: ActiveContentKind[];
    status?: 'submitted';
    submitted_at?: Date;
  },
): Promise<{ verdict: Verdict; replacedKey: string | null }> {
  const replacedKey = await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('verdicts').select(['status', 'version', 'storage_key']).where('id', '=', verdictId).where('application_id', '=', applicationId).forUpdate().executeTakeFirst();
    if (!current) throw notFound();
    if (current.version !== version) throw preconditionFailed();
    if (current.status === 'submitted') throw conflict('verdict_submitted');
    if (changes.status === 'submitted' && !current.storage_key && !changes.storage_key) throw conflict('verdict_pdf_missing');
    await trx.updateTable('verdicts').set({ ...changes, version: current.version + 1, updated_at: new Date() }).where('id', '=', verdictId).execute();
    return changes.storage_key && current.storage_key ? current.storage_key : null;
  });
  return { verdict: (await findVerdict(db, applicationId, verdictId)).verdict, replacedKey };
}
