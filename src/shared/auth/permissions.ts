// Roles and permissions (spec §6, shared/design/permissions.md). The server is the authority;
// the renderer uses the same rules only to decide what to show.

export const PERMISSION_CATALOGUE = {
  applications: [
    'view_application',
    'add_application',
    'change_application',
    'change_status',
    'assign_council',
    'prepare_decision',
    'decide_application',
    'issue_document',
    'invalidate_application',
    'archive_application',
  ],
  documents: ['view_document', 'verify_document', 'change_document', 'manage_templates'],
  payments: ['view_payment', 'mark_paid', 'process_refund', 'review_exemption'],
  councils: ['view_council', 'change_council', 'review_application', 'view_analytics'],
  expert: ['view_commission', 'change_commission', 'submit_review'],
  inspectorate: ['upload_verification', 'decide_verification'],
  notifications: ['view_notification', 'send_notification', 'manage_templates'],
  news: ['view_news', 'change_news', 'publish_news'],
  reports: ['view_reports', 'export_reports'],
  settings: ['view_settings', 'change_settings'],
} as const;

type Catalogue = typeof PERMISSION_CATALOGUE;
export type PermissionName = {
  [App in keyof Catalogue]: `${App}.${Catalogue[App][number]}`;
}[keyof Catalogue];

export const ALL_PERMISSIONS: readonly PermissionName[] = Object.entries(PERMISSION_CATALOGUE).flatMap(
  ([app, codenames]) => codenames.map((codename) => `${app}.${codename}` as PermissionName),
);

export const GROUPS = {
  administrators: 'Administrators',
  naricAdministrators: 'NARIC Administrators',
  naricOfficers: 'NARIC Officers',
  agencyOfficers: 'Agency Officers',
  councilMembers: 'Council Members',
  evaluators: 'Evaluators',
  paymentOfficers: 'Payment Officers',
  documentVerifiers: 'Document Verifiers',
  inspectorate: 'Inspectorate',
  contentManagers: 'Content Managers',
} as const;
export type GroupName = (typeof GROUPS)[keyof typeof GROUPS];

const ADMIN_GROUPS: readonly string[] = [GROUPS.administrators, GROUPS.naricAdministrators];
const STAFF_GROUPS: readonly string[] = [
  GROUPS.naricAdministrators,
  GROUPS.naricOfficers,
  GROUPS.councilMembers,
  GROUPS.paymentOfficers,
  GROUPS.documentVerifiers,
  GROUPS.contentManagers,
];
const NARIC_OFFICER_IMPLICIT: readonly string[] = [
  'documents.verify_document',
  'documents.change_document',
  'payments.mark_paid',
  'payments.process_refund',
];

const allOf = <App extends keyof Catalogue>(app: App) =>
  PERMISSION_CATALOGUE[app].map((codename) => `${app}.${codename}` as PermissionName);

/** The seeded default permissions of each group (permissions.md, "Default groups"). */
export const DEFAULT_GROUP_PERMISSIONS: Record<GroupName, readonly PermissionName[]> = {
  Administrators: ALL_PERMISSIONS,
  'NARIC Administrators': ALL_PERMISSIONS,
  'NARIC Officers': [
    ...allOf('applications').filter(
      (p) => p !== 'applications.invalidate_application' && p !== 'applications.decide_application',
    ),
    'documents.view_document',
    'documents.verify_document',
    'documents.change_document',
    'payments.view_payment',
    'payments.mark_paid',
    'payments.process_refund',
    'payments.review_exemption',
    'notifications.view_notification',
    'notifications.send_notification',
    // Officers run the standard reports and export them (the spec's dashboard offers them "generate report").
    'reports.view_reports',
    'reports.export_reports',
  ],
  'Agency Officers': ['applications.view_application', 'applications.decide_application'],
  'Council Members': ['councils.view_council', 'councils.review_application', 'applications.view_application'],
  Evaluators: ['expert.view_commission', 'expert.submit_review', 'applications.view_application'],
  'Payment Officers': [...allOf('payments'), 'applications.view_application'],
  'Document Verifiers': ['documents.view_document', 'documents.verify_document', 'applications.view_application'],
  Inspectorate: [
    'inspectorate.upload_verification',
    'inspectorate.decide_verification',
    'applications.view_application',
  ],
  'Content Managers': [...allOf('news'), 'notifications.manage_templates', 'documents.manage_templates'],
};

/** The part of the user object these rules read (spec §3). */
export interface PermissionSubject {
  is_superuser: boolean;
  is_staff: boolean;
  groups: readonly string[];
  permissions: readonly string[];
}

export function isAdmin(user: PermissionSubject | null | undefined): boolean {
  if (!user) return false;
  return user.is_superuser || user.groups.some((g) => ADMIN_GROUPS.includes(g));
}

export function isStaff(user: PermissionSubject | null | undefined): boolean {
  if (!user) return false;
  return user.is_staff || user.groups.some((g) => STAFF_GROUPS.includes(g));
}

export function isCouncilMember(user: PermissionSubject | null | undefined): boolean {
  return !!user && user.groups.includes(GROUPS.councilMembers);
}

/** A council member who is not an admin lands on the council dashboard (spec §2, §6). */
export function landsOnCouncilDashboard(user: PermissionSubject | null | undefined): boolean {
  return isCouncilMember(user) && !isAdmin(user);
}

export function hasPermission(user: PermissionSubject | null | undefined, permission: string): boolean {
  if (!user) return false;
  if (user.is_superuser) return true;
  if (user.groups.includes(GROUPS.naricOfficers) && NARIC_OFFICER_IMPLICIT.includes(permission)) return true;
  const codename = permission.includes('.') ? permission.slice(permission.indexOf('.') + 1) : permission;
  return user.permissions.some((held) => held === permission || held === codename);
}

// Whoever prepares, reviews, approves or advises on a recognition decision reads the legal
// reasons and national reference qualifications it is built from (officers, agency officers,
// council members, evaluators); administrators keep them.
const DECISION_REFERENCE_READERS: readonly PermissionName[] = [
  'applications.prepare_decision',
  'applications.decide_application',
  'councils.review_application',
  'expert.submit_review',
];

/** May read the legal reasons and national reference qualifications of recognition decisions. */
export function mayReadDecisionReferences(user: PermissionSubject | null | undefined): boolean {
  return isAdmin(user) || DECISION_REFERENCE_READERS.some((permission) => hasPermission(user, permission));
}

/**
 * Establishes authenticity: reads institutions' verification contacts and the evidence of their
 * checks, records checks. Administrators and whoever verifies documents (document verifiers,
 * officers); others who read an application see the findings and the watch-list flag only.
 */
export function mayVerifyAuthenticity(user: PermissionSubject | null | undefined): boolean {
  return isAdmin(user) || hasPermission(user, 'documents.verify_document');
}
