import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../../db/database';
import { publishDueArticles } from './news-store';

// Scheduled articles are published by this instance's job at their time, as the deadline jobs
// do theirs (src/server/jobs/deadline-jobs.ts): a tick every interval, the time from the injected
// clock (tests control it), the due rows claimed with FOR UPDATE SKIP LOCKED so two instances
// never publish the same article twice.

export interface NewsPublishingJob {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startNewsPublishing(db: AppDatabase, options: { clock: () => Date; log: FastifyBaseLogger; intervalMs?: number }): NewsPublishingJob {
  let running: Promise<number> | null = null;
  const run = (): Promise<number> => {
    running ??= publishDueArticles(db, options.clock())
      .then((count) => {
        if (count > 0) options.log.info({ count }, 'scheduled news published');
        return count;
      })
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'news publishing job failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), options.intervalMs ?? 60_000);
  timer.unref();
  return {
    runOnce: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
