import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Kysely, PostgresDialect } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type PgModule from 'pg';
import { pgliteWasmModule } from './pglite-wasm';
import type { Database } from './schema';

// Each driver's library is loaded when a database of its kind is opened: the
// desktop's embedded server never needs pg, a PostgreSQL deployment never needs PGlite. pg is
// CommonJS and required synchronously, so openPostgres stays synchronous.
const requireDriver = createRequire(import.meta.url);

export type DatabaseDriver = 'postgres' | 'pglite';
export type AppDatabase = Kysely<Database>;

/** The PGlite behind a database openPglite opened, for what needs PGlite's own API (LISTEN callbacks). */
const pglites = new WeakMap<AppDatabase, PGlite>();
export function pgliteOf(db: AppDatabase): PGlite | undefined {
  return pglites.get(db);
}

// One reading of PostgreSQL values for both drivers: int8 (ids of bigserial tables, count(*))
// as a JS number, date as its 'YYYY-MM-DD' text (pg would build a local-midnight Date).
const INT8 = 20;
const DATE = 1082;
const parseInt8 = (text: string) => Number(text);
const keepText = (text: string) => text;

export interface DatabaseLocation {
  databaseUrl: string | null;
  pgliteDir: string;
}

export function databaseDriver(location: Pick<DatabaseLocation, 'databaseUrl'>): DatabaseDriver {
  return location.databaseUrl ? 'postgres' : 'pglite';
}

export interface OpenDatabaseOptions {
  /** Called when an idle PostgreSQL connection fails (without a listener pg would crash the process). */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(location: DatabaseLocation, options: OpenDatabaseOptions = {}): Promise<AppDatabase> {
  if (location.databaseUrl) return openPostgres(location.databaseUrl, options);
  return openPglite(location.pgliteDir);
}

export function openPostgres(databaseUrl: string, options: OpenDatabaseOptions = {}): AppDatabase {
  const pg = requireDriver('pg') as typeof PgModule;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return parseInt8;
        if (oid === DATE) return keepText;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', (error) => options.onConnectionError?.(error));
  // PostgreSQL's JIT compiles the big report queries for longer than it saves: bench:reports
  // measured every report and export about twice as fast without it (docs/performance.md). A SET
  // on each new connection rather than a startup option, which connection poolers refuse; the
  // client queues it before any query of ours.
  pool.on('connect', (client) => void client.query('set jit = off').catch(() => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** PGlite in `dataDir` (created when missing), or in memory without one. */
export async function openPglite(dataDir?: string): Promise<AppDatabase> {
  const [{ PGlite }, { pg_trgm }, { PGliteDialect }, wasmModule] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('kysely-pglite-dialect'),
    // Usually compiling already (main.ts starts it first thing); PGlite would read and compile it
    // only after its file system is set up.
    pgliteWasmModule(),
    dataDir ? mkdir(dataDir, { recursive: true }) : undefined,
  ]);
  // pg_trgm backs the applications search index; PGlite ships it as a contrib bundle.
  // One options object: PGlite.create(undefined, options) would ignore the options.
  const pglite = await PGlite.create({
    dataDir,
    parsers: { [INT8]: parseInt8, [DATE]: keepText },
    extensions: { pg_trgm },
    pgliteWasmModule: wasmModule,
  });
  // Destroying the Kysely instance closes PGlite (kysely-pglite-dialect ≥ 1.3.1).
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  pglites.set(db, pglite);
  return db;
}
