import type { Selectable } from 'kysely';
import type { ActiveContentKind } from '../../../shared/api/applications';
import type { StagedUpload } from '../../../shared/api/intake';
import type { AppDatabase } from '../../db/database';
import type { IntakeUploadsTable } from '../../db/schema';
import { conflict } from '../../errors';
import type { DocumentStorage, TemporaryObject } from '../../storage/document-storage';

// Staging a counter PDF under the key the client chose when the file was attached. The key makes
// the upload repeatable: a retry after a lost answer finds the row and keeps nothing new; the
// same key with other bytes, or from another user, is refused (409) and changes nothing. Two
// retries racing each other meet at the primary key: one row wins, the other's object goes.

type UploadRow = Selectable<IntakeUploadsTable>;

/** Unclaimed staged files older than this are deleted (row and object). */
export const UNCLAIMED_UPLOAD_DAYS = 30;
const DAY_MS = 86_400_000;
/** How many expired uploads one sweep removes, so an upload never waits long for it. */
const SWEEP_BATCH = 20;

export interface StagingRequest {
  uploadKey: string;
  ownerId: number;
  fileName: string;
  /** What the upload's scan found; the document made from it at submission keeps it. */
  activeContent: ActiveContentKind[];
}

export interface StagingResult {
  created: boolean;
  upload: StagedUpload;
}

export function toStagedUpload(row: Pick<UploadRow, 'upload_key' | 'file_name' | 'size' | 'sha256' | 'application_id'>): StagedUpload {
  return { upload_key: row.upload_key, file_name: row.file_name, size: Number(row.size), sha256: row.sha256, application_id: row.application_id };
}

async function findUpload(db: AppDatabase, uploadKey: string): Promise<UploadRow | undefined> {
  return db.selectFrom('intake_uploads').selectAll().where('upload_key', '=', uploadKey).executeTakeFirst();
}

/** The row already under the key answers a repeat of the same file by the same user; anything else is a 409. */
function sameUpload(row: UploadRow, request: StagingRequest, sha256: string): StagingResult {
  if (row.owner_id !== request.ownerId || row.sha256 !== sha256) throw conflict('intake_upload_key_reused');
  return { created: false, upload: toStagedUpload(row) };
}

/** Registers a checked upload under the client's key; the temporary object is kept only for a new key. */
export async function stageUpload(db: AppDatabase, storage: DocumentStorage, object: TemporaryObject, request: StagingRequest): Promise<StagingResult> {
  const existing = await findUpload(db, request.uploadKey);
  if (existing) {
    await object.discard();
    return sameUpload(existing, request, object.sha256);
  }
  const storageKey = await object.keep();
  let inserted: UploadRow | undefined;
  try {
    inserted = await db
      .insertInto('intake_uploads')
      .values({
        upload_key: request.uploadKey,
        owner_id: request.ownerId,
        storage_key: storageKey,
        file_name: request.fileName,
        size: object.size,
        sha256: object.sha256,
        active_content: request.activeContent,
      })
      .onConflict((oc) => oc.column('upload_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    await storage.delete(storageKey);
    throw error;
  }
  if (inserted) return { created: true, upload: toStagedUpload(inserted) };
  // A concurrent upload under the same key got there first: keep its file, not ours.
  await storage.delete(storageKey);
  const winner = await findUpload(db, request.uploadKey);
  if (!winner) throw conflict('intake_upload_key_reused');
  return sameUpload(winner, request, object.sha256);
}

/**
 * Deletes staged files no application took within UNCLAIMED_UPLOAD_DAYS (a draft abandoned after
 * its files were sent), a small batch at a time. Run opportunistically after an upload: the
 * partial index makes the usual "nothing to do" one index probe. The row goes first, in a
 * statement that only deletes it while still unclaimed, so a submission taking the file at the
 * same moment keeps it.
 */
export async function sweepUnclaimedUploads(db: AppDatabase, storage: DocumentStorage, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCLAIMED_UPLOAD_DAYS * DAY_MS);
  const expired = await db
    .selectFrom('intake_uploads')
    .select('upload_key')
    .where('application_id', 'is', null)
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .limit(SWEEP_BATCH)
    .execute();
  if (expired.length === 0) return 0;
  const deleted = await db
    .deleteFrom('intake_uploads')
    .where(
      'upload_key',
      'in',
      expired.map((row) => row.upload_key),
    )
    .where('application_id', 'is', null)
    .where('created_at', '<', cutoff)
    .returning('storage_key')
    .execute();
  for (const row of deleted) await storage.delete(row.storage_key);
  return deleted.length;
}
