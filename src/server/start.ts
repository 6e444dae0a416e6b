import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { NaricApp } from './app';
import type { ServerConfig } from './config';
import { openDatabase, type AppDatabase } from './db/database';
import { createLogger } from './logger';
import { warmUpAfterListening } from './warm-up';

export interface StartedServer {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:8000; the API is under /api. */
  url: string;
  app: NaricApp;
  db: AppDatabase;
  /** Stops accepting requests, waits for those in flight, closes the database. Idempotent. */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: FastifyBaseLogger;
  /** A controlled clock for the deadlines and their jobs (tests); the system's by default. */
  clock?: () => Date;
  deadlineJobIntervalMs?: number;
  /**
   * On a database whose schema was already current (a restart), listen first and check the
   * reference data right after (main.ts: the desktop's window loads meanwhile). The
   * seed then only adds what went missing since; on PGlite's single connection every request
   * waits for it, on PostgreSQL requests meet the data the previous start seeded. A database
   * migrated by this start (a new one, or a new release's) is always seeded before listening.
   */
  seedAfterListening?: boolean;
}

/** Opens and migrates the database, seeds it, and listens. Shared by main.ts and the e2e harness. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<StartedServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  // A restore the administrator chose replaces the embedded database before it opens (embedded-restore.ts).
  const restored = config.databaseUrl === null ? await applyParkedRestore(config, logger) : null;
  // Ready sooner: PGlite compiles its WebAssembly and reads its folder while this
  // process loads the app's modules (Fastify, every route and its schemas), not one after the other.
  const opening = openDatabase(config, {
    onConnectionError: (error) => logger.error({ err: error }, 'database connection lost'),
  });
  const loading = loadServerModules();
  const [db, modules] = await Promise.allSettled([opening, loading]).then(async ([opened, loaded]) => {
    if (opened.status === 'rejected') throw opened.reason;
    if (loaded.status === 'rejected') {
      await opened.value.destroy().catch(() => {});
      throw loaded.reason;
    }
    return [opened.value, loaded.value] as const;
  });
  const { buildApp, migrateToLatest, MIGRATIONS, seedDatabase, createPasswordHasher, openDocumentStorage, createDocumentIssuer, issueMissingFiles, backupBeforeMigration, recordAudit } = modules;
  let app: NaricApp | undefined;
  let seeding: Promise<void> | undefined;
  let backfilling: Promise<void> | undefined;
  let warming: Promise<void> | undefined;
  const backfillStop = new AbortController();
  try {
    // Kysely's migrator reads the catalogue and takes a lock even when there is nothing to do.
    const current = await schemaIsCurrent(db, Object.keys(MIGRATIONS));
    // The embedded database is the only copy of its data: a copy first, should the migration go wrong.
    if (!current && config.databaseUrl === null) await backupBeforeMigration(db, config, (config.storage?.backend ?? 'local') === 'local' ? config.storageDir : null, logger);
    const migrations = current ? [] : await migrateToLatest(db);
    if (migrations.length > 0) logger.info({ migrations }, 'database migrated');
    // The storage first: the first demo seed writes the demo documents' PDFs into it.
    const storage = await openDocumentStorage(config);
    if (restored) {
      await recordAudit(db, {
        actorId: null,
        action: 'backup.restored',
        entityType: 'backup',
        entityId: null,
        details: { created_at: restored.created_at, app_version: restored.app_version, schema_version: restored.schema_version },
        ip: null,
      });
      // What was anonymised after the backup was taken is anonymised again (anonymised-ledger.ts).
      const { reapplyAnonymisations } = await import('./modules/personal-data/anonymised-ledger');
      await reapplyAnonymisations({ db, config, storage, log: logger }, restored.created_at);
    }
    const issuer = createDocumentIssuer({ storage, config });
    const seed = async () => {
      const seeded = await seedDatabase(db, { demo: config.demo, hashPassword: createPasswordHasher().hash, storage });
      logger.info({ seeded, demo: config.demo }, 'reference data checked');
    };
    const seedLater = options.seedAfterListening === true && migrations.length === 0;
    if (!seedLater) await seed();
    app = buildApp({ db, config, storage, issuer, logger, clock: options.clock, deadlineJobIntervalMs: options.deadlineJobIntervalMs });
    await app.listen({ host: config.host, port: config.port });
    warming = warmUpAfterListening(logger, backfillStop.signal);
    // The data it checks was there before this start: a failure is reported, the server stays up.
    if (seedLater) seeding = seed().catch((error: unknown) => logger.error({ err: error }, 'reference data check failed'));
    // Issued rows without bytes (the demo's, seeded as rows; any from before issuing rendered) get
    // them once, after listening: hundreds of demo PDFs would hold the first start for a minute.
    // Until its turn comes such a row's download is refused (409 issued_file_unavailable).
    // The demo's seal (a made-up authority's, marked DEMO) before the demo's documents are issued.
    backfilling = Promise.resolve(seeding)
      .then(() => (config.demo ? makeDemoSeal(db, config.jwtSecret, logger) : undefined))
      .then(() => issueMissingFiles(db, issuer, { logger, signal: backfillStop.signal }))
      .then(() => undefined)
      .catch((error: unknown) => logger.error({ err: error }, 'rendering issued documents without bytes failed'));
  } catch (error) {
    await app?.close().catch(() => {});
    await db.destroy().catch(() => {});
    throw error;
  }

  const started = app;
  const url = originOf(started.server.address() as AddressInfo);
  let closing: Promise<void> | undefined;
  return {
    url,
    app: started,
    db,
    close: () =>
      (closing ??= (async () => {
        try {
          backfillStop.abort();
          await seeding;
          await backfilling;
          await warming;
          await started.close();
        } finally {
          await db.destroy();
        }
      })()),
  };
}

/**
 * Exactly the migrations this build knows are recorded: nothing to migrate. Anything else (a
 * fresh database, a missing one, or one this build does not know) goes through the migrator,
 * which applies or refuses as before.
 */
async function schemaIsCurrent(db: AppDatabase, known: readonly string[]): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return applied.size === known.length && known.every((name) => applied.has(name));
  } catch {
    return false;
  }
}

/** Applies a restore parked by the previous run (none: null). */
async function applyParkedRestore(config: ServerConfig, logger: FastifyBaseLogger) {
  const [{ applyPendingRestore, pendingRestorePath }, { MIGRATIONS }, { stat }] = await Promise.all([import('./backups/embedded-restore'), import('./db/migrate'), import('node:fs/promises')]);
  // Most starts have none: the check costs one stat, not the modules' loading time.
  if (!(await stat(pendingRestorePath(config.dataDir)).catch(() => null))) return null;
  return applyPendingRestore(config, Object.keys(MIGRATIONS), logger);
}

/** forge and the seal's code load only in demo mode, after listening. */
async function makeDemoSeal(db: AppDatabase, secret: string, logger: FastifyBaseLogger): Promise<void> {
  const [{ ensureDemoSeal }, { currentGeneralSettings }] = await Promise.all([import('./document-seal/seal-store'), import('./system-settings')]);
  if (await ensureDemoSeal(db, secret, (await currentGeneralSettings(db)).organisation_name)) logger.info('demo seal made: a DEMO certification authority and seal certificate');
}

/** Everything but the database driver: imported while the database opens. */
async function loadServerModules() {
  const [{ buildApp }, { migrateToLatest, MIGRATIONS }, { seedDatabase }, { createPasswordHasher }, { openDocumentStorage }, { createDocumentIssuer, issueMissingFiles }, { backupBeforeMigration }, { recordAudit }] = await Promise.all([
    import('./app'),
    import('./db/migrate'),
    import('./db/seed'),
    import('./password-hashing'),
    import('./storage/open-storage'),
    import('./document-issuer'),
    import('./backups/backup-service'),
    import('./shared/audit'),
  ]);
  return { buildApp, migrateToLatest, MIGRATIONS, seedDatabase, createPasswordHasher, openDocumentStorage, createDocumentIssuer, issueMissingFiles, backupBeforeMigration, recordAudit };
}

function originOf(address: AddressInfo): string {
  // A wildcard bind is reached through the loopback address.
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
