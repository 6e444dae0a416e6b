import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { HealthAnswer } from '../../../shared/api/system';
import { ERROR_MESSAGES } from '../../../shared/errors';
import type { AppDeps } from '../../app-deps';
import { databaseDriver } from '../../db/database';

export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

class TimedOut extends Error {}

/** How late a timer may fire before the process counts as stalled rather than the database as slow. */
const STALL_MS = 100;

async function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // Time this process itself could not run (a module load or a PDF render right after start
    // holds the event loop) is not the database's: a timer that fires late gives that time back,
    // so a database that answered meanwhile is still heard.
    const arm = (delay: number, due: number) => {
      timer = setTimeout(() => {
        const late = performance.now() - due;
        if (late > STALL_MS) arm(late, performance.now() + late);
        else reject(new TimedOut(`no answer within ${ms} ms`));
      }, delay);
    };
    arm(ms, performance.now() + ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer of GET /api/health/. Details (for `detailed` callers only: admins and holders of
 * settings.view_settings) say what is wrong without exposing hosts or paths; everyone else gets
 * each component's status alone.
 */
export async function checkHealth(deps: AppDeps, log: FastifyBaseLogger, detailed: boolean): Promise<HealthAnswer> {
  const { db, config, storage } = deps;
  const [database, storageHealth] = await Promise.all([
    withinTimeout(sql`select 1`.execute(db), HEALTH_CHECK_TIMEOUT_MS).then(
      () => ({ status: 'ok' as const }),
      (error: unknown) => {
        log.warn({ err: error }, 'health: database check failed');
        return { status: 'unavailable' as const, detail: ERROR_MESSAGES.database_unavailable };
      },
    ),
    withinTimeout(storage.health(), HEALTH_CHECK_TIMEOUT_MS).catch(() => ({
      status: 'unavailable' as const,
      detail: 'The document storage did not answer in time.',
    })),
  ]);
  const ok = database.status === 'ok' && storageHealth.status === 'ok';
  if (!detailed) {
    return { status: ok ? 'ok' : 'unavailable', database: { status: database.status }, storage: { status: storageHealth.status } };
  }
  return {
    status: ok ? 'ok' : 'unavailable',
    version: config.version,
    database: { ...database, driver: databaseDriver(config) },
    storage: { ...storageHealth, backend: storage.backend },
    demo: config.demo,
    time: new Date().toISOString(),
  };
}
