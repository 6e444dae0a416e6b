import { feeQuoteAnswer, type QuoteAnswer } from '../../../shared/api/services';
import type { Language, ServiceType } from '../../../shared/constants';
import { FEE_PROBLEM_REFUSALS, quoteFee, type QuoteInput } from '../../../shared/domain/fees';
import type { AppDatabase } from '../../db/database';
import { fieldErrors, notFound } from '../../errors';
import { feeLineLabel } from './server-texts';
import type { RefusalCode } from '../../../shared/refusals';

// POST /services/{id}/quote/: the shared engine on the service's current table, answered with its
// breakdown labelled in the caller's language. A case the table or service cannot price is a 400
// on the field to change.

export async function quoteService(db: AppDatabase, id: number, input: QuoteInput, language: Language): Promise<QuoteAnswer> {
  const service = await db
    .selectFrom('services')
    .select(['id', 'version', 'service_type', 'fee_enabled', 'fee_exemption_allowed', 'degree_options', 'price_table'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!service) throw notFound();
  const result = quoteFee({ ...service, service_type: service.service_type as ServiceType }, input);
  if (!result.ok) {
    const fields: Record<string, RefusalCode[]> = {};
    for (const problem of result.problems) (fields[problem.field] ??= []).push(FEE_PROBLEM_REFUSALS[problem.code]);
    throw fieldErrors(fields);
  }
  return feeQuoteAnswer(service.id, service.version, result.quote, (line) => feeLineLabel(language, line));
}
