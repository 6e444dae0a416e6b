import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTE_TABLE, type RouteRow } from './route-table';

export { NAV_AREAS, type NavArea } from './route-table';

export type ScreenComponent = ComponentType<{ titleKey: string }>;

/** A row of the route table with its screen. */
export interface AppRoute extends RouteRow {
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
const OfflineIntakeScreen = lazy(() => import('../features/offline-intake/offline-intake-screen').then((m) => ({ default: m.OfflineIntakeScreen })));
const ApplicationDetailScreen = lazy(() => import('../features/applications/application-detail-screen').then((m) => ({ default: m.ApplicationDetailScreen })));
const VerdictEditorScreen = lazy(() => import('../features/verdicts/verdict-editor-screen').then((m) => ({ default: m.VerdictEditorScreen })));
const DecisionRegisterScreen = lazy(() => import('../features/decision-register/decision-register-screen').then((m) => ({ default: m.DecisionRegisterScreen })));
const RecognitionDecisionScreen = lazy(() => import('../features/recognition-decision/decision-screen').then((m) => ({ default: m.RecognitionDecisionScreen })));
const AppealDecisionScreen = lazy(() => import('../features/recognition-decision/appeal-decision-screen').then((m) => ({ default: m.AppealDecisionScreen })));
const AppealListScreen = lazy(() => import('../features/appeals/appeal-list-screen').then((m) => ({ default: m.AppealListScreen })));
const AppealDetailScreen = lazy(() => import('../features/appeals/appeal-detail-screen').then((m) => ({ default: m.AppealDetailScreen })));
const RegisterAppealScreen = lazy(() => import('../features/appeals/register-appeal-screen').then((m) => ({ default: m.RegisterAppealScreen })));
const InspectorateVerificationsScreen = lazy(() =>
  import('../features/inspectorate/inspectorate-verifications-screen').then((m) => ({ default: m.InspectorateVerificationsScreen })),
);
const DocumentsScreen = lazy(() => import('../features/document-library/documents-screen').then((m) => ({ default: m.DocumentsScreen })));
const DocumentTemplatesScreen = lazy(() =>
  import('../features/document-templates/document-templates-screen').then((m) => ({ default: m.DocumentTemplatesScreen })),
);
const DeadlinesScreen = lazy(() => import('../features/deadlines/deadlines-screen').then((m) => ({ default: m.DeadlinesScreen })));
const ServiceListScreen = lazy(() => import('../features/services/service-list-screen').then((m) => ({ default: m.ServiceListScreen })));
const ServiceDetailScreen = lazy(() => import('../features/services/service-detail-screen').then((m) => ({ default: m.ServiceDetailScreen })));
const ServiceCreateScreen = lazy(() => import('../features/services/service-editor-screens').then((m) => ({ default: m.ServiceCreateScreen })));
const ServiceEditScreen = lazy(() => import('../features/services/service-editor-screens').then((m) => ({ default: m.ServiceEditScreen })));
const CouncilListScreen = lazy(() => import('../features/councils/council-list-screen').then((m) => ({ default: m.CouncilListScreen })));
const CouncilDetailScreen = lazy(() => import('../features/councils/council-detail-screen').then((m) => ({ default: m.CouncilDetailScreen })));
const CouncilCreateScreen = lazy(() => import('../features/councils/council-editor-screens').then((m) => ({ default: m.CouncilCreateScreen })));
const CouncilEditScreen = lazy(() => import('../features/councils/council-editor-screens').then((m) => ({ default: m.CouncilEditScreen })));
const CouncilDashboardScreen = lazy(() => import('../features/council-review/council-dashboard-screen').then((m) => ({ default: m.CouncilDashboardScreen })));
const CouncilApplicationReviewScreen = lazy(() => import('../features/council-review/council-review-screen').then((m) => ({ default: m.CouncilApplicationReviewScreen })));
const CouncilAnalyticsScreen = lazy(() => import('../features/council-analytics/council-analytics-screen').then((m) => ({ default: m.CouncilAnalyticsScreen })));
const ExpertCommissionListScreen = lazy(() => import('../features/expert-commissions/commission-list-screen').then((m) => ({ default: m.ExpertCommissionListScreen })));
const ExpertCommissionDetailScreen = lazy(() => import('../features/expert-commissions/commission-detail-screen').then((m) => ({ default: m.ExpertCommissionDetailScreen })));
const ExpertCommissionCreateScreen = lazy(() => import('../features/expert-commissions/commission-editor-screens').then((m) => ({ default: m.ExpertCommissionCreateScreen })));
const ExpertCommissionEditScreen = lazy(() => import('../features/expert-commissions/commission-editor-screens').then((m) => ({ default: m.ExpertCommissionEditScreen })));
const MyExpertReviewsScreen = lazy(() => import('../features/expert-reviews/my-reviews-screen').then((m) => ({ default: m.MyExpertReviewsScreen })));
const ExpertReviewScreen = lazy(() => import('../features/expert-reviews/expert-review-screen').then((m) => ({ default: m.ExpertReviewScreen })));
const UserListScreen = lazy(() => import('../features/users/user-list-screen').then((m) => ({ default: m.UserListScreen })));
const UserDetailScreen = lazy(() => import('../features/users/user-detail-screen').then((m) => ({ default: m.UserDetailScreen })));
const UserCreateScreen = lazy(() => import('../features/users/user-editor-screens').then((m) => ({ default: m.UserCreateScreen })));
const UserEditScreen = lazy(() => import('../features/users/user-editor-screens').then((m) => ({ default: m.UserEditScreen })));
const GroupListScreen = lazy(() => import('../features/users/group-list-screen').then((m) => ({ default: m.GroupListScreen })));
const PaymentListScreen = lazy(() => import('../features/payments/payment-list-screen').then((m) => ({ default: m.PaymentListScreen })));
const StatementLineListScreen = lazy(() => import('../features/payments/statement-line-list-screen').then((m) => ({ default: m.StatementLineListScreen })));
const PaymentDetailScreen = lazy(() => import('../features/payments/payment-detail-screen').then((m) => ({ default: m.PaymentDetailScreen })));
const NotificationListScreen = lazy(() => import('../features/notifications/notification-list-screen').then((m) => ({ default: m.NotificationListScreen })));
const NotificationTemplatesScreen = lazy(() =>
  import('../features/notification-templates/notification-templates-screen').then((m) => ({ default: m.NotificationTemplatesScreen })),
);
const ReportsScreen = lazy(() => import('../features/reports/reports-screen').then((m) => ({ default: m.ReportsScreen })));
const VerifyDocumentScreen = lazy(() => import('../features/document-checks/verify-document-screen').then((m) => ({ default: m.VerifyDocumentScreen })));
const SystemSettingsScreen = lazy(() => import('../features/system-settings/system-settings-screen').then((m) => ({ default: m.SystemSettingsScreen })));
const ReferenceDataScreen = lazy(() => import('../features/reference-data/reference-data-screen').then((m) => ({ default: m.ReferenceDataScreen })));
const CountriesScreen = lazy(() => import('../features/reference-data/countries-screen').then((m) => ({ default: m.CountriesScreen })));
const LegalReasonsScreen = lazy(() => import('../features/reference-data/legal-reasons-screen').then((m) => ({ default: m.LegalReasonsScreen })));
const NationalQualificationsScreen = lazy(() => import('../features/reference-data/national-qualifications-screen').then((m) => ({ default: m.NationalQualificationsScreen })));
const SpecimenListScreen = lazy(() => import('../features/diploma-specimens/specimen-list-screen').then((m) => ({ default: m.SpecimenListScreen })));
const SpecimenScreen = lazy(() => import('../features/diploma-specimens/specimen-screen').then((m) => ({ default: m.SpecimenScreen })));
const InstitutionDossierScreen = lazy(() => import('../features/institution-dossiers/dossier-screen').then((m) => ({ default: m.InstitutionDossierScreen })));
const NewsListScreen = lazy(() => import('../features/news/news-list-screen').then((m) => ({ default: m.NewsListScreen })));
const NewsCreateScreen = lazy(() => import('../features/news/news-editor-screens').then((m) => ({ default: m.NewsCreateScreen })));
const NewsEditScreen = lazy(() => import('../features/news/news-editor-screens').then((m) => ({ default: m.NewsEditScreen })));
const NewsArticleScreen = lazy(() => import('../features/news/news-article-screen').then((m) => ({ default: m.NewsArticleScreen })));
const PersonalDataScreen = lazy(() => import('../features/personal-data/personal-data-screen').then((m) => ({ default: m.PersonalDataScreen })));
const PeopleScreen = lazy(() => import('../features/personal-data/people-screen').then((m) => ({ default: m.PeopleScreen })));
const PersonScreen = lazy(() => import('../features/personal-data/person-screen').then((m) => ({ default: m.PersonScreen })));
const NotFoundScreen = lazy(() => import('../features/not-found/not-found-screen').then((m) => ({ default: m.NotFoundScreen })));
/** Every row's screen, by route id: every route of spec §2 is built (no placeholder screen is left). */
const SCREENS: Readonly<Record<string, LazyExoticComponent<ScreenComponent>>> = {
  login: LoginScreen,
  home: HomeScreen,
  profile: ProfileScreen,
  applications: ApplicationListScreen,
  'applications-offline-new': OfflineIntakeScreen,
  'applications-incomplete': IncompleteApplicationsScreen,
  'application-detail': ApplicationDetailScreen,
  'verdict-editor': VerdictEditorScreen,
  'recognition-decision': RecognitionDecisionScreen,
  'decision-register': DecisionRegisterScreen,
  'appeal-register': RegisterAppealScreen,
  appeals: AppealListScreen,
  'appeal-detail': AppealDetailScreen,
  'appeal-decision': AppealDecisionScreen,
  'inspectorate-verifications': InspectorateVerificationsScreen,
  documents: DocumentsScreen,
  'document-templates': DocumentTemplatesScreen,
  'verify-document': VerifyDocumentScreen,
  deadlines: DeadlinesScreen,
  services: ServiceListScreen,
  'service-create': ServiceCreateScreen,
  'service-detail': ServiceDetailScreen,
  'service-edit': ServiceEditScreen,
  'councils': CouncilListScreen,
  'council-detail': CouncilDetailScreen,
  'council-create': CouncilCreateScreen,
  'council-edit': CouncilEditScreen,
  'council-dashboard': CouncilDashboardScreen,
  'council-application-review': CouncilApplicationReviewScreen,
  'council-analytics': CouncilAnalyticsScreen,
  'expert-commissions': ExpertCommissionListScreen,
  'expert-commission-detail': ExpertCommissionDetailScreen,
  'expert-commission-create': ExpertCommissionCreateScreen,
  'expert-commission-edit': ExpertCommissionEditScreen,
  'expert-reviews': MyExpertReviewsScreen,
  'expert-review': ExpertReviewScreen,
  users: UserListScreen,
  'user-create': UserCreateScreen,
  'user-groups': GroupListScreen,
  'user-detail': UserDetailScreen,
  'user-edit': UserEditScreen,
  payments: PaymentListScreen,
  'statement-lines': StatementLineListScreen,
  'payment-detail': PaymentDetailScreen,
  notifications: NotificationListScreen,
  'notification-templates': NotificationTemplatesScreen,
  reference: ReferenceDataScreen,
  countries: CountriesScreen,
  'legal-reasons': LegalReasonsScreen,
  'national-qualifications': NationalQualificationsScreen,
  'institution-dossier': InstitutionDossierScreen,
  specimens: SpecimenListScreen,
  specimen: SpecimenScreen,
  reports: ReportsScreen,
  news: NewsListScreen,
  'news-create': NewsCreateScreen,
  'news-article': NewsArticleScreen,
  'news-edit': NewsEditScreen,
  settings: SystemSettingsScreen,
  'personal-data': PersonalDataScreen,
  'personal-data-people': PeopleScreen,
  'personal-data-person': PersonScreen,
  'not-found': NotFoundScreen,
};

/** The route table of spec §2 (route-table.ts) with its screens: guards, router, sidebar and breadcrumbs read it. */
export const APP_ROUTES: readonly AppRoute[] = ROUTE_TABLE.map((row) => {
  const screen = SCREENS[row.id];
  // A row without a screen is a programming error, caught by the first test that loads this module.
  if (!screen) throw new Error(`The route table's row '${row.id}' has no screen in routes.tsx`);
  return { ...row, screen };
});

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
