import { sql } from 'kysely';
import type { ApplicationReview, ExpertReview, RequestOption, ReviewListItem } from '../../../shared/api/experts';
import type { ApplicantFields, ApplicationScope } from '../../application-scope';
import { visibleIn } from '../../application-scope';
import { loadQualification } from '../../application-qualification';
import type { AppDatabase } from '../../db/database';
import { commissionMembers } from './commission-queries';
import { displayNameSql } from '../../shared/display-name';
import { namesFrom } from '../../shared/localised-names';

// Reading expert reviews: those of one application (inside the caller's row scope), an
// evaluator's own ("My reviews"; admins see every review), and one review with the application
// summary and its documents' metadata for the evaluator's screen.

const name = (alias: string) => displayNameSql(alias);
const overdue = sql<boolean>`expert_reviews.status = 'requested' and expert_reviews.due_date < current_date`;
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The application, when the caller's row scope holds it (null otherwise: the routes answer 404). */
export async function findVisibleApplication(db: AppDatabase, scope: ApplicationScope, id: number) {
  return db
    .selectFrom('applications')
    .select(['applications.id', 'applications.service_type', 'applications.council_id', 'applications.closed_at', 'applications.archived', 'applications.invalidated'])
    .where('applications.id', '=', id)
    .where(visibleIn(scope))
    .executeTakeFirst();
}

export async function sitsOnCouncil(db: AppDatabase, userId: number, councilId: number | null): Promise<boolean> {
  if (councilId === null) return false;
  return !!(await db.selectFrom('council_members').select('user_id').where('council_id', '=', councilId).where('user_id', '=', userId).executeTakeFirst());
}

export async function applicationReviews(db: AppDatabase, applicationId: number): Promise<ApplicationReview[]> {
  const rows = await db
    .selectFrom('expert_reviews')
    .innerJoin('expert_commissions', 'expert_commissions.id', 'expert_reviews.commission_id')
    .innerJoin('users as reviewer', 'reviewer.id', 'expert_reviews.reviewer_id')
    .select([
      'expert_reviews.id',
      'expert_reviews.commission_id',
      'expert_commissions.name_en as commission_name_en',
      'expert_commissions.name_sq as commission_name_sq',
      'expert_commissions.name_sr as commission_name_sr',
      'expert_reviews.reviewer_id',
      name('reviewer').as('reviewer_name'),
      'expert_reviews.requested_at',
      'expert_reviews.due_date',
      overdue.as('overdue'),
      'expert_reviews.status',
      'expert_reviews.submitted_at',
      'expert_reviews.assessment',
      'expert_reviews.recommendation',
      'expert_reviews.comments',
      'expert_reviews.report_file_name',
      'expert_reviews.report_size',
    ])
    .where('expert_reviews.application_id', '=', applicationId)
    .orderBy('expert_reviews.requested_at', 'desc')
    .orderBy('expert_reviews.id', 'desc')
    .execute();
  return rows.map(({ report_file_name, report_size, requested_at, submitted_at, assessment, recommendation, comments, commission_name_en, commission_name_sq, commission_name_sr, ...row }) => {
    const submitted = row.status === 'submitted';
    return {
      ...row,
      commission_names: { name_en: commission_name_en, name_sq: commission_name_sq, name_sr: commission_name_sr },
      requested_at: requested_at.toISOString(),
      submitted_at: iso(submitted_at),
      assessment: submitted ? assessment : null,
      recommendation: submitted ? recommendation : null,
      comments: submitted ? comments : null,
      report: submitted && report_file_name ? { file_name: report_file_name, size: Number(report_size ?? 0) } : null,
    };
  });
}

/** Active commissions with their members: what a review may be requested from. */
export async function requestOptions(db: AppDatabase, language: string): Promise<RequestOption[]> {
  const commissions = await db
    .selectFrom('expert_commissions')
    .select(['id', 'name_en', 'name_sq', 'name_sr', 'academic_field_category'])
    .where('active', '=', true)
    // The screen sorts by the name in the reader's language; this order only keeps answers stable.
    .orderBy('name_en')
    .execute();
  return Promise.all(
    commissions.map(async (commission) => ({
      ...commission,
      members: (await commissionMembers(db, commission.id, language)).map(({ id, full_name, username, is_chair }) => ({ id, full_name, username, is_chair })),
    })),
  );
}

export async function listReviews(
  db: AppDatabase,
  filter: { reviewerId: number | null; status?: 'requested' | 'submitted'; limit: number; offset: number },
): Promise<{ count: number; rows: ReviewListItem[] }> {
  let query = db
    .selectFrom('expert_reviews')
    .innerJoin('applications', 'applications.id', 'expert_reviews.application_id')
    .innerJoin('expert_commissions', 'expert_commissions.id', 'expert_reviews.commission_id')
    .innerJoin('users as reviewer', 'reviewer.id', 'expert_reviews.reviewer_id');
  if (filter.reviewerId !== null) query = query.where('expert_reviews.reviewer_id', '=', filter.reviewerId);
  if (filter.status) query = query.where('expert_reviews.status', '=', filter.status);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    query
      .select([
        'expert_reviews.id',
        'expert_reviews.application_id',
        'applications.reference as application_reference',
        'applications.applicant_name',
        'expert_reviews.commission_id',
        'expert_commissions.name_en as commission_name_en',
      'expert_commissions.name_sq as commission_name_sq',
      'expert_commissions.name_sr as commission_name_sr',
        name('reviewer').as('reviewer_name'),
        'expert_reviews.due_date',
        overdue.as('overdue'),
        'expert_reviews.status',
        'expert_reviews.submitted_at',
      ])
      // Open work first, the most urgent on top; then what was submitted, newest first.
      .orderBy(sql`expert_reviews.status = 'submitted'`)
      .orderBy(sql`case when expert_reviews.status = 'requested' then expert_reviews.due_date end`)
      .orderBy('expert_reviews.submitted_at', 'desc')
      .orderBy('expert_reviews.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ]);
  return {
    count: Number(count),
    rows: rows.map(({ commission_name_en, commission_name_sq, commission_name_sr, ...row }) => ({
      ...row,
      commission_names: { name_en: commission_name_en, name_sq: commission_name_sq, name_sr: commission_name_sr },
      submitted_at: iso(row.submitted_at),
    })),
  };
}

/** The review's stored row (what the writes and the report download check). */
export async function reviewRow(db: AppDatabase, reviewId: number) {
  return db.selectFrom('expert_reviews').selectAll().where('id', '=', reviewId).executeTakeFirst();
}

export async function findReview(db: AppDatabase, reviewId: number, fields: ApplicantFields): Promise<ExpertReview | null> {
  const row = await db
    .selectFrom('expert_reviews')
    .innerJoin('expert_commissions', 'expert_commissions.id', 'expert_reviews.commission_id')
    .innerJoin('users as reviewer', 'reviewer.id', 'expert_reviews.reviewer_id')
    .leftJoin('users as requester', 'requester.id', 'expert_reviews.requested_by_id')
    .innerJoin('applications', 'applications.id', 'expert_reviews.application_id')
    .innerJoin('services', 'services.id', 'applications.service_id')
    .select([
      'expert_reviews.id',
      'expert_reviews.status',
      'expert_reviews.commission_id',
      'expert_commissions.name_en as commission_name_en',
      'expert_commissions.name_sq as commission_name_sq',
      'expert_commissions.name_sr as commission_name_sr',
      'expert_reviews.reviewer_id',
      name('reviewer').as('reviewer_name'),
      sql<string | null>`case when requester.id is null then null else ${name('requester')} end`.as('requested_by_name'),
      'expert_reviews.requested_at',
      'expert_reviews.due_date',
      overdue.as('overdue'),
      'expert_reviews.submitted_at',
      'expert_reviews.assessment',
      'expert_reviews.recommendation',
      'expert_reviews.comments',
      'expert_reviews.report_file_name',
      'expert_reviews.report_size',
      'expert_reviews.version',
      'applications.id as application_id',
      'applications.reference',
      'applications.status as application_status',
      'applications.service_type',
      'services.name_en as service_name_en',
      'services.name_sq as service_name_sq',
      'services.name_sr as service_name_sr',
      'applications.applicant_name',
      'applications.institution_name',
      'applications.institution_country',
      'applications.academic_field_category',
      'applications.submitted_at as application_submitted_at',
    ])
    .where('expert_reviews.id', '=', reviewId)
    .executeTakeFirst();
  if (!row) return null;
  const [education, documents] = await Promise.all([
    fields.education ? loadQualification(db, row.application_id) : Promise.resolve(null),
    db
      .selectFrom('application_documents')
      .select(['id', 'file_name', 'document_type', 'kind', 'media_type', 'size', 'status', 'uploaded_at', sql<boolean>`storage_key is not null`.as('has_file')])
      .where('application_id', '=', row.application_id)
      .orderBy('uploaded_at')
      .orderBy('id')
      .execute(),
  ]);
  const submitted = row.status === 'submitted';
  return {
    id: row.id,
    status: row.status,
    locked: submitted,
    commission_id: row.commission_id,
    commission_names: namesFrom(row, 'commission_name'),
    reviewer_id: row.reviewer_id,
    reviewer_name: row.reviewer_name,
    requested_by_name: row.requested_by_name,
    requested_at: row.requested_at.toISOString(),
    due_date: row.due_date,
    overdue: row.overdue,
    submitted_at: iso(row.submitted_at),
    assessment: row.assessment ?? '',
    recommendation: row.recommendation,
    comments: row.comments ?? '',
    report: row.report_file_name ? { file_name: row.report_file_name, size: Number(row.report_size ?? 0) } : null,
    version: row.version,
    application: {
      id: row.application_id,
      reference: row.reference,
      status: row.application_status,
      service_type: row.service_type,
      service_name_en: row.service_name_en,
      service_name_sq: row.service_name_sq,
      service_name_sr: row.service_name_sr,
      applicant_name: row.applicant_name,
      institution_name: row.institution_name,
      institution_country: row.institution_country,
      academic_field_category: row.academic_field_category,
      submitted_at: row.application_submitted_at.toISOString(),
      ...(fields.education ? { education } : {}),
    },
    documents: documents.map((document) => ({ ...document, size: Number(document.size), uploaded_at: document.uploaded_at.toISOString() })),
  };
}
