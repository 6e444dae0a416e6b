import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ServiceType } from '../../shared/constants';
import type { AcademicFieldCategory } from '../../shared/domain/application-status';
import { WORKFLOW_ACTIONS, type ActionName, type ServicePolicy } from '../../shared/domain/application-workflow';
import { ISSUING_EFFECTS, issuedDocumentRow } from '../issued-document-rows';
import type { DocumentStorage } from '../storage/document-storage';
import type { GeneratedApplication } from './application-generator';
import type { AppDatabase } from './database';
import type { ApplicationPaymentsTable } from './schema';
import { storeDemoDocuments } from './demo-documents';
import { applicationSnapshot, loadSnapshotSources } from './service-snapshot';

// Writes generated applications (application-generator.ts) into the tables of migration 0003,
// in batches, picking officers and councils for them: the demo seed and the benchmark loader
// both use it. The `incomplete` flag is left to the database's triggers. A decision whose action
// issues a document issues it here too (issued-document-rows.ts, as the workflow would), revoked
// when the application was later invalidated.

export interface LoadContext {
  /** services.id per service type. */
  serviceIds: Readonly<Record<ServiceType, number>>;
  /** The fee per service type, for the payments of generated histories. */
  fees: Readonly<Record<ServiceType, string>>;
  /** Officers that applications may be assigned to. */
  officers: readonly { id: number; name: string }[];
  /** Active councils with the fields they cover. */
  councils: readonly { id: number; fields: readonly AcademicFieldCategory[] }[];
  /** Who recorded the generated history (the first officer when omitted). */
  actorIds?: readonly number[];
  /**
   * Where the documents' files go (demo-documents.ts); without it documents are metadata only.
   * Every key written is pushed to `written`.
   */
  files?: { storage: DocumentStorage; written: string[] };
}

export async function loadServiceContext(
  db: AppDatabase,
): Promise<Pick<LoadContext, 'serviceIds' | 'fees'> & { policies: Record<ServiceType, ServicePolicy> }> {
  const services = await db.selectFrom('services').select(['id', 'service_type', 'fee', 'fee_enabled', 'fee_exemption_allowed']).execute();
  const serviceIds = {} as Record<ServiceType, number>;
  const fees = {} as Record<ServiceType, string>;
  const policies = {} as Record<ServiceType, ServicePolicy>;
  for (const service of services) {
    const type = service.service_type as ServiceType;
    serviceIds[type] = service.id;
    fees[type] = service.fee;
    policies[type] = { fee_enabled: service.fee_enabled, fee_exemption_allowed: service.fee_exemption_allowed };
  }
  return { serviceIds, fees, policies };
}

/** Inserts `applications` in one pass (call it per batch); returns the new application ids in order. */
export async function insertApplications(db: AppDatabase, generated: readonly GeneratedApplication[], context: LoadContext): Promise<number[]> {
  if (generated.length === 0) return [];
  const applications = generated.map(withExemptionRequest);
  const applicants = await db
    .insertInto('applicants')
    .values(applications.map(({ applicant }) => ({ ...applicant })))
    .returning('id')
    .execute();
  const pick = <T>(items: readonly T[], index: number): T | undefined => (items.length ? items[index % items.length] : undefined);
  // Each application keeps the fee and requirements it was quoted with.
  const sources = await loadSnapshotSources(db, applications.map((application) => context.serviceIds[application.service_type]));
  const snapshots = applications.map((application) =>
    applicationSnapshot(sources.get(context.serviceIds[application.service_type])!, {
      documents: application.documents.map((document) => document.document_type),
      degree_level: application.education.degree_level,
      exemption_requested: application.exemption_reason !== null,
    }),
  );
  const rows = await db
    .insertInto('applications')
    .values(
      applications.map((application, index) => {
        const officer = application.assigned ? pick(context.officers, index) : undefined;
        const covering = context.councils.filter((c) => application.academic_field_category && c.fields.includes(application.academic_field_category));
        const council = application.needs_council ? pick(covering.length ? covering : context.councils, index) : undefined;
        const decided = application.history.findLast((entry) => entry.to_status === application.status);
        const councilWork = council ? councilFields(application) : null;
        return {
          reference: application.reference,
          service_id: context.serviceIds[application.service_type],
          service_type: application.service_type,
          status: application.status,
          previous_status: application.previous_status,
          priority: application.priority,
          applicant_id: applicants[index]!.id,
          applicant_name: `${application.applicant.first_name} ${application.applicant.last_name}`,
          personal_id: application.applicant.personal_id,
          institution_name: application.education.institution_name,
          institution_country: application.education.institution_country,
          assigned_officer_id: officer?.id ?? null,
          assigned_officer_name: officer?.name ?? null,
          // A council's assignment stamps assigned_at, as the workflow does (move_to_council, auto_assign_council).
          assigned_at: councilWork?.assigned_at ?? (officer ? application.history[1]?.created_at ?? application.submitted_at : null),
          council_id: council?.id ?? null,
          review_status: councilWork?.review_status ?? null,
          review_due_date: councilWork?.review_due_date ?? null,
          review_date: councilWork?.review_date ?? null,
          council_outcome: councilWork?.council_outcome ?? null,
          submitted_at: application.submitted_at,
          deadline: application.deadline,
          closed_at: application.closed_at,
          academic_field_category: application.academic_field_category,
          decision_outcome: application.closed_at ? (['approved', 'pre_university_recognition'].includes(application.status) ? 'approved' : 'rejected') : null,
          decided_at: application.closed_at ? (decided?.created_at ?? application.closed_at) : null,
          decision_comments: application.closed_at ? (decided?.notes ?? null) : null,
          archived: application.archived,
          invalidated: application.invalidated,
          invalidated_reason: application.invalidated ? INVALIDATED_REASON : null,
          exemption_reason: application.exemption_reason,
          ...snapshots[index],
        } as const;
      }),
    )
    .returning('id')
    .execute();
  const ids = rows.map((row) => row.id);
  const actor = (index: number) => pick(context.actorIds ?? context.officers.map((o) => o.id), index) ?? null;

  await db.insertInto('education_info').values(applications.map((application, index) => ({ application_id: ids[index]!, ...application.education }))).execute();
  const files = context.files ? await storeDemoDocuments(context.files.storage, applications, context.files.written) : null;
  const documents = applications.flatMap((application, index) =>
    application.documents.map((document, position) => ({ application_id: ids[index]!, ...document, ...files?.[index]![position] })),
  );
  if (documents.length) await db.insertInto('application_documents').values(documents).execute();
  const history = applications.flatMap((application, index) =>
    application.history.map((entry, step) => ({
      application_id: ids[index]!,
      action: entry.action,
      from_status: entry.from_status,
      to_status: entry.to_status,
      actor_id: step === 0 ? null : actor(index + step),
      notes: entry.notes,
      created_at: entry.created_at,
    })),
  );
  if (history.length) await db.insertInto('application_history').values(history).execute();
  // A payment from its request on: paid, exempted, still pending, or cancelled when the
  // application left the fee stage another way (archived or invalidated while pending).
  const payments = applications.flatMap((application, index): Insertable<ApplicationPaymentsTable>[] => {
    const requested = application.history.find((entry) => entry.action === 'request_payment');
    const paid = application.history.find((entry) => entry.action === 'mark_paid');
    const exempted = application.history.find((entry) => entry.action === 'approve_exemption');
    if (!requested && !paid) return [];
    const amountDue = Number(snapshots[index]!.quoted_fee) > 0 ? snapshots[index]!.quoted_fee! : context.fees[application.service_type];
    const createdAt = (requested ?? paid)!.created_at;
    const base = { application_id: ids[index]!, amount_due: amountDue, requested_by_id: actor(index), created_at: createdAt };
    if (paid) {
      const transactionId = `TX-${application.reference.slice(-6)}-${paid.created_at.getTime().toString(36).toUpperCase()}`;
      return [
        {
          ...base,
          status: 'paid' as const,
          amount: amountDue,
          transaction_id: transactionId,
          method: DEMO_METHODS[index % DEMO_METHODS.length]!,
          paid_at: paid.created_at,
          recorded_by_id: actor(index),
          receipt_code: demoReceiptCode(transactionId),
          updated_at: paid.created_at,
        },
      ];
    }
    const status = exempted ? ('exempted' as const) : application.status === 'payment_pending' ? ('pending' as const) : ('cancelled' as const);
    return [{ ...base, status, updated_at: exempted?.created_at ?? createdAt }];
  });
  if (payments.length) await db.insertInto('application_payments').values(payments).execute();
  const issued = applications.flatMap((application, index) => {
    const step = application.history.findIndex((entry) => issuingKind(entry.action) !== undefined);
    const entry = application.history[step];
    if (!entry) return [];
    const row = issuedDocumentRow(
      { id: ids[index]!, reference: application.reference, applicant_name: `${application.applicant.first_name} ${application.applicant.last_name}` },
      issuingKind(entry.action)!,
      actor(index + step),
      entry.created_at,
    );
    return [application.invalidated ? { ...row, revoked_at: application.closed_at ?? entry.created_at, revoked_reason: INVALIDATED_REASON } : row];
  });
  if (issued.length) await db.insertInto('issued_documents').values(issued).execute();
  return ids;
}

const INVALIDATED_REASON = 'The issuing institution withdrew the diploma.';

function issuingKind(action: ActionName | 'submit') {
  if (action === 'submit') return undefined;
  return WORKFLOW_ACTIONS[action].effects.map((effect) => ISSUING_EFFECTS[effect]).find((kind) => kind !== undefined);
}

/** The council review's due date: the demo deadline configuration's 30 days from the assignment. */
const COUNCIL_REVIEW_DAYS = 30;

/**
 * What the council's part of the history leaves on the application, as the workflow would have
 * written it: assigned when the council got it, reviewed (review_date and council_outcome) when
 * record_council_decision ran, its outcome the one the agency's decision followed (rejected when
 * the agency rejected, else approved — the rule the demo's council decisions use too).
 */
function councilFields(application: GeneratedApplication) {
  const assignment = application.history.findLast((entry) => entry.action === 'move_to_council' || entry.action === 'auto_assign_council');
  const decision = application.history.findLast((entry) => entry.action === 'record_council_decision');
  const opened = application.history.some((entry) => entry.action === 'start_council_review');
  const rejected = application.closed_at !== null && !['approved', 'pre_university_recognition'].includes(application.status);
  return {
    assigned_at: assignment?.created_at ?? null,
    review_status: decision ? ('completed' as const) : opened ? ('in_review' as const) : ('pending_review' as const),
    review_due_date: assignment ? new Date(assignment.created_at.getTime() + COUNCIL_REVIEW_DAYS * 86_400_000).toISOString().slice(0, 10) : null,
    review_date: decision?.created_at ?? null,
    council_outcome: decision ? (rejected ? ('rejected' as const) : ('approved' as const)) : null,
  };
}

const DEMO_METHODS = ['bank_transfer', 'bank_transfer', 'bank_transfer', 'cash', 'card', 'online'] as const;
const RECEIPT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A demo receipt's code, the same at every seed (derived from its transaction ID). */
function demoReceiptCode(transactionId: string): string {
  return `R${[...createHash('sha256').update(transactionId).digest().subarray(0, 10)].map((byte) => RECEIPT_ALPHABET[byte % RECEIPT_ALPHABET.length]).join('')}`;
}

// The applicants who asked to be exempted from the fee, so the payments screens have
// exemption requests to show and review: every application whose walk reviewed one, and a
// quarter of those of services 1 and 2 (the ones that allow exemptions) still waiting for their
// fee. Each carries its reason and its proof, as the counter's intake requires.
const EXEMPTION_REASONS = [
  'Jam student me status të rastit social; bashkëngjis vërtetimin e Qendrës për Punë Sociale.',
  'Familja ime merr ndihmë sociale; bashkëngjis vendimin e komunës.',
  'Jam veteran i luftës; bashkëngjis certifikatën.',
  'Korisnik sam socijalne pomoći; prilažem rešenje centra za socijalni rad.',
  'Unemployed since March; the employment office’s certificate is attached.',
] as const;

function withExemptionRequest(application: GeneratedApplication): GeneratedApplication & { exemption_reason: string | null } {
  const number = Number(application.reference.slice(-6));
  const reviewed = application.history.some((entry) => entry.action === 'approve_exemption' || entry.action === 'reject_exemption');
  const waiting = application.status === 'payment_pending' && (application.service_type === 1 || application.service_type === 2) && number % 4 === 0;
  if (!reviewed && !waiting) return { ...application, exemption_reason: null };
  const proof = application.documents[0]!;
  return {
    ...application,
    exemption_reason: EXEMPTION_REASONS[number % EXEMPTION_REASONS.length]!,
    documents: [
      ...application.documents,
      { ...proof, document_type: 'exemption_proof', kind: 'copy', file_name: proof.file_name.replace(/^.*-(?=[^-]+\.pdf$)/, 'exemption-proof-'), size: 240_000 },
    ],
  };
}
