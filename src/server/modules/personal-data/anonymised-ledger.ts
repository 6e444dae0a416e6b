import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database';
import type { ServerConfig } from '../../config';
import type { DocumentStorage } from '../../storage/document-storage';
import { backupFolder, currentSettings } from '../../system-settings';
import { anonymiseApplications, deleteFiles, type AnonymiseOptions } from './retention';

// A backup taken before an application was anonymised still holds its person: restoring it
// would bring back what the retention rules or an erasure request removed. So every anonymisation
// is also written, after its commit, to a ledger beside the backups (the folder of the `backups`
// settings, e.g. the network share, which outlives a dead disk as the archives do), and a restore
// anonymises again every application the ledger names after the backup's moment. The ledger holds
// ids and times only, no personal data; the backups themselves age out after `keep` runs.

export const LEDGER_FILE = 'anonymised-applications.jsonl';

interface LedgerLine {
  application: number;
  at: string;
  cause: AnonymiseOptions['cause'];
}

/** The ledger's folder: the backups folder in force. */
export async function ledgerFolder(deps: { db: AppDatabase; config: ServerConfig }): Promise<string> {
  return backupFolder(deps.config, (await currentSettings(deps)).backups);
}

/** Appends what was just anonymised; a ledger that cannot be written is logged (the anonymisation stands). */
export async function noteAnonymised(folder: string, ids: readonly number[], cause: AnonymiseOptions['cause'], log: FastifyBaseLogger, at = new Date()): Promise<void> {
  if (ids.length === 0) return;
  const lines = ids.map((application) => JSON.stringify({ application, at: at.toISOString(), cause } satisfies LedgerLine)).join('\n');
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await appendFile(join(folder, LEDGER_FILE), `${lines}\n`, { mode: 0o600 });
  } catch (error) {
    log.error({ err: error, folder, applications: ids }, 'the anonymisation could not be written to the ledger beside the backups: a restore of an older backup would not repeat it');
  }
}

async function ledgerLines(folder: string): Promise<LedgerLine[]> {
  const text = await readFile(join(folder, LEDGER_FILE), 'utf8').catch(() => '');
  const lines: LedgerLine[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = JSON.parse(line) as Partial<LedgerLine>;
      if (typeof parsed.application === 'number' && typeof parsed.at === 'string' && parsed.cause) lines.push(parsed as LedgerLine);
    } catch {
      // A line cut short by a crash while appending: the ones around it still count.
    }
  }
  return lines;
}

/**
 * After a restore of a backup taken at `backupCreatedAt`: anonymises again what the ledger says
 * was anonymised since (an application already anonymised in the backup is left as it is).
 * Returns how many applications it anonymised.
 */
export async function reapplyAnonymisations(
  deps: { db: AppDatabase; config: ServerConfig; storage: DocumentStorage; log: FastifyBaseLogger },
  backupCreatedAt: string,
): Promise<number> {
  const folder = await ledgerFolder(deps);
  const since = new Date(backupCreatedAt).getTime();
  const due = (await ledgerLines(folder)).filter((line) => new Date(line.at).getTime() >= since);
  if (due.length === 0) return 0;
  const ids = [...new Set(due.map((line) => line.application))];
  const done = await deps.db.transaction().execute((trx) =>
    anonymiseApplications(trx, ids, { actorId: null, ip: null, cause: { kind: 'restore', backup_created_at: backupCreatedAt } }),
  );
  await deleteFiles(deps.storage, done.storageKeys, deps.log);
  if (done.applications < ids.length) {
    // One on legal hold in the restored copy (lifted after the backup) is left: the hold decides.
    deps.log.warn({ named: ids.length, anonymised: done.applications }, 'some applications the ledger names were not anonymised again after the restore');
  }
  deps.log.info({ applications: done.applications, people: done.people }, 'anonymisations since the backup applied again after the restore');
  return done.applications;
}
