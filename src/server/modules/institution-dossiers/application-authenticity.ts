import { LATEST_CHECKS, type ApplicationAuthenticity } from '../../../shared/api/authenticity';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import { institutionNamed } from '../../decision-qualification';
import { accreditedOn, checksOf, contactsOf } from './dossier-store';

// What an application shows of its institution's dossier: the watch-list flag (precomputed by the
// database, migration 0033), the institution's latest checks, and whether it was accredited on
// the diploma's date (the education record's graduation date). The institution is the reference
// data's record the application's name stands for, a merged duplicate answering its survivor
// (decision-qualification.ts, the one rule of "which institution is this"), else the watch-listed
// institution its name was matched with by a close spelling.

export async function applicationAuthenticity(
  db: AppDatabase,
  scope: ApplicationScope,
  applicationId: number,
  /** verifies: reads contacts, evidence, the watch entry's source; education: receives the education record (application-scope.ts). */
  reader: { verifies: boolean; education: boolean },
): Promise<ApplicationAuthenticity | null> {
  const application = await db
    .selectFrom('applications')
    .leftJoin('education_info', 'education_info.application_id', 'applications.id')
    .leftJoin('application_watch_flags as flag', 'flag.application_id', 'applications.id')
    .leftJoin('institution_watch_entries as entry', 'entry.id', 'flag.watch_entry_id')
    .select([
      'applications.id',
      'applications.institution_name',
      'applications.institution_country',
      'education_info.graduation_date',
      'entry.category',
      'entry.source',
      'entry.note',
      'flag.matched_by',
      'flag.matched_name',
      'flag.flagged_at',
      'flag.institution_id as flagged_institution_id',
    ])
    .where('applications.id', '=', applicationId)
    .where(visibleIn(scope))
    .executeTakeFirst();
  if (!application) return null;
  const diplomaDate = reader.education ? (application.graduation_date ?? null) : null;

  const name = application.institution_name?.trim() || null;
  const country = application.institution_country?.trim() || null;
  // A close spelling names no institution exactly: the watch list's match says which it is.
  const institutionId = (name ? (await institutionNamed(db, name, country))?.id : undefined) ?? application.flagged_institution_id ?? undefined;
  const institution = institutionId
    ? await db.selectFrom('institutions').select(['id', 'name_en', 'name_sq', 'name_sr', 'country']).where('id', '=', institutionId).executeTakeFirst()
    : undefined;

  const watch_flag =
    application.category && application.matched_by && application.matched_name && application.flagged_at
      ? {
          category: application.category,
          matched_by: application.matched_by,
          matched_name: application.matched_name,
          flagged_at: application.flagged_at.toISOString(),
          ...(reader.verifies ? { source: application.source ?? '', note: application.note } : {}),
        }
      : null;

  if (!institution) {
    return { institution: null, watch_flag, diploma_date: diplomaDate, accreditation: null, latest_checks: [], ...(reader.verifies ? { contacts: [] } : {}) };
  }
  const [latest_checks, accreditation, contacts] = await Promise.all([
    checksOf(db, institution.id, { withEvidence: reader.verifies, limit: LATEST_CHECKS }),
    diplomaDate ? accreditedOn(db, institution.id, diplomaDate) : Promise.resolve(null),
    reader.verifies ? contactsOf(db, institution.id) : Promise.resolve(undefined),
  ]);
  return {
    institution: { ...institution, country: institution.country.trim() },
    watch_flag,
    diploma_date: diplomaDate,
    accreditation,
    latest_checks,
    ...(contacts ? { contacts } : {}),
  };
}
