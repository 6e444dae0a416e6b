import type { FastifyBaseLogger } from 'fastify';

// The server's background work (deadlines, scheduled news, report exports and figures, backups)
// runs the same way: a tick every interval on an unref'd timer (a job never keeps the process
// alive), one tick at a time (a tick asked for while one runs shares it), a failure logged and the
// job kept, and stop() waits for the tick under way. Each job gives its tick and what a failed
// tick counts as.

export interface PeriodicJob<T> {
  /** Runs a tick now, or joins the one under way. */
  runOnce(): Promise<T>;
  /** A tick soon, unless the job was stopped (new work arrived). */
  wake(): void;
  /** True once stop() was called: a long tick checks it between batches. */
  readonly stopped: boolean;
  stop(): Promise<void>;
}

export interface PeriodicJobOptions<T> {
  intervalMs: number;
  log: FastifyBaseLogger;
  /** The log line of a failed tick. */
  failure: string;
  /** What a failed tick answers. */
  failed: T;
  /** A first tick sooner than the interval (e.g. a daily check soon after the start). */
  firstAfterMs?: number;
}

export function startPeriodicJob<T>(tick: (job: { readonly stopped: boolean }) => Promise<T>, options: PeriodicJobOptions<T>): PeriodicJob<T> {
  let running: Promise<T> | null = null;
  let stopped = false;
  const state = {
    get stopped() {
      return stopped;
    },
  };
  const run = (): Promise<T> =>
    (running ??= tick(state)
      .catch((error: unknown) => {
        options.log.error({ err: error }, options.failure);
        return options.failed;
      })
      .finally(() => {
        running = null;
      }));
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  const first = options.firstAfterMs === undefined ? null : setTimeout(() => void run(), options.firstAfterMs);
  first?.unref();
  return {
    runOnce: run,
    wake() {
      if (!stopped) void run();
    },
    get stopped() {
      return stopped;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (first) clearTimeout(first);
      await running;
    },
  };
}
