import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationRoutes } from './modules/applications/routes';
import { authRoutes } from './modules/auth/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { applicationDeskCounters } from './modules/applications/desk-count';
import { documentDeskCounters } from './modules/documents/desk-count';
import { expertDeskCounters } from './modules/experts/desk-count';
import { newsDeskCounters } from './modules/news/desk-count';
import { paymentDeskCounters } from './modules/payments/desk-count';
import { deadlineRoutes } from './modules/deadlines/routes';
import { documentRoutes } from './modules/documents/routes';
import { intakeRoutes } from './modules/intake/routes';
import { issuanceRoutes } from './modules/issuance/routes';
import { serviceRoutes } from './modules/services/routes';
import { councilRoutes } from './modules/councils/routes';
import { councilReviewRoutes } from './modules/council-review/routes';
import { councilAnalyticsRoutes } from './modules/council-analytics/routes';
import { expertRoutes } from './modules/experts/routes';
import { systemRoutes } from './modules/system/routes';
import { userRoutes } from './modules/users/routes';
import { paymentRoutes } from './modules/payments/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { reportRoutes } from './modules/reports/routes';
import { newsRoutes } from './modules/news/routes';
import { settingsRoutes } from './modules/settings/routes';
import { referenceDataRoutes } from './modules/reference-data/routes';
import { recognitionDecisionRoutes } from './modules/recognition-decisions/routes';
import { decisionPrecedentRoutes } from './modules/decision-precedents/routes';
import { appealRoutes } from './modules/appeals/routes';
import { institutionDossierRoutes } from './modules/institution-dossiers/routes';
import { backupRoutes } from './modules/backups/routes';
import { diplomaSpecimenRoutes } from './modules/diploma-specimens/routes';
import { confirmationRequestRoutes } from './modules/confirmation-requests/routes';
import { credentialRoutes } from './modules/credentials/routes';
import { documentCheckRoutes } from './modules/document-checks/routes';
import { personalDataRoutes } from './modules/personal-data/routes';

/** Each list a dashboard tile opens, counted by the module that owns it (desk-counts.ts). */
const deskCounters = { ...applicationDeskCounters, ...paymentDeskCounters, ...documentDeskCounters, ...expertDeskCounters, ...newsDeskCounters };

// Every route module, registered under /api by app.ts. A new module adds one line here.
export const ROUTE_MODULES: readonly FastifyPluginAsyncZod[] = [systemRoutes, authRoutes, applicationRoutes, dashboardRoutes(deskCounters), documentRoutes, issuanceRoutes, deadlineRoutes, serviceRoutes, intakeRoutes, councilRoutes, councilReviewRoutes, councilAnalyticsRoutes, expertRoutes, userRoutes, paymentRoutes, notificationRoutes, reportRoutes, newsRoutes, settingsRoutes, referenceDataRoutes, recognitionDecisionRoutes, decisionPrecedentRoutes, appealRoutes, institutionDossierRoutes, backupRoutes, diplomaSpecimenRoutes, credentialRoutes, documentCheckRoutes, personalDataRoutes, confirmationRequestRoutes];
