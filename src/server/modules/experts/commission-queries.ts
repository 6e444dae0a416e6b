import { sql } from 'kysely';
import type { Commission, CommissionListItem, CommissionMember, MemberOption } from '../../../shared/api/experts';
import type { AcademicFieldCategory } from '../../../shared/domain/application-status';
import { GROUPS } from '../../../shared/auth/permissions';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import { displayNameSql } from '../../shared/display-name';
import { foldedSql, foldedWordPatterns } from '../../shared/accent-folding';
import { nameInSql } from '../../shared/localised-names';
import type { Language } from '../../../shared/constants';
import { sortByName } from '../../shared/name-order';

// Reading expert commissions: the list (with member, chair and open review counts), one
// commission with its members and the reviews the caller may see, and the evaluators a
// commission may take as members.

export interface CommissionFilter {
  /** The reader's language: the list is in the order of the names they read. */
  language: Language;
  active?: boolean;
  field?: AcademicFieldCategory;
  search?: string;
  limit: number;
  offset: number;
}

const fullName = displayNameSql('users');

export async function listCommissions(db: AppDatabase, filter: CommissionFilter): Promise<{ count: number; rows: CommissionListItem[] }> {
  let query = db.selectFrom('expert_commissions');
  if (filter.active !== undefined) query = query.where('expert_commissions.active', '=', filter.active);
  if (filter.field) query = query.where('expert_commissions.academic_field_category', '=', filter.field);
  // Each word in any of the three names or the description, accents folded.
  const searched = foldedSql(
    sql`expert_commissions.name_en || ' ' || expert_commissions.name_sq || ' ' || expert_commissions.name_sr || ' ' || coalesce(expert_commissions.description, '')`,
  );
  for (const pattern of foldedWordPatterns(filter.search)) query = query.where(sql<boolean>`${searched} like ${pattern}`);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    query
      .select([
        'expert_commissions.id',
        'expert_commissions.name_en',
        'expert_commissions.name_sq',
        'expert_commissions.name_sr',
        'expert_commissions.academic_field_category',
        'expert_commissions.active',
        sql<number>`(select count(*)::int from expert_commission_members m where m.commission_id = expert_commissions.id)`.as('member_count'),
        sql<string | null>`(select ${displayNameSql('u')}
          from expert_commission_members m join users u on u.id = m.user_id
          where m.commission_id = expert_commissions.id and m.is_chair limit 1)`.as('chair_name'),
        sql<number>`(select count(*)::int from expert_reviews r where r.commission_id = expert_commissions.id and r.status = 'requested')`.as('open_review_count'),
      ])
      .orderBy(nameInSql('expert_commissions', filter.language))
      .orderBy('expert_commissions.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ]);
  return { count: Number(count), rows };
}

/** The members, the chair first, then by last and first name in the reader's language (name-order.ts). */
export async function commissionMembers(db: AppDatabase, commissionId: number, language: string): Promise<CommissionMember[]> {
  const rows = await db
    .selectFrom('expert_commission_members')
    .innerJoin('users', 'users.id', 'expert_commission_members.user_id')
    .select(['users.id', 'users.username', fullName.as('full_name'), 'expert_commission_members.is_chair', 'users.first_name', 'users.last_name'])
    .where('expert_commission_members.commission_id', '=', commissionId)
    .orderBy('users.id')
    .execute();
  return sortByName(rows, language, (row) => [row.last_name, row.first_name, row.username])
    .sort((a, b) => Number(b.is_chair) - Number(a.is_chair))
    .map(({ id, username, full_name, is_chair }) => ({ id, username, full_name, is_chair }));
}

/** One commission; its reviews are only those of applications inside the caller's row scope. */
export async function findCommission(db: AppDatabase, scope: ApplicationScope, id: number, language: string): Promise<Commission | null> {
  const row = await db.selectFrom('expert_commissions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [members, reviews] = await Promise.all([
    commissionMembers(db, id, language),
    db
      .selectFrom('expert_reviews')
      .innerJoin('applications', 'applications.id', 'expert_reviews.application_id')
      .innerJoin('users', 'users.id', 'expert_reviews.reviewer_id')
      .select([
        'expert_reviews.id',
        'expert_reviews.application_id',
        'applications.reference as application_reference',
        'expert_reviews.reviewer_id',
        fullName.as('reviewer_name'),
        'expert_reviews.status',
        'expert_reviews.due_date',
        sql<boolean>`expert_reviews.status = 'requested' and expert_reviews.due_date < current_date`.as('overdue'),
      ])
      .where('expert_reviews.commission_id', '=', id)
      .where(visibleIn(scope))
      .orderBy('expert_reviews.requested_at', 'desc')
      .orderBy('expert_reviews.id', 'desc')
      .limit(200)
      .execute(),
  ]);
  return {
    id: row.id,
    name_en: row.name_en,
    name_sq: row.name_sq,
    name_sr: row.name_sr,
    description: row.description ?? '',
    academic_field_category: row.academic_field_category,
    active: row.active,
    members,
    chair_id: members.find((member) => member.is_chair)?.id ?? null,
    reviews,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Active users of the Evaluators group: who a commission may take as members, by name in the reader's language. */
export async function evaluatorOptions(db: AppDatabase, language: string, ids?: readonly number[]): Promise<MemberOption[]> {
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.username', fullName.as('full_name'), 'users.first_name', 'users.last_name'])
    .where('users.is_active', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_groups')
          .innerJoin('groups', 'groups.id', 'user_groups.group_id')
          .select(sql`1`.as('one'))
          .whereRef('user_groups.user_id', '=', 'users.id')
          .where('groups.name', '=', GROUPS.evaluators),
      ),
    );
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('users.id', 'in', ids);
  }
  const rows = await query.orderBy('users.id').limit(500).execute();
  return sortByName(rows, language, (row) => [row.last_name, row.first_name, row.username]).map(({ id, username, full_name }) => ({ id, username, full_name }));
}
