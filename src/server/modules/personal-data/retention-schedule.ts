import type { FastifyBaseLogger } from 'fastify';
import type { RetentionRunResult } from '../../../shared/api/personal-data';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import type { ServerConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import { recordAudit } from '../../shared/audit';
import type { DocumentStorage } from '../../storage/document-storage';
import { currentSettings } from '../../system-settings';
import { ledgerFolder, noteAnonymised } from './anonymised-ledger';
import { anonymiseDue } from './retention';

// The retention run: on the first day of each month (office time), so an administrator reads the
// preview of the coming run ("12 applications will be anonymised on 1 March") before it happens.
// The run claims its day in retention_runs (unique), so of several instances one runs it; the
// applications themselves are also claimed with SKIP LOCKED (retention.ts), which keeps a run by
// hand at the same moment from anonymising anything twice.

export interface RetentionDeps {
  db: AppDatabase;
  config: ServerConfig;
  storage: DocumentStorage;
  log: FastifyBaseLogger;
}

/** The day of the next scheduled run on or after `today`: the first of its month, or of the next. */
export function nextRunDay(today: string): string {
  if (today.endsWith('-01')) return today;
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** Runs the anonymisation now, recorded as one run with its totals and one audit entry. */
export async function runRetention(
  deps: RetentionDeps,
  run: { trigger: 'scheduled' | 'manual'; on: string; actor: { id: number | null; ip: string | null } },
): Promise<RetentionRunResult | null> {
  const { db } = deps;
  const claimed = await db
    .insertInto('retention_runs')
    .values({ trigger: run.trigger, scheduled_for: run.trigger === 'scheduled' ? run.on : null, started_by_id: run.actor.id })
    .onConflict((conflict) => conflict.column('scheduled_for').where('trigger', '=', 'scheduled').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return null;
  const rules = (await currentSettings(deps)).retention;
  const ledger = await ledgerFolder(deps);
  const result = await anonymiseDue(db, deps.storage, deps.log, rules, run.on, run.actor, (ids) => noteAnonymised(ledger, ids, { kind: 'retention', on: run.on }, deps.log));
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('retention_runs').set({ finished_at: new Date(), applications: result.applications, documents: result.documents }).where('id', '=', claimed.id).execute();
    await recordAudit(trx, { actorId: run.actor.id, action: 'personal_data.retention_run', entityType: 'retention_run', entityId: claimed.id, details: { trigger: run.trigger, on: run.on, rules, ...result }, ip: run.actor.ip });
  });
  if (result.applications > 0) deps.log.info({ ...result }, 'personal data anonymised by the retention rules');
  return result;
}

export function startRetentionSchedule(deps: RetentionDeps, options: { clock: () => Date; intervalMs?: number }): PeriodicJob<RetentionRunResult | null> {
  return startPeriodicJob(
    async () => {
      const today = kosovoDate(options.clock());
      if (nextRunDay(today) !== today) return null;
      return runRetention(deps, { trigger: 'scheduled', on: today, actor: { id: null, ip: null } });
    },
    { intervalMs: options.intervalMs ?? 30 * 60_000, firstAfterMs: 2 * 60_000, log: deps.log, failure: 'retention job failed', failed: null },
  );
}
