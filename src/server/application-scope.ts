import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { User } from '../shared/api/auth';
import { GROUPS, hasPermission, isAdmin } from '../shared/auth/permissions';
import type { Database } from './db/schema';

// Row-level access to applications (docs/access.md), one rule for every module that reads
// applications or what hangs off them: council members see the applications of their councils,
// the inspectorate those waiting for it and those it decided, agency officers those waiting for
// a decision and those they decided, evaluators those they were asked to review. Groups that see
// every application lift these limits. The scope is a WHERE condition, so list, counts, detail
// and actions all page and lock only what may be seen. Which of the applicant's fields a caller
// receives is the second rule here (applicantFieldsFor): the queries select only those.

const SEES_EVERY_APPLICATION: readonly string[] = [
  GROUPS.administrators,
  GROUPS.naricAdministrators,
  GROUPS.naricOfficers,
  GROUPS.paymentOfficers,
  GROUPS.documentVerifiers,
];
const LIMITED_GROUPS: readonly string[] = [GROUPS.councilMembers, GROUPS.inspectorate, GROUPS.evaluators, GROUPS.agencyOfficers];

export type ApplicationScope =
  | { kind: 'all' }
  | { kind: 'limited'; userId: number; councils: boolean; inspectorate: boolean; agency: boolean; evaluator: boolean };

export function applicationScope(user: User): ApplicationScope {
  const broad = isAdmin(user) || user.groups.some((group) => SEES_EVERY_APPLICATION.includes(group));
  const limited = user.groups.some((group) => LIMITED_GROUPS.includes(group));
  if (broad || !limited) return { kind: 'all' };
  return {
    kind: 'limited',
    userId: user.id,
    councils: user.groups.includes(GROUPS.councilMembers),
    inspectorate: user.groups.includes(GROUPS.inspectorate),
    agency: user.groups.includes(GROUPS.agencyOfficers),
    evaluator: user.groups.includes(GROUPS.evaluators),
  };
}

/** The WHERE condition of the scope, for a query over `applications`. */
export function visibleIn(scope: ApplicationScope) {
  return (eb: ExpressionBuilder<Database, 'applications'>): Expression<SqlBool> => {
    if (scope.kind === 'all') return eb.lit(true);
    const allowed: Expression<SqlBool>[] = [];
    if (scope.councils) {
      allowed.push(
        eb(
          'applications.council_id',
          'in',
          eb.selectFrom('council_members').select('council_members.council_id').where('council_members.user_id', '=', scope.userId),
        ),
      );
    }
    if (scope.inspectorate) {
      allowed.push(eb('applications.status', '=', 'inspectorate_pending'));
      allowed.push(eb('applications.inspectorate_verified_by_id', '=', scope.userId));
    }
    if (scope.agency) {
      allowed.push(eb('applications.status', '=', 'decision_pending'));
      allowed.push(eb('applications.decided_by_id', '=', scope.userId));
    }
    if (scope.evaluator) {
      allowed.push(
        eb(
          'applications.id',
          'in',
          eb.selectFrom('expert_reviews').select('expert_reviews.application_id').where('expert_reviews.reviewer_id', '=', scope.userId),
        ),
      );
    }
    return eb.or(allowed);
  };
}

/**
 * Which parts of an application's personal data the caller receives (docs/access.md, "Fields"),
 * from their permissions, so an admin who changes a group's permissions changes this too:
 * - contact (e-mail, phone, city, address): who corresponds with the applicant and edits the file;
 * - identity (personal ID, date of birth): also who decides on the person or checks their diploma
 *   with the issuing school;
 * - education (the education record): also who reviews documents or the academic content;
 * - payment (amount, transaction id): who handles payments.
 * Name, reference, institution and status are the case itself: everyone who sees the row gets them.
 */
export interface ApplicantFields {
  contact: boolean;
  identity: boolean;
  education: boolean;
  payment: boolean;
}

export function applicantFieldsFor(user: User): ApplicantFields {
  const holds = (permission: Parameters<typeof hasPermission>[1]) => hasPermission(user, permission);
  const contact = holds('applications.change_application');
  const identity = contact || holds('applications.decide_application') || holds('inspectorate.decide_verification');
  const education = identity || holds('documents.verify_document') || holds('councils.review_application') || holds('expert.submit_review');
  return { contact, identity, education, payment: holds('payments.view_payment') };
}

