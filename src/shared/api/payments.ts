import { z } from 'zod';
import { SERVICE_TYPES } from '../constants';
import { APPLICATION_STATUSES } from '../domain/application-status';
import { pageQuery, paginated, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// Payments (spec §2 "Payments", §3 "Payment", §6): the list with its filters and the
// totals of what the filter matches, one payment's details (refunds, the exemption request and its
// review, the receipt), refunds, the bank statement import and the export.
//
// A payment exists from the moment a fee is requested (the workflow's request_payment): pending
// with the amount due, then paid (mark_paid: amount, transaction ID, method), refunded in part or
// whole, or exempted (approve_exemption). Marking paid and reviewing an exemption are workflow
// actions of the application (POST /applications/{id}/actions/{name}/): they move the application
// as the workflow table says, in one transaction with history and audit. A refund changes no
// status and is the payments module's own (it writes the history and audit rows too).
//
// Everyone needs payments.view_payment to read; writing needs payments.mark_paid (import),
// payments.process_refund (refunds); NARIC Officers hold both implicitly (spec §6). Rows are
// those of applications the reader may see (application-scope.ts). Messages are English and
// translated on the way out (locales/<lang>/server.json, `payments`).

export const PAYMENT_PATHS = {
  list: '/payments/',
  detail: (id: number) => `/payments/${id}/`,
  /** POST: a refund of a paid payment. */
  refunds: (id: number) => `/payments/${id}/refunds/`,
  /** GET: the receipt as PDF (paid payments only). */
  receipt: (id: number) => `/payments/${id}/receipt/`,
  /** POST: the filter's payments as CSV or XLSX (a file, streamed). */
  export: '/payments/export/',
  /** GET: the statements imported or previewed; POST (multipart, field `file`): upload and preview one. */
  statements: '/payments/statements/',
  statement: (id: number) => `/payments/statements/${id}/`,
  /** POST: record the matched lines of a previewed statement. */
  importStatement: (id: number) => `/payments/statements/${id}/import/`,
  /** POST: match a line the import left to a pending payment (records it). */
  matchStatementLine: (id: number, line: number) => `/payments/statements/${id}/lines/${line}/match/`,
  /** POST: set a line the import left aside, with the reason. */
  setAsideStatementLine: (id: number, line: number) => `/payments/statements/${id}/lines/${line}/set-aside/`,
  /** GET: the lines imports left for a person (amount differs, unknown reference), by whether they are resolved. */
  statementLines: '/payments/statement-lines/',
  /** GET, no sign-in: what a receipt's verification code stands for (the QR code's address). */
  verifyReceipt: (code: string) => `/public/receipts/${encodeURIComponent(code)}/`,
} as const;

export const PAYMENT_MESSAGES = {
  required: 'This field is required',
  invalidFormat: 'Invalid format',
  transactionTaken: 'This transaction ID is already recorded for another payment.',
  amountDiffers: 'The amount paid must be the amount due.',
  refundTooLarge: 'A refund cannot be more than what was paid and not yet refunded.',
  refundNotPositive: 'A refund must be more than zero.',
  notPaid: 'Only a paid payment can be refunded or have a receipt.',
  stale: 'The payment was changed by someone else. Reload and try again.',
  statementTooLarge: 'The statement is too large.',
  statementNotCsv: 'Upload the statement as a CSV file.',
  statementEncoding: 'The statement is neither UTF-8 nor Windows-1250 text.',
  statementColumns: 'The statement’s first line must name the columns: booking_date, amount, currency, reference, transaction_id, payer.',
  statementEmpty: 'The statement has no payment lines.',
  statementTooManyLines: 'The statement has more lines than one import takes.',
  statementImported: 'This statement has already been imported.',
  receiptNotFound: 'No receipt has this verification code.',
  exportTooLarge: 'The filter matches more payments than one export takes. Narrow it and try again.',
} as const;

export const PAYMENT_LIMITS = {
  reason: 2000,
  transactionId: 100,
  /** Largest statement file accepted (413 beyond it). */
  statementBytes: 5 * 1024 * 1024,
  statementLines: 20_000,
  /** Most payments one export writes. */
  exportCap: 200_000,
} as const;

export const PAYMENT_STATUSES = ['pending', 'paid', 'partially_refunded', 'refunded', 'exempted', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_METHODS = ['bank_transfer', 'cash', 'card', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethod = z.enum(PAYMENT_METHODS);

/** Money as a person types it ("40", "40.5", "40,50"); at most 99,999,999.99. */
export const moneyText = safeText({ max: 16 }).refine((text) => /^\d{1,8}([.,]\d{1,2})?$/.test(text), PAYMENT_MESSAGES.invalidFormat);
/** Money as the server answers it ("40.00"). */
export const moneyAmount = z.string().regex(/^-?\d+\.\d{2}$/);

export const PAYMENT_ORDERINGS = ['created_at', 'paid_at', 'amount_due', 'reference'] as const;
const isoDate = safeText({ max: 10 }).refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)), PAYMENT_MESSAGES.invalidFormat);
const serviceType = z.coerce.number().int().refine((value) => (SERVICE_TYPES as readonly number[]).includes(value), PAYMENT_MESSAGES.invalidFormat);
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(item).max(PAYMENT_STATUSES.length * 2));

// ---- The list ----

export const paymentListFilter = z.object({
  status: listOf(z.enum(PAYMENT_STATUSES)).optional(),
  service_type: serviceType.optional(),
  method: paymentMethod.optional(),
  /** On the day paid, or asked for while pending (inclusive, the office's calendar days). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  /** On the amount due. */
  amount_min: moneyText.optional(),
  amount_max: moneyText.optional(),
  /** "requested": payments of applications whose applicant asked to be exempted from the fee. */
  exemption: z.enum(['requested']).optional(),
  /** Words matched in the application reference, the transaction ID or the applicant's name. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
});
export type PaymentListFilter = z.input<typeof paymentListFilter>;

export const paymentListQuery = pageQuery.merge(paymentListFilter).extend({
  ordering: z.enum([...PAYMENT_ORDERINGS, ...PAYMENT_ORDERINGS.map((key) => `-${key}` as const)]).default('-created_at'),
});
export type PaymentListQuery = z.input<typeof paymentListQuery>;

const person = z.object({ id: z.number().int(), full_name: z.string() });

export const paymentListItem = z.object({
  id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  application: z.object({ id: z.number().int(), reference: z.string(), status: z.enum(APPLICATION_STATUSES), service_type: z.number().int() }),
  applicant_name: z.string(),
  amount_due: moneyAmount,
  /** What was paid, less refunds (null until paid). */
  amount_paid: moneyAmount.nullable(),
  amount_refunded: moneyAmount,
  currency: z.literal('EUR'),
  transaction_id: z.string().nullable(),
  method: paymentMethod.nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type PaymentListItem = z.infer<typeof paymentListItem>;

/** The totals of everything the filter matches (not only the page). */
export const paymentTotals = z.object({
  count: z.number().int().nonnegative(),
  amount_due: moneyAmount,
  amount_paid: moneyAmount,
  amount_refunded: moneyAmount,
  currency: z.literal('EUR'),
});
export type PaymentTotals = z.infer<typeof paymentTotals>;
export const paymentListAnswer = paginated(paymentListItem).extend({ totals: paymentTotals });
export type PaymentListAnswer = z.infer<typeof paymentListAnswer>;

// ---- One payment ----

export const paymentRefund = z.object({
  id: z.number().int(),
  amount: moneyAmount,
  reason: z.string(),
  refunded_by: person.nullable(),
  created_at: z.string(),
});
export type PaymentRefund = z.infer<typeof paymentRefund>;

/**
 * The applicant's request to be exempted from the fee, read from the application (its reason, the
 * exemption proof documents) and its review from the application's history.
 */
export const exemptionRequest = z.object({
  reason: z.string().nullable(),
  proof_documents: z.array(z.object({ id: z.number().int(), file_name: z.string(), status: z.string() })),
  review: z
    .object({
      outcome: z.enum(['approved', 'rejected']),
      notes: z.string().nullable(),
      reviewed_by: person.nullable(),
      reviewed_at: z.string(),
    })
    .nullable(),
  /** The application is waiting for this review now (its workflow offers approve/reject_exemption). */
  awaiting_review: z.boolean(),
});
export type ExemptionRequest = z.infer<typeof exemptionRequest>;

export const paymentDetail = paymentListItem.extend({
  version: z.number().int(),
  application: paymentListItem.shape.application.extend({ version: z.number().int(), service_name: z.string() }),
  recorded_by: person.nullable(),
  requested_by: person.nullable(),
  /** Printed on the receipt (paid payments). */
  receipt_code: z.string().nullable(),
  /** The statement line that recorded it, when it came from a bank statement import. */
  statement: z.object({ id: z.number().int(), file_name: z.string(), line_number: z.number().int() }).nullable(),
  refunds: z.array(paymentRefund),
  /** What may still be refunded. */
  refundable: moneyAmount,
  /** null when the applicant asked for no exemption. */
  exemption: exemptionRequest.nullable(),
  updated_at: z.string(),
});
export type PaymentDetail = z.infer<typeof paymentDetail>;

export const refundRequest = z.object({
  version: recordVersion,
  amount: moneyText,
  reason: safeText({ max: PAYMENT_LIMITS.reason, multiline: true }).min(1, PAYMENT_MESSAGES.required),
});
export type RefundRequest = z.input<typeof refundRequest>;

/** The public verification of a receipt: enough to confirm it, nothing more about the person. */
export const receiptVerification = z.object({
  receipt_code: z.string(),
  reference: z.string(),
  amount: moneyAmount,
  currency: z.literal('EUR'),
  paid_at: z.string(),
  status: z.enum(PAYMENT_STATUSES),
});
export type ReceiptVerification = z.infer<typeof receiptVerification>;

// ---- Export ----

export const PAYMENT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const paymentExportRequest = z.object({ filter: paymentListFilter, format: z.enum(PAYMENT_EXPORT_FORMATS) });
export type PaymentExportRequest = z.input<typeof paymentExportRequest>;
/** The export's columns, in order (the header row is in the caller's language). */
export const PAYMENT_EXPORT_COLUMNS = [
  'id',
  'reference',
  'applicant',
  'service',
  'status',
  'amount_due',
  'amount_paid',
  'amount_refunded',
  'currency',
  'method',
  'transaction_id',
  'created_at',
  'paid_at',
] as const;

// ---- Bank statements ----

/**
 * The documented CSV layout (docs/api.md "Bank statement import"): a header line naming these
 * columns (any order, case-insensitive), comma or semicolon separated, UTF-8 (with or without BOM)
 * or Windows-1250; amounts with a decimal point or comma; dates as YYYY-MM-DD or DD.MM.YYYY.
 * `reference` carries the application reference the applicant wrote on the transfer.
 */
export const STATEMENT_COLUMNS = ['booking_date', 'amount', 'currency', 'reference', 'transaction_id', 'payer'] as const;
export const STATEMENT_LINE_OUTCOMES = [
  'matched',
  'recorded',
  'already_recorded',
  'amount_mismatch',
  'no_pending_payment',
  'unknown_reference',
  'duplicate_in_file',
  'invalid',
] as const;
export type StatementLineOutcome = (typeof STATEMENT_LINE_OUTCOMES)[number];

export const statementLine = z.object({
  line_number: z.number().int(),
  booked_on: z.string().nullable(),
  amount: moneyAmount.nullable(),
  currency: z.string().nullable(),
  reference: z.string().nullable(),
  transaction_id: z.string().nullable(),
  payer: z.string().nullable(),
  /** matched: will be recorded on import; recorded: was; the others say why not. */
  outcome: z.enum(STATEMENT_LINE_OUTCOMES),
  /** English words for an invalid line (which column and why). */
  problem: z.string().nullable(),
  payment: z.object({ id: z.number().int(), application_reference: z.string(), amount_due: moneyAmount }).nullable(),
  /**
   * How a person resolved a line the import left (amount differs, unknown reference): matched to
   * the payment it pays (recorded then), or set aside with the reason. Null while unresolved.
   */
  resolution: z
    .object({ how: z.enum(['matched', 'set_aside']), note: z.string().nullable(), by: person.nullable(), at: z.string() })
    .nullable()
    .optional(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementSummary = z.object({
  id: z.number().int(),
  file_name: z.string(),
  encoding: z.enum(['utf-8', 'windows-1250']),
  status: z.enum(['previewed', 'imported']),
  line_count: z.number().int(),
  /** Lines that match a pending payment (previewed) or were recorded (imported). */
  matched_count: z.number().int(),
  uploaded_by: person.nullable(),
  uploaded_at: z.string(),
  imported_by: person.nullable(),
  imported_at: z.string().nullable(),
  version: z.number().int(),
});
export type StatementSummary = z.infer<typeof statementSummary>;
export const statementListAnswer = paginated(statementSummary);
export const statementDetail = statementSummary.extend({ lines: z.array(statementLine) });
export type StatementDetail = z.infer<typeof statementDetail>;
export const statementListQuery = pageQuery;

export const statementImportRequest = z.object({ version: recordVersion });

/** The lines of an imported statement a person may resolve. */
export const RESOLVABLE_LINE_OUTCOMES = ['amount_mismatch', 'unknown_reference'] as const satisfies readonly StatementLineOutcome[];
export const statementLineParams = z.object({ id: z.coerce.number().pipe(recordId), line: z.coerce.number().int().min(1).max(10_000_000) });
/** Match a line to the pending payment it pays: the payment is recorded with the line's transaction, as the import would have. */
export const statementLineMatchRequest = z.object({ payment_id: recordId });
export type StatementLineMatchRequest = z.input<typeof statementLineMatchRequest>;
/** Set a line aside: nothing is recorded; the reason stays on the line. */
export const statementLineSetAsideRequest = z.object({ reason: safeText({ max: 1000, multiline: true }).min(1, 'This field is required') });
export type StatementLineSetAsideRequest = z.input<typeof statementLineSetAsideRequest>;
export type StatementImportRequest = z.input<typeof statementImportRequest>;

/**
 * The lines of imported statements the import left for a person (RESOLVABLE_LINE_OUTCOMES), by
 * where they stand: unmatched (neither matched to a payment nor set aside yet), matched, set aside.
 */
export const STATEMENT_LINE_STATES = ['unmatched', 'matched', 'set_aside'] as const;
export type StatementLineState = (typeof STATEMENT_LINE_STATES)[number];
export const statementLineListQuery = pageQuery.extend({ state: z.enum(STATEMENT_LINE_STATES).optional() });
export const statementLineListItem = statementLine.extend({
  statement: z.object({ id: z.number().int(), file_name: z.string(), imported_at: z.string().nullable() }),
});
export type StatementLineListItem = z.infer<typeof statementLineListItem>;
export const statementLineListAnswer = paginated(statementLineListItem);

export const paymentIdParams = z.object({ id: z.coerce.number().pipe(recordId) });
export const receiptCodeParams = z.object({ code: safeText({ max: TEXT_LIMITS.code }).min(1) });
