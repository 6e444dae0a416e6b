import type { FixtureModule } from './listening-server';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type NaricApp } from '../../src/server/app';
import { signAccessToken } from '../../src/server/auth-context';
import type { ServerConfig } from '../../src/server/config';
import type { AppDatabase } from '../../src/server/db/database';
import { issuingTransaction } from '../../src/server/issued-files';
import { createLogger } from '../../src/server/logger';
import { openLocalStorage, type LocalStorage } from '../../src/server/storage/local-storage';
import type { DocumentStorage } from '../../src/server/storage/document-storage';
import { createTestDatabase, type TestDatabase } from './test-database';

// The real app on a database of its own, for `app.inject()` tests:
//
//   const server = await createServerFixture();
//   afterAll(() => server.close());
//   const answer = await server.app.inject({ url: '/api/services/', headers: await server.authorization('officer') });

export interface ServerFixture {
  app: NaricApp;
  db: AppDatabase;
  config: ServerConfig;
  storage: DocumentStorage;
  database: TestDatabase;
  /** A valid access token for a seeded (demo) user. */
  tokenFor(username: string): Promise<string>;
  /** `{ authorization: 'Bearer …' }` for a seeded (demo) user. */
  authorization(username: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export interface ServerFixtureOptions {
  config?: Partial<ServerConfig>;
  /** Replaces the fixture's own storage folder (e.g. one that fails). */
  storage?: DocumentStorage;
  logger?: FastifyBaseLogger;
  /** A controlled clock (deadlines, their jobs); the system's by default. */
  clock?: () => Date;
}

/** A complete configuration for tests; nothing is read from the environment. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    databaseUrl: null,
    dataDir: join(tmpdir(), 'naric-test-unused'),
    pgliteDir: join(tmpdir(), 'naric-test-unused', 'db'),
    host: '127.0.0.1',
    port: 0,
    demo: true,
    webRoot: null,
    storageDir: join(tmpdir(), 'naric-test-unused', 'storage'),
    jwtSecret: randomBytes(32).toString('base64url'),
    accessTokenTtlSeconds: 300,
    maxUploadBytes: 8 * 1024 * 1024,
    publicVerifyUrl: 'https://verify.naric.example/verify',
    logLevel: 'silent',
    version: '0.0.0-test',
    ...overrides,
  };
}

export async function createServerFixture(options: ServerFixtureOptions = {}): Promise<ServerFixture> {
  const database = await createTestDatabase();
  const storageRoot = await mkdtemp(join(tmpdir(), 'naric-test-storage-'));
  const storage: DocumentStorage = options.storage ?? (await openLocalStorage(storageRoot));
  const config = testConfig({
    ...database.location,
    storageDir: (storage as Partial<LocalStorage>).root ?? storageRoot,
    ...options.config,
  });
  const logger = options.logger ?? createLogger((process.env.NARIC_TEST_LOG_LEVEL as ServerConfig['logLevel']) ?? 'silent');
  const app = buildApp({ db: database.db, config, storage, logger, clock: options.clock });

  // A user's id is read once: suites that sign a token for every request (the API fuzz) would
  // otherwise add a database round trip to each one.
  const userIds = new Map<string, number>();
  const tokenFor = async (username: string) => {
    let id = userIds.get(username.toLowerCase());
    if (id === undefined) {
      const user = await database.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
        .executeTakeFirst();
      if (!user) throw new Error(`No user "${username}" in the test database.`);
      id = user.id;
      userIds.set(username.toLowerCase(), id);
    }
    return signAccessToken(config, id);
  };

  return {
    app,
    db: database.db,
    config,
    storage,
    database,
    tokenFor,
    authorization: async (username) => ({ authorization: `Bearer ${await tokenFor(username)}` }),
    close: async () => {
      await app.close();
      await database.destroy();
      await rm(storageRoot, { recursive: true, force: true });
    },
  };
}

/**
 * Renders and stores the bytes of demo rows that have none, as the start's one-time backfill
 * (document-issuer.ts issueMissingFiles) does for every such row: the template database has no
 * storage, and rendering all of the demo's documents in every test file would be slow.
 */
export async function issueDemoFiles(server: ServerFixture, rows: { documents?: readonly number[]; payments?: readonly number[] }): Promise<void> {
  const { issuer } = server.app.deps;
  for (const id of rows.documents ?? []) await issuingTransaction(server.db, issuer.storage, (trx, written) => issuer.issuedDocument(trx, id, written));
  for (const id of rows.payments ?? []) await issuingTransaction(server.db, issuer.storage, (trx, written) => issuer.receipt(trx, id, written));
}

// listening-server.ts loads this module by a specifier tsc does not follow; this keeps its view of it true.
void ({ createServerFixture } satisfies FixtureModule);
