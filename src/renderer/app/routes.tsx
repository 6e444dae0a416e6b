import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PermissionName } from '../../shared/auth/permissions';
import type { Access } from './guard';

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

export type ScreenComponent = ComponentType<{ titleKey: string }>;

export interface AppRoute {
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
  /** Needed to see the sidebar item; the server still decides what the screen may load. */
  permission?: PermissionName;
  /** The breadcrumb above this one. */
  parent?: string;
  screen: LazyExoticComponent<ScreenComponent>;
}

// Each screen is its own chunk, loaded when its route is first opened.
const LoginScreen = lazy(() => import('../features/auth/login-screen').then((m) => ({ default: m.LoginScreen })));
const HomeScreen = lazy(() => import('../features/home/home-screen').then((m) => ({ default: m.HomeScreen })));
const ProfileScreen = lazy(() => import('../features/profile/profile-screen').then((m) => ({ default: m.ProfileScreen })));
const ApplicationListScreen = lazy(() => import('../features/applications/application-list-screen').then((m) => ({ default: m.ApplicationListScreen })));
const IncompleteApplicationsScreen = lazy(() =>
  import('../features/applications/application-list-screen').then((m) => ({ default: m.IncompleteApplicationsScreen })),
);
const ApplicationDetailScreen = lazy(() => import('../features/applications/application-detail-screen').then((m) => ({ default: m.ApplicationDetailScreen })));
const VerdictEditorScreen = lazy(() => import('../features/verdicts/verdict-editor-screen').then((m) => ({ default: m.VerdictEditorScreen })));
const InspectorateVerificationsScreen = lazy(() =>
  import('../features/inspectorate/inspectorate-verifications-screen').then((m) => ({ default: m.InspectorateVerificationsScreen })),
);
const DocumentsScreen = lazy(() => import('../features/document-library/documents-screen').then((m) => ({ default: m.DocumentsScreen })));
const DocumentTemplatesScreen = lazy(() =>
  import('../features/document-templates/document-templates-screen').then((m) => ({ default: m.DocumentTemplatesScreen })),
);
const NotFoundScreen = lazy(() => import('../features/not-found/not-found-screen').then((m) => ({ default: m.NotFoundScreen })));
/** Areas of later versions (spec §2 lists them; their screens are not built yet). */
const Unavailable = lazy(() =>
  import('../features/area-unavailable/area-unavailable-screen').then((m) => ({ default: m.AreaUnavailableScreen })),
);

type RouteSpec = Omit<AppRoute, 'screen' | 'titleKey'> & { screen?: AppRoute['screen']; title: string };

const spec: RouteSpec[] = [
  { id: 'login', path: '/login', access: 'guest', title: 'login', area: null, screen: LoginScreen },
  { id: 'home', path: '/', access: 'signed_in', title: 'home', area: 'overview', navigation: true, screen: HomeScreen },
  { id: 'profile', path: '/profile', access: 'signed_in', title: 'profile', area: null, parent: 'home', screen: ProfileScreen },

  { id: 'applications', path: '/applications', access: 'signed_in', title: 'applications', area: 'applications', navigation: true, permission: 'applications.view_application', screen: ApplicationListScreen },
  { id: 'applications-offline-new', path: '/applications/offline/new', access: 'admin', title: 'applicationsOfflineNew', area: 'applications', navigation: true, parent: 'applications' },
  { id: 'applications-incomplete', path: '/applications/incomplete', access: 'signed_in', title: 'applicationsIncomplete', area: 'applications', navigation: true, permission: 'applications.view_application', parent: 'applications', screen: IncompleteApplicationsScreen },
  { id: 'application-detail', path: '/applications/:id', access: 'signed_in', title: 'applicationDetail', area: 'applications', parent: 'applications', screen: ApplicationDetailScreen },
  { id: 'verdict-editor', path: '/applications/:applicationId/verdict/:verdictId', access: 'signed_in', title: 'verdictEditor', area: 'applications', parent: 'application-detail', screen: VerdictEditorScreen },

  { id: 'councils', path: '/councils', access: 'signed_in', title: 'councils', area: 'councils', navigation: true, permission: 'councils.view_council' },
  { id: 'council-dashboard', path: '/councils/dashboard', access: 'signed_in', title: 'councilDashboard', area: 'councils', navigation: true, permission: 'councils.review_application', parent: 'councils' },
  { id: 'council-application-review', path: '/councils/applications/:id', access: 'signed_in', title: 'councilApplicationReview', area: 'councils', parent: 'council-dashboard' },
  { id: 'council-analytics', path: '/councils/analytics', access: 'signed_in', title: 'councilAnalytics', area: 'councils', navigation: true, permission: 'councils.view_analytics', parent: 'councils' },
  { id: 'council-create', path: '/councils/create', access: 'signed_in', title: 'councilCreate', area: 'councils', parent: 'councils' },
  { id: 'council-detail', path: '/councils/:id', access: 'signed_in', title: 'councilDetail', area: 'councils', parent: 'councils' },
  { id: 'council-edit', path: '/councils/:id/edit', access: 'signed_in', title: 'councilEdit', area: 'councils', parent: 'council-detail' },
  { id: 'inspectorate-verifications', path: '/inspectorate-verifications', access: 'signed_in', title: 'inspectorateVerifications', area: 'applications', navigation: true, permission: 'inspectorate.upload_verification', screen: InspectorateVerificationsScreen },

  { id: 'expert-commissions', path: '/expert-commissions', access: 'signed_in', title: 'expertCommissions', area: 'experts', navigation: true, permission: 'expert.view_commission' },
  { id: 'expert-commission-create', path: '/expert-commissions/create', access: 'signed_in', title: 'expertCommissionCreate', area: 'experts', parent: 'expert-commissions' },
  { id: 'expert-commission-detail', path: '/expert-commissions/:id', access: 'signed_in', title: 'expertCommissionDetail', area: 'experts', parent: 'expert-commissions' },
  { id: 'expert-commission-edit', path: '/expert-commissions/:id/edit', access: 'signed_in', title: 'expertCommissionEdit', area: 'experts', parent: 'expert-commission-detail' },
  { id: 'expert-reviews', path: '/expert-reviews', access: 'signed_in', title: 'expertReviews', area: 'experts', navigation: true, permission: 'expert.submit_review' },
  { id: 'expert-review', path: '/expert-reviews/:id', access: 'signed_in', title: 'expertReview', area: 'experts', parent: 'expert-reviews' },

  { id: 'documents', path: '/documents', access: 'signed_in', title: 'documents', area: 'documents', navigation: true, permission: 'documents.view_document', screen: DocumentsScreen },
  { id: 'document-templates', path: '/documents/templates', access: 'signed_in', title: 'documentTemplates', area: 'documents', navigation: true, permission: 'documents.manage_templates', parent: 'documents', screen: DocumentTemplatesScreen },

  { id: 'payments', path: '/payments', access: 'signed_in', title: 'payments', area: 'payments', navigation: true, permission: 'payments.view_payment' },
  { id: 'payment-detail', path: '/payments/:id', access: 'signed_in', title: 'paymentDetail', area: 'payments', parent: 'payments' },

  { id: 'notifications', path: '/notifications', access: 'signed_in', title: 'notifications', area: 'communication', navigation: true, permission: 'notifications.view_notification' },
  { id: 'notification-templates', path: '/notifications/templates', access: 'signed_in', title: 'notificationTemplates', area: 'communication', navigation: true, permission: 'notifications.manage_templates', parent: 'notifications' },
  { id: 'news', path: '/news', access: 'signed_in', title: 'news', area: 'communication', navigation: true, permission: 'news.view_news' },
  { id: 'news-create', path: '/news/create', access: 'signed_in', title: 'newsCreate', area: 'communication', parent: 'news' },
  { id: 'news-article', path: '/news/:id', access: 'signed_in', title: 'newsArticle', area: 'communication', parent: 'news' },
  { id: 'news-edit', path: '/news/:id/edit', access: 'signed_in', title: 'newsEdit', area: 'communication', parent: 'news-article' },

  { id: 'reports', path: '/reports', access: 'signed_in', title: 'reports', area: 'reports', navigation: true, permission: 'reports.view_reports' },

  { id: 'users', path: '/users', access: 'admin', title: 'users', area: 'administration', navigation: true },
  { id: 'user-create', path: '/users/create', access: 'admin', title: 'userCreate', area: 'administration', parent: 'users' },
  { id: 'user-detail', path: '/users/:id', access: 'admin', title: 'userDetail', area: 'administration', parent: 'users' },
  { id: 'user-edit', path: '/users/:id/edit', access: 'admin', title: 'userEdit', area: 'administration', parent: 'user-detail' },
  { id: 'services', path: '/services', access: 'admin', title: 'services', area: 'administration', navigation: true },
  { id: 'service-create', path: '/services/create', access: 'admin', title: 'serviceCreate', area: 'administration', parent: 'services' },
  { id: 'service-detail', path: '/services/:id', access: 'admin', title: 'serviceDetail', area: 'administration', parent: 'services' },
  { id: 'service-edit', path: '/services/:id/edit', access: 'admin', title: 'serviceEdit', area: 'administration', parent: 'service-detail' },
  { id: 'deadlines', path: '/deadlines', access: 'admin', title: 'deadlines', area: 'administration', navigation: true },
  { id: 'reference', path: '/reference', access: 'admin', title: 'reference', area: 'administration', navigation: true },
  { id: 'countries', path: '/reference/countries', access: 'admin', title: 'countries', area: 'administration', navigation: true, parent: 'reference' },
  { id: 'settings', path: '/settings', access: 'signed_in', title: 'settings', area: 'administration', navigation: true, permission: 'settings.view_settings' },

  { id: 'not-found', path: '*', access: 'anyone', title: 'notFound', area: null, screen: NotFoundScreen },
];

/** The route table of spec §2, in one place: guards, router, sidebar and breadcrumbs read it. */
export const APP_ROUTES: readonly AppRoute[] = spec.map(({ title, screen, ...route }) => ({
  ...route,
  titleKey: `titles.${title}`,
  screen: screen ?? Unavailable,
}));

/** What each react-router route carries, so breadcrumbs can find its row in the table. */
export interface RouteHandle {
  routeId: string;
}

export const ROUTES_BY_ID: ReadonlyMap<string, AppRoute> = new Map(APP_ROUTES.map((route) => [route.id, route]));

export function routeById(id: string): AppRoute {
  const route = ROUTES_BY_ID.get(id);
  if (!route) throw new Error(`No route '${id}' in the route table`);
  return route;
}

/** The breadcrumb trail of a route, outermost first. */
export function breadcrumbTrail(route: AppRoute): AppRoute[] {
  const trail: AppRoute[] = [];
  for (let current: AppRoute | undefined = route; current; current = current.parent ? ROUTES_BY_ID.get(current.parent) : undefined) {
    trail.unshift(current);
  }
  return trail;
}
