import { Migrator, type Migration, type MigrationResult } from 'kysely';
import type { AppDatabase } from './database';
import * as foundation from './migrations/0001-foundation';
import * as auth from './migrations/0002-auth';
import * as applications from './migrations/0003-applications';
import * as issuance from './migrations/0004-issuance';
import * as listIndexes from './migrations/0005-application-list-indexes';
import * as authSessions from './migrations/0006-auth-sessions';
import * as services from './migrations/0007-services';
import * as deadlines from './migrations/0008-deadlines';
import * as intake from './migrations/0009-intake';
import * as councils from './migrations/0010-councils';
import * as councilAnalytics from './migrations/0011-council-analytics';
import * as userAdministration from './migrations/0012-user-administration';
import * as paymentsNotifications from './migrations/0013-payments-notifications';
import * as news from './migrations/0014-news';
import * as referenceData from './migrations/0015-reference-data';
import * as reports from './migrations/0016-reports';
import * as systemSettings from './migrations/0017-system-settings';
import * as letterheadLogo from './migrations/0018-letterhead-logo';
import * as signInChallengeTokens from './migrations/0019-sign-in-challenge-tokens';
import * as newsPendingRevisions from './migrations/0021-news-pending-revisions';
import * as documentActiveContent from './migrations/0022-document-active-content';
import * as issuedDocumentBytes from './migrations/0023-issued-document-bytes';
import * as referenceNames from './migrations/0024-reference-names';
import * as statementLineResolution from './migrations/0025-statement-line-resolution';
import * as incompleteOnlyOpen from './migrations/0026-incomplete-only-open';
import * as decisionReferences from './migrations/0027-decision-references';
import * as recognitionDecisions from './migrations/0028-recognition-decisions';
import * as qualificationDetails from './migrations/0029-qualification-details';
import * as appeals from './migrations/0030-appeals';
import * as decisionDocuments from './migrations/0031-decision-documents';
import * as decisionPrecedents from './migrations/0032-decision-precedents';
import * as authenticity from './migrations/0033-authenticity';
import * as documentSeals from './migrations/0034-document-seals';
import * as personalData from './migrations/0035-personal-data';
import * as reportFigures from './migrations/0036-report-figures';
import * as diplomaSpecimens from './migrations/0037-diploma-specimens';
import * as searchIndexes from './migrations/0038-search-indexes';
import * as retentionAndErasure from './migrations/0039-retention-and-erasure';
import * as confirmationRequests from './migrations/0040-confirmation-requests';
import * as specimenImages from './migrations/0044-specimen-images';

// Every migration, by name, in the order they run. A new issue adds its file and one line here;
// a static list (no folder scan) keeps the bundled desktop server and the tests identical.
export const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-auth': auth,
  '0003-applications': applications,
  '0004-issuance': issuance,
  '0005-application-list-indexes': listIndexes,
  '0006-auth-sessions': authSessions,
  '0007-services': services,
  '0008-deadlines': deadlines,
  '0009-intake': intake,
  '0010-councils': councils,
  '0011-council-analytics': councilAnalytics,
  '0012-user-administration': userAdministration,
  '0013-payments-notifications': paymentsNotifications,
  '0014-news': news,
  '0015-reference-data': referenceData,
  '0016-reports': reports,
  '0017-system-settings': systemSettings,
  '0018-letterhead-logo': letterheadLogo,
  '0019-sign-in-challenge-tokens': signInChallengeTokens,
  '0021-news-pending-revisions': newsPendingRevisions,
  '0022-document-active-content': documentActiveContent,
  '0023-issued-document-bytes': issuedDocumentBytes,
  '0024-reference-names': referenceNames,
  '0025-statement-line-resolution': statementLineResolution,
  '0026-incomplete-only-open': incompleteOnlyOpen,
  '0027-decision-references': decisionReferences,
  '0028-recognition-decisions': recognitionDecisions,
  '0029-qualification-details': qualificationDetails,
  '0030-appeals': appeals,
  '0031-decision-documents': decisionDocuments,
  '0032-decision-precedents': decisionPrecedents,
  '0033-authenticity': authenticity,
  '0034-document-seals': documentSeals,
  '0035-personal-data': personalData,
  '0036-report-figures': reportFigures,
  '0037-diploma-specimens': diplomaSpecimens,
  '0038-search-indexes': searchIndexes,
  '0039-retention-and-erasure': retentionAndErasure,
  '0040-confirmation-requests': confirmationRequests,
  '0044-specimen-images': specimenImages,
};

export function createMigrator(db: AppDatabase): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: readonly MigrationResult[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateToLatest(db: AppDatabase): Promise<string[]> {
  const { error, results = [] } = await createMigrator(db).migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${failed} failed: ${reason}`, results, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
