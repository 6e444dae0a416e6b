import { fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { healthAnswer } from '../../src/shared/api/system';
import { serverProcessMessage, type ServerProcessMessage } from '../../src/shared/server-process';
import { createLogger } from '../../src/server/logger';
import { startServer } from '../../src/server/start';
import { copyTemplateDatabase, type DatabaseCopy } from '../support/test-database';
import { testConfig } from '../support/server-fixture';

// The real listening server: startServer() as the e2e harness uses it, and main.ts as the
// desktop forks it. Both run on a copy of the seeded template (migrate and seed run again).

const mainScript = join(import.meta.dirname, '../../src/server/main.ts');

describe('startServer and main.ts', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function prepare(): Promise<{ copy: DatabaseCopy; dataDir: string }> {
    const copy = await copyTemplateDatabase();
    cleanups.push(() => copy.dispose());
    const dataDir = copy.location.pgliteDir ? join(copy.location.pgliteDir, '..') : await mkdtemp(join(tmpdir(), 'naric-start-'));
    if (!copy.location.pgliteDir) cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return { copy, dataDir };
  }

  /**
   * The health report, asked again (every half second, ten times at most) while it is not ok: right
   * after listening, the start's background work (the demo seal, the demo's PDFs) shares the
   * machine with the first requests, and on a loaded machine the database may answer the first
   * check later than its 2-second limit.
   */
  async function healthSoon(url: string) {
    let health = healthAnswer.parse(await (await fetch(`${url}/api/health/`)).json());
    for (let attempt = 0; attempt < 10 && health.status !== 'ok'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      health = healthAnswer.parse(await (await fetch(`${url}/api/health/`)).json());
    }
    return health;
  }

  it('startServer listens on a free port, answers over HTTP and closes cleanly', async () => {
    const { copy, dataDir } = await prepare();
    const config = testConfig({ ...copy.location, dataDir, storageDir: join(dataDir, 'storage'), port: 0 });
    const server = await startServer(config, { logger: createLogger('silent') });
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await server.close();
    });

    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await healthSoon(server.url)).toMatchObject({ status: 'ok', database: { status: 'ok' }, storage: { status: 'ok' } });

    await server.close();
    await server.close();
    closed = true;
    await expect(fetch(`${server.url}/api/health/`)).rejects.toThrow();
  });

  it('startServer fails cleanly when the database cannot be opened while the app loads', async () => {
    // The database opens while the app's modules load: its failure is still the answer.
    const dataDir = await mkdtemp(join(tmpdir(), 'naric-start-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const notAFolder = join(dataDir, 'db');
    await writeFile(notAFolder, 'a file where the PGlite folder should be');
    const config = testConfig({ databaseUrl: null, pgliteDir: notAFolder, dataDir, storageDir: join(dataDir, 'storage'), port: 0 });
    await expect(startServer(config, { logger: createLogger('silent') })).rejects.toThrow(/EEXIST|ENOTDIR|exists|not a directory/i);
  });

  it('startServer still refuses a database migrated by a newer build', async () => {
    // The quick "nothing to migrate" check must not wave through a schema it does not know.
    const { copy, dataDir } = await prepare();
    const config = testConfig({ ...copy.location, dataDir, storageDir: join(dataDir, 'storage'), port: 0 });
    const first = await startServer(config, { logger: createLogger('silent') });
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-build', now()::text)`.execute(first.db);
    await first.close();
    await expect(startServer(config, { logger: createLogger('silent') })).rejects.toThrow(/9999-from-a-newer-build|corrupted|missing/i);
  });

  it('seedAfterListening on a restart: listens first, then the seed still adds what went missing', async () => {
    const { copy, dataDir } = await prepare();
    const config = testConfig({ ...copy.location, dataDir, storageDir: join(dataDir, 'storage'), port: 0 });
    const first = await startServer(config, { logger: createLogger('silent') });
    await first.db.deleteFrom('countries').where('code', '=', 'AQ').execute();
    await first.close();

    const server = await startServer(config, { logger: createLogger('silent'), seedAfterListening: true });
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await server.close();
    });
    expect((await healthSoon(server.url)).status).toBe('ok');
    // PGlite runs the seed's transaction before any later query; PostgreSQL may answer sooner.
    const deadline = Date.now() + 10_000;
    let restored = false;
    while (!restored && Date.now() < deadline) {
      restored = (await server.db.selectFrom('countries').select('code').where('code', '=', 'AQ').executeTakeFirst()) !== undefined;
      if (!restored) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(restored).toBe(true);
    await server.close();
    closed = true;
    // Two starts on one database, each with the start's background work.
  }, 60_000);

  function runMain(env: NodeJS.ProcessEnv) {
    const child = fork(mainScript, [], {
      execArgv: ['--import', 'tsx'],
      env: { PATH: process.env.PATH, NARIC_ARGON2_FAST: '1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const firstMessage = new Promise<ServerProcessMessage>((resolve, reject) => {
      child.once('message', (message) => resolve(serverProcessMessage.parse(message)));
      child.once('exit', (code) => reject(new Error(`main.ts exited (${code}) before reporting: ${stderr}`)));
    });
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    });
    return { child, exited, firstMessage, stderr: () => stderr };
  }

  it('main.ts reports where it listens to its parent and stops when asked', async () => {
    const { copy, dataDir } = await prepare();
    const env: NodeJS.ProcessEnv = { NARIC_DATA_DIR: dataDir, PORT: '0', NARIC_DEMO: '1' };
    if (copy.location.databaseUrl) env.DATABASE_URL = copy.location.databaseUrl;
    const main = runMain(env);

    const message = await main.firstMessage;
    expect(message.type).toBe('listening');
    const url = message.type === 'listening' ? message.url : '';
    const accounts = await fetch(`${url}/api/demo/accounts/`);
    expect(((await accounts.json()) as { demo: boolean }).demo).toBe(true);

    main.child.send({ type: 'shutdown' });
    expect(await main.exited).toBe(0);
    // tsx transpiles the whole server in the child before it listens: ~20 s alone, more beside other files.
  }, 90_000);

  it('main.ts reports a configuration it cannot use and exits with 1', async () => {
    const main = runMain({ PORT: 'eighty', NARIC_DATA_DIR: join(tmpdir(), 'naric-unused') });
    const message = await main.firstMessage;
    expect(message).toEqual({ type: 'failed', message: expect.stringContaining('PORT') });
    expect(await main.exited).toBe(1);
    expect(main.stderr()).toContain('PORT: must be a whole number');
  });
});
