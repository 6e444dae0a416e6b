import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { signAccessToken } from '../src/server/auth-context';
import type { AppDatabase } from '../src/server/db/database';
import { openLocalStorage } from '../src/server/storage/local-storage';

// The real Fastify app over the benchmark database, in process (requests through inject), and a
// bearer token for one of its users: what the endpoint benches measure, built one way.

export async function benchApp(db: AppDatabase, databaseUrl: string, username: string) {
  const storageDir = await mkdtemp(join(tmpdir(), 'naric-bench-'));
  const config = {
    databaseUrl,
    dataDir: storageDir,
    pgliteDir: storageDir,
    host: '127.0.0.1',
    port: 0,
    demo: false,
    webRoot: null,
    storageDir,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    accessTokenTtlSeconds: 3600,
    maxUploadBytes: 250 * 1024 * 1024,
    publicVerifyUrl: 'http://127.0.0.1:8000/api/verify',
    logLevel: 'silent' as const,
    version: 'bench',
  };
  const app = buildApp({ db, config, storage: await openLocalStorage(storageDir) });
  await app.ready();
  const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return { app, storageDir, userId: user.id, authorization: `Bearer ${await signAccessToken(config, user.id)}` };
}

/** Prints PostgreSQL's plan of each statement as it ran (EXPLAIN ANALYZE): the benches' --explain. */
export async function printQueryPlans(db: AppDatabase, statements: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(statements)) {
    const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers off) ${sql.raw(text)}`.execute(db);
    console.log(`\n${name}:\n${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
  }
}
