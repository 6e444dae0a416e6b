import { z } from 'zod';
import { ALL_PERMISSIONS, type PermissionName } from '../auth/permissions';
import { GENDERS } from '../constants';
import { pageQuery, paginated, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// User administration (spec §2 "Users", §3 user fields, §6 roles): the list with its
// filters, one user's details (personal info, roles with where each permission comes from,
// activity and sessions), create and edit, the single-user actions, the bulk actions over a page
// selection or over everything a filter matches, the export, and the groups with their permissions.
//
// Only administrators (spec §6: superusers, Administrators, NARIC Administrators) reach any of
// these endpoints; everyone else gets 403. Messages are written in English (the API's language)
// and translated by the server on the way out (locales/<lang>/server.json, `users`).

export const USER_PATHS = {
  list: '/users/',
  detail: (id: number) => `/users/${id}/`,
  /** GET: sign-ins and failed attempts about the user (paged). */
  signIns: (id: number) => `/users/${id}/sign-ins/`,
  /** GET: the audit entries of what the user did (paged). */
  audit: (id: number) => `/users/${id}/audit/`,
  /** GET: the user's open sessions; POST revoke-all ends every one. */
  sessions: (id: number) => `/users/${id}/sessions/`,
  session: (id: number, sessionId: string) => `/users/${id}/sessions/${sessionId}/`,
  revokeSessions: (id: number) => `/users/${id}/sessions/revoke-all/`,
  /** PUT: the user's groups (manage roles). */
  roles: (id: number) => `/users/${id}/roles/`,
  resetPassword: (id: number) => `/users/${id}/reset-password/`,
  disableTwoFactor: (id: number) => `/users/${id}/two-factor/disable/`,
  notify: (id: number) => `/users/${id}/notify/`,
  /** POST: how many users a selection holds (the count confirmed before a bulk action runs). */
  bulkPreview: '/users/bulk/preview/',
  bulk: '/users/bulk/',
  /** POST: the selection as CSV or XLSX (a file, streamed). */
  export: '/users/export/',
  groups: '/users/groups/',
  group: (id: number) => `/users/groups/${id}/`,
} as const;

export const USER_MESSAGES = {
  required: 'This field is required',
  invalidEmail: 'Invalid email address',
  invalidFormat: 'Invalid format',
  usernameTaken: 'A user with this username already exists.',
  emailTaken: 'A user with this e-mail address already exists.',
  unknownGroup: 'There is no such group.',
  duplicateGroup: 'A group is listed twice.',
  lastAdministrator: 'This is the last active administrator: make someone else an administrator first.',
  selfDeactivate: 'You cannot deactivate your own account.',
  selfDemote: 'You cannot take away your own administrator rights.',
  stale: 'The user was changed by someone else. Reload and apply your changes again.',
  staleGroup: 'The group was changed by someone else. Reload and apply your changes again.',
  directoryPassword: 'Directory users sign in with their directory password: it cannot be reset here.',
  twoFactorNotEnabled: 'This user has no two-factor authentication to turn off.',
  identityNotChecked: 'Confirm that you checked the person’s identity.',
  groupNameTaken: 'A group with this name already exists.',
  builtinGroupName: 'The groups the access rules name cannot be renamed.',
  unknownPermission: 'There is no such permission.',
  selectionTooLarge: 'The selection is larger than the limit of one bulk action.',
  selectionChanged: 'The number of users matching the selection changed since you confirmed it. Check the count and confirm again.',
  noSuchSession: 'This session has already ended.',
  inactiveUser: 'The user is deactivated.',
  superuserOnly: 'Only a superuser may change a superuser’s account.',
  administratorEmail: 'Only a superuser may change another administrator’s e-mail address.',
  administratorPasswordShown: 'An administrator’s temporary password is never shown: send it by e-mail.',
} as const;

export const USER_LIMITS = {
  name: 150,
  phone: 32,
  address: 500,
  personalId: 32,
  subject: 200,
  message: 5000,
  groupName: 150,
  groupDescription: 1000,
  reason: 1000,
  /** Most users one bulk action or export touches. */
  bulkCap: 5000,
  /** Ids in one page selection. */
  maxIds: 500,
  maxGroups: 30,
} as const;

/** A temporary password stops working after this many hours. */
export const TEMPORARY_PASSWORD_HOURS = 72;

export const AUTH_SOURCES = ['local', 'ldap'] as const;
export type AuthSource = (typeof AUTH_SOURCES)[number];

/** Sort keys of the list; a leading '-' sorts descending. */
export const USER_ORDERINGS = ['name', 'username', 'email', 'last_login', 'date_joined'] as const;

const requiredText = (max: number) => safeText({ max }).min(1, USER_MESSAGES.required);
const optionalText = (max: number, multiline = false) =>
  safeText({ max, multiline })
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .default(null);
const email = safeText({ max: TEXT_LIMITS.email }).min(1, USER_MESSAGES.required).pipe(z.email(USER_MESSAGES.invalidEmail));
/** Digits with an optional leading + and the separators people write (spaces, dashes, dots, brackets). */
const phone = optionalText(USER_LIMITS.phone).refine((text) => text === null || /^\+?[0-9][0-9 ().-]{4,30}$/.test(text), USER_MESSAGES.invalidFormat);
/** Letters, digits and . _ @ + - (Django's username rule). */
const username = requiredText(TEXT_LIMITS.username).refine((text) => /^[\p{L}\p{N}.@+_-]+$/u.test(text), USER_MESSAGES.invalidFormat);
const countryCode = safeText({ max: 2 })
  .refine((text) => text === '' || /^[A-Z]{2}$/.test(text), USER_MESSAGES.invalidFormat)
  .transform((text) => (text === '' ? null : text))
  .nullable()
  .default(null);
/** A calendar date 'YYYY-MM-DD' in the past, from 1900. */
const dateOfBirth = safeText({ max: 10 })
  .refine((text) => text === '' || (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && text >= '1900-01-01'), USER_MESSAGES.invalidFormat)
  .transform((text) => (text === '' ? null : text))
  .nullable()
  .default(null);
const groupName = requiredText(USER_LIMITS.groupName);
export const permissionName = z.enum(ALL_PERMISSIONS as [PermissionName, ...PermissionName[]]);
const bool = z.enum(['true', 'false']).transform((value) => value === 'true');

// ---- The list ----

export const userListFilter = z.object({
  /** Members of this group (by name). */
  group: safeText({ max: USER_LIMITS.groupName }).optional(),
  is_active: bool.optional(),
  email_verified: bool.optional(),
  two_factor_enabled: bool.optional(),
  auth_source: z.enum(AUTH_SOURCES).optional(),
  /** Words matched (case-insensitively, every word somewhere) in the name, username, e-mail or personal ID. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
});
export type UserListFilter = z.input<typeof userListFilter>;

export const userListQuery = pageQuery.merge(userListFilter).extend({
  ordering: z.enum([...USER_ORDERINGS, ...USER_ORDERINGS.map((key) => `-${key}` as const)]).default('name'),
});
export type UserListQuery = z.input<typeof userListQuery>;

export const userListItem = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  groups: z.array(z.string()),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  two_factor_required: z.boolean(),
  auth_source: z.enum(AUTH_SOURCES),
  last_login: z.string().nullable(),
  date_joined: z.string(),
});
export type UserListItem = z.infer<typeof userListItem>;
export const userListAnswer = paginated(userListItem);

// ---- One user ----

/** Where a permission comes from: a group, the user's own grant, NARIC Officers' implicit set (§6), or superuser. */
export const permissionSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('group'), group: z.string() }),
  z.object({ kind: z.literal('direct') }),
  z.object({ kind: z.literal('implicit'), group: z.string() }),
  z.object({ kind: z.literal('superuser') }),
]);
export type PermissionSource = z.infer<typeof permissionSource>;

export const effectivePermission = z.object({ permission: z.string(), sources: z.array(permissionSource) });
export type EffectivePermission = z.infer<typeof effectivePermission>;

export const userDetail = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  personal_id: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  gender: z.enum(GENDERS),
  groups: z.array(z.string()),
  is_superuser: z.boolean(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  is_admin: z.boolean(),
  auth_source: z.enum(AUTH_SOURCES),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  two_factor_method: z.enum(['totp', 'email']).nullable(),
  two_factor_required: z.boolean(),
  /** Unused backup codes left (the codes themselves are never shown to anyone but their owner, once). */
  backup_codes_remaining: z.number().int().nonnegative(),
  /** A temporary password is set and must be changed at the next sign-in. */
  must_change_password: z.boolean(),
  temporary_password_expires_at: z.string().nullable(),
  last_login: z.string().nullable(),
  date_joined: z.string(),
  updated_at: z.string(),
  directory_dn: z.string().nullable(),
  directory_synced_at: z.string().nullable(),
  /** Every permission the user holds, with where each comes from, in name order. */
  effective_permissions: z.array(effectivePermission),
  open_session_count: z.number().int().nonnegative(),
  /** The caller is looking at their own account (the self-protection rules apply). */
  is_self: z.boolean(),
  version: z.number().int(),
});
export type UserDetail = z.infer<typeof userDetail>;

export const userParams = z.object({ userId: z.coerce.number().pipe(recordId) });
export const userSessionParams = userParams.extend({ sessionId: safeText({ max: 36 }).pipe(z.uuid(USER_MESSAGES.invalidFormat)) });

export const signInEvent = z.object({
  id: z.number().int(),
  /** auth.login, auth.login_failed, auth.logout, auth.refresh_token_reused, auth.password_changed, … */
  action: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  /** How the sign-in was made (password, totp, backup_code, directory, …), when recorded. */
  how: z.string().nullable(),
});
export type SignInEvent = z.infer<typeof signInEvent>;
export const signInEventsAnswer = paginated(signInEvent);

export const auditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  at: z.string(),
  ip: z.string().nullable(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  /** For changes: the fields before and after. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditEntriesAnswer = paginated(auditEntry);
export const activityQuery = pageQuery;

export const userSession = z.object({
  id: z.string(),
  started_at: z.string(),
  last_seen_at: z.string().nullable(),
  client_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session the caller is using right now. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSession>;
export const userSessionsAnswer = z.array(userSession);
export const revokedAnswer = z.object({ revoked: z.number().int().nonnegative() });

// ---- Create and edit ----

/** How a temporary password reaches the person: by e-mail through the outbox, or shown once to the administrator. */
export const PASSWORD_DELIVERIES = ['email', 'show'] as const;
export type PasswordDelivery = (typeof PASSWORD_DELIVERIES)[number];

const userFields = z.object({
  first_name: requiredText(USER_LIMITS.name),
  last_name: requiredText(USER_LIMITS.name),
  email,
  username,
  phone,
  country: countryCode,
  address: optionalText(USER_LIMITS.address, true),
  personal_id: optionalText(USER_LIMITS.personalId),
  date_of_birth: dateOfBirth,
  gender: z.enum(GENDERS).default('not_specified'),
  groups: z.array(groupName).max(USER_LIMITS.maxGroups).default([]),
  is_active: z.boolean().default(true),
  email_verified: z.boolean().default(false),
  two_factor_required: z.boolean().default(false),
});

/** POST /users/: a local user gets a temporary password (delivered as asked); a directory user none. */
export const userCreate = userFields.extend({
  auth_source: z.enum(AUTH_SOURCES).default('local'),
  password_delivery: z.enum(PASSWORD_DELIVERIES).default('email'),
});
export type UserCreate = z.input<typeof userCreate>;

/** PATCH /users/{id}/: every field again, with the version read (412 when someone saved since). */
export const userUpdate = userFields.extend({ version: recordVersion });
export type UserUpdate = z.input<typeof userUpdate>;

/** The answer of create and of reset-password: the temporary password only with delivery 'show'. */
export const temporaryPasswordAnswer = z.object({
  temporary_password: z.string().nullable(),
  expires_at: z.string().nullable(),
  delivery: z.enum(PASSWORD_DELIVERIES).nullable(),
});
export const userCreatedAnswer = z.object({ user: userDetail, password: temporaryPasswordAnswer });

// ---- Single-user actions ----

/** PUT /users/{id}/roles/ */
export const userRolesUpdate = z.object({ groups: z.array(groupName).max(USER_LIMITS.maxGroups), version: recordVersion });
export const resetPasswordRequest = z.object({ delivery: z.enum(PASSWORD_DELIVERIES).default('email') });
/** POST /users/{id}/two-factor/disable/: after checking the person's identity (recorded in the audit). */
export const disableTwoFactorRequest = z.object({
  identity_checked: z.literal(true, { error: USER_MESSAGES.identityNotChecked }),
  reason: requiredText(USER_LIMITS.reason),
});
export const NOTIFICATION_KINDS = ['email', 'system'] as const;
export const notifyRequest = z.object({
  kind: z.enum(NOTIFICATION_KINDS).default('email'),
  subject: requiredText(USER_LIMITS.subject),
  message: safeText({ max: USER_LIMITS.message, multiline: true }).min(1, USER_MESSAGES.required),
});
export type NotifyRequest = z.input<typeof notifyRequest>;
export const queuedAnswer = z.object({ queued: z.number().int().nonnegative() });

// ---- Bulk actions and export ----

/** The users a bulk action or export is about: the ids of a page selection, or everything a filter matches. */
export const userSelection = z.union([
  z.object({ ids: z.array(recordId).min(1, USER_MESSAGES.required).max(USER_LIMITS.maxIds) }),
  z.object({ filter: userListFilter }),
]);
export type UserSelection = z.input<typeof userSelection>;

export const bulkPreviewRequest = z.object({ selection: userSelection });
export const bulkPreviewAnswer = z.object({
  count: z.number().int().nonnegative(),
  cap: z.number().int().positive(),
  /** More users match than one bulk action may touch: narrow the filter. */
  over_cap: z.boolean(),
});

export const BULK_ACTIONS = [
  'activate',
  'deactivate',
  'verify_email',
  'assign_role',
  'manage_roles',
  'reset_password',
  'send_notification',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const selectionAndCount = {
  selection: userSelection,
  /** The count the administrator confirmed (bulk preview); a different count now is a 409. */
  expected_count: z.number().int().nonnegative().max(1_000_000),
};

export const bulkRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('activate'), ...selectionAndCount }),
  z.object({ action: z.literal('deactivate'), ...selectionAndCount }),
  z.object({ action: z.literal('verify_email'), ...selectionAndCount }),
  /** Adds one group to each user. */
  z.object({ action: z.literal('assign_role'), ...selectionAndCount, group: groupName }),
  /** Adds and removes groups on each user. */
  z.object({
    action: z.literal('manage_roles'),
    ...selectionAndCount,
    add: z.array(groupName).max(USER_LIMITS.maxGroups).default([]),
    remove: z.array(groupName).max(USER_LIMITS.maxGroups).default([]),
  }),
  /** Temporary passwords by e-mail only (never shown for many people at once). */
  z.object({ action: z.literal('reset_password'), ...selectionAndCount }),
  z.object({ action: z.literal('send_notification'), ...selectionAndCount, kind: z.enum(NOTIFICATION_KINDS).default('email'), subject: notifyRequest.shape.subject, message: notifyRequest.shape.message }),
]);
export type BulkRequest = z.input<typeof bulkRequest>;

/** Why a user was skipped (translated on the screen, bulkSkip.<code>). */
export const BULK_SKIP_REASONS = ['already_done', 'self', 'last_administrator', 'superuser', 'directory_user', 'inactive', 'unknown_user'] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

export const bulkResult = z.object({
  user_id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
  outcome: z.enum(['done', 'skipped']),
  reason: z.enum(BULK_SKIP_REASONS).nullable(),
});
export type BulkResult = z.infer<typeof bulkResult>;
export const bulkAnswer = z.object({
  action: z.enum(BULK_ACTIONS),
  done: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  results: z.array(bulkResult),
});
export type BulkAnswer = z.infer<typeof bulkAnswer>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportRequest = z.object({ selection: userSelection, format: z.enum(EXPORT_FORMATS) });
export type ExportRequest = z.input<typeof exportRequest>;
/** The export's columns, in order (the header row is in the caller's language). */
export const EXPORT_COLUMNS = [
  'id',
  'username',
  'first_name',
  'last_name',
  'email',
  'phone',
  'groups',
  'is_active',
  'email_verified',
  'two_factor_enabled',
  'auth_source',
  'last_login',
  'date_joined',
] as const;

// ---- Groups ----

export const groupItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  permissions: z.array(z.string()),
  member_count: z.number().int().nonnegative(),
  version: z.number().int(),
});
export type GroupItem = z.infer<typeof groupItem>;
export const groupListAnswer = z.array(groupItem);
export const groupParams = z.object({ groupId: z.coerce.number().pipe(recordId) });

export const groupCreate = z.object({
  name: groupName,
  description: safeText({ max: USER_LIMITS.groupDescription, multiline: true }).default(''),
  permissions: z.array(permissionName).max(ALL_PERMISSIONS.length * 2).default([]),
});
export type GroupCreate = z.input<typeof groupCreate>;
/** PATCH /users/groups/{id}/: a builtin group keeps its name (409 builtinGroupName when changed). */
export const groupUpdate = groupCreate.extend({ version: recordVersion });
export type GroupUpdate = z.input<typeof groupUpdate>;
