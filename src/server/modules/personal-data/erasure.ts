import type { ErasureItem, ErasureOutcome, KeepReason } from '../../../shared/api/personal-data';
import { isClosedStatus, type ApplicationStatus } from '../../../shared/domain/application-status';
import type { AppDatabase } from '../../db/database';

// What an erasure request may erase now and what must be kept, and why: an application or a
// person on legal hold (an appeal, a court case), and an open application, which the office is
// bound by law to finish. Decisions, issued documents and the register are never erased (they are
// kept permanently); what an erasure removes is what the retention run removes (retention.ts).

export function keepReason(application: { status: ApplicationStatus; anonymised_at: Date | null; legal_hold_reason: string | null }, personHold: string | null): KeepReason | null {
  if (application.anonymised_at !== null) return 'already_anonymised';
  if (application.legal_hold_reason !== null) return 'legal_hold';
  if (personHold !== null) return 'person_hold';
  if (!isClosedStatus(application.status)) return 'open_application';
  return null;
}

export async function erasureItems(db: AppDatabase, applicantId: number): Promise<ErasureItem[]> {
  const person = await db.selectFrom('applicants').select('legal_hold_reason').where('id', '=', applicantId).executeTakeFirstOrThrow();
  const applications = await db
    .selectFrom('applications')
    .select(['id', 'reference', 'status', 'anonymised_at', 'legal_hold_reason'])
    .where('applicant_id', '=', applicantId)
    .orderBy('id')
    .execute();
  return applications.map((application) => ({
    application_id: application.id,
    reference: application.reference,
    status: application.status,
    keep: keepReason(application, person.legal_hold_reason),
    hold_reason: application.legal_hold_reason ?? person.legal_hold_reason,
  }));
}

/** Erased: nothing the person asked for remains (beyond what is never erased); partly: something is kept by a hold or the law. */
export function erasureOutcome(items: readonly ErasureItem[]): Exclude<ErasureOutcome, 'refused'> {
  return items.some((item) => item.keep !== null && item.keep !== 'already_anonymised') ? 'partly_erased' : 'erased';
}
