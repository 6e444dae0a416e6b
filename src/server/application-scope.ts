import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { User } from '../shared/api/auth';
import { GROUPS, isAdmin } from '../shared/auth/permissions';
import type { Database } from './db/schema';

// Row-level access to applications (permissions.md), one rule for every module that reads
// applications or what hangs off them: council members see the applications of their councils,
// the inspectorate those waiting for it and those it decided, evaluators none until expert
// reviews exist. Groups that see every application lift these limits. The scope is a
// WHERE condition, so list, counts, detail and actions all page and lock only what may be seen.

const SEES_EVERY_APPLICATION: readonly string[] = [
  GROUPS.administrators,
  GROUPS.naricAdministrators,
  GROUPS.naricOfficers,
  GROUPS.agencyOfficers,
  GROUPS.paymentOfficers,
  GROUPS.documentVerifiers,
];
const LIMITED_GROUPS: readonly string[] = [GROUPS.councilMembers, GROUPS.inspectorate, GROUPS.evaluators];

export type ApplicationScope =
  | { kind: 'all' }
  | { kind: 'limited'; userId: number; councils: boolean; inspectorate: boolean };

export function applicationScope(user: User): ApplicationScope {
  const broad = isAdmin(user) || user.groups.some((group) => SEES_EVERY_APPLICATION.includes(group));
  const limited = user.groups.some((group) => LIMITED_GROUPS.includes(group));
  if (broad || !limited) return { kind: 'all' };
  return {
    kind: 'limited',
    userId: user.id,
    councils: user.groups.includes(GROUPS.councilMembers),
    inspectorate: user.groups.includes(GROUPS.inspectorate),
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
    return eb.or(allowed);
  };
}

