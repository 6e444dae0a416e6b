import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';
import { checkRefusal } from '../refusals';

// System settings (spec §2 "Settings"): the office's configuration, in groups an
// administrator edits one at a time. Each group has a version (412 when a save names an older
// one) and its values; a group never saved shows the server's configuration (config.ts) as it is
// today, version 0. Reading needs settings.view_settings, saving settings.change_settings. Every
// save is audited (who, which fields, old → new; the mail password only as "changed").
//
// SETTING_EFFECT says, field by field, whether the running server obeys a saved value at once
// (`live`) or only keeps it for a later release (`stored_only`); the screen shows the same, so
// nobody believes a value is in force when it is not.

export const SETTINGS_PATHS = {
  /** GET: every group with its version and values. */
  all: '/settings/',
  /** PUT: one group's values and the version they were read at. */
  group: (group: SettingsGroup) => `/settings/${group}/`,
  /** GET, no sign-in: what a screen needs before anyone signs in (the office's default language). */
  public: '/settings/public/',
  /** GET: the letterhead logo's state; PUT a raw PNG or JPEG body (?version=N); DELETE ?version=N. */
  logo: '/settings/logo/',
  /** GET: the logo's bytes (404 when none). */
  logoFile: '/settings/logo/file/',
} as const;

export const SETTINGS_GROUPS = ['security', 'uploads', 'general', 'verification', 'smtp', 'holidays', 'backups', 'retention'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

export const SETTINGS_MESSAGES = {
  required: 'This field is required',
  wholeNumber: 'Enter a whole number.',
  outOfRange: 'The value is outside the allowed range.',
  uploadAboveCeiling: 'The upload limit cannot exceed what the server is configured to accept.',
  invalidUrl: 'Enter an http:// or https:// address.',
  invalidAddress: 'Enter an e-mail address, or a name and an address: NARIC <no-reply@naric.example>.',
  invalidHost: 'Enter a host name or an IP address.',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  duplicateDate: 'This day is listed twice.',
  passwordNeedsUser: 'A password needs a user name.',
  idleAboveLifetime: 'The idle timeout cannot be longer than the session lifetime.',
  stale: 'These settings were changed by someone else. Reload and try again.',
  logoType: 'The logo must be a PNG or JPEG image.',
  logoTooLarge: 'The logo is too large: at most 512 KB.',
  logoEmpty: 'The image is empty.',
} as const;

/** The letterhead logo's largest size (413 beyond it). */
export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;

/** The letterhead's logo: whether one is set, and its version (412 on a stale change). */
export const letterheadLogo = z.object({
  /** 0 until a logo is first uploaded. */
  version: z.number().int().nonnegative(),
  logo: z.object({ media_type: z.enum(LOGO_MEDIA_TYPES), size: z.number().int().positive(), sha256: z.string() }).nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type LetterheadLogo = z.infer<typeof letterheadLogo>;
export const logoVersionQuery = z.object({ version: z.coerce.number().int().nonnegative().max(2_147_483_647) });

const wholeNumber = (min: number, max: number) =>
  z.number({ error: SETTINGS_MESSAGES.wholeNumber }).int(SETTINGS_MESSAGES.wholeNumber).min(min, SETTINGS_MESSAGES.outOfRange).max(max, SETTINGS_MESSAGES.outOfRange);

/** Limits of each number, shared by the form (its hints) and the server (its checks). */
export const SETTING_LIMITS = {
  // The same ranges as the environment's variables (config.ts), so today's configuration is always a valid value.
  access_token_lifetime_seconds: { min: 1, max: 86_400 },
  refresh_token_lifetime_days: { min: 1, max: 90 },
  login_free_attempts: { min: 1, max: 20 },
  login_window_minutes: { min: 5, max: 1440 },
  // An idle timeout from five minutes to a week; a session lasting from an hour to the refresh token's longest life (90 days).
  session_idle_timeout_minutes: { min: 5, max: 10_080 },
  session_absolute_lifetime_hours: { min: 1, max: 2160 },
  max_upload_bytes: { min: 1024, max: 2 ** 40 },
  smtp_port: { min: 1, max: 65_535 },
  backups_keep: { min: 1, max: 365 },
  retention_years: { min: 1, max: 100 },
} as const;
const limit = (name: keyof typeof SETTING_LIMITS) => wholeNumber(SETTING_LIMITS[name].min, SETTING_LIMITS[name].max);

export const securitySettings = z
  .object({
    /** Every staff account must set up a second factor before it signs in. */
    two_factor_required_for_staff: z.boolean({ error: SETTINGS_MESSAGES.required }),
    access_token_lifetime_seconds: limit('access_token_lifetime_seconds'),
    /** How long one refresh token lives unused (each refresh issues a new one). */
    refresh_token_lifetime_days: limit('refresh_token_lifetime_days'),
    /** A session not refreshed for this long ends (its sign-in counts as a refresh). */
    session_idle_timeout_minutes: limit('session_idle_timeout_minutes'),
    /** A session ends this long after its sign-in, however often it was refreshed. */
    session_absolute_lifetime_hours: limit('session_absolute_lifetime_hours'),
    /** Failed sign-ins of one account from one address that cost no wait; later ones wait longer each time. */
    login_free_attempts: limit('login_free_attempts'),
    /** Failed sign-ins older than this are forgotten. */
    login_window_minutes: limit('login_window_minutes'),
  })
  .refine((values) => values.session_idle_timeout_minutes <= values.session_absolute_lifetime_hours * 60, {
    message: SETTINGS_MESSAGES.idleAboveLifetime,
    params: checkRefusal('settings_idle_above_lifetime'),
    path: ['session_idle_timeout_minutes'],
  });
export type SecuritySettings = z.infer<typeof securitySettings>;

export const uploadSettings = z.object({ max_upload_bytes: limit('max_upload_bytes') });
export type UploadSettings = z.infer<typeof uploadSettings>;

export const generalSettings = z.object({
  default_language: z.enum(LANGUAGES, { error: SETTINGS_MESSAGES.required }),
  /** The letterhead's organisation line on issued documents and receipts. */
  organisation_name: safeText({ max: TEXT_LIMITS.name }).min(1, SETTINGS_MESSAGES.required),
});
export type GeneralSettings = z.infer<typeof generalSettings>;

const webAddress = z.url({ protocol: /^https?$/ });
const httpAddress = safeText({ max: 500 })
  .min(1, SETTINGS_MESSAGES.required)
  // zod's URL check (shared code has no DOM or Node URL type); no user name or password before the host.
  .refine((text) => webAddress.safeParse(text).success && !/^[a-z]+:\/\/[^/]*@/i.test(text), { message: SETTINGS_MESSAGES.invalidUrl, params: checkRefusal('invalid_url') });

export const verificationSettings = z.object({
  /** Issued documents' QR codes point here (the code is appended; a trailing slash is dropped); receipts' codes beside it. */
  public_verify_url: httpAddress,
});
export type VerificationSettings = z.infer<typeof verificationSettings>;

export const SMTP_TLS_MODES = ['implicit', 'starttls', 'opportunistic', 'none'] as const;
/** `address` or `Display Name <address>`; no line breaks, so nothing can be smuggled into the headers. */
const SMTP_FROM = /^(?:[^<>\r\n@]*\s*<[^\s<>@]+@[A-Za-z0-9.-]+>|[^\s<>@]+@[A-Za-z0-9.-]+)$/;
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9a-fA-F:.]+\]?)$/;

const smtpFields = {
  /** Empty: no mail server (messages wait in the outbox, or are logged in demo mode). */
  host: safeText({ max: 253 }).refine((text) => text === '' || HOST.test(text), { message: SETTINGS_MESSAGES.invalidHost, params: checkRefusal('settings_invalid_host') }),
  port: limit('smtp_port'),
  tls: z.enum(SMTP_TLS_MODES, { error: SETTINGS_MESSAGES.required }),
  from: safeText({ max: TEXT_LIMITS.email + TEXT_LIMITS.name })
    .min(1, SETTINGS_MESSAGES.required)
    .refine((text) => SMTP_FROM.test(text), { message: SETTINGS_MESSAGES.invalidAddress, params: checkRefusal('settings_invalid_address') }),
  /** Empty: no authentication. */
  user: safeText({ max: TEXT_LIMITS.username }),
};

/** What is read back: the password itself never leaves the server, only whether one is stored. */
export const smtpSettings = z.object({ ...smtpFields, password_set: z.boolean() });
export type SmtpSettings = z.infer<typeof smtpSettings>;

/** What is saved: `password` absent keeps the stored one, a text replaces it, null removes it. */
export const smtpSettingsUpdate = z
  .object({ ...smtpFields, password: safeText({ max: TEXT_LIMITS.password, trim: false }).min(1, SETTINGS_MESSAGES.required).nullable().optional() })
  .refine((value) => !(typeof value.password === 'string' && value.user === ''), { message: SETTINGS_MESSAGES.passwordNeedsUser, path: ['user'], params: checkRefusal('settings_password_needs_user') });
export type SmtpSettingsUpdate = z.infer<typeof smtpSettingsUpdate>;

const isoDate = z.iso.date();

export const closedDay = z.object({
  date: z.string({ error: SETTINGS_MESSAGES.invalidDate }).refine((text) => isoDate.safeParse(text).success, { message: SETTINGS_MESSAGES.invalidDate, params: checkRefusal('settings_invalid_date') }),
  reason: safeText({ max: TEXT_LIMITS.name }).min(1, SETTINGS_MESSAGES.required),
});
export type ClosedDay = z.infer<typeof closedDay>;

export const holidaySettings = z.object({
  /** Days the office is closed beyond the public holidays (a move, a strike): the deadline clock skips them too. */
  closed_days: z
    .array(closedDay)
    .max(366)
    .superRefine((days, context) => {
      const seen = new Set<string>();
      days.forEach((day, index) => {
        if (seen.has(day.date)) context.addIssue({ code: 'custom', message: SETTINGS_MESSAGES.duplicateDate, path: [index, 'date'], params: checkRefusal('settings_duplicate_date') });
        seen.add(day.date);
      });
    }),
});
export type HolidaySettings = z.infer<typeof holidaySettings>;

export const BACKUP_SCHEDULES = ['daily', 'off'] as const;

export const backupSettings = z.object({
  /**
   * The folder backups are written to, e.g. a network share mounted on this computer; empty: the
   * `backups` folder beside the embedded database.
   */
  folder: safeText({ max: 500 }).refine((text) => text === '' || /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(text), {
    message: 'Enter a full folder path, or leave it empty.',
    params: checkRefusal('settings_folder_not_absolute'),
  }),
  /** Backups kept in the folder: the oldest beyond this many are removed after each new one. */
  keep: limit('backups_keep'),
  schedule: z.enum(BACKUP_SCHEDULES, { error: SETTINGS_MESSAGES.required }),
});
export type BackupSettings = z.infer<typeof backupSettings>;
export const DEFAULT_BACKUPS_KEPT = 14;

/** How long a closed application's personal data is kept for one service (by its service type number). */
export const serviceRetention = z.object({
  service_type: z.number({ error: SETTINGS_MESSAGES.required }).int().min(1).max(1000),
  years: limit('retention_years'),
});
export type ServiceRetention = z.infer<typeof serviceRetention>;

export const retentionSettings = z.object({
  /** Years after closing that an application's personal data is kept, for services without a rule of their own. */
  personal_data_years: limit('retention_years'),
  service_years: z
    .array(serviceRetention)
    .max(50)
    .superRefine((rules, context) => {
      const seen = new Set<number>();
      rules.forEach((rule, index) => {
        if (seen.has(rule.service_type)) context.addIssue({ code: 'custom', message: 'This service already has a rule.', path: [index, 'service_type'], params: checkRefusal('retention_duplicate_service') });
        seen.add(rule.service_type);
      });
    }),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;
export const DEFAULT_RETENTION_YEARS = 5;

/** Each group's values as read. */
export const SETTINGS_SCHEMAS = {
  security: securitySettings,
  uploads: uploadSettings,
  general: generalSettings,
  verification: verificationSettings,
  smtp: smtpSettings,
  holidays: holidaySettings,
  backups: backupSettings,
  retention: retentionSettings,
} as const;

/** Each group's values as saved. */
export const SETTINGS_UPDATE_SCHEMAS = {
  security: securitySettings,
  uploads: uploadSettings,
  general: generalSettings,
  verification: verificationSettings,
  smtp: smtpSettingsUpdate,
  holidays: holidaySettings,
  backups: backupSettings,
  retention: retentionSettings,
} as const;

export interface SettingsValues {
  security: SecuritySettings;
  uploads: UploadSettings;
  general: GeneralSettings;
  verification: VerificationSettings;
  smtp: SmtpSettings;
  holidays: HolidaySettings;
  backups: BackupSettings;
  retention: RetentionSettings;
}

const groupState = <Values extends z.ZodType>(values: Values) =>
  z.object({
    /** 0 until the group is first saved (its values are then the server's configuration). */
    version: recordVersion,
    updated_at: z.string().nullable(),
    /** Who saved it last (a username), or null. */
    updated_by: z.string().nullable(),
    values,
  });

export const settingsAnswer = z.object({
  security: groupState(securitySettings),
  uploads: groupState(uploadSettings).extend({
    /** The most the server accepts at all (NARIC_MAX_UPLOAD_BYTES): the limit may only be lower. */
    ceiling_bytes: z.number().int().positive(),
  }),
  general: groupState(generalSettings),
  verification: groupState(verificationSettings),
  smtp: groupState(smtpSettings),
  holidays: groupState(holidaySettings),
  backups: groupState(backupSettings).extend({
    /** Where backups go when `folder` is empty; null when this server keeps no embedded database (PostgreSQL: docs/operations.md). */
    default_folder: z.string().nullable(),
  }),
  retention: groupState(retentionSettings),
});
export type SettingsAnswer = z.infer<typeof settingsAnswer>;
export type SettingsGroupState<G extends SettingsGroup> = SettingsAnswer[G];

/**
 * The public settings: the language the sign-in shows on a computer where nobody chose one yet,
 * and the idle timeout after which a window nobody touches signs itself out (background polling
 * refreshes the session, so the server alone would never see it idle). Neither is a secret.
 */
export const publicSettingsAnswer = z.object({
  default_language: z.enum(LANGUAGES),
  session_idle_timeout_minutes: limit('session_idle_timeout_minutes'),
});
export type PublicSettingsAnswer = z.infer<typeof publicSettingsAnswer>;

export const settingsGroupParams = z.object({ group: z.enum(SETTINGS_GROUPS) });

/** PUT body: the group's values and the version they were read at. */
export const settingsUpdate = <G extends SettingsGroup>(group: G) =>
  z.object({ version: recordVersion, values: SETTINGS_UPDATE_SCHEMAS[group] });
export type SettingsUpdate<G extends SettingsGroup> = { version: number; values: z.input<(typeof SETTINGS_UPDATE_SCHEMAS)[G]> };

/**
 * Whether a saved value is obeyed at once by the running server (every instance within a few
 * seconds) or only kept. The screen shows this per field.
 */
export const SETTING_EFFECT = {
  security: {
    two_factor_required_for_staff: 'live',
    access_token_lifetime_seconds: 'live',
    refresh_token_lifetime_days: 'live',
    session_idle_timeout_minutes: 'live',
    session_absolute_lifetime_hours: 'live',
    login_free_attempts: 'live',
    login_window_minutes: 'live',
  },
  uploads: { max_upload_bytes: 'live' },
  general: { default_language: 'live', organisation_name: 'live' },
  verification: { public_verify_url: 'live' },
  smtp: { host: 'live', port: 'live', tls: 'live', from: 'live', user: 'live', password: 'live' },
  holidays: { closed_days: 'live' },
  backups: { folder: 'live', keep: 'live', schedule: 'live' },
  retention: { personal_data_years: 'live', service_years: 'live' },
} as const satisfies Record<SettingsGroup, Record<string, 'live' | 'stored_only'>>;
