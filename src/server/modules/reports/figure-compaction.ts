import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/database';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';

// The prepared report figures grow by a few delta rows with every change (migration 0036); this
// folds them into one row per key once a minute, so the reports keep summing few rows. Every
// instance may run it: two runs at once each fold the rows they deleted.

export type FigureCompaction = PeriodicJob<void>;

export function startFigureCompaction(options: { db: AppDatabase; log: FastifyBaseLogger; intervalMs?: number }): FigureCompaction {
  return startPeriodicJob(
    async () => {
      await sql`select report_compact_figures()`.execute(options.db);
    },
    { intervalMs: options.intervalMs ?? 60_000, log: options.log, failure: 'report figure compaction failed', failed: undefined },
  );
}
