import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job';
import { publishDueArticles } from './news-store';

// Scheduled articles are published by this instance's job at their time, as the deadline jobs
// do theirs (src/server/jobs/deadline-jobs.ts): a tick every interval, the time from the injected
// clock (tests control it), the due rows claimed with FOR UPDATE SKIP LOCKED so two instances
// never publish the same article twice.

export type NewsPublishingJob = PeriodicJob<number>;

export function startNewsPublishing(db: AppDatabase, options: { clock: () => Date; log: FastifyBaseLogger; intervalMs?: number }): NewsPublishingJob {
  return startPeriodicJob(
    async () => {
      const count = await publishDueArticles(db, options.clock());
      if (count > 0) options.log.info({ count }, 'scheduled news published');
      return count;
    },
    { intervalMs: options.intervalMs ?? 60_000, log: options.log, failure: 'news publishing job failed', failed: 0 },
  );
}
