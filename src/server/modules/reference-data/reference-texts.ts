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
