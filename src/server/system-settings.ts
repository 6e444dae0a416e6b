import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_BACKUPS_KEPT, DEFAULT_RETENTION_YEARS, SETTINGS_GROUPS, SETTINGS_SCHEMAS, type GeneralSettings, type SettingsGroup, type SettingsValues } from '../shared/api/settings';
import { DEFAULT_LANGUAGE } from '../shared/constants';
import { DEFAULT_SMTP_FROM, DEFAULT_SMTP_MAX_ATTEMPTS, DEFAULT_SMTP_TIMEOUT_MS, type ServerConfig, type SmtpSettings as SmtpConnection } from './config';
import type { AppDatabase } from './db/database';
import type { Letterhead } from './pdf-letterhead';
import { openSmtpPassword } from './modules/settings/smtp-password';

// The system settings in force, for any server code that obeys one: sign-in (token
// lifetimes, throttling), uploads (the size limit), issued documents (letterhead, verification
// address), the deadline clock (closed days). Outside the modules folder because all of those and
// the settings module use it.
//
// Values are cached per database. A save in this process drops the cache at once (invalidate);
// other server instances on the same database notice within REVALIDATE_MS: at most that often a
// request reads the sum of the groups' versions (one row, no values) and reloads the groups only
// when it changed. Versions only grow, so the sum changes on every save anywhere. Polling rather
// than LISTEN/NOTIFY because PGlite and a pooled connection would each need their own listener,
// and a few seconds' delay is fine for an administrator's change.

/** How long a cached reading is trusted before the version sum is checked again. */
export const REVALIDATE_MS = 2000;

/** Where two-factor-for-staff lives since before the settings screen (the sign-in reads it there). */
export const REQUIRE_2FA_KEY = 'security.require_2fa_for_staff';

/** The letterhead's organisation line as the office's documents have always printed it. */
export const DEFAULT_ORGANISATION_NAME = 'NARIC — Qendra Nacionale e Informimit për Njohjen Akademike';

/** Today's sign-in rules (refresh-token-rules.ts, throttle-rules.ts) as settings. */
export const DEFAULT_REFRESH_TOKEN_LIFETIME_DAYS = 14;
export const DEFAULT_LOGIN_FREE_ATTEMPTS = 3;
export const DEFAULT_LOGIN_WINDOW_MINUTES = 60;
/** A session ends after 12 hours without a refresh, and 7 days after its sign-in at the latest. */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MINUTES = 12 * 60;
export const DEFAULT_SESSION_ABSOLUTE_LIFETIME_HOURS = 7 * 24;

export interface StoredGroup {
  values: Record<string, unknown>;
  version: number;
  updated_at: Date;
  updated_by_id: number | null;
  smtp_password_sealed: string | null;
}

export interface StoredSettings {
  groups: Partial<Record<SettingsGroup, StoredGroup>>;
  twoFactorRequired: boolean;
}

/** The general group needs no configuration: the letterhead and the first language read it with the database alone. */
const GENERAL_DEFAULTS: GeneralSettings = { default_language: DEFAULT_LANGUAGE, organisation_name: DEFAULT_ORGANISATION_NAME };

/** Each group's values when nobody saved it: the server's configuration as it is today. */
export function settingsDefaults(config: ServerConfig): SettingsValues {
  return {
    security: {
      two_factor_required_for_staff: false,
      access_token_lifetime_seconds: config.accessTokenTtlSeconds,
      refresh_token_lifetime_days: DEFAULT_REFRESH_TOKEN_LIFETIME_DAYS,
      session_idle_timeout_minutes: DEFAULT_SESSION_IDLE_TIMEOUT_MINUTES,
      session_absolute_lifetime_hours: DEFAULT_SESSION_ABSOLUTE_LIFETIME_HOURS,
      login_free_attempts: DEFAULT_LOGIN_FREE_ATTEMPTS,
      login_window_minutes: DEFAULT_LOGIN_WINDOW_MINUTES,
    },
    uploads: { max_upload_bytes: config.maxUploadBytes },
    general: GENERAL_DEFAULTS,
    verification: { public_verify_url: config.publicVerifyUrl },
    smtp: {
      host: config.smtp?.host ?? '',
      port: config.smtp?.port ?? 587,
      tls: config.smtp?.tls ?? 'starttls',
      from: config.smtp?.from ?? DEFAULT_SMTP_FROM,
      user: config.smtp?.user ?? '',
      password_set: Boolean(config.smtp?.password),
    },
    holidays: { closed_days: [] },
    // The embedded database is this computer's only copy: backed up daily unless turned off.
    // A PostgreSQL server is backed up by its own tools (docs/operations.md).
    backups: { folder: '', keep: DEFAULT_BACKUPS_KEPT, schedule: config.databaseUrl === null ? 'daily' : 'off' },
    retention: { personal_data_years: DEFAULT_RETENTION_YEARS, service_years: [] },
  };
}

/**
 * A stored group over its defaults, checked again: a value that no longer passes (a field added
 * later, a ceiling lowered in the environment) falls back to the default rather than break a sign-in.
 */
function merged<G extends SettingsGroup>(group: G, defaults: SettingsValues[G], stored: StoredGroup | undefined): SettingsValues[G] {
  if (!stored) return defaults;
  const parsed = SETTINGS_SCHEMAS[group].safeParse({ ...defaults, ...stored.values });
  return parsed.success ? (parsed.data as SettingsValues[G]) : defaults;
}

/** The values in force: stored groups over the configuration. */
export function effectiveSettings(config: ServerConfig, stored: StoredSettings): SettingsValues {
  const defaults = settingsDefaults(config);
  const values = Object.fromEntries(SETTINGS_GROUPS.map((group) => [group, merged(group, defaults[group], stored.groups[group])])) as unknown as SettingsValues;
  values.security = { ...values.security, two_factor_required_for_staff: stored.twoFactorRequired };
  // The environment's limit is also multipart's: nothing larger can arrive, whatever was saved.
  values.uploads = { max_upload_bytes: Math.min(values.uploads.max_upload_bytes, config.maxUploadBytes) };
  values.smtp = { ...values.smtp, password_set: stored.groups.smtp ? stored.groups.smtp.smtp_password_sealed !== null : defaults.smtp.password_set };
  return values;
}

async function versionSum(db: AppDatabase): Promise<number> {
  const row = await db.selectFrom('system_setting_groups').select(sql<string>`coalesce(sum(version), 0)`.as('sum')).executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** Reads every stored group and the two-factor flag (a few rows). */
export async function readStoredSettings(db: AppDatabase): Promise<StoredSettings> {
  const [rows, twoFactor] = await Promise.all([
    db.selectFrom('system_setting_groups').select(['name', 'values', 'version', 'updated_at', 'updated_by_id', 'smtp_password_sealed']).execute(),
    db.selectFrom('system_settings').select('value').where('key', '=', REQUIRE_2FA_KEY).executeTakeFirst(),
  ]);
  const groups: StoredSettings['groups'] = {};
  for (const row of rows) {
    groups[row.name] = {
      values: (row.values ?? {}) as Record<string, unknown>,
      version: row.version,
      updated_at: row.updated_at,
      updated_by_id: row.updated_by_id,
      smtp_password_sealed: row.smtp_password_sealed,
    };
  }
  return { groups, twoFactorRequired: twoFactor?.value === true };
}

interface CacheEntry {
  stored: StoredSettings;
  sum: number;
  checkedAt: number;
  /** A reading in flight, shared by the requests that arrive meanwhile. */
  pending: Promise<StoredSettings> | null;
}

const caches = new WeakMap<AppDatabase, CacheEntry>();

async function load(db: AppDatabase): Promise<CacheEntry> {
  const sum = await versionSum(db);
  const stored = await readStoredSettings(db);
  return { stored, sum, checkedAt: Date.now(), pending: null };
}

/** The stored settings, from the cache while it is fresh (see the top of this file). */
export async function storedSettings(db: AppDatabase, now = Date.now()): Promise<StoredSettings> {
  const cached = caches.get(db);
  if (cached && now - cached.checkedAt < REVALIDATE_MS) return cached.stored;
  if (cached?.pending) return cached.pending;
  const reading = (async () => {
    if (cached) {
      const sum = await versionSum(db);
      if (sum === cached.sum) {
        cached.checkedAt = Date.now();
        return cached.stored;
      }
    }
    const fresh = await load(db);
    caches.set(db, fresh);
    return fresh.stored;
  })();
  if (cached) cached.pending = reading;
  try {
    return await reading;
  } finally {
    if (cached) cached.pending = null;
  }
}

/** Drops this process's cache (after a save), so the next reading is the saved one. */
export function invalidateSettings(db: AppDatabase): void {
  caches.delete(db);
}

/** The settings in force for this server. */
export async function currentSettings(deps: { db: AppDatabase; config: ServerConfig }): Promise<SettingsValues> {
  return effectiveSettings(deps.config, await storedSettings(deps.db));
}

/** The largest document upload accepted now (413 beyond it). */
export async function currentUploadLimit(deps: { db: AppDatabase; config: ServerConfig }): Promise<number> {
  return (await currentSettings(deps)).uploads.max_upload_bytes;
}

/** The general settings in force (the office's name, the first language of staff). */
export async function currentGeneralSettings(db: AppDatabase): Promise<GeneralSettings> {
  return merged('general', GENERAL_DEFAULTS, (await storedSettings(db)).groups.general);
}

/** The last logo read per database, by its version: a PDF asks for the version (one small row), the bytes only after a change. */
const logos = new WeakMap<AppDatabase, { version: number; logo: Letterhead['logo'] }>();

async function currentLogo(db: AppDatabase): Promise<Letterhead['logo']> {
  const row = await db.selectFrom('letterhead_logo').select('version').where('id', '=', 1).executeTakeFirst();
  if (!row) return null;
  const cached = logos.get(db);
  if (cached?.version === row.version) return cached.logo;
  const stored = await db.selectFrom('letterhead_logo').select(['version', 'content', 'media_type']).where('id', '=', 1).executeTakeFirstOrThrow();
  const logo = stored.content && stored.media_type ? { bytes: new Uint8Array(stored.content), mediaType: stored.media_type } : null;
  logos.set(db, { version: stored.version, logo });
  return logo;
}

/** What every PDF issued from now on carries at its top (pdf-letterhead.ts): the office's name and logo. */
export async function currentLetterhead(db: AppDatabase): Promise<Letterhead> {
  const [general, logo] = await Promise.all([currentGeneralSettings(db), currentLogo(db)]);
  return { organisationName: general.organisation_name, logo };
}

/** The mail server group's version whose stored password was last reported unreadable, per database: said once per save, not at every outbox run. */
const unreadableMailPasswords = new WeakMap<AppDatabase, number>();

/**
 * The saved mail password, or null when it cannot be decrypted: sealed under another JWT secret
 * (NARIC_JWT_SECRET was replaced) or damaged. Mail then goes without a login, which the mail
 * server will likely refuse, so the log says why and what fixes it.
 */
function openMailPassword(deps: { db: AppDatabase; config: ServerConfig; log: FastifyBaseLogger }, sealed: string, version: number): string | null {
  const password = openSmtpPassword(deps.config.jwtSecret, sealed);
  if (password === null && unreadableMailPasswords.get(deps.db) !== version) {
    unreadableMailPasswords.set(deps.db, version);
    deps.log.warn(
      { setting: 'smtp.password', group_version: version },
      'the mail server password saved in the system settings cannot be decrypted (sealed under another server secret, or damaged): mail is sent without a login until an administrator types it again',
    );
  }
  return password;
}

/**
 * The mail server the outbox sends through: the settings' one once an administrator saved the
 * mail server group (an empty host there: none), otherwise the environment's (NARIC_SMTP_*) as
 * before the settings existed. The certificate authority, attempts and timeouts stay the
 * environment's. `key` changes with every save of the group, so the transport is rebuilt then.
 * `log` hears when the saved password cannot be decrypted.
 */
export async function currentMailServer(deps: { db: AppDatabase; config: ServerConfig; log: FastifyBaseLogger }): Promise<{ key: string; settings: SmtpConnection | null }> {
  const stored = await storedSettings(deps.db);
  const group = stored.groups.smtp;
  if (!group) return { key: 'environment', settings: deps.config.smtp ?? null };
  const smtp = effectiveSettings(deps.config, stored).smtp;
  if (smtp.host === '') return { key: `settings-${group.version}`, settings: null };
  const environment = deps.config.smtp;
  return {
    key: `settings-${group.version}`,
    settings: {
      host: smtp.host,
      port: smtp.port,
      tls: smtp.tls,
      user: smtp.user === '' ? null : smtp.user,
      // Sealed under another JWT secret: unreadable, so no login rather than a wrong one.
      password: smtp.user === '' || group.smtp_password_sealed === null ? null : openMailPassword(deps, group.smtp_password_sealed, group.version),
      from: smtp.from,
      ca: environment?.ca ?? null,
      maxAttempts: environment?.maxAttempts ?? DEFAULT_SMTP_MAX_ATTEMPTS,
      timeoutMs: environment?.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS,
    },
  };
}

/**
 * What an issued PDF takes from the settings (the verification address, the letterhead), read
 * through the issuing transaction and not from the cache, so the document shows the settings in
 * force at the moment it is issued.
 */
export async function issuingSettings(db: AppDatabase, config: ServerConfig): Promise<{ publicVerifyUrl: string; letterhead: Letterhead }> {
  const settings = effectiveSettings(config, await readStoredSettings(db));
  return { publicVerifyUrl: settings.verification.public_verify_url, letterhead: await currentLetterhead(db) };
}

/** The embedded database's backups go here unless the administrator chose a folder. */
export function defaultBackupFolder(config: Pick<ServerConfig, 'dataDir'>): string {
  return join(config.dataDir, 'backups');
}

/** The folder backups are written to now. */
export function backupFolder(config: Pick<ServerConfig, 'dataDir'>, settings: SettingsValues['backups']): string {
  return settings.folder.trim() === '' ? defaultBackupFolder(config) : settings.folder.trim();
}
