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
  /** Where document files live: the local folder `storageDir` (also when absent) or an S3-compatible bucket. */
  storage?: StorageSettings;
  /**
   * Which proxies' X-Forwarded-For is believed, so request.ip is the real client (sign-in
   * throttling counts per address): false (absent: the connecting address is the client), true
   * (any), a hop count, or proxy addresses/CIDRs. Fastify's `trustProxy`.
   */
  trustProxy?: TrustProxy;
  /** How long a slow or silent client may hold a connection (DEFAULT_TIMEOUTS when absent). */
  timeouts?: ServerTimeouts;
  /** Public address that issued documents' QR codes point to; the code is appended. */
  publicVerifyUrl: string;
  /**
   * The server's public origin (and path prefix, if any) for absolute links such as pagination's
   * `next`; absent or null: those links are relative. Never taken from the request's Host header,
   * which any client sets.
   */
  publicBaseUrl?: string | null;
  /** Directory (LDAP) sign-in; absent or null without NARIC_LDAP_URL (docs/api.md, "Directory sign-in (LDAP)"). */
  directory?: DirectorySettings | null;
  /** Where e-mails are sent; absent or null without NARIC_SMTP_URL (they then wait in the outbox, or are logged in demo mode). */
  smtp?: SmtpSettings | null;
  logLevel: LogLevel;
  version: string;
}

/** Where and how directory users are looked up, bound and mapped to our groups (NARIC_LDAP_*). */
export interface DirectorySettings {
  /** ldap://host[:port] or ldaps://host[:port]. */
  url: string;
  /** Where users are searched (subtree). */
  baseDn: string;
  /** The service account that searches; null for both: anonymous search. */
  bindDn: string | null;
  bindPassword: string | null;
  /** An LDAP filter with `{login}` where the typed login goes (escaped, RFC 4515). */
  userFilter: string;
  /** The entry's attribute that becomes the local username. */
  usernameAttribute: string;
  /** `member`: search groups naming the user's DN; `memberOf`: read the user's memberOf attribute. */
  groupSearch: 'member' | 'memberOf';
  groupBaseDn: string;
  /** An LDAP filter with `{dn}` where the user's DN goes (escaped); used with groupSearch `member`. */
  groupFilter: string;
  /** Directory group DN (normalised: lower case, no spaces around commas or '=') → our group names. */
  groupMap: ReadonlyMap<string, readonly string[]>;
  /** An LDAP filter an entry matches when it is disabled in the directory; null: no such check. */
  disabledFilter: string | null;
  connectTimeoutMs: number;
  operationTimeoutMs: number;
  /** STARTTLS on an ldap:// connection before anything is sent. */
  startTls: boolean;
  /** PEM text of the CA that signed the directory's certificate (NARIC_LDAP_CA_FILE); null: the system's. */
  ca: string | null;
  rejectUnauthorized: boolean;
}

/** How the outbox reaches the mail server (NARIC_SMTP_*). */
export interface SmtpSettings {
  host: string;
  port: number;
  /**
   * `implicit`: TLS from the first byte (smtps://); `starttls`: upgrade or refuse to send;
   * `opportunistic`: upgrade when the server offers it; `none`: never (a relay on the same host).
   */
  tls: SmtpTlsMode;
  /** Null for both: no authentication. */
  user: string | null;
  password: string | null;
  /** The From header, `Name <address>` or an address. */
  from: string;
  /** PEM text of the CA that signed the mail server's certificate (NARIC_SMTP_CA_FILE); null: the system's. */
  ca: string | null;
  /** A message is marked failed after this many refused or unreachable sends. */
  maxAttempts: number;
  /** Connecting, the greeting and each silence of the server are bounded by this. */
  timeoutMs: number;
}
export type SmtpTlsMode = 'implicit' | 'starttls' | 'opportunistic' | 'none';

/**
 * Time-outs against clients that hold connections open, all in milliseconds. A slow
 * upload that keeps moving is never cut off: only silence is (socket and body idle timers); the
 * whole-request limit is long enough for 250 MB at about 1 Mbit/s.
 */
export interface ServerTimeouts {
  /** The whole request (headers and body) must have arrived within this (node's requestTimeout). */
  requestMs: number;
  /** The request headers must have arrived within this (node's headersTimeout). */
  headersMs: number;
  /** A socket with no traffic either way for this long is closed (Fastify's connectionTimeout). */
  connectionIdleMs: number;
  /** An idle keep-alive connection is closed after this (Fastify's keepAliveTimeout). */
  keepAliveMs: number;
  /** An upload body with no byte for this long is refused with 408 and the connection closed. */
  bodyIdleMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 60 * 60 * 1000,
  headersMs: 30 * 1000,
  connectionIdleMs: 120 * 1000,
  keepAliveMs: 72 * 1000,
  bodyIdleMs: 30 * 1000,
};

export type TrustProxy = boolean | number | string[];

export interface S3StorageSettings {
  backend: 's3';
  /** An S3-compatible server's address; null means AWS S3 itself. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Null for both: the AWS default credential chain (environment, profile, instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Put before every key ('' or ending in '/'). */
  prefix: string;
  forcePathStyle: boolean;
}
export type StorageSettings = { backend: 'local' } | S3StorageSettings;

/** A promoted upload is one server-side copy in S3, which stops at 5 GiB. */
const S3_SINGLE_COPY_LIMIT = 5 * 1024 * 1024 * 1024;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** 250 MB: a scanned diploma with its translation and transcript rarely needs a tenth of it. */
export const DEFAULT_MAX_UPLOAD_BYTES = 250 * 1024 * 1024;

const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const IPV4_OR_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/** NARIC_TRUST_PROXY: off by default; `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxyVariable = z.preprocess(
  blankAsMissing,
  z
    .string()
    .trim()
    .optional()
    .transform((value, context): TrustProxy => {
      if (value === undefined || /^(false|0|no|off)$/i.test(value)) return false;
      if (/^(true|yes|on)$/i.test(value)) return true;
      if (/^\d+$/.test(value)) return Number(value);
      const proxies = value.split(',').map((entry) => entry.trim()).filter(Boolean);
      for (const proxy of proxies) {
        if (!IPV4_OR_CIDR.test(proxy) && !IPV6_OR_CIDR.test(proxy)) {
          context.addIssue({ code: 'custom', message: `must be true, a hop count or proxy addresses/CIDRs (not "${proxy.slice(0, 60)}")` });
          return z.NEVER;
        }
      }
      return proxies;
    }),
);
const optionalText = z.preprocess(blankAsMissing, z.string().trim().optional());
const flag = z.preprocess(
  blankAsMissing,
  z
    .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
    .transform((value) => value === '1' || value === 'true')
    .optional(),
);

/** A sign-in waits at most this long for the directory (connecting, then each operation): a dead directory answers fast. */
export const DIRECTORY_TIMEOUT_MS = 3000;

/** A time-out in milliseconds: at least 100 ms, at most a day. */
function milliseconds(fallback: number) {
  return z.preprocess(
    blankAsMissing,
    z.coerce.number({ error: 'must be a whole number of milliseconds' }).int('must be a whole number of milliseconds').min(100).max(86_400_000).default(fallback),
  );
}

export const DEFAULT_SMTP_FROM = 'NARIC <no-reply@naric.example>';
export const DEFAULT_SMTP_MAX_ATTEMPTS = 5;
export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;
/** `address` or `Display Name <address>`; no line breaks, so nothing can be smuggled into the headers. */
const SMTP_FROM = /^(?:[^<>\r\n@]*\s*<[^\s<>@]+@[A-Za-z0-9.-]+>|[^\s<>@]+@[A-Za-z0-9.-]+)$/;

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
  NARIC_STORAGE: z.preprocess(blankAsMissing, z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local')),
  NARIC_S3_ENDPOINT: z.preprocess(blankAsMissing, z.url({ error: 'must be an http(s) URL', protocol: /^https?$/ }).optional()),
  NARIC_S3_REGION: z.preprocess(blankAsMissing, z.string().trim().default('us-east-1')),
  NARIC_S3_BUCKET: z.preprocess(
    blankAsMissing,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 lower-case letters, digits, dots, hyphens)')
      .optional(),
  ),
  NARIC_S3_ACCESS_KEY_ID: optionalText,
  NARIC_S3_SECRET_ACCESS_KEY: optionalText,
  NARIC_S3_PREFIX: z.preprocess(
    blankAsMissing,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9!_.*'()/-]+$/, 'may hold letters, digits and !_.*\'()/- only')
      .optional(),
  ),
  NARIC_S3_FORCE_PATH_STYLE: flag,
  NARIC_PUBLIC_VERIFY_URL: z.preprocess(blankAsMissing, z.url({ error: 'must be an http(s) URL', protocol: /^https?$/ }).optional()),
  NARIC_PUBLIC_URL: z.preprocess(blankAsMissing, z.url({ error: 'must be an http(s) URL', protocol: /^https?$/ }).optional()),
  NARIC_TRUST_PROXY: trustProxyVariable,
  LOG_LEVEL: z.preprocess(blankAsMissing, z.enum(LOG_LEVELS).default('info')),
  NARIC_REQUEST_TIMEOUT_MS: milliseconds(DEFAULT_TIMEOUTS.requestMs),
  NARIC_HEADERS_TIMEOUT_MS: milliseconds(DEFAULT_TIMEOUTS.headersMs),
  NARIC_CONNECTION_TIMEOUT_MS: milliseconds(DEFAULT_TIMEOUTS.connectionIdleMs),
  NARIC_KEEP_ALIVE_TIMEOUT_MS: milliseconds(DEFAULT_TIMEOUTS.keepAliveMs),
  NARIC_BODY_IDLE_TIMEOUT_MS: milliseconds(DEFAULT_TIMEOUTS.bodyIdleMs),
  NARIC_LDAP_URL: z.preprocess(
    blankAsMissing,
    z
      .string()
      .trim()
      .regex(/^ldaps?:\/\/[^\s/?#]+\/?$/i, 'must be ldap://host[:port] or ldaps://host[:port]')
      .optional(),
  ),
  NARIC_LDAP_BASE_DN: optionalText,
  NARIC_LDAP_BIND_DN: optionalText,
  // Not trimmed: a password may end in a space.
  NARIC_LDAP_BIND_PASSWORD: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
  NARIC_LDAP_USER_FILTER: z.preprocess(blankAsMissing, z.string().trim().includes('{login}', { error: 'must contain {login}' }).optional()),
  NARIC_LDAP_USERNAME_ATTRIBUTE: z.preprocess(
    blankAsMissing,
    z.string().trim().regex(/^[A-Za-z][A-Za-z0-9-]*$/, 'must be an attribute name').default('uid'),
  ),
  NARIC_LDAP_GROUP_SEARCH: z.preprocess(blankAsMissing, z.enum(['member', 'memberOf'], { error: 'must be member or memberOf' }).default('member')),
  NARIC_LDAP_GROUP_BASE_DN: optionalText,
  NARIC_LDAP_GROUP_FILTER: z.preprocess(blankAsMissing, z.string().trim().includes('{dn}', { error: 'must contain {dn}' }).optional()),
  NARIC_LDAP_GROUP_MAP: optionalText,
  NARIC_LDAP_DISABLED_FILTER: optionalText,
  NARIC_LDAP_CONNECT_TIMEOUT_MS: milliseconds(DIRECTORY_TIMEOUT_MS),
  NARIC_LDAP_TIMEOUT_MS: milliseconds(DIRECTORY_TIMEOUT_MS),
  NARIC_LDAP_STARTTLS: flag,
  NARIC_LDAP_CA_FILE: optionalText,
  NARIC_LDAP_TLS_REJECT_UNAUTHORIZED: flag,
  // Not echoed in the message: the URL may carry the mail account's password.
  NARIC_SMTP_URL: z.preprocess(
    blankAsMissing,
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\/([^\s/?#@]+@)?(\[[0-9a-f:.]+\]|[^\s/?#@:[\]]+)(:\d{1,5})?\/?$/i, 'must be smtp://[user:password@]host[:port] or smtps://…')
      .optional(),
  ),
  NARIC_SMTP_FROM: z.preprocess(
    blankAsMissing,
    z
      .string()
      .trim()
      .regex(SMTP_FROM, 'must be an e-mail address, or a name and an address: NARIC <no-reply@naric.example>')
      .default(DEFAULT_SMTP_FROM),
  ),
  NARIC_SMTP_TLS: z.preprocess(blankAsMissing, z.enum(['starttls', 'opportunistic', 'none'], { error: 'must be starttls, opportunistic or none' }).optional()),
  NARIC_SMTP_CA_FILE: optionalText,
  NARIC_SMTP_MAX_ATTEMPTS: z.preprocess(
    blankAsMissing,
    z.coerce.number({ error: 'must be a whole number from 1 to 50' }).int('must be a whole number from 1 to 50').min(1).max(50).default(DEFAULT_SMTP_MAX_ATTEMPTS),
  ),
  NARIC_SMTP_TIMEOUT_MS: milliseconds(DEFAULT_SMTP_TIMEOUT_MS),
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
    storage: storageSettings(values),
    timeouts: timeoutSettings(values),
    trustProxy: values.NARIC_TRUST_PROXY,
    // The local server answers the check itself (GET /api/verify/{code}/) until a public page exists.
    directory: directorySettings(values, cwd),
    smtp: smtpSettings(values, cwd),
    publicBaseUrl: values.NARIC_PUBLIC_URL ? values.NARIC_PUBLIC_URL.replace(/\/+$/, '') : null,
    publicVerifyUrl: (values.NARIC_PUBLIC_VERIFY_URL ?? `http://${values.HOST ?? '127.0.0.1'}:${values.PORT}/api/verify`).replace(/\/+$/, ''),
    logLevel: values.LOG_LEVEL,
    version: packageVersion,
  };
}

function timeoutSettings(values: z.infer<typeof environment>): ServerTimeouts {
  const timeouts = {
    requestMs: values.NARIC_REQUEST_TIMEOUT_MS,
    headersMs: values.NARIC_HEADERS_TIMEOUT_MS,
    connectionIdleMs: values.NARIC_CONNECTION_TIMEOUT_MS,
    keepAliveMs: values.NARIC_KEEP_ALIVE_TIMEOUT_MS,
    bodyIdleMs: values.NARIC_BODY_IDLE_TIMEOUT_MS,
  };
  // Node refuses a headers time-out longer than the request's.
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError('Invalid server configuration:\n  NARIC_HEADERS_TIMEOUT_MS: must not exceed NARIC_REQUEST_TIMEOUT_MS');
  }
  return timeouts;
}

function storageSettings(values: z.infer<typeof environment>): StorageSettings {
  if (values.NARIC_STORAGE === 'local') return { backend: 'local' };
  const problems: string[] = [];
  if (!values.NARIC_S3_BUCKET) problems.push('NARIC_S3_BUCKET: is required when NARIC_STORAGE=s3');
  if (Boolean(values.NARIC_S3_ACCESS_KEY_ID) !== Boolean(values.NARIC_S3_SECRET_ACCESS_KEY)) {
    problems.push('NARIC_S3_ACCESS_KEY_ID, NARIC_S3_SECRET_ACCESS_KEY: give both or neither');
  }
  if (values.NARIC_MAX_UPLOAD_BYTES > S3_SINGLE_COPY_LIMIT) problems.push('NARIC_MAX_UPLOAD_BYTES: must be at most 5 GiB with NARIC_STORAGE=s3');
  if (problems.length > 0) throw new ConfigError(`Invalid server configuration:\n  ${problems.join('\n  ')}`);
  const prefix = (values.NARIC_S3_PREFIX ?? '').replace(/^\/+/, '');
  return {
    backend: 's3',
    endpoint: values.NARIC_S3_ENDPOINT ?? null,
    region: values.NARIC_S3_REGION,
    bucket: values.NARIC_S3_BUCKET as string,
    accessKeyId: values.NARIC_S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: values.NARIC_S3_SECRET_ACCESS_KEY ?? null,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    // S3-compatible servers mostly want endpoint/bucket/key; AWS itself wants virtual hosts.
    forcePathStyle: values.NARIC_S3_FORCE_PATH_STYLE ?? values.NARIC_S3_ENDPOINT !== undefined,
  };
}

export const DEFAULT_DIRECTORY_USER_FILTER = '(&(objectClass=inetOrgPerson)(|(uid={login})(mail={login})))';
export const DEFAULT_DIRECTORY_GROUP_FILTER = '(|(&(objectClass=groupOfNames)(member={dn}))(&(objectClass=groupOfUniqueNames)(uniqueMember={dn})))';

/** A DN as compared here: lower case, no spaces around ',' and '=' (enough for the DNs a mapping names). */
export function normaliseDn(dn: string): string {
  return dn.trim().replace(/\s*([,=])\s*/g, '$1').toLowerCase();
}

/**
 * NARIC_LDAP_GROUP_MAP: a JSON object (`{"<group DN>": "<our group>" | ["<our group>", ...]}`) or
 * `<group DN>=<our group>` pairs separated by ';' (split at the last '=', as DNs hold '=' and our
 * group names do not).
 */
export function parseDirectoryGroupMap(text: string | undefined): { map: Map<string, string[]>; problems: string[] } {
  const map = new Map<string, string[]>();
  const problems: string[] = [];
  const add = (dn: string, groups: string[]) => {
    const key = normaliseDn(dn);
    if (!/^[^=,]+=./.test(key) || groups.some((group) => group.trim() === '')) {
      problems.push(`NARIC_LDAP_GROUP_MAP: "${dn.slice(0, 80)}" must map a group DN to our group names`);
      return;
    }
    map.set(key, [...new Set([...(map.get(key) ?? []), ...groups.map((group) => group.trim())])]);
  };
  if (text === undefined) return { map, problems };
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { map, problems: ['NARIC_LDAP_GROUP_MAP: is not valid JSON'] };
    }
    for (const [dn, groups] of Object.entries(parsed as Record<string, unknown>)) {
      const names = typeof groups === 'string' ? [groups] : Array.isArray(groups) && groups.every((group) => typeof group === 'string') ? groups : null;
      if (names === null || names.length === 0) problems.push(`NARIC_LDAP_GROUP_MAP: "${dn.slice(0, 80)}" must name a group or a list of groups`);
      else add(dn, names as string[]);
    }
    return { map, problems };
  }
  for (const pair of text.split(';').map((entry) => entry.trim()).filter(Boolean)) {
    const cut = pair.lastIndexOf('=');
    if (cut <= 0) problems.push(`NARIC_LDAP_GROUP_MAP: "${pair.slice(0, 80)}" must be <group DN>=<our group>`);
    else add(pair.slice(0, cut), [pair.slice(cut + 1)]);
  }
  return { map, problems };
}

function directorySettings(values: z.infer<typeof environment>, cwd: string): DirectorySettings | null {
  if (!values.NARIC_LDAP_URL) return null;
  const problems: string[] = [];
  if (!values.NARIC_LDAP_BASE_DN) problems.push('NARIC_LDAP_BASE_DN: is required when NARIC_LDAP_URL is set');
  if (Boolean(values.NARIC_LDAP_BIND_DN) !== Boolean(values.NARIC_LDAP_BIND_PASSWORD)) {
    problems.push('NARIC_LDAP_BIND_DN, NARIC_LDAP_BIND_PASSWORD: give both or neither');
  }
  const groupMap = parseDirectoryGroupMap(values.NARIC_LDAP_GROUP_MAP);
  problems.push(...groupMap.problems);
  let ca: string | null = null;
  if (values.NARIC_LDAP_CA_FILE) {
    try {
      ca = readFileSync(resolve(cwd, values.NARIC_LDAP_CA_FILE), 'utf8');
    } catch (error) {
      problems.push(`NARIC_LDAP_CA_FILE: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (values.NARIC_LDAP_STARTTLS && /^ldaps:/i.test(values.NARIC_LDAP_URL)) problems.push('NARIC_LDAP_STARTTLS: only with an ldap:// URL');
  if (problems.length > 0) throw new ConfigError(`Invalid server configuration:\n  ${problems.join('\n  ')}`);
  const baseDn = values.NARIC_LDAP_BASE_DN as string;
  return {
    url: values.NARIC_LDAP_URL.replace(/\/$/, ''),
    baseDn,
    bindDn: values.NARIC_LDAP_BIND_DN ?? null,
    bindPassword: values.NARIC_LDAP_BIND_PASSWORD ?? null,
    userFilter: values.NARIC_LDAP_USER_FILTER ?? DEFAULT_DIRECTORY_USER_FILTER,
    usernameAttribute: values.NARIC_LDAP_USERNAME_ATTRIBUTE,
    groupSearch: values.NARIC_LDAP_GROUP_SEARCH,
    groupBaseDn: values.NARIC_LDAP_GROUP_BASE_DN ?? baseDn,
    groupFilter: values.NARIC_LDAP_GROUP_FILTER ?? DEFAULT_DIRECTORY_GROUP_FILTER,
    groupMap: groupMap.map,
    disabledFilter: values.NARIC_LDAP_DISABLED_FILTER ?? null,
    connectTimeoutMs: values.NARIC_LDAP_CONNECT_TIMEOUT_MS,
    operationTimeoutMs: values.NARIC_LDAP_TIMEOUT_MS,
    startTls: values.NARIC_LDAP_STARTTLS ?? false,
    ca,
    // Off only on purpose: an unchecked certificate lets anyone in the middle read the passwords.
    rejectUnauthorized: values.NARIC_LDAP_TLS_REJECT_UNAUTHORIZED ?? true,
  };
}

function smtpSettings(values: z.infer<typeof environment>, cwd: string): SmtpSettings | null {
  if (!values.NARIC_SMTP_URL) return null;
  let url: URL;
  try {
    url = new URL(values.NARIC_SMTP_URL);
  } catch {
    throw new ConfigError('Invalid server configuration:\n  NARIC_SMTP_URL: must be smtp://[user:password@]host[:port] or smtps://…');
  }
  const implicit = url.protocol.toLowerCase() === 'smtps:';
  const problems: string[] = [];
  if (implicit && values.NARIC_SMTP_TLS) problems.push('NARIC_SMTP_TLS: only with an smtp:// URL (smtps:// is TLS from the start)');
  let ca: string | null = null;
  if (values.NARIC_SMTP_CA_FILE) {
    try {
      ca = readFileSync(resolve(cwd, values.NARIC_SMTP_CA_FILE), 'utf8');
    } catch (error) {
      problems.push(`NARIC_SMTP_CA_FILE: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  const decode = (part: string, name: string): string | null => {
    if (part === '') return null;
    try {
      return decodeURIComponent(part);
    } catch {
      problems.push(`NARIC_SMTP_URL: the ${name} is not valid percent-encoding`);
      return null;
    }
  };
  const user = decode(url.username, 'user name');
  const password = decode(url.password, 'password');
  if (password !== null && user === null) problems.push('NARIC_SMTP_URL: a password needs a user name');
  const port = url.port === '' ? (implicit ? 465 : 587) : Number(url.port);
  if (port < 1 || port > 65_535) problems.push('NARIC_SMTP_URL: the port must be from 1 to 65535');
  if (problems.length > 0) throw new ConfigError(`Invalid server configuration:\n  ${problems.join('\n  ')}`);
  return {
    // new URL keeps IPv6 hosts in brackets; the socket wants them bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    // Required STARTTLS by default: a password and the sign-in codes never cross the network in clear text by accident.
    tls: implicit ? 'implicit' : (values.NARIC_SMTP_TLS ?? 'starttls'),
    user,
    password,
    from: values.NARIC_SMTP_FROM,
    ca,
    maxAttempts: values.NARIC_SMTP_MAX_ATTEMPTS,
    timeoutMs: values.NARIC_SMTP_TIMEOUT_MS,
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
