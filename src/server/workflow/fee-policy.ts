import type { StoredFeeQuote } from '../../shared/api/services';
import type { ServicePolicy } from '../../shared/domain/application-workflow';

/**
 * The fee rules an application's workflow follows: the ones it was quoted with, so that an
 * administrator's later change to the service (fee switched off, exemptions no longer allowed)
 * changes what new applications get and never an existing one. The service's current
 * rules apply only to an application kept from before quotes were recorded.
 */
export function feePolicy(row: { fee_quote: StoredFeeQuote | null; fee_enabled: boolean; fee_exemption_allowed: boolean }): ServicePolicy {
  if (row.fee_quote) return { fee_enabled: row.fee_quote.fee_enabled, fee_exemption_allowed: row.fee_quote.exemption_allowed };
  return { fee_enabled: row.fee_enabled, fee_exemption_allowed: row.fee_exemption_allowed };
}
