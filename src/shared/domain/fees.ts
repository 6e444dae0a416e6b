import type { ServiceType } from '../constants';
import type { DocumentType } from '../document-types';
import { fromCents, isMoney, MAX_PRICE_CENTS, toCents, type Cents } from './fees-money';
import type { RefusalCode } from '../refusals';

// The fees engine of spec §9. Pure functions over a service's price table, so the
// server, the renderer and the offline counter form (which quotes without a network) compute the
// same amount from the same table. Amounts are integer cents inside; tables and answers carry
// decimal strings.
//
// A price table has a fixed list of cases per kind of service (PRICE_CASES) and:
//   prices:        one amount per case — every case must be priced;
//   degree_prices: per degree level the service offers, amounts that replace the base price of
//                  some cases ("the chosen degree level changes the price where the table says so").

export type PriceTableKind = 'flat' | 'diploma_transcript' | 'document_count' | 'request_type';
export const PRICE_TABLE_KINDS: readonly PriceTableKind[] = ['flat', 'diploma_transcript', 'document_count', 'request_type'];

/** Which table shape each service type uses (spec §9). */
export const PRICE_TABLE_KIND_BY_SERVICE_TYPE: Readonly<Record<ServiceType, PriceTableKind>> = {
  1: 'flat',
  2: 'diploma_transcript',
  3: 'document_count',
  4: 'document_count',
  5: 'request_type',
};

/**
 * Request types of academic information (service 5), priced one by one. The spec names only
 * "general academic information" (its degree option); the other two are the written answers the
 * centre gives most often.
 */
export const ACADEMIC_INFORMATION_REQUEST_TYPES = [
  'general_academic_information',
  'recognition_status_confirmation',
  'institution_accreditation_information',
] as const;
export type AcademicInformationRequestType = (typeof ACADEMIC_INFORMATION_REQUEST_TYPES)[number];

export const PRICE_CASES = {
  flat: ['standard'],
  diploma_transcript: ['diploma_only', 'transcript_only', 'both'],
  document_count: ['one_or_fewer', 'more_than_one'],
  request_type: ACADEMIC_INFORMATION_REQUEST_TYPES,
} as const satisfies Record<PriceTableKind, readonly string[]>;
export type PriceCase = (typeof PRICE_CASES)[PriceTableKind][number];
export const ALL_PRICE_CASES: readonly PriceCase[] = [...new Set(PRICE_TABLE_KINDS.flatMap((kind) => PRICE_CASES[kind]))];

/**
 * Documents that never count for a verification price (services 3 and 4), nor decide the
 * pre-university case: the completed form (the verification request the applicant fills in) and
 * the identity document (spec §9).
 */
export const UNCOUNTED_DOCUMENT_TYPES: readonly DocumentType[] = ['verification_request', 'id_document'];

/** Documents that make a pre-university recognition (service 2) a diploma or a transcript case. */
const DIPLOMA_DOCUMENTS: readonly DocumentType[] = ['original_diploma', 'diploma_translation'];
const TRANSCRIPT_DOCUMENTS: readonly DocumentType[] = ['original_transcript', 'transcript_translation'];

/** A decimal string, or null for "not priced" (a base case must never be null). */
export type PriceAmount = string | null;

export interface PriceTable {
  kind: PriceTableKind;
  prices: Partial<Record<PriceCase, PriceAmount>>;
  degree_prices: Record<string, Partial<Record<PriceCase, PriceAmount>>>;
}

/** What the engine reads of a service. */
export interface FeeService {
  service_type: ServiceType;
  fee_enabled: boolean;
  fee_exemption_allowed: boolean;
  degree_options: readonly string[];
  price_table: PriceTable;
}

export interface QuoteInput {
  /** The types of the documents the applicant hands in, one entry per document. */
  documents: readonly DocumentType[];
  degree_level?: string | null;
  /** Service 5 only. */
  request_type?: string | null;
  exemption_requested?: boolean;
}

/**
 * case_price: the table's base price for the case; degree_level_price: the degree level's own
 * price for it; fee_disabled: the service charges nothing; exemption_requested: an exemption was
 * asked for (0, the exemption review decides).
 */
export type FeeRule = 'case_price' | 'degree_level_price' | 'fee_disabled' | 'exemption_requested';
export const FEE_RULES: readonly FeeRule[] = ['case_price', 'degree_level_price', 'fee_disabled', 'exemption_requested'];

export interface FeeLine {
  rule: FeeRule;
  amount_cents: Cents;
  price_case: PriceCase | null;
  degree_level: string | null;
  /** Documents that counted (document-count services), else null. */
  counted_documents: number | null;
}

export interface FeeQuote {
  total_cents: Cents;
  price_case: PriceCase | null;
  fee_enabled: boolean;
  exemption_allowed: boolean;
  exemption_requested: boolean;
  lines: FeeLine[];
}

export type FeeProblemCode =
  | 'unpriced_case'
  | 'unknown_case'
  | 'invalid_amount'
  | 'wrong_table_kind'
  | 'degree_not_offered'
  | 'no_diploma_or_transcript'
  | 'request_type_required'
  | 'request_type_unknown'
  | 'exemption_not_allowed';

export interface FeeProblem {
  /** Dotted field path of the request (`price_table.prices.both`, `degree_level`). */
  field: string;
  code: FeeProblemCode;
}

/** English texts; the server translates them (locales/<lang>/server.json, services.feeProblems.<code>). */
export const FEE_PROBLEM_MESSAGES: Readonly<Record<FeeProblemCode, string>> = {
  unpriced_case: 'This case has no price. Enter an amount (0.00 if it is free).',
  unknown_case: 'This price table has no such case.',
  invalid_amount: 'Enter an amount in euros of zero or more, with at most two decimals (for example 12.50).',
  wrong_table_kind: 'This kind of price table does not fit the service type.',
  degree_not_offered: 'This degree level is not offered by this service.',
  no_diploma_or_transcript: 'Add the diploma, the report cards, or both: the price depends on which are recognised.',
  request_type_required: 'Choose the request type: each has its own fee.',
  request_type_unknown: 'This request type does not exist.',
  exemption_not_allowed: 'This service does not allow fee exemptions.',
};

/** The refusal code of each fee problem (shared/refusals.ts), the words of FEE_PROBLEM_MESSAGES. */
export const FEE_PROBLEM_REFUSALS = {
  unpriced_case: 'service_unpriced_case',
  unknown_case: 'service_unknown_case',
  invalid_amount: 'invalid_amount',
  wrong_table_kind: 'service_wrong_table_kind',
  degree_not_offered: 'degree_not_offered',
  no_diploma_or_transcript: 'no_diploma_or_transcript',
  request_type_required: 'request_type_required',
  request_type_unknown: 'request_type_unknown',
  exemption_not_allowed: 'exemption_not_allowed',
} as const satisfies Readonly<Record<FeeProblemCode, RefusalCode>>;

export type QuoteResult = { ok: true; quote: FeeQuote } | { ok: false; problems: FeeProblem[] };

function casesOf(kind: PriceTableKind): readonly PriceCase[] {
  return PRICE_CASES[kind];
}

function amountProblem(amount: unknown): boolean {
  return typeof amount !== 'string' || !isMoney(amount) || toCents(amount) > MAX_PRICE_CENTS;
}

/**
 * Everything wrong with a price table for a service of this type offering these degree levels:
 * a table of another kind, a case left unpriced, a case the kind does not have, an amount that is
 * negative or not a number, degree prices for a level the service does not offer.
 */
export function priceTableProblems(serviceType: ServiceType, degreeOptions: readonly string[], table: PriceTable): FeeProblem[] {
  const expected = PRICE_TABLE_KIND_BY_SERVICE_TYPE[serviceType];
  if (table.kind !== expected) return [{ field: 'price_table.kind', code: 'wrong_table_kind' }];
  const cases = casesOf(expected);
  const problems: FeeProblem[] = [];
  for (const priceCase of cases) {
    const amount = table.prices[priceCase];
    if (amount === null || amount === undefined) problems.push({ field: `price_table.prices.${priceCase}`, code: 'unpriced_case' });
    else if (amountProblem(amount)) problems.push({ field: `price_table.prices.${priceCase}`, code: 'invalid_amount' });
  }
  for (const key of Object.keys(table.prices)) {
    if (!(cases as readonly string[]).includes(key)) problems.push({ field: `price_table.prices.${key}`, code: 'unknown_case' });
  }
  for (const [degree, prices] of Object.entries(table.degree_prices)) {
    if (!degreeOptions.includes(degree)) {
      problems.push({ field: `price_table.degree_prices.${degree}`, code: 'degree_not_offered' });
      continue;
    }
    for (const [key, amount] of Object.entries(prices)) {
      const field = `price_table.degree_prices.${degree}.${key}`;
      if (!(cases as readonly string[]).includes(key)) problems.push({ field, code: 'unknown_case' });
      else if (amount !== null && amount !== undefined && amountProblem(amount)) problems.push({ field, code: 'invalid_amount' });
    }
  }
  return problems;
}

/** How many of these documents count for a verification price (never the form or the ID). */
export function countedDocuments(documents: readonly DocumentType[]): number {
  return documents.filter((type) => !UNCOUNTED_DOCUMENT_TYPES.includes(type)).length;
}

function caseFor(kind: PriceTableKind, input: QuoteInput): PriceCase | FeeProblem {
  switch (kind) {
    case 'flat':
      return 'standard';
    case 'document_count':
      return countedDocuments(input.documents) > 1 ? 'more_than_one' : 'one_or_fewer';
    case 'diploma_transcript': {
      const diploma = input.documents.some((type) => DIPLOMA_DOCUMENTS.includes(type));
      const transcript = input.documents.some((type) => TRANSCRIPT_DOCUMENTS.includes(type));
      if (diploma && transcript) return 'both';
      if (diploma) return 'diploma_only';
      if (transcript) return 'transcript_only';
      return { field: 'documents', code: 'no_diploma_or_transcript' };
    }
    case 'request_type': {
      if (!input.request_type) return { field: 'request_type', code: 'request_type_required' };
      const known = (ACADEMIC_INFORMATION_REQUEST_TYPES as readonly string[]).includes(input.request_type);
      return known ? (input.request_type as PriceCase) : { field: 'request_type', code: 'request_type_unknown' };
    }
  }
}

const isProblem = (value: PriceCase | FeeProblem): value is FeeProblem => typeof value === 'object';

/**
 * The fee for one application of this service: which case applies (counted documents, diploma
 * and/or transcript, request type), the degree level's price where the table has one, 0 when the
 * fee is disabled, and whether an exemption may be (and was) requested.
 */
export function quoteFee(service: FeeService, input: QuoteInput): QuoteResult {
  const problems: FeeProblem[] = [];
  const degree = input.degree_level ?? null;
  if (degree !== null && !service.degree_options.includes(degree)) problems.push({ field: 'degree_level', code: 'degree_not_offered' });
  const exemptionRequested = input.exemption_requested === true;
  if (exemptionRequested && !service.fee_exemption_allowed) problems.push({ field: 'exemption_requested', code: 'exemption_not_allowed' });
  const priceCase = caseFor(service.price_table.kind, input);
  if (isProblem(priceCase)) problems.push(priceCase);
  if (problems.length > 0 || isProblem(priceCase)) return { ok: false, problems };

  const counted = service.price_table.kind === 'document_count' ? countedDocuments(input.documents) : null;
  const degreePrice = degree === null ? undefined : service.price_table.degree_prices[degree]?.[priceCase];
  const basePrice = service.price_table.prices[priceCase];
  const price = degreePrice ?? basePrice;
  if (price === null || price === undefined || amountProblem(price)) {
    return { ok: false, problems: [{ field: `price_table.prices.${priceCase}`, code: 'unpriced_case' }] };
  }

  const lines: FeeLine[] = [];
  if (service.fee_enabled) {
    lines.push({
      rule: degreePrice === null || degreePrice === undefined ? 'case_price' : 'degree_level_price',
      amount_cents: toCents(price),
      price_case: priceCase,
      degree_level: degreePrice === null || degreePrice === undefined ? null : degree,
      counted_documents: counted,
    });
  } else {
    lines.push({ rule: 'fee_disabled', amount_cents: 0, price_case: priceCase, degree_level: null, counted_documents: counted });
  }
  if (exemptionRequested && service.fee_enabled) {
    lines.push({ rule: 'exemption_requested', amount_cents: 0, price_case: null, degree_level: null, counted_documents: null });
  }
  return {
    ok: true,
    quote: {
      total_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
      price_case: priceCase,
      fee_enabled: service.fee_enabled,
      exemption_allowed: service.fee_exemption_allowed,
      exemption_requested: exemptionRequested && service.fee_enabled,
      lines,
    },
  };
}

/** The service's headline fee (`fee`, shown in lists): the lowest base price of its table. */
export function lowestPrice(table: PriceTable): string {
  const cents = casesOf(table.kind)
    .map((priceCase) => table.prices[priceCase])
    .filter((amount): amount is string => typeof amount === 'string' && isMoney(amount))
    .map(toCents);
  return fromCents(cents.length > 0 ? Math.min(...cents) : 0);
}

/** A table charging one amount in every case (how a service's former single fee carries over). */
export function uniformPriceTable(serviceType: ServiceType, amount: string): PriceTable {
  const kind = PRICE_TABLE_KIND_BY_SERVICE_TYPE[serviceType];
  return { kind, prices: Object.fromEntries(casesOf(kind).map((priceCase) => [priceCase, amount])), degree_prices: {} };
}
