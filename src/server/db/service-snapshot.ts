import type { Kysely } from 'kysely';
import { feeQuoteAnswer, type DocumentRequirement, type StoredFeeQuote } from '../../shared/api/services';
import type { ServiceType } from '../../shared/constants';
import type { DocumentType } from '../../shared/document-types';
import { lowestPrice, quoteFee, type FeeService } from '../../shared/domain/fees';
import type { Database } from './schema';

// What an application keeps of its service when it is made: the fee it was quoted, the
// quote's breakdown (without labels: whoever shows it writes them in the reader's language) and
// the document requirements of that moment. Editing the service afterwards never changes them.

export interface SnapshotSource {
  id: number;
  version: number;
  fee: FeeService;
  requirements: DocumentRequirement[];
}

export interface ApplicationSnapshotColumns {
  quoted_fee: string;
  fee_quote: string | null;
  document_requirements: string;
}

/** The services by id, as the engine and the snapshot read them. */
export async function loadSnapshotSources(db: Kysely<Database>, serviceIds: readonly number[]): Promise<Map<number, SnapshotSource>> {
  if (serviceIds.length === 0) return new Map();
  const [services, requirements] = await Promise.all([
    db
      .selectFrom('services')
      .select(['id', 'version', 'service_type', 'fee', 'fee_enabled', 'fee_exemption_allowed', 'degree_options', 'price_table'])
      .where('id', 'in', [...new Set(serviceIds)])
      .execute(),
    db
      .selectFrom('service_document_requirements')
      .select(['service_id', 'document_type', 'required', 'description_en', 'description_sq', 'description_sr'])
      .where('service_id', 'in', [...new Set(serviceIds)])
      .orderBy('id')
      .execute(),
  ]);
  return new Map(
    services.map((row) => [
      row.id,
      {
        id: row.id,
        version: row.version,
        fee: { ...row, service_type: row.service_type as ServiceType },
        requirements: requirements.filter((r) => r.service_id === row.id).map(({ service_id: _service, ...requirement }) => requirement),
      },
    ]),
  );
}

/**
 * The snapshot columns for an application with these documents and degree level. A degree level
 * the service does not offer is quoted without one; a case the table cannot price (a
 * pre-university application with neither diploma nor transcript yet) keeps the service's
 * headline fee and no breakdown. An academic information request without a request type is
 * quoted as the service's first option (general academic information, spec §9).
 */
export function applicationSnapshot(
  source: SnapshotSource,
  application: { documents: readonly DocumentType[]; degree_level: string | null; request_type?: string | null; exemption_requested?: boolean },
): ApplicationSnapshotColumns {
  const degree = application.degree_level !== null && source.fee.degree_options.includes(application.degree_level) ? application.degree_level : null;
  const result = quoteFee(source.fee, {
    documents: application.documents,
    degree_level: degree,
    request_type: application.request_type ?? (source.fee.price_table.kind === 'request_type' ? source.fee.degree_options[0] ?? 'general_academic_information' : null),
    exemption_requested: application.exemption_requested === true && source.fee.fee_exemption_allowed,
  });
  const requirements = JSON.stringify(source.requirements);
  if (!result.ok) {
    return { quoted_fee: source.fee.fee_enabled ? lowestPrice(source.fee.price_table) : '0.00', fee_quote: null, document_requirements: requirements };
  }
  const answer = feeQuoteAnswer(source.id, source.version, result.quote, () => '');
  const stored: StoredFeeQuote = { ...answer, lines: answer.lines.map(({ label: _label, ...line }) => line) };
  return { quoted_fee: answer.amount, fee_quote: JSON.stringify(stored), document_requirements: requirements };
}
