import { sql } from 'kysely';
import type { ApplicationDetail, HistoryEntry, PersonRef, TimelineEntry } from '../../../shared/api/applications';
import { ACTION_NAMES, WORKFLOW_ACTIONS, movesFor, type ActionName } from '../../../shared/domain/application-workflow';
import type { ServiceType } from '../../../shared/constants';
import type { User } from '../../../shared/api/auth';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { applicantFieldsFor, visibleIn, type ApplicationScope } from '../../application-scope';
import { WATCH_FLAG } from '../../application-list-item';
import { WATCH_HISTORY_ACTIONS, type WatchCategory } from '../../../shared/api/authenticity';
import { currentInspectorateDocumentId } from '../../inspectorate-document';
import { explainApplicationDeadlines } from '../../application-deadlines';
import { feePolicy } from '../../workflow/fee-policy';
import { fullNameSql } from '../../shared/display-name';

// One application with everything the detail screen shows, and the moves open to the caller.

const HISTORY_ACTIONS: ReadonlySet<string> = new Set([...ACTION_NAMES, 'submit']);

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The application's own columns the detail reads: not its copy of the personal ID, nor the search text made from it. */
const APPLICATION_COLUMNS = [
  'id', 'reference', 'service_id', 'service_type', 'status', 'previous_status', 'priority', 'applicant_id', 'institution_name',
  'institution_country', 'assigned_officer_id', 'assigned_at', 'council_id', 'submitted_at', 'deadline', 'notes', 'review_status',
  'review_due_date', 'council_comments', 'review_notes', 'reviewed_by_id', 'review_date', 'academic_field_category', 'decision_outcome',
  'decision_comments', 'decided_by_id', 'decided_at', 'inspectorate_outcome', 'inspectorate_verified_at', 'inspectorate_verified_by_id',
  'inspectorate_notes', 'archived', 'invalidated', 'incomplete', 'version', 'quoted_fee', 'fee_quote', 'document_requirements',
] as const satisfies readonly (keyof Database['applications'])[];

/** A column the caller receives, or NULL in its place (application-scope.ts decides which). */
function allowed<T>(flag: boolean, column: string, alias: string) {
  return flag ? sql<T>`${sql.ref(column)}`.as(alias) : sql<null>`null`.as(alias);
}

export async function loadApplicationDetail(
  db: AppDatabase,
  scope: ApplicationScope,
  user: User,
  id: number,
  /** Today for the deadlines' explanation (tests pass a controlled clock's now). */
  now: Date = new Date(),
): Promise<ApplicationDetail | null> {
  const fields = applicantFieldsFor(user);
  const row = await db
    .selectFrom('applications')
    .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
    .innerJoin('services', 'services.id', 'applications.service_id')
    .leftJoin('councils', 'councils.id', 'applications.council_id')
    .where('applications.id', '=', id)
    .where(visibleIn(scope))
    .select(APPLICATION_COLUMNS.map((column) => `applications.${column}` as const))
    .select([
      'applicants.first_name',
      'applicants.last_name',
      allowed<string>(fields.contact, 'applicants.email', 'email'),
      allowed<string | null>(fields.contact, 'applicants.phone', 'phone'),
      allowed<string | null>(fields.identity, 'applicants.personal_id', 'applicant_personal_id'),
      allowed<string | null>(fields.identity, 'applicants.date_of_birth', 'date_of_birth'),
      'applicants.gender',
      'applicants.country',
      allowed<string | null>(fields.contact, 'applicants.city', 'city'),
      allowed<string | null>(fields.contact, 'applicants.address', 'address'),
      'services.name_en as service_name_en',
      'services.name_sq as service_name_sq',
      'services.name_sr as service_name_sr',
      'services.fee_enabled',
      'services.fee_exemption_allowed',
      'councils.name_en as council_name_en',
      'councils.name_sq as council_name_sq',
      'councils.name_sr as council_name_sr',
      sql<boolean>`applications.deadline < current_date and applications.closed_at is null`.as('overdue'),
      sql<number>`floor(extract(epoch from (coalesce(applications.closed_at, now()) - applications.submitted_at)) / 86400)::int`.as(
        'days_in_system',
      ),
      WATCH_FLAG.as('watch_flag'),
    ])
    .executeTakeFirst();
  if (!row) return null;

  const [education, documents, notes, history, payments, people, inspectorateDocumentId, deadlines] = await Promise.all([
    fields.education ? db.selectFrom('education_info').selectAll().where('application_id', '=', id).executeTakeFirst() : null,
    db.selectFrom('application_documents').selectAll().where('application_id', '=', id).orderBy('uploaded_at').orderBy('id').execute(),
    db.selectFrom('application_notes').selectAll().where('application_id', '=', id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    db.selectFrom('application_history').selectAll().where('application_id', '=', id).orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('application_payments')
      .select(['id', 'paid_at', 'recorded_by_id', allowed<string>(fields.payment, 'amount', 'amount'), allowed<string>(fields.payment, 'transaction_id', 'transaction_id')])
      // A pending or exempted payment is no payment received (they are kept from the request on).
      .where('paid_at', 'is not', null)
      .where('application_id', '=', id)
      .orderBy('paid_at')
      .execute(),
    peopleOf(db, id),
    currentInspectorateDocumentId(db, id),
    explainApplicationDeadlines(db, id, now),
  ]);
  const person = (userId: number | null): PersonRef | null =>
    userId === null ? null : { id: userId, full_name: people.get(userId) ?? `#${userId}` };

  const historyEntries: HistoryEntry[] = history
    .filter((entry) => HISTORY_ACTIONS.has(entry.action))
    .map((entry) => ({
      id: entry.id,
      action: entry.action as HistoryEntry['action'],
      from_status: entry.from_status,
      to_status: entry.to_status,
      actor: person(entry.actor_id),
      notes: entry.notes,
      created_at: entry.created_at.toISOString(),
    }));

  const timeline: TimelineEntry[] = [
    ...history.map((entry): TimelineEntry => ({
      id: `history-${entry.id}`,
      // A refund is the payments module's: it changes no status, and is a payment event.
      kind: entry.action === 'refund_payment'
        ? 'payment'
        : WATCH_HISTORY_ACTIONS.includes(entry.action)
        ? 'flag'
        : HISTORY_ACTIONS.has(entry.action)
        ? entry.action === 'submit'
          ? 'status'
          : timelineKind(entry.action as ActionName)
        : 'document',
      at: entry.created_at.toISOString(),
      action: entry.action,
      from_status: entry.from_status,
      to_status: entry.to_status,
      actor: person(entry.actor_id),
      notes: entry.notes,
    })),
    ...payments.map((payment): TimelineEntry => ({
      id: `payment-${payment.id}`,
      kind: 'payment',
      at: payment.paid_at!.toISOString(),
      action: 'payment_received',
      from_status: null,
      to_status: null,
      actor: person(payment.recorded_by_id),
      notes: payment.amount === null ? null : `${payment.amount} · ${payment.transaction_id}`,
    })),
  ];
  // Documents uploaded by another module write their own history row; seeded ones have none.
  const uploadsInHistory = history.some((entry) => entry.action === 'document_uploaded');
  if (!uploadsInHistory) {
    for (const document of documents) {
      timeline.push({
        id: `document-${document.id}`,
        kind: 'document',
        at: document.uploaded_at.toISOString(),
        action: 'document_uploaded',
        from_status: null,
        to_status: null,
        actor: person(document.uploaded_by_id),
        notes: document.file_name,
      });
    }
  }
  timeline.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id.localeCompare(a.id)));

  const subject = {
    service_type: row.service_type as ServiceType,
    status: row.status,
    archived: row.archived,
    invalidated: row.invalidated,
  };
  const policy = feePolicy(row);
  const lastPayment = payments.at(-1);

  return {
    id: row.id,
    reference: row.reference,
    service_type: row.service_type,
    status: row.status,
    priority: row.priority,
    // What the caller does not receive is absent (not null): "not shown for your role", not "none".
    applicant: {
      id: row.applicant_id,
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: `${row.first_name} ${row.last_name}`.trim(),
      ...(fields.contact ? { email: row.email ?? '', phone: row.phone, city: row.city, address: row.address } : {}),
      ...(fields.identity ? { personal_id: row.applicant_personal_id, date_of_birth: row.date_of_birth } : {}),
      gender: row.gender,
      country: row.country?.trim() ?? null,
    },
    institution_name: row.institution_name,
    institution_country: row.institution_country?.trim() ?? null,
    submitted_at: row.submitted_at.toISOString(),
    assigned_officer: person(row.assigned_officer_id),
    council:
      row.council_id === null
        ? null
        : { id: row.council_id, name_en: row.council_name_en ?? '', name_sq: row.council_name_sq ?? '', name_sr: row.council_name_sr ?? '' },
    deadline: row.deadline,
    overdue: Boolean(row.overdue),
    days_in_system: Math.max(0, row.days_in_system),
    archived: row.archived,
    invalidated: row.invalidated,
    incomplete: row.incomplete,
    version: row.version,
    watch_flag: row.watch_flag as WatchCategory | null,
    service: {
      id: row.service_id,
      name_en: row.service_name_en,
      name_sq: row.service_name_sq,
      name_sr: row.service_name_sr,
      fee_enabled: row.fee_enabled, fee_exemption_allowed: row.fee_exemption_allowed },
    fee_snapshot: { quoted_fee: row.quoted_fee, fee_quote: row.fee_quote, document_requirements: row.document_requirements },
    ...(education === null ? {} : { education: education
      ? {
          institution_name: education.institution_name,
          institution_country: education.institution_country?.trim() ?? null,
          institution_email: education.institution_email,
          institution_website: education.institution_website,
          institution_type: education.institution_type,
          program_name: education.program_name,
          degree_level: education.degree_level,
          duration: education.duration,
          graduation_date: education.graduation_date,
          ects_credits: education.ects_credits,
          purpose_details: education.purpose_details,
          original_title: education.original_title,
          language_of_instruction: education.language_of_instruction,
          study_mode: education.study_mode,
          study_start: education.study_start,
          study_end: education.study_end,
          grading_scale: education.grading_scale,
          final_grade: education.final_grade,
        }
      : null }),
    notes: row.notes,
    previous_status: row.previous_status,
    assigned_at: iso(row.assigned_at),
    review_status: row.review_status,
    review_due_date: row.review_due_date,
    council_comments: row.council_comments,
    review_notes: row.review_notes,
    reviewed_by: person(row.reviewed_by_id),
    review_date: iso(row.review_date),
    academic_field_category: row.academic_field_category,
    decision:
      row.decision_outcome && row.decided_at
        ? { outcome: row.decision_outcome, comments: row.decision_comments, decided_by: person(row.decided_by_id), decided_at: row.decided_at.toISOString() }
        : null,
    inspectorate_document_id: inspectorateDocumentId,
    inspectorate:
      row.inspectorate_outcome && row.inspectorate_verified_at
        ? {
            outcome: row.inspectorate_outcome,
            verified_by: person(row.inspectorate_verified_by_id),
            verified_at: row.inspectorate_verified_at.toISOString(),
            notes: row.inspectorate_notes,
          }
        : null,
    ...(fields.payment
      ? { payment: lastPayment ? { amount: lastPayment.amount ?? '', transaction_id: lastPayment.transaction_id ?? '', paid_at: lastPayment.paid_at!.toISOString() } : null }
      : {}),
    documents: documents.map((document) => ({
      id: document.id,
      file_name: document.file_name,
      document_type: document.document_type,
      kind: document.kind,
      size: Number(document.size),
      uploaded_at: document.uploaded_at.toISOString(),
      status: document.status,
      review_notes: document.review_notes,
      reviewed_by: person(document.reviewed_by_id),
      reviewed_at: iso(document.reviewed_at),
      has_file: document.storage_key !== null,
      sha256: document.sha256,
      active_content: document.active_content,
    })),
    application_notes: notes.map((note) => ({
      id: note.id,
      author: person(note.author_id),
      text: note.text,
      created_at: note.created_at.toISOString(),
    })),
    history: historyEntries,
    timeline,
    allowed_actions: movesFor(user, subject, policy),
    deadlines,
  };
}

function timelineKind(action: ActionName): TimelineEntry['kind'] {
  const kind = WORKFLOW_ACTIONS[action].kind;
  return kind === 'transition' ? 'status' : kind;
}

/** Names of every user the application mentions, in one query. */
async function peopleOf(db: AppDatabase, applicationId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', fullNameSql().as('name'), 'username'])
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('application_history').select('actor_id').where('application_id', '=', applicationId).where('actor_id', 'is not', null).$narrowType<{ actor_id: number }>()),
        eb('id', 'in', eb.selectFrom('application_notes').select('author_id').where('application_id', '=', applicationId).where('author_id', 'is not', null).$narrowType<{ author_id: number }>()),
        eb('id', 'in', eb.selectFrom('application_documents').select('reviewed_by_id').where('application_id', '=', applicationId).where('reviewed_by_id', 'is not', null).$narrowType<{ reviewed_by_id: number }>()),
        eb('id', 'in', eb.selectFrom('application_documents').select('uploaded_by_id').where('application_id', '=', applicationId).where('uploaded_by_id', 'is not', null).$narrowType<{ uploaded_by_id: number }>()),
        eb('id', 'in', eb.selectFrom('application_payments').select('recorded_by_id').where('application_id', '=', applicationId).where('recorded_by_id', 'is not', null).$narrowType<{ recorded_by_id: number }>()),
        eb(
          'id',
          'in',
          eb
            .selectFrom('applications')
            .select(sql<number>`unnest(array[assigned_officer_id, reviewed_by_id, decided_by_id, inspectorate_verified_by_id])`.as('id'))
            .where('id', '=', applicationId),
        ),
      ]),
    )
    .execute();
  return new Map(rows.map((row) => [row.id, row.name ?? row.username]));
}
