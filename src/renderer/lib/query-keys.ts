import type { QueryClient, QueryKey } from '@tanstack/react-query';

// Every TanStack Query key of the renderer, in one typed table: a feature reads and invalidates
// its data only through these, so a key cannot be misspelt in one place, and what a change in one
// feature makes stale in another is declared here (STALE_AFTER) rather than repeated as strings.
// A key is a prefix of the longer keys below it: invalidating `applications.all` refreshes every
// list of applications, whichever screen asked for it.

export const queryKeys = {
  appInfo: ['app-info'] as const,
  demoAccounts: ['demo-accounts'] as const,
  countryNames: ['country-names'] as const,
  systemHealth: ['system-health'] as const,
  dashboard: ['dashboard'] as const,
  /** Under the dashboard's key: whatever refreshes the dashboard refreshes the desk. */
  desk: ['dashboard', 'desk'] as const,
  inbox: ['inbox'] as const,
  twoFactorStatus: ['two-factor-status'] as const,
  updateState: ['updates', 'state'] as const,

  applications: {
    all: ['applications'] as const,
    list: (kind: 'list' | 'incomplete', query: unknown) => ['applications', kind, query] as const,
    inspectorate: (list: string, page: number, pageSize: number) => ['applications', 'inspectorate', list, page, pageSize] as const,
  },
  application: {
    detail: (id: number | null) => ['application', id] as const,
    expertReviews: (id: number) => ['application', id, 'expert-reviews'] as const,
    expertReviewOptions: (id: number) => ['application', id, 'expert-review-options'] as const,
    decisions: (id: number) => ['application', id, 'decisions'] as const,
    decisionOptions: (id: number) => ['application', id, 'decision-options'] as const,
    similarDecisions: (id: number, query: unknown) => ['application', id, 'similar-decisions', query] as const,
    decisionConsistency: (id: number) => ['application', id, 'decision-consistency'] as const,
    authenticity: (id: number) => ['application', id, 'authenticity'] as const,
    specimens: (id: number) => ['application', id, 'specimens'] as const,
    confirmationRequests: (id: number) => ['application', id, 'confirmation-requests'] as const,
    legalHold: (id: number) => ['application', id, 'legal-hold'] as const,
  },
  decisionCitations: (decisionId: number) => ['decision-citations', decisionId] as const,
  decisionRegister: {
    all: ['decision-register'] as const,
    list: (query: unknown) => ['decision-register', 'list', query] as const,
  },
  appeals: {
    all: ['appeals'] as const,
    list: (query: unknown) => ['appeals', 'list', query] as const,
    detail: (id: number) => ['appeals', 'detail', id] as const,
    decisionOptions: (id: number) => ['appeals', 'decision-options', id] as const,
    assignees: ['appeals', 'assignees'] as const,
    assigneesFor: (appealId: number) => ['appeals', 'assignees', appealId] as const,
  },
  applicationCouncils: ['application-councils'] as const,
  assignableOfficers: ['assignable-officers'] as const,
  savedFilters: ['saved-filters'] as const,
  verdicts: (applicationId: number) => ['verdicts', applicationId] as const,
  verdict: (applicationId: number, verdictId: number) => ['verdict', applicationId, verdictId] as const,

  councilAnalytics: (filter: unknown) => ['council-analytics', filter] as const,
  councilDashboard: ['council-dashboard'] as const,
  councilReview: (id: number) => ['council-review', id] as const,
  councils: {
    all: ['councils'] as const,
    list: (query: unknown) => ['councils', 'list', query] as const,
    memberOptions: ['councils', 'member-options'] as const,
  },
  council: (id: number) => ['council', id] as const,
  councilMeeting: (id: number | null) => ['council-meeting', id] as const,

  expertCommissions: {
    all: ['expert-commissions'] as const,
    list: (query: unknown) => ['expert-commissions', 'list', query] as const,
    memberOptions: ['expert-commissions', 'member-options'] as const,
  },
  expertCommission: (id: number) => ['expert-commission', id] as const,
  expertReviews: {
    all: ['expert-reviews'] as const,
    list: (query: unknown) => ['expert-reviews', 'list', query] as const,
  },
  expertReview: (id: number) => ['expert-review', id] as const,

  deadlineConfigurations: {
    all: ['deadline-configurations'] as const,
    list: (query: unknown) => ['deadline-configurations', 'list', query] as const,
    one: (id: number | null) => ['deadline-configurations', 'one', id] as const,
    history: (id: number | null, page: number) => ['deadline-configurations', 'history', id, page] as const,
  },
  deadlineRecipients: ['deadline-recipients'] as const,
  holidays: {
    all: ['holidays'] as const,
    year: (year: number) => ['holidays', year] as const,
  },

  documents: (query: unknown) => ['documents', query] as const,
  issuedDocumentsAll: ['issued-documents'] as const,
  issuedDocuments: (query: unknown) => ['issued-documents', query] as const,
  documentTemplates: ['document-templates'] as const,

  news: {
    lists: ['news', 'list'] as const,
    list: (query: unknown) => ['news', 'list', query] as const,
    article: (id: number) => ['news', 'article', id] as const,
    versions: (id: number) => ['news', 'versions', id] as const,
    version: (id: number, version: number | null) => ['news', 'version', id, version] as const,
    covers: (id: number) => ['news', 'cover', id] as const,
    cover: (id: number, of: string, sha: string | null) => ['news', 'cover', id, of, sha] as const,
  },

  documentChecks: {
    applicationSearch: (search: string) => ['document-checks', 'application-search', search] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (query: unknown) => ['notifications', 'list', query] as const,
    detail: (id: number | null) => ['notifications', 'detail', id] as const,
    applicationSearch: (search: string) => ['notifications', 'application-search', search] as const,
    staffSearch: (search: string) => ['notifications', 'staff-search', search] as const,
  },
  notificationTemplates: {
    list: ['notification-templates', 'list'] as const,
    history: (event: string, language: string) => ['notification-templates', 'history', event, language] as const,
  },

  intake: {
    catalogue: (stored: boolean, reachable: boolean | null) => ['intake', 'catalogue', stored, reachable] as const,
    possibleDuplicates: (personalId: string, institution: unknown) => ['intake', 'possible-duplicates', personalId, institution] as const,
    institutionChoices: (search: string) => ['intake', 'institution-choices', search] as const,
  },

  payments: {
    all: ['payments'] as const,
    list: (query: unknown) => ['payments', 'list', query] as const,
    statementLists: ['payments', 'statements', 'list'] as const,
    statementList: (page: number, language: string) => ['payments', 'statements', 'list', page, language] as const,
    statement: (id: number | null, language: string) => ['payments', 'statements', 'detail', id, language] as const,
    statementLines: (query: unknown, language: string) => ['payments', 'statement-lines', query, language] as const,
  },
  payment: (id: number) => ['payment', id] as const,

  reference: {
    institutions: ['reference', 'institutions'] as const,
    institutionList: (query: unknown) => ['reference', 'institutions', query] as const,
    institutionDetail: (id: number) => ['reference', 'institutions', 'detail', id] as const,
    institutionDossier: (id: number) => ['reference', 'institutions', 'dossier', id] as const,
    institutionAccreditedOn: (id: number, day: string | null) => ['reference', 'institutions', 'dossier', id, 'on', day] as const,
    specimens: ['reference', 'specimens'] as const,
    specimenList: (query: unknown) => ['reference', 'specimens', 'list', query] as const,
    specimen: (id: number) => ['reference', 'specimens', 'detail', id] as const,
    specimenImage: (versionId: number, sha256: string | null) => ['reference', 'specimens', 'image', versionId, sha256] as const,
    countries: ['reference', 'countries'] as const,
    countryList: (query: unknown) => ['reference', 'countries', query] as const,
    list: (name: string) => ['reference', 'lists', name] as const,
    legalReasons: ['reference', 'legal-reasons'] as const,
    legalReasonList: (query: unknown) => ['reference', 'legal-reasons', query] as const,
    nationalQualifications: ['reference', 'national-qualifications'] as const,
    nationalQualificationList: (query: unknown, language: string) => ['reference', 'national-qualifications', query, language] as const,
  },

  /** Retention, holds, people and erasure requests: a hold or an erasure changes what every one of them shows. */
  personalData: {
    all: ['personal-data'] as const,
    retention: ['personal-data', 'retention'] as const,
    preview: (on: string | null) => ['personal-data', 'preview', on] as const,
    legalHolds: ['personal-data', 'legal-holds'] as const,
    people: (search: string) => ['personal-data', 'people', search] as const,
    person: (id: number) => ['personal-data', 'person', id] as const,
    erasureRequests: ['personal-data', 'erasure-requests'] as const,
    erasureRequest: (id: number) => ['personal-data', 'erasure-request', id] as const,
  },

  reports: {
    catalogue: (language: string) => ['reports', 'catalogue', language] as const,
    report: (key: string, query: unknown, language: string) => ['reports', 'report', key, query, language] as const,
    allExports: ['reports', 'exports'] as const,
    exports: (language: string) => ['reports', 'exports', language] as const,
  },

  services: {
    all: ['services'] as const,
    list: (query: unknown) => ['services', 'list', query] as const,
  },
  service: {
    detail: (id: number) => ['service', id] as const,
    histories: (id: number) => ['service', id, 'history'] as const,
    history: (id: number, page: number) => ['service', id, 'history', page] as const,
  },

  systemSettings: {
    all: ['system-settings'] as const,
    /** Under the system settings' own key, so reloading those settings reloads these too. */
    public: ['system-settings', 'public'] as const,
    logo: ['system-settings', 'logo'] as const,
    logoFile: (sha256: string | null) => ['system-settings', 'logo', 'file', sha256] as const,
    seal: ['system-settings', 'seal'] as const,
    credentialKeys: ['system-settings', 'credential-keys'] as const,
  },

  users: {
    all: ['users'] as const,
    list: (query: unknown) => ['users', 'list', query] as const,
  },
  user: {
    all: ['user'] as const,
    detail: (id: number) => ['user', id] as const,
    signIns: (id: number, page: number) => ['user', id, 'sign-ins', page] as const,
    audit: (id: number, page: number) => ['user', id, 'audit', page] as const,
    sessions: (id: number) => ['user', id, 'sessions'] as const,
  },
  userGroups: ['user-groups'] as const,
};

/**
 * What a change makes stale beyond the feature that made it. An application that moved (an
 * action, a decision of the inspectorate or a council, a verdict issued, a payment recorded)
 * changes every list of applications and the home dashboard's counts.
 */
export const STALE_AFTER = {
  applicationChange: [queryKeys.applications.all, queryKeys.dashboard],
  /** A payment or a bank statement: the payments and the applications whose fee it settles. */
  paymentChange: [queryKeys.payments.all, queryKeys.applications.all],
  /** A council's review or decision: the council dashboards and the applications. */
  councilDecision: [queryKeys.councilDashboard, queryKeys.applications.all],
  /** An appeal registered, assigned or decided: the appeal lists and its application's (a decision may have changed). */
  appealChange: [queryKeys.appeals.all, queryKeys.applications.all],
  /** A legal hold placed or lifted, a run or an erasure: every personal-data view, and the applications whose data went. */
  personalDataChange: [queryKeys.personalData.all, queryKeys.applications.all, ['application']],
} satisfies Record<string, readonly QueryKey[]>;

/** Marks every query under `keys` stale (the ones on screen are read again). */
export function invalidate(client: QueryClient, keys: readonly QueryKey[]): void {
  for (const key of keys) void client.invalidateQueries({ queryKey: key });
}
