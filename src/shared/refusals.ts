import { ERROR_CODES, type ErrorCode } from './errors';

// Every refusal the server can send, by code, with the parameters its text interpolates. The code
// and its params are the contract: the renderer reads them (never the English `detail`) and says
// the refusal in the reader's language. Texts: namespace `errors` (locales/*/errors.json) for the
// ErrorCodes of errors.ts, namespace `refusals` (locales/*/refusals.json) for all the others; a
// test checks that every code has its text in en, sq and sr with exactly these parameters.
//
// A parameter's kind says how the reader sees its value: as sent (`text`), as a number written
// the language's way (`number`), an application status by its label (`status`) or an academic
// field category by its name (`academic_field`) or a comma-separated list of document types, each
// by its name (`document_types`).

export type RefusalParamKind = 'text' | 'number' | 'status' | 'academic_field' | 'document_types';

/** The refusals of the API beyond the ErrorCodes (texts in the `refusals` namespace). */
export const REFUSALS = {
  accreditation_period_reversed: {},
  accreditation_source_required: {},
  action_not_allowed: { status: 'status' },
  action_not_permitted: {},
  action_to_not_allowed: { to: 'status', status: 'status' },
  analytics_invalid_month: {},
  analytics_period_reversed: {},
  analytics_period_too_long: {},
  appeal_application_not_decided: {},
  appeal_assignee_required: {},
  appeal_conflict_council: { council: 'text' },
  appeal_conflict_officer: { officer: 'text' },
  appeal_council_not_active: {},
  appeal_decided: {},
  appeal_decision_required: {},
  appeal_late_not_accepted: {},
  appeal_letter_not_of_application: {},
  appeal_no_decision: {},
  appeal_not_assigned: {},
  appeal_not_late: {},
  appeal_officer_not_active: {},
  appeal_open_exists: {},
  appeal_received_before_decision: {},
  appeal_received_in_future: {},
  appeal_reviewer_conflict: {},
  appeal_reviewer_not_assignee: {},
  appeal_service_not_appealable: {},
  application_archived: {},
  application_invalidated: {},
  application_on_legal_hold: {},
  at_least: { limit: 'number' },
  at_most: { limit: 'number' },
  backup_checksum_mismatch: { file: 'text' },
  backup_embedded_only: {},
  backup_file_missing: {},
  backup_folder_unwritable: {},
  backup_newer_schema: { schema: 'text' },
  backup_path_invalid: {},
  backup_unreadable: {},
  confirmation_application_closed: {},
  confirmation_contact_not_of_institution: {},
  confirmation_contact_without_email: {},
  confirmation_document_not_of_application: {},
  confirmation_no_institution: {},
  confirmation_not_doubted: {},
  confirmation_reply_document_unknown: {},
  confirmation_reply_required: {},
  confirmation_request_closed: {},
  confirmation_request_open: {},
  council_attendee_not_member: {},
  council_chair_not_member: {},
  council_duplicate_agenda: {},
  council_duplicate_field: {},
  council_duplicate_member: {},
  council_inactive: {},
  council_may_not_manage: {},
  council_name_taken: {},
  council_no_field: {},
  council_no_minutes: {},
  council_not_active: {},
  council_not_council_member: {},
  council_not_on_council: {},
  council_quorum_too_large: {},
  council_review_conflict_declared: {},
  council_review_conflict_exists: {},
  council_review_documents_missing: { documents: 'document_types' },
  council_review_meeting_not_council: {},
  council_review_no_active_council: { field: 'academic_field' },
  council_review_no_council: {},
  council_review_no_field: {},
  council_review_not_council_member: {},
  council_review_participant_conflicted: {},
  council_review_participant_not_member: {},
  council_review_participants_required: {},
  council_review_quorum_not_met: { quorum: 'number', count: 'number' },
  council_review_reason_required: {},
  council_review_recorder_not_allowed: {},
  council_review_review_closed: {},
  council_stale: {},
  council_stale_meeting: {},
  csrf_failed: {},
  deadline_condition_required: {},
  deadline_configuration_in_use: {},
  deadline_duplicate_recipient: {},
  deadline_escalation_days_required: {},
  deadline_escalation_recipients_required: {},
  deadline_holiday_exists: {},
  deadline_legal_basis_required: {},
  deadline_reminder_days_required: {},
  deadline_reminder_frequency_required: {},
  deadline_reminder_too_early: {},
  deadline_unknown_recipient: {},
  decision_appeal_not_configured: {},
  decision_departure_reason_required: {},
  decision_detail_required: {},
  decision_difference_contradicts: {},
  decision_difference_element_twice: {},
  decision_difference_required: {},
  decision_legal_basis_not_applicable: {},
  decision_legal_basis_required: {},
  decision_national_qualification_inactive: {},
  decision_not_prepared: {},
  decision_outcome_mismatch: {},
  decision_precedent_not_citable: {},
  decision_register_export_too_large: {},
  degree_not_offered: {},
  directory_disabled: {},
  directory_email_taken: {},
  directory_no_email: {},
  directory_username_taken: {},
  disallowed_characters: {},
  document_not_of_application: {},
  documents_not_of_application: { documents: 'text' },
  duplicate_record: {},
  erasure_already_answered: {},
  erasure_answer_before_request: {},
  erasure_legal_basis_required: {},
  erasure_nothing_erasable: {},
  erasure_person_unknown: {},
  erasure_received_in_future: {},
  exemption_not_allowed: {},
  expert_already_requested: {},
  expert_chair_not_member: {},
  expert_commission_inactive: {},
  expert_due_date_past: {},
  expert_duplicate_member: {},
  expert_locked: {},
  expert_may_not_request: {},
  expert_member_has_open_reviews: {},
  expert_name_taken: {},
  expert_not_evaluator: {},
  expert_not_reviewable: {},
  expert_not_reviewer: {},
  expert_reviewer_not_member: {},
  expert_stale: {},
  expert_stale_commission: {},
  fee_changed: {},
  image_empty: {},
  image_too_many_pixels: {},
  image_unreadable: {},
  inspectorate_document_missing: {},
  inspectorate_upload_exists: {},
  inspectorate_upload_not_waiting: {},
  intake_duplicate_document: {},
  intake_exemption_proof_missing: {},
  intake_idempotency_key_missing: {},
  intake_idempotency_key_reused: {},
  intake_service_inactive: {},
  intake_service_missing: {},
  intake_service_price_missing: {},
  intake_study_period_reversed: {},
  intake_taken_at_future: {},
  intake_taken_at_too_old: {},
  intake_unknown_country: {},
  intake_upload_key_reused: {},
  intake_upload_missing: {},
  intake_upload_taken: {},
  invalid_amount: {},
  invalid_email: {},
  invalid_format: {},
  invalid_input: {},
  invalid_page: {},
  invalid_url: {},
  legal_hold_not_set: {},
  legal_reason_article_taken: {},
  legal_reason_in_use: {},
  list_at_most: { limit: 'number' },
  malformed_body: {},
  national_qualification_in_use: {},
  national_qualification_unknown_degree_level: {},
  news_body_to_publish: {},
  news_cover_too_large: {},
  news_cover_type: {},
  news_no_pending: {},
  news_one_translation: {},
  news_publish_at_past: {},
  news_publish_at_required: {},
  news_stale: {},
  news_tag_invalid: {},
  news_title_required: {},
  no_diploma_or_transcript: {},
  no_earlier_status: {},
  notes_required: {},
  notes_required_council: {},
  notes_required_exemption: {},
  notes_required_invalidate: {},
  notification_confidential: {},
  notification_misplaced_secret: { names: 'text' },
  notification_no_recipient: {},
  notification_not_manual: {},
  notification_not_resendable: {},
  notification_stale_template: {},
  notification_subject_or_template: {},
  notification_unknown_application: {},
  notification_unknown_user: {},
  notification_unknown_variable: { names: 'text' },
  notification_wrong_audience: {},
  officer_not_active: {},
  password_current_wrong: {},
  password_directory_account: {},
  password_unchanged: {},
  payment_amount_differs: {},
  personal_data_already_anonymised: {},
  payment_export_too_large: {},
  payment_not_paid: {},
  payment_receipt_not_found: {},
  payment_refund_not_positive: {},
  payment_refund_too_large: {},
  payment_stale: {},
  payment_transaction_taken: {},
  range_not_satisfiable: {},
  reference_already_merged: {},
  reference_in_use: {},
  reference_invalid_email: {},
  reference_levels_only_for_degrees: {},
  reference_merge_self: {},
  reference_merge_target_inactive: {},
  reference_stale: {},
  reference_unknown_country: {},
  reference_unknown_institution: {},
  report_failed: {},
  report_not_ready: {},
  report_period_reversed: {},
  report_period_too_long: {},
  report_too_many_exports: {},
  request_type_required: {},
  request_type_unknown: {},
  required: {},
  retention_duplicate_service: {},
  retention_unknown_service: { code: 'text' },
  saved_filter_name_taken: { name: 'text' },
  service_degree_option: {},
  service_duplicate: {},
  service_duplicate_document_type: {},
  service_has_applications: {},
  service_processing_days_max: {},
  service_processing_days_min: {},
  service_stage: {},
  service_stale: {},
  service_type_locked: {},
  service_unknown_case: {},
  service_unpriced_case: {},
  service_wrong_table_kind: {},
  settings_duplicate_date: {},
  settings_folder_not_absolute: {},
  settings_idle_above_lifetime: {},
  settings_invalid_address: {},
  settings_invalid_date: {},
  settings_invalid_host: {},
  settings_logo_too_large: {},
  settings_logo_type: {},
  settings_out_of_range: {},
  settings_password_needs_user: {},
  settings_seal_file: {},
  settings_seal_password: {},
  settings_stale: {},
  settings_upload_above_ceiling: {},
  settings_whole_number: {},
  specimen_feature_unknown: {},
  specimen_file_type: {},
  specimen_not_matching: {},
  specimen_pattern_invalid: {},
  specimen_pattern_nested: {},
  specimen_period_reversed: {},
  specimen_stale: {},
  specimen_unknown_institution: {},
  statement_columns: {},
  statement_empty: {},
  statement_encoding: {},
  statement_imported: {},
  statement_line_not_resolvable: {},
  statement_line_resolved: {},
  statement_match_amount_differs: { amount: 'text', due: 'text' },
  statement_not_csv: {},
  statement_not_imported: {},
  statement_payment_not_pending: {},
  statement_send_as_file: {},
  statement_too_large: {},
  statement_too_many_lines: {},
  too_long: { max: 'number' },
  too_short: { min: 'number' },
  upload_damaged: {},
  upload_empty: {},
  upload_interrupted: {},
  upload_not_pdf: {},
  upload_send_as_file: {},
  upload_stalled: {},
  upload_too_large: { limit: 'number' },
  user_administrator_email: {},
  user_administrator_password_shown: {},
  user_builtin_group_name: {},
  user_directory_password: {},
  user_duplicate_group: {},
  user_email_taken: {},
  user_group_name_taken: {},
  user_identity_not_checked: {},
  user_inactive_user: {},
  user_last_administrator: {},
  user_no_such_session: {},
  user_selection_changed: {},
  user_selection_too_large: {},
  user_self_deactivate: {},
  user_self_demote: {},
  user_stale: {},
  user_stale_group: {},
  user_superuser_only: {},
  user_two_factor_not_enabled: {},
  user_unknown_group: {},
  user_unknown_permission: {},
  user_username_taken: {},
  verdict_not_submitted: {},
  verdict_pdf_missing: {},
  verdict_submitted: {},
  verification_contact_empty: {},
  watch_entry_lifted: {},
  watch_entry_running: {},
} as const satisfies Record<string, Readonly<Record<string, RefusalParamKind>>>;

type ParamKindsOf = typeof REFUSALS;
/** A code the server sends: one of the ErrorCodes or one of REFUSALS. */
export type RefusalCode = ErrorCode | keyof ParamKindsOf;
/** The parameters a code carries (none for an ErrorCode). */
export type RefusalParams<C extends RefusalCode> = C extends keyof ParamKindsOf
  ? keyof ParamKindsOf[C] extends never
    ? NoParams
    : { readonly [P in keyof ParamKindsOf[C]]: string | number }
  : NoParams;
/** A code without parameters takes none (so an object meant for `extra` cannot slip in). */
type NoParams = Readonly<Record<string, never>>;
/** A refusal as it crosses the wire: the code and its parameters. */
export interface Refusal<C extends RefusalCode = RefusalCode> {
  code: C;
  params: RefusalParams<C>;
}
/** A code's parameters as arguments: optional when it has none. */
export type RefusalArgs<C extends RefusalCode> = RefusalParams<C> extends Readonly<Record<string, never>> ? [params?: RefusalParams<C>] : [params: RefusalParams<C>];

/** What checkRefusal makes: a zod issue's `params` naming its refusal. */
export interface CheckRefusal<C extends RefusalCode = RefusalCode> {
  refusal: Refusal<C>;
}

/**
 * The `params` of a shared schema's own check (a zod refinement): the refusal it stands for. The
 * server answers a failed check with this code, a form says this code's text; the check's English
 * `message` is only the API's `detail`, never read back.
 */
export function checkRefusal<C extends RefusalCode>(code: C, ...[params]: RefusalArgs<C>): CheckRefusal<C> {
  return { refusal: { code, params: (params ?? {}) as RefusalParams<C> } };
}

/** The refusal a zod issue's `params` name (see checkRefusal), or null for an issue of zod's own. */
export function refusalOfIssue(issue: { params?: unknown } | undefined): Refusal | null {
  const named = issue?.params && typeof issue.params === 'object' ? (issue.params as { refusal?: unknown }).refusal : undefined;
  if (!named || typeof named !== 'object') return null;
  const { code, params } = named as { code?: unknown; params?: unknown };
  if (!isRefusalCode(code)) return null;
  return { code, params: (params && typeof params === 'object' ? params : {}) as RefusalParams<RefusalCode> };
}

const ERROR_CODE_SET: ReadonlySet<string> = new Set(Object.values(ERROR_CODES));

export function isRefusalCode(value: unknown): value is RefusalCode {
  return typeof value === 'string' && (ERROR_CODE_SET.has(value) || Object.hasOwn(REFUSALS, value));
}

/** The kinds of a code's parameters (empty for an ErrorCode). */
export function refusalParamKinds(code: RefusalCode): Readonly<Record<string, RefusalParamKind>> {
  return Object.hasOwn(REFUSALS, code) ? REFUSALS[code as keyof ParamKindsOf] : {};
}

/** i18next key of a code's text. */
export function refusalTextKey(code: RefusalCode): string {
  return ERROR_CODE_SET.has(code) ? `errors:${code}` : `refusals:${code}`;
}

/** `{{name}}` and `{{name, format}}` in a text → its values, each as the plain string it is. */
export function interpolateRefusal(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** A `document_types` parameter ("original_diploma,id_document") as its names, in the order sent. */
export function documentTypeList(value: string, name: (type: string) => string): string {
  return value
    .split(',')
    .filter((type) => type !== '')
    .map(name)
    .join(', ');
}

/** The variables a text interpolates (for the catalogue's test). */
export function refusalTextVariables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}/g)].map((match) => match[1]!);
}
