import type { ColumnType, Generated } from 'kysely';
import type { Gender, ServiceCategory } from '../../shared/constants';
import type { DocumentType } from '../../shared/document-types';

// The tables as Kysely sees them. Both drivers are set up (database.ts) to return int8 as
// number, date as 'YYYY-MM-DD' text, numeric as decimal text and timestamptz as Date.

/** Written as a Date or ISO text, read as a Date. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** Filled by the database on insert, never rewritten. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A calendar date as 'YYYY-MM-DD'. */
export type CalendarDate = string;
/** numeric: read as exact decimal text ("30.00"). */
export type Decimal = ColumnType<string, string | number, string | number>;
/** jsonb: always written as JSON text (pg would turn a JS array into a PostgreSQL array). */
export type Json<T = unknown> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  is_superuser: Generated<boolean>;
  is_staff: Generated<boolean>;
  is_active: Generated<boolean>;
  auth_source: Generated<string>;
  phone: string | null;
  country: string | null;
  address: string | null;
  personal_id: string | null;
  date_of_birth: CalendarDate | null;
  gender: Generated<Gender>;
  email_verified: Generated<boolean>;
  two_factor_enabled: Generated<boolean>;
  two_factor_method: 'totp' | 'email' | null;
  two_factor_secret: string | null;
  last_login: Timestamp | null;
  date_joined: CreatedAt;
  /** Bumped on every change, for If-Match / optimistic concurrency. */
  version: Generated<number>;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  app_label: string;
  codename: string;
  name: string;
}

export interface GroupPermissionsTable {
  group_id: number;
  permission_id: number;
}

export interface UserGroupsTable {
  user_id: number;
  group_id: number;
}

export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
}

export interface CountriesTable {
  code: string;
  alpha3: string | null;
  name_en: string;
  name_sq: string;
  name_sr: string;
}

export interface ServicesTable {
  id: Generated<number>;
  service_type: number;
  category: ServiceCategory;
  name: string;
  description: Generated<string>;
  fee: Decimal;
  fee_enabled: Generated<boolean>;
  base_fee_amount: Decimal | null;
  fee_exemption_allowed: Generated<boolean>;
  processing_time_days: number;
  requirements: Generated<string>;
  enabled: Generated<boolean>;
  council_required: Generated<boolean>;
  degree_options: ColumnType<string[], string[] | undefined, string[]>;
}

export interface ServiceDocumentRequirementsTable {
  id: Generated<number>;
  service_id: number;
  document_type: DocumentType;
  required: Generated<boolean>;
  description: Generated<string>;
}

export interface SystemSettingsTable {
  key: string;
  value: Json;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: ColumnType<unknown, string | undefined, never>;
  ip: string | null;
  created_at: CreatedAt;
}

export type NotificationKind = 'email' | 'system';
export type NotificationStatus = 'pending' | 'sent' | 'failed';

export interface NotificationOutboxTable {
  id: Generated<number>;
  recipient_user_id: number | null;
  recipient_email: string | null;
  kind: NotificationKind;
  subject: string;
  message: string;
  status: Generated<NotificationStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  groups: GroupsTable;
  permissions: PermissionsTable;
  group_permissions: GroupPermissionsTable;
  user_groups: UserGroupsTable;
  user_permissions: UserPermissionsTable;
  countries: CountriesTable;
  services: ServicesTable;
  service_document_requirements: ServiceDocumentRequirementsTable;
  system_settings: SystemSettingsTable;
  audit_log: AuditLogTable;
  notification_outbox: NotificationOutboxTable;
}
