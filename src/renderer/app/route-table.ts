import type { PermissionName } from '../../shared/auth/permissions';

// The route table of spec §2 as plain data: no React, no screens. The router, the guard, the
// sidebar, the breadcrumbs and the route × role e2e suite (tests/e2e/route-roles.spec.ts, which
// runs in Playwright's Node context) all read it, so a screen added here is guarded, offered and
// tested without another line. routes.tsx attaches each row's screen.

/** Who may open a route (spec §2). 'anyone' is the not-found screen. */
export type Access = 'guest' | 'signed_in' | 'admin' | 'anyone';

/** Navigation areas, in the order the sidebar shows them. */
export const NAV_AREAS = [
  'overview',
  'applications',
  'councils',
  'experts',
  'documents',
  'payments',
  'communication',
  'reports',
  'administration',
] as const;
export type NavArea = (typeof NAV_AREAS)[number];

export interface RouteRow {
  id: string;
  /** Absolute path pattern (react-router syntax). */
  path: string;
  access: Access;
  /** Breadcrumb and page title, namespace `nav`. */
  titleKey: string;
  /** The area the screen belongs to; null outside the signed-in navigation. */
  area: NavArea | null;
  /** Listed in the sidebar. */
  navigation?: boolean;
  /**
   * Needed to open the route, see it in the sidebar, and land on it. The guard refuses the route
   * without it; the server still decides what the screen may load.
   */
  permission?: PermissionName;
  /** The breadcrumb above this one. */
  parent?: string;
}

type RowSpec = Omit<RouteRow, 'titleKey'> & { title: string };

// Order matters: the sidebar lists an area's rows in this order, and a user without a rule of
// their own lands on the first navigation row their permissions open (guard.ts, landingPath).
const rows: RowSpec[] = [
  { id: 'login', path: '/login', access: 'guest', title: 'login', area: null },
  { id: 'home', path: '/', access: 'signed_in', title: 'home', area: 'overview', navigation: true },
  { id: 'profile', path: '/profile', access: 'signed_in', title: 'profile', area: null, parent: 'home' },

  { id: 'applications', path: '/applications', access: 'signed_in', title: 'applications', area: 'applications', navigation: true, permission: 'applications.view_application' },
  { id: 'applications-offline-new', path: '/applications/offline/new', access: 'admin', title: 'applicationsOfflineNew', area: 'applications', navigation: true, parent: 'applications' },
  { id: 'applications-incomplete', path: '/applications/incomplete', access: 'signed_in', title: 'applicationsIncomplete', area: 'applications', navigation: true, permission: 'applications.view_application', parent: 'applications' },
  // The register is every member of staff's; the server leaves out the names a reader may not see.
  // The register lists decisions of every application; who reads applications reads it (names by scope, on the server).
  { id: 'decision-register', path: '/decisions', access: 'signed_in', title: 'decisionRegister', area: 'applications', navigation: true, permission: 'applications.view_application' },
  { id: 'application-detail', path: '/applications/:id', access: 'signed_in', title: 'applicationDetail', area: 'applications', permission: 'applications.view_application', parent: 'applications' },
  // Reading a verdict needs only the application; writing it is checked on the screen.
  { id: 'verdict-editor', path: '/applications/:applicationId/verdict/:verdictId', access: 'signed_in', title: 'verdictEditor', area: 'applications', permission: 'applications.view_application', parent: 'application-detail' },
  // Reading a decision needs only the application; building and approving it follow the workflow's moves.
  { id: 'recognition-decision', path: '/applications/:applicationId/decision', access: 'signed_in', title: 'recognitionDecision', area: 'applications', permission: 'applications.view_application', parent: 'application-detail' },
  // Registering an appeal is an officer's; reading one follows its application (or the assignment), deciding it is checked by the server.
  { id: 'appeal-register', path: '/applications/:applicationId/appeals/new', access: 'signed_in', title: 'appealRegister', area: 'applications', permission: 'applications.prepare_decision', parent: 'application-detail' },
  { id: 'appeals', path: '/appeals', access: 'signed_in', title: 'appeals', area: 'applications', navigation: true, permission: 'applications.view_application' },
  { id: 'appeal-detail', path: '/appeals/:appealId', access: 'signed_in', title: 'appealDetail', area: 'applications', permission: 'applications.view_application', parent: 'appeals' },
  { id: 'appeal-decision', path: '/appeals/:appealId/decision', access: 'signed_in', title: 'appealDecision', area: 'applications', permission: 'applications.view_application', parent: 'appeal-detail' },

  { id: 'councils', path: '/councils', access: 'signed_in', title: 'councils', area: 'councils', navigation: true, permission: 'councils.view_council' },
  { id: 'council-dashboard', path: '/councils/dashboard', access: 'signed_in', title: 'councilDashboard', area: 'councils', navigation: true, permission: 'councils.review_application', parent: 'councils' },
  { id: 'council-application-review', path: '/councils/applications/:id', access: 'signed_in', title: 'councilApplicationReview', area: 'councils', permission: 'councils.review_application', parent: 'council-dashboard' },
  { id: 'council-analytics', path: '/councils/analytics', access: 'signed_in', title: 'councilAnalytics', area: 'councils', navigation: true, permission: 'councils.view_analytics', parent: 'councils' },
  { id: 'council-create', path: '/councils/create', access: 'signed_in', title: 'councilCreate', area: 'councils', permission: 'councils.change_council', parent: 'councils' },
  { id: 'council-detail', path: '/councils/:councilId', access: 'signed_in', title: 'councilDetail', area: 'councils', permission: 'councils.view_council', parent: 'councils' },
  { id: 'council-edit', path: '/councils/:councilId/edit', access: 'signed_in', title: 'councilEdit', area: 'councils', permission: 'councils.change_council', parent: 'council-detail' },
  { id: 'inspectorate-verifications', path: '/inspectorate-verifications', access: 'signed_in', title: 'inspectorateVerifications', area: 'applications', navigation: true, permission: 'inspectorate.upload_verification' },

  { id: 'expert-commissions', path: '/expert-commissions', access: 'signed_in', title: 'expertCommissions', area: 'experts', navigation: true, permission: 'expert.view_commission' },
  { id: 'expert-commission-create', path: '/expert-commissions/create', access: 'signed_in', title: 'expertCommissionCreate', area: 'experts', permission: 'expert.change_commission', parent: 'expert-commissions' },
  { id: 'expert-commission-detail', path: '/expert-commissions/:commissionId', access: 'signed_in', title: 'expertCommissionDetail', area: 'experts', permission: 'expert.view_commission', parent: 'expert-commissions' },
  { id: 'expert-commission-edit', path: '/expert-commissions/:commissionId/edit', access: 'signed_in', title: 'expertCommissionEdit', area: 'experts', permission: 'expert.change_commission', parent: 'expert-commission-detail' },
  { id: 'expert-reviews', path: '/expert-reviews', access: 'signed_in', title: 'expertReviews', area: 'experts', navigation: true, permission: 'expert.submit_review' },
  { id: 'expert-review', path: '/expert-reviews/:reviewId', access: 'signed_in', title: 'expertReview', area: 'experts', permission: 'expert.submit_review', parent: 'expert-reviews' },

  { id: 'documents', path: '/documents', access: 'signed_in', title: 'documents', area: 'documents', navigation: true, permission: 'documents.view_document' },
  { id: 'specimens', path: '/reference/specimens', access: 'signed_in', title: 'specimens', area: 'documents', navigation: true, permission: 'documents.verify_document' },
  { id: 'specimen', path: '/reference/specimens/:specimenId', access: 'signed_in', title: 'specimen', area: 'documents', permission: 'documents.verify_document', parent: 'specimens' },
  // Establishing a document's authenticity is whoever verifies documents' (verifiers, officers,
  // admins), as the specimens are; they also keep a check's result on an application as evidence.
  { id: 'verify-document', path: '/documents/verify', access: 'signed_in', title: 'verifyDocument', area: 'documents', navigation: true, permission: 'documents.verify_document' },
  { id: 'document-templates', path: '/documents/templates', access: 'signed_in', title: 'documentTemplates', area: 'documents', navigation: true, permission: 'documents.manage_templates', parent: 'documents' },

  // :paymentId, not :id (the route × role suite fills it with a demo payment).
  { id: 'payments', path: '/payments', access: 'signed_in', title: 'payments', area: 'payments', navigation: true, permission: 'payments.view_payment' },
  { id: 'statement-lines', path: '/payments/statement-lines', access: 'signed_in', title: 'statementLines', area: 'payments', navigation: true, permission: 'payments.view_payment', parent: 'payments' },
  { id: 'payment-detail', path: '/payments/:paymentId', access: 'signed_in', title: 'paymentDetail', area: 'payments', permission: 'payments.view_payment', parent: 'payments' },

  { id: 'notifications', path: '/notifications', access: 'signed_in', title: 'notifications', area: 'communication', navigation: true, permission: 'notifications.view_notification' },
  { id: 'notification-templates', path: '/notifications/templates', access: 'signed_in', title: 'notificationTemplates', area: 'communication', navigation: true, permission: 'notifications.manage_templates', parent: 'notifications' },
  { id: 'news', path: '/news', access: 'signed_in', title: 'news', area: 'communication', navigation: true, permission: 'news.view_news' },
  { id: 'news-create', path: '/news/create', access: 'signed_in', title: 'newsCreate', area: 'communication', permission: 'news.change_news', parent: 'news' },
  { id: 'news-article', path: '/news/:articleId', access: 'signed_in', title: 'newsArticle', area: 'communication', permission: 'news.view_news', parent: 'news' },
  { id: 'news-edit', path: '/news/:articleId/edit', access: 'signed_in', title: 'newsEdit', area: 'communication', permission: 'news.change_news', parent: 'news-article' },

  { id: 'reports', path: '/reports', access: 'signed_in', title: 'reports', area: 'reports', navigation: true, permission: 'reports.view_reports' },

  // :userId, not :id (the route × role suite fills it with a demo user). The groups screen is ours:
  // spec §2 names the roles users are given; administrators keep their permissions there.
  { id: 'users', path: '/users', access: 'admin', title: 'users', area: 'administration', navigation: true },
  { id: 'user-create', path: '/users/create', access: 'admin', title: 'userCreate', area: 'administration', parent: 'users' },
  { id: 'user-groups', path: '/users/groups', access: 'admin', title: 'userGroups', area: 'administration', navigation: true, parent: 'users' },
  { id: 'user-detail', path: '/users/:userId', access: 'admin', title: 'userDetail', area: 'administration', parent: 'users' },
  { id: 'user-edit', path: '/users/:userId/edit', access: 'admin', title: 'userEdit', area: 'administration', parent: 'user-detail' },
  // :serviceId, not :id: the route × role suite fills each parameter name with a demo record of its own.
  { id: 'services', path: '/services', access: 'admin', title: 'services', area: 'administration', navigation: true },
  { id: 'service-create', path: '/services/create', access: 'admin', title: 'serviceCreate', area: 'administration', parent: 'services' },
  { id: 'service-detail', path: '/services/:serviceId', access: 'admin', title: 'serviceDetail', area: 'administration', parent: 'services' },
  { id: 'service-edit', path: '/services/:serviceId/edit', access: 'admin', title: 'serviceEdit', area: 'administration', parent: 'service-detail' },
  { id: 'deadlines', path: '/deadlines', access: 'admin', title: 'deadlines', area: 'administration', navigation: true },
  { id: 'reference', path: '/reference', access: 'admin', title: 'reference', area: 'administration', navigation: true },
  { id: 'countries', path: '/reference/countries', access: 'admin', title: 'countries', area: 'administration', navigation: true, parent: 'reference' },
  { id: 'legal-reasons', path: '/reference/legal-reasons', access: 'admin', title: 'legalReasons', area: 'administration', navigation: true, parent: 'reference' },
  { id: 'institution-dossier', path: '/reference/institutions/:institutionId/dossier', access: 'admin', title: 'institutionDossier', area: 'administration', parent: 'reference' },
  { id: 'national-qualifications', path: '/reference/national-qualifications', access: 'admin', title: 'nationalQualifications', area: 'administration', navigation: true, parent: 'reference' },
  // Personal data (retention, holds, subject access, erasure) is the administrators': the server holds every call to them.
  { id: 'personal-data', path: '/personal-data', access: 'admin', title: 'personalData', area: 'administration', navigation: true },
  { id: 'personal-data-people', path: '/personal-data/people', access: 'admin', title: 'personalDataPeople', area: 'administration', navigation: true, parent: 'personal-data' },
  // :personId, not :id (the route × role suite fills it with the demo's person who asked for erasure).
  { id: 'personal-data-person', path: '/personal-data/people/:personId', access: 'admin', title: 'personalDataPerson', area: 'administration', parent: 'personal-data-people' },
  { id: 'settings', path: '/settings', access: 'signed_in', title: 'settings', area: 'administration', navigation: true, permission: 'settings.view_settings' },

  { id: 'not-found', path: '*', access: 'anyone', title: 'notFound', area: null },
];

export const ROUTE_TABLE: readonly RouteRow[] = rows.map(({ title, ...row }) => ({ ...row, titleKey: `titles.${title}` }));
