import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { version as packageVersion } from '../../package.json';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerConfig {
  /** PostgreSQL URL; null means the embedded PGlite database in `pgliteDir`. */
  databaseUrl: string | null;
  dataDir: string;
  pgliteDir: string;
  host: string;
  /** 0 lets the system pick a free port. */
  port: number;
  demo: boolean;
  /** Folder of the built renderer served at `/` (browser shell); null serves only the API. */
  webRoot: string | null;
  storageDir: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  /** Largest document upload accepted (413 beyond it). */
  maxUploadBytes: number;
  /** Public address that issued documents' QR codes point to; the code is appended. */
  publicVerifyUrl: string;
  logLevel: LogLevel;
  version: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** 250 MB: a scanned diploma with its translation and transcript rarely needs a tenth of it. */
export const DEFAULT_MAX_UPLOAD_BYTES = 250 * 1024 * 1024;

const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(blankAsMissing, z.string().trim().optional());
const flag = z.preprocess(
  blankAsMissing,
  z
    .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
);

const environment = z.object({
  DATABASE_URL: z.preprocess(
    blankAsMissing,
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  NARIC_DATA_DIR: optionalText,
  HOST: optionalText,
  PORT: z.preprocess(
    blankAsMissing,
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0).max(65_535).default(8000),
  ),
  NARIC_DEMO: flag,
  NARIC_WEB_ROOT: optionalText,
  NARIC_STORAGE_DIR: optionalText,
  // Short secrets make HS256 tokens guessable offline.
  NARIC_JWT_SECRET: z.preprocess(blankAsMissing, z.string().min(32, 'must be at least 32 characters').optional()),
  NARIC_ACCESS_TOKEN_TTL: z.preprocess(
    blankAsMissing,
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(86_400).default(300),
  ),
  NARIC_MAX_UPLOAD_BYTES: z.preprocess(
    blankAsMissing,
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1024).default(DEFAULT_MAX_UPLOAD_BYTES),
  ),
  NARIC_PUBLIC_VERIFY_URL: z.preprocess(blankAsMissing, z.url({ error: 'must be an http(s) URL', protocol: /^https?$/ }).optional()),
  LOG_LEVEL: z.preprocess(blankAsMissing, z.enum(LOG_LEVELS).default('info')),
});

export interface LoadConfigOptions {
  /** Relative paths are resolved against this folder (default: the working directory). */
  cwd?: string;
}

/**
 * Reads the server configuration from the environment. When no JWT secret is given, one is
 * generated once and kept in `<data dir>/secret.key` (mode 0600), so tokens survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): ServerConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid server configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const cwd = options.cwd ?? process.cwd();
  const dataDir = resolve(cwd, values.NARIC_DATA_DIR ?? '.data');
  const databaseUrl = values.DATABASE_URL ?? null;
  return {
    databaseUrl,
    dataDir,
    pgliteDir: join(dataDir, 'db'),
    host: values.HOST ?? '127.0.0.1',
    port: values.PORT,
    // The embedded database is for trying the product out, so it comes with demo data.
    demo: values.NARIC_DEMO ?? databaseUrl === null,
    webRoot: values.NARIC_WEB_ROOT ? resolve(cwd, values.NARIC_WEB_ROOT) : null,
    storageDir: values.NARIC_STORAGE_DIR ? resolve(cwd, values.NARIC_STORAGE_DIR) : join(dataDir, 'storage'),
    jwtSecret: values.NARIC_JWT_SECRET ?? readOrCreateSecret(dataDir),
    accessTokenTtlSeconds: values.NARIC_ACCESS_TOKEN_TTL,
    maxUploadBytes: values.NARIC_MAX_UPLOAD_BYTES,
    // The local server answers the check itself (GET /api/verify/{code}/) until a public page exists.
    publicVerifyUrl: (values.NARIC_PUBLIC_VERIFY_URL ?? `http://${values.HOST ?? '127.0.0.1'}:${values.PORT}/api/verify`).replace(/\/+$/, ''),
    logLevel: values.LOG_LEVEL,
    version: packageVersion,
  };
}

export function secretKeyPath(dataDir: string): string {
  return join(dataDir, 'secret.key');
}

function readOrCreateSecret(dataDir: string): string {
  const path = secretKeyPath(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep one secret.
    writeFileSync(path, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(path, 0o600);
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError(`${path} holds a secret shorter than 32 characters; delete it to generate a new one.`);
  }
  return secret;
}
