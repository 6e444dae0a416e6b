import type { TFunction } from 'i18next';
import { INTAKE_LIMITS, intakeRequest, type IntakeRequestParsed } from '../../../shared/api/intake';
import type { Service } from '../../../shared/api/services';
import type { ServiceType } from '../../../shared/constants';
import type { DocumentType } from '../../../shared/document-types';
import { DEGREE_LEVELS, type DegreeLevel, type DocumentKind } from '../../../shared/domain/application-status';
import { FEE_PROBLEM_REFUSALS, quoteFee, type FeeProblem, type QuoteResult } from '../../../shared/domain/fees';
import { fromCents } from '../../../shared/domain/fees-money';
import { checkRefusal } from '../../../shared/refusals';
import { refusalMessage } from '../../lib/error-translator';
import { checkValues } from '../../lib/form';
import type { ZodIssue } from '../../lib/zod-issue-message';
import { intakeRequestOf, type Draft, type DraftValues } from './draft-model';

// What the counter form knows about a draft without a network: which service it is for (from the
// cached catalogue), which degree levels and documents that service takes, what it costs
// (shared/domain/fees.ts, the server's own engine) and whether the submission the draft becomes
// passes the server's own schema, through the form layer (lib/form.ts checkValues: the draft's
// values live in the encrypted draft store, not in react-hook-form). Pure functions, so the form
// and its tests agree.

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

/** Fields whose problem is always "choose one" rather than "wrong format". */
const CHOICE_FIELDS: ReadonlySet<string> = new Set(['service_type', 'request_type', 'applicant.gender', 'education.institution_type', 'education.degree_level']);

/** The counter's own words for a field's issue, by its path and code; undefined: the shared words. */
function describeIntakeIssue(issue: ZodIssue, t: TFunction): string | undefined {
  const path = issue.path.map(String).join('.');
  if (path === 'service_type') return t('counter:messages.chooseService');
  if (path === 'request_type' && issue.code === 'invalid_value') return t('counter:messages.chooseRequestType');
  if (path === 'education.ects_credits') return t('counter:messages.ects', { max: INTAKE_LIMITS.maxEcts });
  if (path === 'exemption.reason' && issue.code === 'too_small') return t('counter:messages.exemptionReason');
  if (path === EXEMPTION_PROOF_PATH) return t('counter:messages.exemptionProof');
  if (issue.code === 'invalid_format' && issue.format === 'email') return t('counter:messages.email');
  if (CHOICE_FIELDS.has(path) || issue.code === 'invalid_value') return t('counter:messages.choose');
  return undefined;
}

/** The server refuses an exemption request without its proof (400): said here, before it waits in the outbox. */
const counterRequest = intakeRequest.superRefine((request, context) => {
  if (request.exemption !== null && !request.documents.some((document) => document.document_type === 'exemption_proof')) {
    context.addIssue({ code: 'custom', path: EXEMPTION_PROOF_PATH.split('.'), message: 'The exemption request needs its proof.', params: checkRefusal('intake_exemption_proof_missing') });
  }
});

/**
 * The counter form for the form layer (lib/form.ts): the submission the draft becomes, with the
 * locally quoted total, checked by the server's schema; each problem on the field of the same path.
 */
export function intakeForm(draft: Draft, quotedTotal: string) {
  return {
    schema: counterRequest,
    toRequest: (values: DraftValues) => intakeRequestOf({ ...draft, values }, quotedTotal),
    fieldOf: (path: string) => path || null,
    describe: describeIntakeIssue,
  };
}

/** Field path → message in the reader's language. */
export type FieldMessages = Readonly<Record<string, string>>;

export interface DraftCheck {
  /** The submission, when the schema accepts it and the fee could be quoted. */
  request: IntakeRequestParsed | null;
  /** The schema's problems by dotted field path (first one per field), in the reader's words. */
  errors: FieldMessages;
  quote: QuoteResult | null;
  missing: DocumentType[];
}

/**
 * Everything "Send" checks: the form layer's check of the draft (intakeForm), the fee quoted from
 * the kept price table, and the documents the service requires. Missing documents do not stop a
 * submission (the application is marked incomplete); schema problems and a fee that cannot be
 * quoted do.
 */
export function checkDraft(draft: Draft, service: Service | null, t: TFunction): DraftCheck {
  const quote = quoteDraft(service, draft.values);
  const total = quote?.ok ? fromCents(quote.quote.total_cents) : '0.00';
  const checked = checkValues<DraftValues, IntakeRequestParsed>(intakeForm(draft, total), draft.values, t);
  return {
    request: checked.request && quote?.ok ? checked.request : null,
    errors: checked.errors ?? {},
    quote,
    missing: missingRequiredDocuments(service, draft.values),
  };
}

/** A fee problem of the local quote, in the words the server uses for it. */
export function feeProblemMessage(problem: FeeProblem, t: TFunction): string {
  return refusalMessage(FEE_PROBLEM_REFUSALS[problem.code], {}, t);
}
