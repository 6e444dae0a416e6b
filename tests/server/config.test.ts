import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ConfigError, DEFAULT_SMTP_FROM, DEFAULT_TIMEOUTS, loadConfig, secretKeyPath } from '../../src/server/config';
import { createLogger } from '../../src/server/logger';
import { testConfig } from '../support/server-fixture';

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
      publicBaseUrl: null,
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
        NARIC_PUBLIC_URL: 'https://naric.example/office/',
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
      publicBaseUrl: 'https://naric.example/office',
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

describe('time-outs (NARIC_*_TIMEOUT_MS)', () => {
  it('default to the values documented in docs/api.md, and each can be set', () => {
    expect(loadConfig({ NARIC_JWT_SECRET: 'z'.repeat(32), DATABASE_URL: 'postgres://a@b/c' }).timeouts).toEqual(DEFAULT_TIMEOUTS);
    const set = loadConfig({
      NARIC_JWT_SECRET: 'z'.repeat(32),
      DATABASE_URL: 'postgres://a@b/c',
      NARIC_REQUEST_TIMEOUT_MS: '600000',
      NARIC_HEADERS_TIMEOUT_MS: '10000',
      NARIC_CONNECTION_TIMEOUT_MS: '90000',
      NARIC_KEEP_ALIVE_TIMEOUT_MS: '5000',
      NARIC_BODY_IDLE_TIMEOUT_MS: '15000',
    }).timeouts;
    expect(set).toEqual({ requestMs: 600_000, headersMs: 10_000, connectionIdleMs: 90_000, keepAliveMs: 5000, bodyIdleMs: 15_000 });
  });

  it('refuses nonsense by name', () => {
    const base = { NARIC_JWT_SECRET: 'z'.repeat(32), DATABASE_URL: 'postgres://a@b/c' };
    expect(() => loadConfig({ ...base, NARIC_BODY_IDLE_TIMEOUT_MS: 'soon' })).toThrow(/NARIC_BODY_IDLE_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, NARIC_REQUEST_TIMEOUT_MS: '0' })).toThrow(/NARIC_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, NARIC_REQUEST_TIMEOUT_MS: '1000', NARIC_HEADERS_TIMEOUT_MS: '5000' })).toThrow(/NARIC_HEADERS_TIMEOUT_MS/);
  });

  it('are applied to the HTTP server the app builds', async () => {
    const timeouts = { requestMs: 111_000, headersMs: 11_000, connectionIdleMs: 22_000, keepAliveMs: 3300, bodyIdleMs: 4400 };
    const app = buildApp({ db: {} as never, storage: {} as never, config: testConfig({ timeouts }), logger: createLogger('silent') });
    expect(app.server.requestTimeout).toBe(111_000);
    expect(app.server.headersTimeout).toBe(11_000);
    expect(app.server.timeout).toBe(22_000);
    expect(app.server.keepAliveTimeout).toBe(3300);
    // Closed, so nothing the app started (its signed-in user listener) outlives the test.
    await app.close();
  });
});

describe('e-mail over SMTP (NARIC_SMTP_*)', () => {
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'naric-config-smtp-'));
  });
  afterEach(() => rm(cwd, { recursive: true, force: true }));
  const base = { NARIC_JWT_SECRET: 'z'.repeat(32), DATABASE_URL: 'postgres://a@b/c' };
  const smtp = (env: Record<string, string>) => loadConfig({ ...base, ...env }, { cwd }).smtp;
  const problem = (env: Record<string, string>) => {
    try {
      smtp(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected a ConfigError');
  };

  it('is off without NARIC_SMTP_URL (e-mails wait, or are logged in demo mode)', () => {
    expect(smtp({})).toBeNull();
    expect(smtp({ NARIC_SMTP_URL: '  ', NARIC_SMTP_TLS: 'none' })).toBeNull();
  });

  it('reads smtp:// with required STARTTLS and the documented defaults', () => {
    expect(smtp({ NARIC_SMTP_URL: 'smtp://mail.naric.example' })).toEqual({
      host: 'mail.naric.example',
      port: 587,
      tls: 'starttls',
      user: null,
      password: null,
      from: DEFAULT_SMTP_FROM,
      ca: null,
      maxAttempts: 5,
      timeoutMs: 10_000,
    });
    expect(DEFAULT_SMTP_FROM).toBe('NARIC <no-reply@naric.example>');
  });

  it('reads every variable; credentials are percent-decoded; smtps:// is TLS from the start on 465', async () => {
    await writeFile(join(cwd, 'mail-ca.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    expect(
      smtp({
        NARIC_SMTP_URL: 'smtp://naric%40naric.example:p%40ss%3Aw%C3%B6rd@relay.naric.example:2525',
        NARIC_SMTP_FROM: 'Agjencia NARIC – Kosovë <naric@rks-gov.example>',
        NARIC_SMTP_TLS: 'opportunistic',
        NARIC_SMTP_CA_FILE: 'mail-ca.pem',
        NARIC_SMTP_MAX_ATTEMPTS: '8',
        NARIC_SMTP_TIMEOUT_MS: '20000',
      }),
    ).toEqual({
      host: 'relay.naric.example',
      port: 2525,
      tls: 'opportunistic',
      user: 'naric@naric.example',
      password: 'p@ss:wörd',
      from: 'Agjencia NARIC – Kosovë <naric@rks-gov.example>',
      ca: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
      maxAttempts: 8,
      timeoutMs: 20_000,
    });
    expect(smtp({ NARIC_SMTP_URL: 'smtps://u:p@mail.naric.example' })).toMatchObject({ port: 465, tls: 'implicit', user: 'u', password: 'p' });
    expect(smtp({ NARIC_SMTP_URL: 'smtp://[::1]:25', NARIC_SMTP_TLS: 'none' })).toMatchObject({ host: '::1', port: 25, tls: 'none' });
    expect(smtp({ NARIC_SMTP_URL: 'smtp://localhost:25', NARIC_SMTP_FROM: 'no-reply@naric.example' })?.from).toBe('no-reply@naric.example');
  });

  it('refuses nonsense by name, without repeating the URL (it may hold a password)', () => {
    const url = problem({ NARIC_SMTP_URL: 'http://user:Secret-Pass-1@mail.example' });
    expect(url).toContain('NARIC_SMTP_URL');
    expect(url).not.toContain('Secret-Pass-1');
    expect(problem({ NARIC_SMTP_URL: 'smtp://mail.example:99999' })).toContain('NARIC_SMTP_URL');
    expect(problem({ NARIC_SMTP_URL: 'smtp://mail.example/path' })).toContain('NARIC_SMTP_URL');
    expect(problem({ NARIC_SMTP_URL: 'smtp://u:%zz@mail.example' })).toMatch(/NARIC_SMTP_URL: the password is not valid percent-encoding/);
    expect(problem({ NARIC_SMTP_URL: 'smtp://:secret@mail.example' })).toMatch(/NARIC_SMTP_URL: a password needs a user name/);
    expect(problem({ NARIC_SMTP_URL: 'smtp://mail.example', NARIC_SMTP_TLS: 'always' })).toMatch(/NARIC_SMTP_TLS: must be starttls, opportunistic or none/);
    expect(problem({ NARIC_SMTP_URL: 'smtps://mail.example', NARIC_SMTP_TLS: 'starttls' })).toMatch(/NARIC_SMTP_TLS: only with an smtp:\/\/ URL/);
    expect(problem({ NARIC_SMTP_URL: 'smtp://mail.example', NARIC_SMTP_CA_FILE: 'missing.pem' })).toMatch(/NARIC_SMTP_CA_FILE: cannot be read \(ENOENT\)/);
    expect(problem({ NARIC_SMTP_URL: 'smtp://mail.example', NARIC_SMTP_MAX_ATTEMPTS: '0' })).toContain('NARIC_SMTP_MAX_ATTEMPTS');
    expect(problem({ NARIC_SMTP_URL: 'smtp://mail.example', NARIC_SMTP_MAX_ATTEMPTS: 'many' })).toContain('NARIC_SMTP_MAX_ATTEMPTS');
    expect(problem({ NARIC_SMTP_URL: 'smtp://mail.example', NARIC_SMTP_TIMEOUT_MS: '10' })).toContain('NARIC_SMTP_TIMEOUT_MS');
    for (const from of ['NARIC', 'NARIC <no-reply>', 'x@y.z\r\nBcc: everyone@example.com', 'A <a@b.c> <d@e.f>']) {
      expect(problem({ NARIC_SMTP_URL: 'smtp://mail.example', NARIC_SMTP_FROM: from })).toMatch(/NARIC_SMTP_FROM: must be an e-mail address/);
    }
  });
});
