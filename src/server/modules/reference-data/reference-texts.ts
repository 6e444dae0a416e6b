import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { REFERENCE_DATA_MESSAGES } from '../../../shared/api/reference-data';
import { ERROR_CODES } from '../../../shared/errors';
import { ApiError, conflict } from '../../errors';
import { refusalTranslator } from '../../refusal-texts';

// The reference data module's refusals: written in English as REFERENCE_DATA_MESSAGES (a test
// keeps them equal to `referenceData.messages` in en) and translated on the way out.

export const translateReferenceRefusal = refusalTranslator({
  en: en.referenceData.messages,
  sq: sq.referenceData.messages,
  sr: sr.referenceData.messages,
});

export const staleRecord = () => new ApiError(HTTP_STATUS.preconditionFailed, ERROR_CODES.preconditionFailed, REFERENCE_DATA_MESSAGES.stale);
export const valueInUse = (extra?: Record<string, unknown>) => conflict(REFERENCE_DATA_MESSAGES.inUse, extra);
