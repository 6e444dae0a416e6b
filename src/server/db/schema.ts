import type { ColumnType, Generated } from 'kysely';
import type { DeadlineType, Gender, ReminderFrequency, ServiceCategory } from '../../shared/constants';
import type { RecipientRef } from '../../shared/api/deadlines';
import type { DeadlineCondition } from '../../shared/domain/deadline-stages';
import type { DocumentType } from '../../shared/document-types';
import type { ActiveContentKind } from '../../shared/api/applications';
import type { SpecimenMediaType } from '../../shared/api/diploma-specimens';
import type { DocumentRequirement, SelectableDocument, StoredFeeQuote } from '../../shared/api/services';
import type { PriceTable } from '../../shared/domain/fees';
import type {
  AccreditationPeriodStatus,
  InstitutionCheckFinding,
  InstitutionCheckSubject,
  WatchCategory,
  WatchMatch,
} from '../../shared/api/authenticity';
import type { ConfirmationAnswer, ConfirmationRequestState } from '../../shared/api/confirmation-requests';
import type {
  AcademicFieldCategory,
  ApplicationStatus,
  CouncilReviewStatus,
  DegreeLevel,
  DocumentKind,
  DocumentStatus,
  InstitutionType,
  InstructionLanguage,
  Priority,
  StudyMode,
} from '../../shared/domain/application-status';

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
  // Migration 0012-user-administration.
  /** A temporary password was set: the next sign-in must change it before anything else. */
  must_change_password: Generated<boolean>;
  /** When the temporary password stops working (null: no temporary password). */
  temporary_password_expires_at: Timestamp | null;
  /** This user must set up two-factor at the next sign-in, whatever the staff-wide setting. */
  two_factor_required: Generated<boolean>;
  /** The DN a directory (LDAP) user was last bound as. */
  directory_dn: string | null;
  directory_synced_at: Timestamp | null;
  updated_at: Generated<Date>;
  // Migration 0013-payments-notifications.
  /** The language of the e-mails this user receives. */
  preferred_language: Generated<TemplateLanguage>;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  // Migration 0012-user-administration.
  description: Generated<string>;
  /** One of the seeded groups the access rules name: never renamed or deleted. */
  builtin: Generated<boolean>;
  version: Generated<number>;
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
  eu_eea: Generated<boolean>;
  bologna_member: Generated<boolean>;
  active_for_applications: Generated<boolean>;
  version: Generated<number>;
}

/** Higher-education institutions (migration 0015); a merged duplicate is inactive with merged_into set. */
export interface InstitutionsTable {
  id: Generated<number>;
  name_en: string;
  name_sq: string;
  name_sr: string;
  country: string;
  type: 'public' | 'private';
  website: string | null;
  email: string | null;
  accreditation_status: Generated<'accredited' | 'not_accredited' | 'expired' | 'unknown'>;
  diploma_register_url: string | null;
  active: Generated<boolean>;
  merged_into: number | null;
  search_text: ColumnType<string, never, never>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** An institution's accreditation as dated periods (migration 0033); valid_to null: still running. */
export interface InstitutionAccreditationPeriodsTable {
  id: Generated<number>;
  institution_id: number;
  valid_from: CalendarDate;
  valid_to: CalendarDate | null;
  status: AccreditationPeriodStatus;
  accrediting_body: string;
  source_url: string | null;
  source_document: string | null;
  note: string | null;
  created_by_id: number | null;
  created_at: CreatedAt;
}

/** Where a confirmation request goes: from an official source, with the day it was checked. */
export interface InstitutionVerificationContactsTable {
  id: Generated<number>;
  institution_id: number;
  registrar_email: string | null;
  postal_address: string | null;
  language: 'en' | 'sq' | 'sr';
  source: string;
  checked_on: CalendarDate;
  created_by_id: number | null;
  created_at: CreatedAt;
}

export interface InstitutionChecksTable {
  id: Generated<number>;
  institution_id: number;
  subject: InstitutionCheckSubject;
  finding: InstitutionCheckFinding;
  details: string;
  evidence: string | null;
  checked_on: CalendarDate;
  checked_by_id: number | null;
  created_at: CreatedAt;
}

export interface InstitutionWatchEntriesTable {
  id: Generated<number>;
  institution_id: number;
  category: WatchCategory;
  source: string;
  note: string | null;
  created_by_id: number | null;
  created_at: CreatedAt;
  lifted_at: Timestamp | null;
  lifted_by_id: number | null;
}

/** A diploma specimen: an institution's qualification, its versions in diploma_specimen_versions (migration 0037). */
export interface DiplomaSpecimensTable {
  id: Generated<number>;
  institution_id: number;
  current_version: Generated<number>;
  created_at: CreatedAt;
}

/** One version of a specimen, never changed once written. */
export interface DiplomaSpecimenVersionsTable {
  id: Generated<number>;
  specimen_id: number;
  version: number;
  qualification: string;
  issued_from: CalendarDate;
  issued_to: CalendarDate | null;
  security_features: Generated<string[]>;
  number_pattern: string;
  signatories: Generated<string[]>;
  notes: string | null;
  storage_key: string | null;
  file_name: string | null;
  size: number | null;
  sha256: string | null;
  active_content: Generated<ActiveContentKind[]>;
  /** The file's type: a PDF, or an image of the diploma (migration 0044). */
  media_type: Generated<SpecimenMediaType>;
  created_by_id: number | null;
  created_at: CreatedAt;
}

/** An officer's comparison of a submitted document with a specimen version. */
export interface DocumentSpecimenComparisonsTable {
  id: Generated<number>;
  document_id: number;
  specimen_version_id: number;
  features_present: Generated<number[]>;
  number_typed: string | null;
  number_matches: boolean | null;
  compared_by_id: number | null;
  compared_at: CreatedAt;
}

/** Kept by the database's triggers (migration 0033): the application names a watch-listed institution. */
export interface ApplicationWatchFlagsTable {
  application_id: number;
  watch_entry_id: number;
  institution_id: number;
  matched_by: WatchMatch;
  matched_name: string;
  /** 1 for a name met exactly (folded), else the trigram similarity of the folded names. */
  similarity: Decimal;
  flagged_at: CreatedAt;
}

/** The code lists the forms offer (migration 0015), keyed by the codes the application tables check. */
export interface ReferenceValuesTable {
  list: 'academic_field_categories' | 'degree_levels' | 'document_types' | 'request_types';
  code: string;
  name_en: string;
  name_sq: string;
  name_sr: string;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  eqf_level: number | null;
  nqf_level: number | null;
  version: Generated<number>;
}

/** The outcomes of a recognition decision (shared/design/recognition.md). */
export type RecognitionOutcome = 'full' | 'partial' | 'alternative' | 'conditional' | 'non_recognition';

/** The library of legal bases a recognition decision cites (migration 0027). */
export interface LegalReasonsTable {
  id: Generated<number>;
  article: string;
  text_en: string;
  text_sq: string;
  text_sr: string;
  /** Recognition services (1, 2) it may be cited for. */
  services: number[];
  outcomes: RecognitionOutcome[];
  active: Generated<boolean>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** National reference qualifications a foreign one is compared with (migration 0027). */
export interface NationalQualificationsTable {
  id: Generated<number>;
  name_en: string;
  name_sq: string;
  name_sr: string;
  /** A code of the degree_levels reference list. */
  degree_level: string;
  eqf_level: number;
  nqf_level: number;
  ects_credits: number | null;
  /** numeric(3, 1), in years. */
  duration_years: Decimal | null;
  profile: 'academic' | 'professional';
  active: Generated<boolean>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export type RecognitionDecisionState = 'prepared' | 'approved' | 'superseded';
export type DifferenceElement = 'level' | 'workload' | 'quality' | 'profile' | 'learning_outcomes';
export type QualificationProfile = 'academic' | 'professional';

/** A structured recognition decision of services 1 and 2, with its comparison kept as it stood (migration 0028). */
export interface RecognitionDecisionsTable {
  id: Generated<number>;
  application_id: number;
  outcome: RecognitionOutcome;
  /** The purposes or parts (partial), the qualification or level (alternative), the conditions (conditional). */
  outcome_detail: string | null;
  foreign_institution_name: string | null;
  foreign_accreditation: 'accredited' | 'not_accredited' | 'expired' | 'unknown';
  foreign_programme: string | null;
  foreign_degree_level: string | null;
  foreign_eqf_level: number | null;
  foreign_nqf_level: number | null;
  foreign_duration: string | null;
  foreign_ects: number | null;
  foreign_profile: QualificationProfile;
  national_qualification_id: number;
  national_name_en: string;
  national_name_sq: string;
  national_name_sr: string;
  national_degree_level: string;
  national_eqf_level: number;
  national_nqf_level: number;
  national_ects: number | null;
  national_duration_years: Decimal | null;
  national_profile: QualificationProfile;
  appeal_body_en: string;
  appeal_body_sq: string;
  appeal_body_sr: string;
  appeal_period_days: number;
  appeal_last_day: CalendarDate;
  /** Why the outcome departs from earlier decisions on the same qualification (the consistency check). */
  departure_reason: string | null;
  /** The programme's name folded, its words sorted (migration 0032's decision_programme_key): what precedents compare. */
  foreign_programme_key: Derived<string | null>;
  /** The reference data's institution the name was found as (the survivor of a merge); null when not found. */
  foreign_institution_id: number | null;
  foreign_country: string | null;
  /** The outcome's detail and the departure reason, folded, for full-text search. */
  reasons_search: Derived<string>;
  state: Generated<RecognitionDecisionState>;
  superseded_by: number | null;
  prepared_by_id: number;
  prepared_at: Timestamp;
  approved_by_id: number | null;
  approved_at: Timestamp | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The decision PDF as stored when the decision was approved (migration 0031); never changed once set. */
  pdf_storage_key: string | null;
  pdf_sha256: string | null;
  pdf_size: number | null;
  /** The applicant's language the PDF is written in. */
  pdf_language: TemplateLanguage | null;
  pdf_rendered_at: Timestamp | null;
}

export interface RecognitionDecisionDifferencesTable {
  id: Generated<number>;
  decision_id: number;
  position: number;
  element: DifferenceElement;
  explanation: string;
  explanation_search: Derived<string>;
}

export interface DecisionPrecedentsTable {
  decision_id: number;
  /** The earlier decision cited. */
  precedent_id: number;
  position: number;
}

export interface RecognitionDecisionLegalBasesTable {
  decision_id: number;
  legal_reason_id: number;
  position: number;
}

export type AppealState = 'registered' | 'under_review' | 'decided';
export type AppealOutcome = 'upheld' | 'changed' | 'rejected_late';

/** An appeal against a recognition decision (migration 0030). */
export interface AppealsTable {
  id: Generated<number>;
  application_id: number;
  decision_id: number;
  received_on: CalendarDate;
  grounds: string;
  letter_document_id: number;
  /** Received after the decision's last day of appeal. */
  late: boolean;
  /** Why a late appeal is reviewed all the same. */
  late_acceptance_reason: string | null;
  council_id: number | null;
  officer_id: number | null;
  assigned_at: Timestamp | null;
  /** From the active appeal_review deadline configuration, when one applies. */
  due_date: CalendarDate | null;
  state: Generated<AppealState>;
  outcome: AppealOutcome | null;
  outcome_reason: string | null;
  decided_by_id: number | null;
  decided_at: Timestamp | null;
  new_decision_id: number | null;
  registered_by_id: number | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ServicesTable {
  id: Generated<number>;
  service_type: number;
  category: ServiceCategory;
  name_en: string;
  name_sq: string;
  name_sr: string;
  description_en: Generated<string>;
  description_sq: Generated<string>;
  description_sr: Generated<string>;
  /** The lowest base price of price_table, kept in step by the services module (lists show it). */
  fee: Decimal;
  fee_enabled: Generated<boolean>;
  base_fee_amount: Decimal | null;
  fee_exemption_allowed: Generated<boolean>;
  processing_time_days: number;
  requirements_en: Generated<string>;
  requirements_sq: Generated<string>;
  requirements_sr: Generated<string>;
  enabled: Generated<boolean>;
  council_required: Generated<boolean>;
  degree_options: ColumnType<string[], string[] | undefined, string[]>;
  /** PriceTable of src/shared/domain/fees.ts. */
  price_table: ColumnType<PriceTable, string, string>;
  selectable_documents: ColumnType<SelectableDocument[], string | undefined, string>;
  workflow_stages: ColumnType<ApplicationStatus[], string | undefined, string>;
  /** The appeal notice of the service's decisions (recognition services): days, and the body in three languages. */
  appeal_period_days: number | null;
  appeal_body_en: Generated<string>;
  appeal_body_sq: Generated<string>;
  appeal_body_sr: Generated<string>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ServiceDocumentRequirementsTable {
  id: Generated<number>;
  service_id: number;
  document_type: DocumentType;
  required: Generated<boolean>;
  description_en: Generated<string>;
  description_sq: Generated<string>;
  description_sr: Generated<string>;
}

export interface SystemSettingsTable {
  key: string;
  value: Json;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The letterhead's logo (migration 0018): one row at most; no content once removed. */
export interface LetterheadLogoTable {
  id: number;
  content: Buffer | null;
  media_type: 'image/png' | 'image/jpeg' | null;
  byte_size: number | null;
  sha256: string | null;
  version: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by_id: number | null;
}

/** The office's seal (one row, migration 0034): its PKCS#12, the password sealed, what its certificate says. */
export interface DocumentSealTable {
  id: number;
  version: Generated<number>;
  pkcs12: Buffer | null;
  password_sealed: string | null;
  subject: string | null;
  issuer: string | null;
  serial_number: string | null;
  not_before: Timestamp | null;
  not_after: Timestamp | null;
  demo: Generated<boolean>;
  timestamp_authority_url: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by_id: number | null;
}

/** The Ed25519 keys credentials are signed with (migration 0034): one current, the rest retired. */
export interface CredentialKeysTable {
  id: Generated<number>;
  public_key_multibase: string;
  secret_key_sealed: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_by_id: number | null;
  retired_at: Timestamp | null;
}

/** One group of system settings an administrator saved (src/shared/api/settings.ts). */
export interface SystemSettingGroupsTable {
  name: 'security' | 'uploads' | 'general' | 'verification' | 'smtp' | 'holidays' | 'backups' | 'retention';
  values: Json;
  version: Generated<number>;
  smtp_password_sealed: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by_id: number | null;
}

/** A news article as it stands (src/shared/api/news.ts). */
export interface NewsArticlesTable {
  id: Generated<number>;
  status: Generated<'draft' | 'scheduled' | 'published' | 'archived'>;
  publish_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  tags: Json<string[]>;
  cover_key: string | null;
  cover_media_type: 'image/png' | 'image/jpeg' | 'image/webp' | null;
  cover_size: number | null;
  cover_sha256: string | null;
  version: Generated<number>;
  created_by_id: number | null;
  updated_by_id: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** The pending revision (texts, tags, cover) a non-publisher proposed; null when none. */
  pending_snapshot: ColumnType<unknown, string | null | undefined, string | null>;
  pending_by_id: number | null;
  pending_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface NewsTranslationsTable {
  article_id: number;
  language: 'en' | 'sq' | 'sr';
  title: string;
  summary: string;
  body: string;
  body_html: string;
}

export interface NewsArticleVersionsTable {
  id: Generated<number>;
  article_id: number;
  version: number;
  status: string;
  change: string;
  snapshot: Json;
  created_by_id: number | null;
  created_at: CreatedAt;
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
  // Migration 0013-payments-notifications.
  application_id: number | null;
  /** The template event it was written from (null: free text). */
  event: string | null;
  language: Generated<TemplateLanguage>;
  /** Who sent it by hand (null: the system). */
  sender_id: number | null;
  /** Carries a secret (a sign-in code, a temporary password): never shown or resent from the list. */
  confidential: Generated<boolean>;
  /** A pending e-mail is not tried before this (retries back off). */
  next_attempt_at: Generated<Date>;
  /** An instance is sending it until then; another instance may claim it after. */
  claimed_until: Timestamp | null;
  /** An in-app (system) message was read by its recipient. */
  read_at: Timestamp | null;
  resent_from_id: number | null;
  /** An application's document sent as the e-mail's attachment (migration 0040). */
  attachment_document_id: Generated<number | null>;
}

export type PaymentStatus = 'pending' | 'paid' | 'partially_refunded' | 'refunded' | 'exempted' | 'cancelled';
export type PaymentMethod = 'bank_transfer' | 'cash' | 'card' | 'online';

export interface PaymentRefundsTable {
  id: Generated<number>;
  payment_id: number;
  amount: Decimal;
  reason: string;
  refunded_by_id: number | null;
  created_at: CreatedAt;
}

export interface BankStatementsTable {
  id: Generated<number>;
  file_name: string;
  sha256: string;
  encoding: 'utf-8' | 'windows-1250';
  status: Generated<'previewed' | 'imported'>;
  line_count: Generated<number>;
  recorded_count: Generated<number>;
  uploaded_by_id: number | null;
  uploaded_at: CreatedAt;
  imported_by_id: number | null;
  imported_at: Timestamp | null;
  version: Generated<number>;
}

export type StatementLineOutcome =
  | 'matched'
  | 'recorded'
  | 'already_recorded'
  | 'amount_mismatch'
  | 'no_pending_payment'
  | 'unknown_reference'
  | 'duplicate_in_file'
  | 'invalid';

export interface BankStatementLinesTable {
  id: Generated<number>;
  statement_id: number;
  line_number: number;
  booked_on: CalendarDate | null;
  amount: Decimal | null;
  currency: string | null;
  transaction_id: string | null;
  reference: string | null;
  payer: string | null;
  outcome: StatementLineOutcome;
  problem: string | null;
  payment_id: number | null;
  // Migration 0025: how a person resolved a line the import left.
  resolution: 'matched' | 'set_aside' | null;
  resolution_note: string | null;
  resolved_by_id: number | null;
  resolved_at: Timestamp | null;
}

export interface NotificationTemplatesTable {
  id: Generated<number>;
  event: string;
  language: TemplateLanguage;
  version: number;
  subject: string;
  body: string;
  active: Generated<boolean>;
  created_by_id: number | null;
  created_at: CreatedAt;
}

export interface ApplicantsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  personal_id: string | null;
  date_of_birth: CalendarDate | null;
  gender: Generated<Gender>;
  country: string | null;
  city: string | null;
  address: string | null;
  created_at: CreatedAt;
  /** The language of the applicant's e-mails (migration 0013). */
  preferred_language: Generated<TemplateLanguage>;
  /** Set: a legal hold on the person stops the anonymisation of every application of theirs. */
  legal_hold_reason: string | null;
  legal_hold_set_at: Timestamp | null;
  legal_hold_set_by_id: number | null;
  /** When the person's own record was anonymised (once no application of theirs kept personal data). */
  anonymised_at: Timestamp | null;
}

export interface CouncilsTable {
  id: Generated<number>;
  name_en: string;
  /** Empty until translated: readers of sq then see name_en. */
  name_sq: Generated<string>;
  name_sr: Generated<string>;
  active: Generated<boolean>;
  academic_field_categories: ColumnType<AcademicFieldCategory[], AcademicFieldCategory[] | undefined, AcademicFieldCategory[]>;
  description: string | null;
  /** How many members with no conflict of interest must take part in a decision. */
  quorum: Generated<number>;
  version: Generated<number>;
  updated_at: Generated<Date>;
  created_at: CreatedAt;
}

export interface CouncilMembersTable {
  council_id: number;
  user_id: number;
  is_chair: Generated<boolean>;
}

/** Filled by the database from other columns; never written. */
type Derived<T> = ColumnType<T, never, never>;

export interface ApplicationsTable {
  id: Generated<number>;
  reference: string;
  service_id: number;
  service_type: number;
  status: ApplicationStatus;
  previous_status: ApplicationStatus | null;
  priority: Generated<Priority>;
  priority_rank: Derived<number>;
  applicant_id: number;
  /** Copies of what the list shows, kept in step by the applications module (no joins in the list). */
  applicant_name: string;
  personal_id: string | null;
  institution_name: string | null;
  institution_country: string | null;
  search_text: Derived<string>;
  assigned_officer_id: number | null;
  assigned_officer_name: string | null;
  assigned_at: Timestamp | null;
  council_id: number | null;
  submitted_at: ColumnType<Date, Date | string | undefined, Date | string>;
  deadline: CalendarDate | null;
  closed_at: Timestamp | null;
  notes: string | null;
  review_status: CouncilReviewStatus | null;
  review_due_date: CalendarDate | null;
  council_comments: string | null;
  review_notes: string | null;
  reviewed_by_id: number | null;
  review_date: Timestamp | null;
  /** A copy of the last recorded council decision's outcome (council_decisions), for analytics. */
  council_outcome: CouncilOutcome | null;
  academic_field_category: AcademicFieldCategory | null;
  decision_outcome: 'approved' | 'rejected' | null;
  decision_comments: string | null;
  decided_by_id: number | null;
  decided_at: Timestamp | null;
  inspectorate_outcome: 'verified' | 'rejected' | null;
  inspectorate_verified_by_id: number | null;
  inspectorate_verified_at: Timestamp | null;
  inspectorate_notes: string | null;
  archived: Generated<boolean>;
  invalidated: Generated<boolean>;
  invalidated_reason: string | null;
  incomplete: Generated<boolean>;
  /** What the application was quoted when it was made: editing the service never changes these. */
  quoted_fee: Decimal | null;
  fee_quote: ColumnType<StoredFeeQuote | null, string | null | undefined, string | null>;
  document_requirements: ColumnType<DocumentRequirement[] | null, string | null | undefined, string | null>;
  /** Why the applicant asked to be exempted from the fee (counter intake). */
  exemption_reason: ColumnType<string | null, string | null | undefined, string | null>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Set: a legal hold (an appeal, a court case) stops the erasure of its personal data. */
  legal_hold_reason: string | null;
  legal_hold_set_at: Timestamp | null;
  legal_hold_set_by_id: number | null;
  /** When its personal data was anonymised (retention or an erasure request); the rest stays. */
  anonymised_at: Timestamp | null;
}

/** A backup this server wrote. */
export interface BackupRunsTable {
  id: Generated<number>;
  trigger: 'scheduled' | 'manual';
  /** The Kosovo calendar day a scheduled run claimed (one per day across instances). */
  scheduled_for: CalendarDate | null;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
  status: Generated<'running' | 'done' | 'failed'>;
  file_name: string | null;
  bytes: number | null;
  error: string | null;
  started_by_id: number | null;
}

/** A person's request to erase their personal data, and the answer sent. */
export interface ErasureRequestsTable {
  id: Generated<number>;
  applicant_id: number;
  received_on: CalendarDate;
  recorded_by_id: number | null;
  recorded_at: CreatedAt;
  erased_at: Timestamp | null;
  erased_by_id: number | null;
  answer_sent_on: CalendarDate | null;
  answer: string | null;
  outcome: 'erased' | 'partly_erased' | 'refused' | null;
  /** Why something was kept or the request refused: the legal obligation or the hold. */
  legal_basis: string | null;
  decided_by_id: number | null;
  decided_at: Timestamp | null;
}

/** A run of the retention anonymisation. */
export interface RetentionRunsTable {
  id: Generated<number>;
  trigger: 'scheduled' | 'manual';
  /** The Kosovo calendar day a scheduled run claimed (one per day across instances). */
  scheduled_for: CalendarDate | null;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
  applications: Generated<number>;
  documents: Generated<number>;
  started_by_id: number | null;
}

export interface EducationInfoTable {
  application_id: number;
  institution_name: string;
  institution_country: string | null;
  institution_email: string | null;
  institution_website: string | null;
  institution_type: InstitutionType | null;
  program_name: string | null;
  degree_level: DegreeLevel | null;
  duration: string | null;
  graduation_date: CalendarDate | null;
  ects_credits: number | null;
  purpose_details: string | null;
  original_title: string | null;
  language_of_instruction: InstructionLanguage | null;
  study_mode: StudyMode | null;
  study_start: CalendarDate | null;
  study_end: CalendarDate | null;
  grading_scale: string | null;
  final_grade: string | null;
}

export interface ApplicationDocumentsTable {
  id: Generated<number>;
  application_id: number;
  file_name: string;
  document_type: DocumentType;
  kind: Generated<DocumentKind>;
  media_type: Generated<string>;
  size: Generated<number>;
  sha256: string | null;
  active_content: Generated<ActiveContentKind[]>;
  storage_key: string | null;
  status: Generated<DocumentStatus>;
  review_notes: string | null;
  reviewed_by_id: number | null;
  reviewed_at: Timestamp | null;
  uploaded_by_id: number | null;
  uploaded_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ApplicationHistoryTable {
  id: Generated<number>;
  application_id: number;
  /** A workflow action name, 'submit', or an event of another module (e.g. 'document_uploaded'). */
  action: string;
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus | null;
  actor_id: number | null;
  notes: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ApplicationNotesTable {
  id: Generated<number>;
  application_id: number;
  author_id: number | null;
  text: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A payment from the moment its fee is requested (migration 0013): pending, then paid or exempted. */
export interface ApplicationPaymentsTable {
  id: Generated<number>;
  application_id: number;
  status: Generated<PaymentStatus>;
  amount_due: Decimal;
  currency: Generated<'EUR'>;
  /** What was paid (null until paid). */
  amount: Decimal | null;
  transaction_id: string | null;
  method: PaymentMethod | null;
  paid_at: Timestamp | null;
  recorded_by_id: number | null;
  /** Printed on the receipt; the public verification looks it up. */
  receipt_code: string | null;
  /** The receipt's bytes as issued with the payment (migration 0023); never changed once set. */
  receipt_storage_key: string | null;
  receipt_sha256: string | null;
  receipt_size: number | null;
  receipt_rendered_at: Timestamp | null;
  bank_statement_line_id: number | null;
  requested_by_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  version: Generated<number>;
}

export interface SavedFiltersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  query: string;
  created_at: CreatedAt;
}

export type IssuedDocumentKind = 'verification_document' | 'recognition_certificate' | 'recognition_statement';
export type TemplateKind = IssuedDocumentKind | 'verdict';
export type TemplateLanguage = 'en' | 'sq' | 'sr';

export interface IssuedDocumentsTable {
  id: Generated<number>;
  application_id: number;
  kind: IssuedDocumentKind;
  verification_code: string;
  reference: string;
  holder_name: string;
  issued_by_id: number | null;
  issued_at: ColumnType<Date, Date | string | undefined, Date | string>;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  storage_key: string | null;
  sha256: string | null;
  size: number | null;
  /** When the stored bytes were made (migration 0023): at issue, or by the start's one-time backfill. */
  rendered_at: Timestamp | null;
  /** The template version per language the bytes were rendered from. */
  template_versions: ColumnType<TemplateVersions | null, string | null | undefined, string | null>;
  /** The seal certificate's subject the PDF was signed with (migration 0034); null: issued without a seal. */
  sealed_by: string | null;
  /** The verifiable credential issued beside the PDF, as issued (migration 0034). */
  credential: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** document_templates.version per language, as an issued document was rendered from. */
export type TemplateVersions = Partial<Record<TemplateLanguage, number>>;

export interface DocumentTemplatesTable {
  id: Generated<number>;
  kind: TemplateKind;
  language: TemplateLanguage;
  version: number;
  title: string;
  body: string;
  active: Generated<boolean>;
  uploaded_by_id: number | null;
  created_at: CreatedAt;
}

export interface VerdictsTable {
  id: Generated<number>;
  application_id: number;
  status: Generated<'draft' | 'submitted'>;
  body: Generated<string>;
  file_name: string | null;
  storage_key: string | null;
  sha256: string | null;
  active_content: Generated<ActiveContentKind[]>;
  size: number | null;
  created_by_id: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  submitted_at: Timestamp | null;
  version: Generated<number>;
  /** The verdict template's version a rendered verdict was made from (null: uploaded). */
  template_version: number | null;
}

/** Deadline management (migration 0008). */
export interface DeadlineConfigurationsTable {
  id: Generated<number>;
  name_en: string;
  name_sq: string;
  name_sr: string;
  deadline_type: DeadlineType;
  service_category: ServiceCategory;
  days_from_start: number;
  working_days: Generated<boolean>;
  conditional: Generated<boolean>;
  condition: DeadlineCondition | null;
  mandatory: Generated<boolean>;
  mandatory_by_law: Generated<boolean>;
  legal_basis: string | null;
  reminder_enabled: Generated<boolean>;
  reminder_days_before: number | null;
  reminder_frequency: ReminderFrequency | null;
  escalation_enabled: Generated<boolean>;
  escalation_days_after: number | null;
  escalation_recipients: ColumnType<RecipientRef[], string | undefined, string>;
  active: Generated<boolean>;
  version: Generated<number>;
  created_by_id: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface HolidaysTable {
  id: Generated<number>;
  date: CalendarDate;
  name_en: string;
  name_sq: string;
  name_sr: string;
  source: 'library' | 'manual';
  created_by_id: number | null;
  created_at: CreatedAt;
}

/** A request to the issuing institution to confirm one of the application's documents (migration 0040). */
export interface ConfirmationRequestsTable {
  id: Generated<number>;
  application_id: number;
  document_id: number;
  institution_id: number;
  contact_id: number | null;
  recipient_email: string;
  language: TemplateLanguage;
  reference: string;
  reply_to: string;
  outbox_id: number | null;
  state: Generated<ConfirmationRequestState>;
  answer: ConfirmationAnswer | null;
  answered_on: CalendarDate | null;
  reply_document_id: number | null;
  reply_text: string | null;
  note: string | null;
  remind_on: CalendarDate | null;
  reminder_outbox_id: number | null;
  sent_by_id: number | null;
  sent_at: CreatedAt;
  closed_by_id: number | null;
  closed_at: Timestamp | null;
}

/** A pause of a running deadline: instants, the clock turns them into Kosovo calendar days. */
export interface StoredPause {
  from: string;
  to: string | null;
  status: ApplicationStatus;
  /** Absent: the applicant holds it; else the third party the centre waits on (a confirmation request). */
  waiting_on?: 'issuing_institution';
}

export interface ApplicationDeadlinesTable {
  id: Generated<number>;
  application_id: number;
  configuration_id: number;
  deadline_type: DeadlineType;
  /** The rule as it was when the deadline started: editing the configuration never moves it. */
  days: number;
  working_days: boolean;
  started_at: Timestamp;
  start_date: CalendarDate;
  due_date: CalendarDate;
  pauses: ColumnType<StoredPause[], string | undefined, string>;
  paused_since: Timestamp | null;
  completed_at: Timestamp | null;
  /** The next reminder's day and the escalation's day; null when none is owed (the jobs' work list). */
  next_reminder_on: CalendarDate | null;
  escalate_on: CalendarDate | null;
}

export interface DeadlineNotificationsTable {
  id: Generated<number>;
  application_deadline_id: number;
  kind: 'reminder' | 'escalation';
  occurrence: CalendarDate;
  recipients: number;
  sent_at: CreatedAt;
}

/** A PDF staged at the counter under the client's key, before an application takes it (migration 0009). */
export interface IntakeUploadsTable {
  upload_key: string;
  owner_id: number;
  storage_key: string;
  file_name: string;
  size: number;
  sha256: string;
  active_content: Generated<ActiveContentKind[]>;
  application_id: number | null;
  created_at: CreatedAt;
}

/** The last application reference number given in a year (counter intake numbers from it). */
export interface ApplicationReferenceCountersTable {
  year: number;
  last_number: number;
}

/** One counter submission per (user, Idempotency-Key): a repeat answers the application it made. */
export interface IntakeSubmissionsTable {
  owner_id: number;
  idempotency_key: string;
  /** sha256 of the canonical request: the same key with another request is refused. */
  request_hash: string;
  application_id: number | null;
  created_at: CreatedAt;
}

export type CouncilOutcome = 'approved' | 'rejected';
export type CouncilMeetingStatus = 'scheduled' | 'held' | 'cancelled';
export type ExpertReviewStatus = 'requested' | 'submitted';
export type ExpertRecommendation = 'recognise' | 'recognise_with_conditions' | 'do_not_recognise';

export interface CouncilMeetingsTable {
  id: Generated<number>;
  council_id: number;
  scheduled_at: Timestamp;
  place: string;
  status: Generated<CouncilMeetingStatus>;
  notes: string | null;
  /** The minutes: a PDF in the document storage (storage/), null until uploaded. */
  minutes_storage_key: string | null;
  minutes_file_name: string | null;
  minutes_size: number | null;
  minutes_sha256: string | null;
  minutes_active_content: Generated<ActiveContentKind[]>;
  minutes_uploaded_by_id: number | null;
  minutes_uploaded_at: Timestamp | null;
  created_by_id: number | null;
  created_at: CreatedAt;
  version: Generated<number>;
}

export interface CouncilMeetingAgendaTable {
  meeting_id: number;
  application_id: number;
  position: Generated<number>;
}

export interface CouncilMeetingAttendanceTable {
  meeting_id: number;
  user_id: number;
  present: boolean;
}

export interface CouncilConflictsTable {
  application_id: number;
  user_id: number;
  council_id: number;
  reason: string;
  declared_at: Generated<Date>;
}

export interface CouncilDecisionsTable {
  id: Generated<number>;
  application_id: number;
  council_id: number;
  meeting_id: number | null;
  outcome: CouncilOutcome;
  comments: string;
  review_notes: string | null;
  /** The members who took part (none with a conflict; at least the council's quorum). */
  participant_ids: ColumnType<number[], number[], number[]>;
  recorded_by_id: number | null;
  recorded_at: Generated<Date>;
}

export interface ExpertCommissionsTable {
  id: Generated<number>;
  name_en: string;
  /** Empty until translated: readers of sq then see name_en. */
  name_sq: Generated<string>;
  name_sr: Generated<string>;
  description: string | null;
  academic_field_category: AcademicFieldCategory | null;
  active: Generated<boolean>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ExpertCommissionMembersTable {
  commission_id: number;
  user_id: number;
  is_chair: Generated<boolean>;
}

export interface ExpertReviewsTable {
  id: Generated<number>;
  application_id: number;
  commission_id: number;
  /** The evaluator of the commission the review is assigned to. */
  reviewer_id: number;
  requested_by_id: number | null;
  requested_at: Generated<Date>;
  due_date: CalendarDate;
  status: Generated<ExpertReviewStatus>;
  assessment: string | null;
  recommendation: ExpertRecommendation | null;
  comments: string | null;
  /** The optional report: a PDF in the document storage. */
  report_storage_key: string | null;
  report_file_name: string | null;
  report_size: number | null;
  report_sha256: string | null;
  report_active_content: Generated<ActiveContentKind[]>;
  submitted_at: Timestamp | null;
  version: Generated<number>;
}

/** A report written to a file in the background (migration 0016). */
export interface ReportExportsTable {
  id: Generated<number>;
  owner_id: number;
  report: string;
  filters: Json;
  format: 'csv' | 'xlsx' | 'pdf';
  /** The language of the file's headers (the requester's). */
  language: Generated<TemplateLanguage>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  progress: Generated<number>;
  rows: Generated<number>;
  storage_key: string | null;
  file_name: string | null;
  size: number | null;
  error: string | null;
  attempts: Generated<number>;
  /** A worker is writing it until then; another may take it up after. */
  claimed_until: Timestamp | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** Prepared report figures (migration 0036): delta rows per office day, summed by the reports. */
interface ReportFigureDimensions {
  service_type: number;
  status: ApplicationStatus;
  council_id: number | null;
}

export interface ReportApplicationDaysTable extends ReportFigureDimensions {
  day: ColumnType<string, string, never>;
  country: string | null;
  received: number;
  decided: number;
  approved: number;
  rejected: number;
  /** False for a delta row not yet folded into its key's row. */
  folded: Generated<boolean>;
}

export interface ReportFeeDaysTable extends ReportFigureDimensions {
  day: ColumnType<string, string, never>;
  payments: number;
  collected_cents: number;
  refunds: number;
  refunded_cents: number;
  /** False for a delta row not yet folded into its key's row. */
  folded: Generated<boolean>;
}

export interface ReportCertificateDaysTable extends ReportFigureDimensions {
  day: ColumnType<string, string, never>;
  kind: string;
  issued: number;
  revoked: number;
  /** False for a delta row not yet folded into its key's row. */
  folded: Generated<boolean>;
}

export interface ReportDeadlineDaysTable extends ReportFigureDimensions {
  day: ColumnType<string, string, never>;
  deadline_type: string;
  on_time: number;
  late: number;
  /** False for a delta row not yet folded into its key's row. */
  folded: Generated<boolean>;
}

export interface ReportDeadlineRunningTable extends ReportFigureDimensions {
  due_date: ColumnType<string, string, never>;
  deadline_type: string;
  running: number;
  paused: number;
  /** False for a delta row not yet folded into its key's row. */
  folded: Generated<boolean>;
}

export interface ReportStaysTable extends ReportFigureDimensions {
  history_id: number;
  application_id: number;
  stage: ApplicationStatus;
  entered_at: Timestamp;
  left_at: Timestamp;
  days: ColumnType<string, number | string, number | string>;
  bucket: number;
}

export interface ReportStayDaysTable {
  day: ColumnType<string, string, never>;
  stage: ApplicationStatus;
  bucket: number;
  stays: number;
  days_sum: ColumnType<string, number | string, number | string>;
  /** False for a delta row not yet folded into its key's row. */
  folded: Generated<boolean>;
}

export interface Database {
  backup_runs: BackupRunsTable;
  erasure_requests: ErasureRequestsTable;
  retention_runs: RetentionRunsTable;
  users: UsersTable;
  groups: GroupsTable;
  permissions: PermissionsTable;
  group_permissions: GroupPermissionsTable;
  user_groups: UserGroupsTable;
  user_permissions: UserPermissionsTable;
  countries: CountriesTable;
  institutions: InstitutionsTable;
  institution_accreditation_periods: InstitutionAccreditationPeriodsTable;
  institution_verification_contacts: InstitutionVerificationContactsTable;
  confirmation_requests: ConfirmationRequestsTable;
  institution_checks: InstitutionChecksTable;
  institution_watch_entries: InstitutionWatchEntriesTable;
  diploma_specimens: DiplomaSpecimensTable;
  diploma_specimen_versions: DiplomaSpecimenVersionsTable;
  document_specimen_comparisons: DocumentSpecimenComparisonsTable;
  application_watch_flags: ApplicationWatchFlagsTable;
  reference_values: ReferenceValuesTable;
  legal_reasons: LegalReasonsTable;
  national_qualifications: NationalQualificationsTable;
  appeals: AppealsTable;
  recognition_decisions: RecognitionDecisionsTable;
  recognition_decision_differences: RecognitionDecisionDifferencesTable;
  recognition_decision_legal_bases: RecognitionDecisionLegalBasesTable;
  decision_precedents: DecisionPrecedentsTable;
  services: ServicesTable;
  service_document_requirements: ServiceDocumentRequirementsTable;
  system_settings: SystemSettingsTable;
  system_setting_groups: SystemSettingGroupsTable;
  letterhead_logo: LetterheadLogoTable;
  document_seal: DocumentSealTable;
  credential_keys: CredentialKeysTable;
  audit_log: AuditLogTable;
  notification_outbox: NotificationOutboxTable;
  applicants: ApplicantsTable;
  councils: CouncilsTable;
  council_members: CouncilMembersTable;
  applications: ApplicationsTable;
  education_info: EducationInfoTable;
  application_documents: ApplicationDocumentsTable;
  application_history: ApplicationHistoryTable;
  application_notes: ApplicationNotesTable;
  application_payments: ApplicationPaymentsTable;
  payment_refunds: PaymentRefundsTable;
  bank_statements: BankStatementsTable;
  bank_statement_lines: BankStatementLinesTable;
  notification_templates: NotificationTemplatesTable;
  saved_filters: SavedFiltersTable;
  issued_documents: IssuedDocumentsTable;
  document_templates: DocumentTemplatesTable;
  verdicts: VerdictsTable;
  deadline_configurations: DeadlineConfigurationsTable;
  holidays: HolidaysTable;
  application_deadlines: ApplicationDeadlinesTable;
  deadline_notifications: DeadlineNotificationsTable;
  intake_uploads: IntakeUploadsTable;
  intake_submissions: IntakeSubmissionsTable;
  application_reference_counters: ApplicationReferenceCountersTable;
  council_meetings: CouncilMeetingsTable;
  council_meeting_agenda: CouncilMeetingAgendaTable;
  council_meeting_attendance: CouncilMeetingAttendanceTable;
  council_conflicts: CouncilConflictsTable;
  council_decisions: CouncilDecisionsTable;
  expert_commissions: ExpertCommissionsTable;
  expert_commission_members: ExpertCommissionMembersTable;
  expert_reviews: ExpertReviewsTable;
  news_articles: NewsArticlesTable;
  news_translations: NewsTranslationsTable;
  news_article_versions: NewsArticleVersionsTable;
  report_exports: ReportExportsTable;
  report_application_days: ReportApplicationDaysTable;
  report_fee_days: ReportFeeDaysTable;
  report_certificate_days: ReportCertificateDaysTable;
  report_deadline_days: ReportDeadlineDaysTable;
  report_deadline_running: ReportDeadlineRunningTable;
  report_stays: ReportStaysTable;
  report_stay_days: ReportStayDaysTable;
}
