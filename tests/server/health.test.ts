import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthAnswer } from '../../src/shared/api/system';
import { buildApp } from '../../src/server/app';
import { openPostgres } from '../../src/server/db/database';
import { createLogger } from '../../src/server/logger';
import { createLocalStorage } from '../../src/server/storage/local-storage';
import { checkHealth } from '../../src/server/modules/system/health';
import { createServerFixture, testConfig, type ServerFixture } from '../support/server-fixture';

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

describe('GET /api/health/', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());

  it('signed out (or with a token that does not check): the statuses only, no version, driver, backend or demo mode', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: 'Basic YWRtaW46eA==' }]) {
      const answer = await server.app.inject({ url: '/api/health/', headers });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 'ok', database: { status: 'ok' }, storage: { status: 'ok' } });
    }
  });

  it('signed in without settings.view_settings: the statuses only', async () => {
    for (const username of ['officer', 'payments', 'content']) {
      const answer = await server.app.inject({ url: '/api/health/', headers: await server.authorization(username) });
      expect(answer.json(), username).toEqual({ status: 'ok', database: { status: 'ok' }, storage: { status: 'ok' } });
    }
  });

  it('answers 200 with every component ok, and the details, to an admin', async () => {
    const answer = await server.app.inject({ url: '/api/health/', headers: await server.authorization('naric.admin') });
    expect(answer.statusCode).toBe(200);
    const body = healthAnswer.parse(answer.json());
    expect(body).toMatchObject({
      status: 'ok',
      version: '0.0.0-test',
      database: { status: 'ok', driver: server.database.driver },
      storage: { status: 'ok', backend: 'local' },
      demo: true,
    });
    expect(Date.parse(body.time!)).not.toBeNaN();
  });

  it('answers 503, body still the schema, when the storage folder cannot be written', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'naric-health-'));
    const notAFolder = join(folder, 'file');
    await writeFile(notAFolder, 'x');
    const app = buildApp({
      db: server.db,
      config: server.config,
      storage: createLocalStorage(notAFolder),
      logger: createLogger('silent'),
    });
    try {
      const anonymous = await app.inject({ url: '/api/health/' });
      expect(anonymous.statusCode).toBe(503);
      expect(anonymous.json()).toEqual({ status: 'unavailable', database: { status: 'ok' }, storage: { status: 'unavailable' } });
      const answer = await app.inject({ url: '/api/health/', headers: await server.authorization('admin') });
      expect(answer.statusCode).toBe(503);
      const body = healthAnswer.parse(answer.json());
      expect(body.status).toBe('unavailable');
      expect(body.database.status).toBe('ok');
      expect(body.storage).toEqual({ status: 'unavailable', backend: 'local', detail: 'The document storage is not writable.' });
      expect(JSON.stringify(body)).not.toContain(folder);
    } finally {
      await app.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('GET /api/health/ without a database', () => {
  const storage = createLocalStorage(tmpdir());

  async function healthWith(databaseUrl: string) {
    const db = openPostgres(databaseUrl);
    const app = buildApp({ db, config: testConfig({ databaseUrl, storageDir: tmpdir() }), storage, logger: createLogger('silent') });
    try {
      const started = Date.now();
      const answer = await app.inject({ url: '/api/health/' });
      return { answer, elapsed: Date.now() - started };
    } finally {
      await app.close();
      await db.destroy();
    }
  }

  it('answers 503 with database unavailable when nothing listens on the port', async () => {
    const closed = createServer();
    const port = await listening(closed);
    await new Promise((resolve) => closed.close(resolve));

    const databaseUrl = `postgres://naric:naric@127.0.0.1:${port}/naric`;
    const { answer } = await healthWith(databaseUrl);
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'unavailable', database: { status: 'unavailable' }, storage: { status: 'ok' } });

    // The detailed report (what an admin gets; no one can sign in without a database).
    const db = openPostgres(databaseUrl);
    try {
      const body = await checkHealth({ db, config: testConfig({ databaseUrl, storageDir: tmpdir() }), storage } as never, createLogger('silent'), true);
      expect(body.status).toBe('unavailable');
      expect(body.database).toEqual({ status: 'unavailable', driver: 'postgres', detail: 'The database cannot be reached.' });
      expect(JSON.stringify(body)).not.toContain(String(port));
    } finally {
      await db.destroy();
    }
  });

  it('gives up after 2 seconds when the database accepts but never answers', async () => {
    const silent = createServer(() => {});
    const port = await listening(silent);
    try {
      const { answer, elapsed } = await healthWith(`postgres://naric:naric@127.0.0.1:${port}/naric`);
      expect(answer.statusCode).toBe(503);
      expect(answer.json().database.status).toBe('unavailable');
      expect(elapsed).toBeGreaterThanOrEqual(1_900);
      expect(elapsed).toBeLessThan(4_500);
    } finally {
      silent.close();
    }
  });
});
