import type { z } from 'zod';
import { intakeRequest, type IntakeRequestParsed } from '../../../shared/api/intake';
import type { Service } from '../../../shared/api/services';
import type { ServiceType } from '../../../shared/constants';
import type { DocumentType } from '../../../shared/document-types';
import { DEGREE_LEVELS, type DegreeLevel, type DocumentKind } from '../../../shared/domain/application-status';
import { quoteFee, type QuoteResult } from '../../../shared/domain/fees';
import { fromCents } from '../../../shared/domain/fees-money';
import { intakeRequestOf, type Draft, type DraftValues } from './draft-model';

// What the counter form knows about a draft without a network: which service it is for (from the
// cached catalogue), which degree levels and documents that service takes, what it costs
// (shared/domain/fees.ts, the server's own engine) and whether the submission the draft becomes
// passes the server's own schema. Pure functions, so the form and its tests agree.

/** The active service of this type in the catalogue (one per type; the first if an administrator made two). */
export function serviceOfType(services: readonly Service[], type: ServiceType | null): Service | null {
  if (type === null) return null;
  return services.find((service) => service.service_type === type && service.enabled) ?? null;
}

/**
 * The education degree levels the form offers for a service: the service's degree options (spec
 * §9) that are also degree levels an application stores (DEGREE_LEVELS). A service whose options
 * are school grades or document kinds (services 2–5) offers none, and the field is left out.
 */
export function degreeChoices(service: Service | null): DegreeLevel[] {
  if (!service) return [];
  return DEGREE_LEVELS.filter((level) => service.degree_options.includes(level));
}

/** A translation's kind follows its type; every other scan is of an original. */
export function kindOf(type: DocumentType): DocumentKind {
  return type.endsWith('_translation') ? 'translation' : 'original';
}

/**
 * The values after choosing another service: what the new service cannot take is cleared (a degree
 * level it does not offer, a request type outside service 5, an exemption it does not allow); the
 * documents stay, the ones it does not ask for become extra documents.
 */
export function withService(values: DraftValues, service: Service | null, type: ServiceType | null): DraftValues {
  const degrees = degreeChoices(service);
  const degree = values.education.degree_level;
  return {
    ...values,
    service_type: type,
    education: { ...values.education, degree_level: degree !== '' && degrees.includes(degree) ? degree : '' },
    request_type: type === 5 ? values.request_type : '',
    exemption: service?.fee_exemption_allowed ? values.exemption : { requested: false, reason: values.exemption.reason },
  };
}

/** The fee as the server will quote it, computed here from the cached price table; null without a service. */
export function quoteDraft(service: Service | null, values: DraftValues): QuoteResult | null {
  if (!service) return null;
  return quoteFee(
    {
      service_type: service.service_type as ServiceType,
      fee_enabled: service.fee_enabled,
      fee_exemption_allowed: service.fee_exemption_allowed,
      degree_options: service.degree_options,
      price_table: service.price_table,
    },
    {
      documents: values.documents.map((document) => document.document_type),
      degree_level: values.education.degree_level === '' ? null : values.education.degree_level,
      request_type: values.request_type === '' ? null : values.request_type,
      exemption_requested: values.exemption.requested,
    },
  );
}

/** Required documents of the service with no file attached yet. */
export function missingRequiredDocuments(service: Service | null, values: DraftValues): DocumentType[] {
  if (!service) return [];
  const attached = new Set(values.documents.map((document) => document.document_type));
  return service.document_requirements.filter((requirement) => requirement.required && !attached.has(requirement.document_type)).map((requirement) => requirement.document_type);
}

/** Where the form shows that an exemption request lacks its proof document. */
export const EXEMPTION_PROOF_PATH = 'exemption.proof';

export interface DraftCheck {
  /** The submission, when the schema accepts it and the fee could be quoted. */
  request: IntakeRequestParsed | null;
  /** The schema's problems by dotted field path (first one per field). */
  issues: Map<string, z.core.$ZodIssue>;
  quote: QuoteResult | null;
  missing: DocumentType[];
}

/**
 * Everything "Send" checks: the server's schema (intakeRequest) on the submission the draft
 * becomes with the locally quoted total, and the documents the service requires. Missing
 * documents do not stop a submission (the application is marked incomplete); schema problems and
 * a fee that cannot be quoted do.
 */
export function checkDraft(draft: Draft, service: Service | null): DraftCheck {
  const quote = quoteDraft(service, draft.values);
  const total = quote?.ok ? fromCents(quote.quote.total_cents) : '0.00';
  const parsed = intakeRequest.safeParse(intakeRequestOf(draft, total));
  const issues = new Map<string, z.core.$ZodIssue>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!issues.has(path)) issues.set(path, issue);
    }
  }
  // The server refuses an exemption request without its proof (400): said here, before it waits in the outbox.
  const proofMissing = draft.values.exemption.requested && !draft.values.documents.some((document) => document.document_type === 'exemption_proof');
  if (proofMissing) issues.set(EXEMPTION_PROOF_PATH, { code: 'custom', path: ['exemption', 'proof'], message: 'The exemption request needs its proof.', input: undefined });
  return {
    request: parsed.success && quote?.ok && !proofMissing ? parsed.data : null,
    issues,
    quote,
    missing: missingRequiredDocuments(service, draft.values),
  };
}
