import { createHash } from 'node:crypto';
import type { IntakeAnswer, IntakeRequestParsed } from '../../../shared/api/intake';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { FEE_PROBLEM_REFUSALS, quoteFee, type FeeProblem } from '../../../shared/domain/fees';
import { fromCents, isMoney, toCents } from '../../../shared/domain/fees-money';
import { syncApplicationDeadlines } from '../../application-deadlines';
import type { AppDatabase } from '../../db/database';
import { applicationSnapshot, loadSnapshotSources } from '../../db/service-snapshot';
import { conflict, fieldErrors } from '../../errors';
import {
  claimSubmission,
  findServiceOfType,
  findSubmission,
  insertApplication,
  insertIntakeAudit,
  insertSubmissionHistory,
  knownCountries,
  loadIntakeAnswer,
  lockUploads,
  nextReference,
  recordSubmission,
  setReference,
  setApplicationDates,
  takeUploads,
  type TakenDocument,
} from './intake-queries';
import type { RefusalCode } from '../../../shared/refusals';

// One counter submission, exactly once: in one transaction the (user, Idempotency-Key) pair is
// claimed with the request's hash, and only then is the application made from the staged files.
// A repeat finds the claim — at once, or after waiting for the first transaction on the unique
// index when both arrive together — and answers the application the first one made; the same
// key with a different request is refused. Any refusal rolls the claim back with everything else,
// so a draft corrected after a 4xx can be sent again under the same key.

/** How far back `taken_at` may lie: older drafts are entered again rather than back-dated further. */
export const MAX_DRAFT_AGE_DAYS = 90;
/** A counter PC's clock a little ahead of the server's is clamped to now; further ahead is refused. */
const CLOCK_SKEW_MS = 24 * 3_600_000;
const DAY_MS = 86_400_000;

export interface Submitter {
  id: number;
  ip: string | null;
}

export interface SubmissionResult {
  answer: IntakeAnswer;
  created: boolean;
}

/** JSON with object keys sorted, so equal requests hash equally whatever order their keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(request: IntakeRequestParsed): string {
  return createHash('sha256').update(canonical(request)).digest('hex');
}

/** When the application counts as submitted: the draft's creation, within bounds. */
export function submittedAt(takenAt: string, now: Date): Date {
  const taken = new Date(takenAt);
  if (taken.getTime() > now.getTime() + CLOCK_SKEW_MS) throw fieldErrors({ taken_at: ['intake_taken_at_future'] });
  if (taken.getTime() < now.getTime() - MAX_DRAFT_AGE_DAYS * DAY_MS) throw fieldErrors({ taken_at: ['intake_taken_at_too_old'] });
  return taken.getTime() > now.getTime() ? now : taken;
}

/** The request's field a fee problem is about. */
const PROBLEM_FIELDS: Readonly<Record<string, string>> = {
  degree_level: 'education.degree_level',
  exemption_requested: 'exemption',
  request_type: 'request_type',
  documents: 'documents',
};

function feeRefusal(problems: readonly FeeProblem[]) {
  // A case the table leaves unpriced is the service's fault, not the draft's.
  if (problems.some((problem) => problem.field.startsWith('price_table'))) return conflict('intake_service_price_missing');
  const fields: Record<string, RefusalCode[]> = {};
  for (const problem of problems) (fields[PROBLEM_FIELDS[problem.field] ?? 'non_field_errors'] ??= []).push(FEE_PROBLEM_REFUSALS[problem.code]);
  return fieldErrors(fields);
}

/** Each staged file once, present, the caller's, and not taken by an application yet. */
async function takeableUploads(db: AppDatabase, request: IntakeRequestParsed, ownerId: number): Promise<TakenDocument[]> {
  const keys = request.documents.map((document) => document.upload_key);
  const repeated = keys.findIndex((key, index) => keys.indexOf(key) !== index);
  if (repeated !== -1) throw fieldErrors({ [`documents.${repeated}.upload_key`]: ['intake_duplicate_document'] });
  const rows = new Map((await lockUploads(db, keys)).map((row) => [row.upload_key, row]));
  return request.documents.map((document) => {
    const upload = rows.get(document.upload_key);
    // Another user's staged file is answered as missing: its key tells the caller nothing.
    if (!upload || upload.owner_id !== ownerId) throw conflict('intake_upload_missing', {}, { upload_key: document.upload_key });
    if (upload.application_id !== null) throw conflict('intake_upload_taken', {}, { upload_key: document.upload_key });
    return { upload, document_type: document.document_type, kind: document.kind };
  });
}

async function createApplication(db: AppDatabase, request: IntakeRequestParsed, idempotencyKey: string, submitter: Submitter, now: Date): Promise<number> {
  const submitted = submittedAt(request.taken_at, now);
  const service = await findServiceOfType(db, request.service_type);
  if (!service) throw conflict('intake_service_missing');
  if (!service.enabled) throw conflict('intake_service_inactive');
  const source = (await loadSnapshotSources(db, [service.id])).get(service.id)!;

  const countries = [request.applicant.country, request.education.institution_country].filter((code): code is string => code !== null);
  const known = await knownCountries(db, countries);
  const unknown: Record<string, RefusalCode[]> = {};
  if (request.applicant.country !== null && !known.has(request.applicant.country)) unknown['applicant.country'] = ['intake_unknown_country'];
  if (request.education.institution_country !== null && !known.has(request.education.institution_country)) {
    unknown['education.institution_country'] = ['intake_unknown_country'];
  }
  if (Object.keys(unknown).length > 0) throw fieldErrors(unknown);

  const quoteInput = {
    documents: request.documents.map((document) => document.document_type),
    degree_level: request.education.degree_level,
    request_type: request.request_type,
    exemption_requested: request.exemption !== null,
  };
  if (request.exemption !== null && !request.documents.some((document) => document.document_type === 'exemption_proof')) {
    throw fieldErrors({ exemption: ['intake_exemption_proof_missing'] });
  }
  const quoted = quoteFee(source.fee, quoteInput);
  if (!quoted.ok) throw feeRefusal(quoted.problems);

  const documents = await takeableUploads(db, request, submitter.id);
  const serverTotal = fromCents(quoted.quote.total_cents);
  if (!isMoney(request.quoted_total) || toCents(request.quoted_total) !== quoted.quote.total_cents) {
    throw conflict('fee_changed', {}, { quoted_total: serverTotal });
  }

  const snapshot = applicationSnapshot(source, quoteInput);
  // Numbered last (below): until then the reference is this submission's own, unique by its key.
  const provisional = `INTAKE-${submitter.id}-${idempotencyKey}`;
  const applicationId = await insertApplication(db, { reference: provisional, serviceId: service.id, request, snapshot, submittedAt: submitted, now });
  await takeUploads(db, applicationId, submitter.id, documents, now);
  await insertSubmissionHistory(db, { applicationId, actorId: submitter.id, notes: request.exemption?.reason ?? null, at: submitted });
  // The legal clock runs from when the applicant handed the papers in, not from when the network came back.
  await setApplicationDates(db, applicationId, await syncApplicationDeadlines(db, { applicationId, status: 'submitted', now: submitted }));
  await recordSubmission(db, submitter.id, idempotencyKey, applicationId);
  // The year's counter row stays locked to the commit: take it last so concurrent submissions wait only for that.
  const reference = await nextReference(db, Number(kosovoDate(now).slice(0, 4)));
  await setReference(db, applicationId, reference);
  await insertIntakeAudit(db, {
    actorId: submitter.id,
    ip: submitter.ip,
    applicationId,
    details: {
      reference,
      idempotency_key: idempotencyKey,
      taken_at: request.taken_at,
      quoted_fee: snapshot.quoted_fee,
      exemption_requested: request.exemption !== null,
      documents: documents.map(({ upload }) => ({ upload_key: upload.upload_key, sha256: upload.sha256 })),
    },
  });
  return applicationId;
}

export async function submitIntake(db: AppDatabase, request: IntakeRequestParsed, idempotencyKey: string, submitter: Submitter, now: Date): Promise<SubmissionResult> {
  const hash = requestHash(request);
  return db.transaction().execute(async (trx) => {
    if (!(await claimSubmission(trx, submitter.id, idempotencyKey, hash))) {
      const earlier = await findSubmission(trx, submitter.id, idempotencyKey);
      if (!earlier || earlier.request_hash !== hash || earlier.application_id === null) throw conflict('intake_idempotency_key_reused');
      const answer = await loadIntakeAnswer(trx, earlier.application_id);
      if (!answer) throw conflict('intake_idempotency_key_reused');
      return { created: false, answer: { ...answer, replayed: true } };
    }
    const applicationId = await createApplication(trx, request, idempotencyKey, submitter, now);
    const answer = await loadIntakeAnswer(trx, applicationId);
    return { created: true, answer: { ...answer!, replayed: false } };
  });
}
