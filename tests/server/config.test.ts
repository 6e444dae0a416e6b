import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretKeyPath } from '../../src/server/config';

describe('loadConfig', () => {
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'naric-config-'));
  });
  afterEach(() => rm(cwd, { recursive: true, force: true }));

  it('defaults to the embedded database in ./.data, with demo data, on 127.0.0.1:8000', () => {
    const config = loadConfig({}, { cwd });
    expect(config).toMatchObject({
      databaseUrl: null,
      dataDir: join(cwd, '.data'),
      pgliteDir: join(cwd, '.data', 'db'),
      storageDir: join(cwd, '.data', 'storage'),
      host: '127.0.0.1',
      port: 8000,
      demo: true,
      webRoot: null,
      accessTokenTtlSeconds: 300,
      maxUploadBytes: 250 * 1024 * 1024,
      publicVerifyUrl: 'http://127.0.0.1:8000/api/verify',
      logLevel: 'info',
    });
    expect(config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgresql://naric:pw@db.internal:5432/naric',
        NARIC_DATA_DIR: 'var/naric',
        HOST: '0.0.0.0',
        PORT: '0',
        NARIC_WEB_ROOT: 'out/renderer',
        NARIC_STORAGE_DIR: '/srv/documents',
        NARIC_JWT_SECRET: 'x'.repeat(40),
        NARIC_ACCESS_TOKEN_TTL: '2',
        NARIC_MAX_UPLOAD_BYTES: '1048576',
        LOG_LEVEL: 'warn',
      },
      { cwd },
    );
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://naric:pw@db.internal:5432/naric',
      dataDir: join(cwd, 'var/naric'),
      host: '0.0.0.0',
      port: 0,
      demo: false,
      webRoot: join(cwd, 'out/renderer'),
      storageDir: '/srv/documents',
      jwtSecret: 'x'.repeat(40),
      accessTokenTtlSeconds: 2,
      maxUploadBytes: 1_048_576,
      logLevel: 'warn',
    });
  });

  it('turns demo mode on or off explicitly, whatever the database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://a@b/c', NARIC_DEMO: '1', NARIC_JWT_SECRET: 'y'.repeat(32) }, { cwd }).demo).toBe(true);
    expect(loadConfig({ NARIC_DEMO: '0' }, { cwd }).demo).toBe(false);
    expect(loadConfig({ NARIC_DEMO: '' }, { cwd }).demo).toBe(true);
  });

  it('generates the JWT secret once, owner-readable only, and reuses it', async () => {
    const first = loadConfig({ NARIC_DATA_DIR: 'data' }, { cwd });
    const path = secretKeyPath(join(cwd, 'data'));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(await readFile(path, 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ NARIC_DATA_DIR: 'data' }, { cwd }).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({ NARIC_DATA_DIR: 'other' }, { cwd }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('refuses a secret.key that is too short', async () => {
    await writeFile(join(cwd, 'secret.key'), 'short');
    expect(() => loadConfig({ NARIC_DATA_DIR: '.' }, { cwd })).toThrow(/shorter than 32 characters/);
  });

  it('names every invalid variable in one clear error', () => {
    const attempt = () =>
      loadConfig(
        { PORT: 'eighty', DATABASE_URL: 'mysql://x', NARIC_DEMO: 'yes', LOG_LEVEL: 'loud', NARIC_JWT_SECRET: 'short', NARIC_ACCESS_TOKEN_TTL: '0' },
        { cwd },
      );
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const variable of ['PORT', 'DATABASE_URL', 'NARIC_DEMO', 'LOG_LEVEL', 'NARIC_JWT_SECRET', 'NARIC_ACCESS_TOKEN_TTL']) {
        expect(message).toContain(variable);
      }
      expect(message).not.toContain('short');
    }
  });
});
