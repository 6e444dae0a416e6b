import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { PAYMENT_EXPORT_COLUMNS, PAYMENT_LIMITS, type PAYMENT_EXPORT_FORMATS, type PaymentMethod, type PaymentStatus } from '../../../shared/api/payments';
import type { Language } from '../../../shared/constants';
import type { ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';
import { recordAudit } from '../../shared/audit';
import { spreadsheetFile, type Cell, type SpreadsheetColumn, type SpreadsheetFormat } from '../../spreadsheet-export';
import { matchingPayments, type PaymentFilterValue } from './payment-filter';
import { REFUNDED } from './payment-queries';
import { PAYMENT_TEXTS, type PaymentTexts } from './payment-texts';

// The payments export's rows and columns. Rows are read in batches in id order, each written out
// before the next is read; the header row, statuses, methods and service names are in the
// caller's language; amounts are plain decimals (numbers in the workbook); moments are UTC. The
// file itself (CSV or XLSX, streamed) is spreadsheet-export.ts's.

export type PaymentExportFormat = (typeof PAYMENT_EXPORT_FORMATS)[number] & SpreadsheetFormat;
type ExportColumn = (typeof PAYMENT_EXPORT_COLUMNS)[number];

export interface ExportedPayment {
  id: number;
  reference: string;
  applicant: string;
  service: string;
  status: PaymentStatus;
  amount_due: string;
  amount_paid: string | null;
  amount_refunded: string;
  currency: string;
  method: PaymentMethod | null;
  transaction_id: string | null;
  created_at: Date;
  paid_at: Date | null;
}

/** Payments per query. */
export const EXPORT_BATCH_SIZE = 500;

const SERVICE_NAME = { en: 'services.name_en', sq: 'services.name_sq', sr: 'services.name_sr' } as const;
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The payments `filter` matches for the reader, batch after batch, in id order. */
export async function* exportedPayments(
  db: Kysely<Database>,
  scope: ApplicationScope,
  filter: Partial<PaymentFilterValue>,
  language: Language,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportedPayment[]> {
  let after = 0;
  for (;;) {
    const rows = await matchingPayments(db, scope, filter)
      .innerJoin('services', 'services.id', 'applications.service_id')
      .select([
        'application_payments.id',
        'applications.reference',
        'applications.applicant_name as applicant',
        `${SERVICE_NAME[language]} as service`,
        'application_payments.status',
        sql<string>`round(application_payments.amount_due, 2)::text`.as('amount_due'),
        sql<string | null>`round(application_payments.amount - ${REFUNDED}, 2)::text`.as('amount_paid'),
        sql<string>`round(${REFUNDED}, 2)::text`.as('amount_refunded'),
        'application_payments.currency',
        'application_payments.method',
        'application_payments.transaction_id',
        'application_payments.created_at',
        'application_payments.paid_at',
      ])
      .where('application_payments.id', '>', after)
      .orderBy('application_payments.id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, created_at: asDate(row.created_at), paid_at: row.paid_at === null ? null : asDate(row.paid_at) }));
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

const AMOUNT_COLUMNS: ReadonlySet<ExportColumn> = new Set(['amount_due', 'amount_paid', 'amount_refunded']);
const DATE_COLUMNS: ReadonlySet<ExportColumn> = new Set(['created_at', 'paid_at']);

/** One payment's cells, in PAYMENT_EXPORT_COLUMNS order (amounts as decimal text). */
function paymentCells(payment: ExportedPayment, texts: PaymentTexts): Cell[] {
  const cells: Record<ExportColumn, Cell> = {
    id: payment.id,
    reference: payment.reference,
    applicant: payment.applicant,
    service: payment.service,
    status: texts.statuses[payment.status],
    amount_due: payment.amount_due,
    amount_paid: payment.amount_paid,
    amount_refunded: payment.amount_refunded,
    currency: payment.currency,
    method: payment.method ? texts.methods[payment.method] : null,
    transaction_id: payment.transaction_id,
    created_at: payment.created_at,
    paid_at: payment.paid_at,
  };
  return PAYMENT_EXPORT_COLUMNS.map((column) => cells[column]);
}

const WIDTHS: Readonly<Record<ExportColumn, number>> = {
  id: 8,
  reference: 20,
  applicant: 28,
  service: 36,
  status: 18,
  amount_due: 12,
  amount_paid: 12,
  amount_refunded: 12,
  currency: 8,
  method: 18,
  transaction_id: 24,
  created_at: 20,
  paid_at: 20,
};

/** The payments, batch after batch, as a CSV or XLSX file in `language`. */
export function paymentsFile(format: PaymentExportFormat, batches: AsyncIterable<ExportedPayment[]>, language: Language): Readable {
  const texts = PAYMENT_TEXTS[language];
  const columns: SpreadsheetColumn[] = PAYMENT_EXPORT_COLUMNS.map((column) => ({
    header: texts.export.columns[column],
    width: WIDTHS[column],
    ...(DATE_COLUMNS.has(column) ? { kind: 'date' as const } : AMOUNT_COLUMNS.has(column) ? { kind: 'amount' as const } : {}),
  }));
  async function* rows() {
    for await (const batch of batches) yield batch.map((payment) => paymentCells(payment, texts));
  }
  return spreadsheetFile(format, { sheet: texts.export.sheet, columns, rows: rows() });
}

/**
 * Checks that an export of what `filter` matches stays within PAYMENT_LIMITS.exportCap (409 above
 * it) and audits it: a file of people's payments leaves the system.
 */
export async function startPaymentExport(
  db: Kysely<Database>,
  scope: ApplicationScope,
  request: { filter: Partial<PaymentFilterValue>; format: PaymentExportFormat },
  actor: { id: number; ip: string | null },
): Promise<void> {
  const { filter, format } = request;
  const { count } = await matchingPayments(db, scope, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > PAYMENT_LIMITS.exportCap) throw conflict('payment_export_too_large', {}, { count: Number(count), cap: PAYMENT_LIMITS.exportCap });
  await recordAudit(db, { actorId: actor.id, action: 'payment.export', entityType: 'payment', entityId: null, details: { format, count: Number(count), filter }, ip: actor.ip });
}
