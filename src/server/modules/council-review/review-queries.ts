import { sql } from 'kysely';
import type { User } from '../../../shared/api/auth';
import type { CouncilApplicationReview } from '../../../shared/api/council-review';
import type { ServiceType } from '../../../shared/constants';
import { movesFor } from '../../../shared/domain/application-workflow';
import type { AppDatabase } from '../../db/database';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import { loadQualification } from '../../application-qualification';
import { councilSeats, participationOf } from '../../council-quorum';
import { missingRequiredDocuments } from '../../required-documents';
import { displayName } from '../../shared/display-name';
import { namesFrom } from '../../shared/localised-names';

// Everything the council review screen (route /councils/applications/:id) needs in one answer:
// with the qualification under review and the required documents the file still lacks.
// The row scope decides whether the application exists for the caller (null → 404).

const COUNCIL_ACTIONS = new Set(['start_council_review', 'record_council_decision']);
const iso = (value: Date | null) => (value ? value.toISOString() : null);

export async function loadCouncilReview(db: AppDatabase, scope: ApplicationScope, user: User, id: number): Promise<CouncilApplicationReview | null> {
  const row = await db
    .selectFrom('applications')
    .innerJoin('services', 'services.id', 'applications.service_id')
    .leftJoin('education_info', 'education_info.application_id', 'applications.id')
    .select([
      'applications.id',
      'applications.reference',
      'applications.service_type',
      'applications.status',
      'applications.archived',
      'applications.invalidated',
      'applications.review_status',
      'applications.review_due_date',
      'applications.applicant_name',
      'applications.institution_name',
      'applications.institution_country',
      'applications.academic_field_category',
      'applications.council_id',
      'applications.council_outcome',
      'applications.council_comments',
      'applications.review_notes',
      'applications.version',
      'education_info.program_name',
      'services.id as service_id',
      'services.name_en as service_name_en',
      'services.name_sq as service_name_sq',
      'services.name_sr as service_name_sr',
      'services.fee_enabled',
      'services.fee_exemption_allowed',
      sql<boolean>`applications.review_due_date < current_date and applications.review_status in ('pending_review', 'in_review')`.as('overdue'),
    ])
    .where('applications.id', '=', id)
    .where(visibleIn(scope))
    .executeTakeFirst();
  if (!row) return null;

  const councilId = row.council_id;
  const [council, seats, documents, conflicts, expertReviews, decisions, meetings, qualification, missingDocuments] = await Promise.all([
    councilId === null ? null : db.selectFrom('councils').select(['id', 'name_en', 'name_sq', 'name_sr', 'active', 'quorum']).where('id', '=', councilId).executeTakeFirst(),
    councilId === null ? null : councilSeats(db, councilId, id),
    db
      .selectFrom('application_documents')
      .leftJoin('users', 'users.id', 'application_documents.reviewed_by_id')
      .select([
        'application_documents.id',
        'application_documents.file_name',
        'application_documents.active_content',
        'application_documents.document_type',
        'application_documents.kind',
        'application_documents.size',
        'application_documents.uploaded_at',
        'application_documents.status',
        'application_documents.review_notes',
        'application_documents.reviewed_by_id',
        'application_documents.reviewed_at',
        'application_documents.storage_key',
        'application_documents.sha256',
        'users.first_name',
        'users.last_name',
      ])
      .where('application_documents.application_id', '=', id)
      .orderBy('application_documents.uploaded_at')
      .orderBy('application_documents.id')
      .execute(),
    db
      .selectFrom('council_conflicts')
      .innerJoin('users', 'users.id', 'council_conflicts.user_id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'users.username', 'council_conflicts.reason', 'council_conflicts.declared_at'])
      .where('council_conflicts.application_id', '=', id)
      .orderBy('council_conflicts.declared_at')
      .orderBy('users.id')
      .execute(),
    db
      .selectFrom('expert_reviews')
      .innerJoin('expert_commissions', 'expert_commissions.id', 'expert_reviews.commission_id')
      .innerJoin('users', 'users.id', 'expert_reviews.reviewer_id')
      .select([
        'expert_reviews.id',
        'expert_commissions.name_en as commission_en',
        'expert_commissions.name_sq as commission_sq',
        'expert_commissions.name_sr as commission_sr',
        'users.first_name',
        'users.last_name',
        'users.username',
        'expert_reviews.status',
        'expert_reviews.due_date',
        'expert_reviews.recommendation',
        'expert_reviews.assessment',
        'expert_reviews.comments',
        'expert_reviews.submitted_at',
        'expert_reviews.report_storage_key',
      ])
      .where('expert_reviews.application_id', '=', id)
      .orderBy('expert_reviews.requested_at')
      .orderBy('expert_reviews.id')
      .execute(),
    db
      .selectFrom('council_decisions')
      .leftJoin('users', 'users.id', 'council_decisions.recorded_by_id')
      .leftJoin('council_meetings', 'council_meetings.id', 'council_decisions.meeting_id')
      .select([
        'council_decisions.id',
        'council_decisions.outcome',
        'council_decisions.comments',
        'council_decisions.review_notes',
        'council_decisions.participant_ids',
        'council_decisions.recorded_by_id',
        'council_decisions.recorded_at',
        'users.first_name',
        'users.last_name',
        'users.username',
        'council_meetings.id as meeting_id',
        'council_meetings.scheduled_at',
        'council_meetings.place',
      ])
      .where('council_decisions.application_id', '=', id)
      .orderBy('council_decisions.recorded_at', 'desc')
      .orderBy('council_decisions.id', 'desc')
      .execute(),
    councilId === null
      ? []
      : db
          .selectFrom('council_meetings')
          .select(['id', 'scheduled_at', 'place', 'status'])
          .where('council_id', '=', councilId)
          .where('status', 'in', ['scheduled', 'held'])
          .orderBy('scheduled_at', 'desc')
          .orderBy('id', 'desc')
          .limit(50)
          .execute(),
    loadQualification(db, id),
    missingRequiredDocuments(db, id),
  ]);

  // Participants of past decisions who have since left the council still get their names.
  const participantIds = [...new Set(decisions.flatMap((decision) => decision.participant_ids))];
  const participants =
    participantIds.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'username']).where('id', 'in', participantIds).execute();
  const participantName = new Map(participants.map((person) => [person.id, displayName(person.first_name, person.last_name, person.username)]));

  const subject = { service_type: row.service_type as ServiceType, status: row.status, archived: row.archived, invalidated: row.invalidated };
  const participation = participationOf(user, council ? seats : null);
  // Only the council's two moves are kept, and no fee rule decides those: the service's current
  // fee settings serve as the policy (the quoted ones matter for the payment steps only).
  const policy = { fee_enabled: row.fee_enabled, fee_exemption_allowed: row.fee_exemption_allowed };
  const allowed = movesFor(user, subject, policy).filter((move) => COUNCIL_ACTIONS.has(move.action));

  return {
    application: {
      id: row.id,
      reference: row.reference,
      service: { id: row.service_id, ...namesFrom(row, 'service_name') },
      status: row.status,
      review_status: row.review_status,
      review_due_date: row.review_due_date,
      overdue: Boolean(row.overdue),
      applicant_name: row.applicant_name,
      institution_name: row.institution_name,
      institution_country: row.institution_country?.trim() ?? null,
      program_name: row.program_name ?? null,
      academic_field_category: row.academic_field_category,
      council_outcome: row.council_outcome,
      council_comments: row.council_comments,
      review_notes: row.review_notes,
      version: row.version,
      allowed_actions: participation.may_decide ? allowed : [],
    },
    qualification,
    missing_documents: missingDocuments,
    documents: documents.map((document) => ({
      id: document.id,
      file_name: document.file_name,
      document_type: document.document_type,
      kind: document.kind,
      size: Number(document.size),
      uploaded_at: document.uploaded_at.toISOString(),
      status: document.status,
      review_notes: document.review_notes,
      reviewed_by: document.reviewed_by_id === null ? null : { id: document.reviewed_by_id, full_name: displayName(document.first_name, document.last_name) },
      reviewed_at: iso(document.reviewed_at),
      has_file: document.storage_key !== null,
      sha256: document.sha256,
      active_content: document.active_content,
    })),
    council: council && seats ? { id: council.id, name_en: council.name_en, name_sq: council.name_sq, name_sr: council.name_sr, active: council.active, quorum: council.quorum, members: seats } : null,
    conflicts: conflicts.map((conflict) => ({
      member: { id: conflict.id, full_name: displayName(conflict.first_name, conflict.last_name, conflict.username) },
      reason: conflict.reason,
      declared_at: conflict.declared_at.toISOString(),
    })),
    expert_reviews: expertReviews.map((review) => {
      const submitted = review.status === 'submitted';
      // What an evaluator writes is the council's to read once submitted (locked); before that, only that it is pending.
      return {
        id: review.id,
        commission: namesFrom(review, 'commission'),
        reviewer: displayName(review.first_name, review.last_name, review.username),
        status: review.status,
        due_date: review.due_date,
        recommendation: submitted ? review.recommendation : null,
        assessment: submitted ? review.assessment : null,
        comments: submitted ? review.comments : null,
        submitted_at: iso(review.submitted_at),
        report_present: submitted && review.report_storage_key !== null,
      };
    }),
    decisions: decisions.map((decision) => ({
      id: decision.id,
      outcome: decision.outcome,
      comments: decision.comments,
      review_notes: decision.review_notes,
      participants: decision.participant_ids.map((personId) => ({ id: personId, full_name: participantName.get(personId) ?? '' })),
      meeting: decision.meeting_id !== null && decision.scheduled_at && decision.place !== null ? { id: decision.meeting_id, scheduled_at: decision.scheduled_at.toISOString(), place: decision.place } : null,
      recorded_by: decision.recorded_by_id === null ? null : { id: decision.recorded_by_id, full_name: displayName(decision.first_name, decision.last_name, decision.username) },
      recorded_at: decision.recorded_at.toISOString(),
    })),
    meetings: meetings.map((meeting) => ({ id: meeting.id, scheduled_at: meeting.scheduled_at.toISOString(), place: meeting.place, status: meeting.status as 'scheduled' | 'held' })),
    participation,
  };
}
