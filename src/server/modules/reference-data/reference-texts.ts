import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { ApiError, conflict } from '../../errors';
import { refusalTranslator } from '../../refusal-texts';

// The reference data module's refusals: written in English as REFERENCE_DATA_MESSAGES (a test
// keeps them equal to `referenceData.messages` in en) and translated on the way out.

export const translateReferenceRefusal = refusalTranslator({
  en: en.referenceData.messages,
  sq: sq.referenceData.messages,
  sr: sr.referenceData.messages,
});

export const staleRecord = () => new ApiError(HTTP_STATUS.preconditionFailed, 'reference_stale');
export const valueInUse = (extra?: Record<string, unknown>) => conflict('reference_in_use', {}, extra);

const pgCode = (error: unknown) => (error as { code?: unknown } | null)?.code;
/** PostgreSQL 23505: a unique index refused the row. */
export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
/**
 * PostgreSQL 23503: a foreign key refused the change, e.g. deleting a row another table still
 * references with `on delete restrict`. The statement failed, so its transaction did nothing.
 */
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';
