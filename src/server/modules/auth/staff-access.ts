import { GROUPS, isAdmin, isStaff, type PermissionSubject } from '../../../shared/auth/permissions';

// The back-office is for the centre's own people. Agency officers, expert evaluators and the
// inspectorate are not "staff" in the spec's sense (§6), but they work in this application
// (§1: agency officers review prepared decisions, the inspectorate uploads verification PDFs),
// so their groups are let in too. Applicants, verified citizens and plain users are not.
const BACK_OFFICE_GROUPS: readonly string[] = [GROUPS.agencyOfficers, GROUPS.evaluators, GROUPS.inspectorate];

export function mayUseBackOffice(user: PermissionSubject): boolean {
  return isAdmin(user) || isStaff(user) || user.groups.some((group) => BACK_OFFICE_GROUPS.includes(group));
}
