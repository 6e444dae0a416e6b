import type { TFunction } from 'i18next';
import {
  APPEAL_DAYS_MAX_MESSAGE,
  DEGREE_OPTION_MESSAGE,
  DUPLICATE_DOCUMENT_TYPE_MESSAGE,
  DUPLICATE_MESSAGE,
  STAGE_MESSAGE,
} from '../../../shared/api/services';
import { FEE_PROBLEM_MESSAGES, type FeeProblemCode } from '../../../shared/domain/fees';
import { MONEY_MESSAGE } from '../../../shared/domain/fees-money';
import { fieldMessageTranslation } from '../../../shared/errors';
import { APPEAL_DAYS_MESSAGE, PROCESSING_DAYS_MESSAGE, type FieldErrors } from './service-form-values';

// The shared schema's field messages are English (the server's own, so the same rule says the same
// thing on both sides); the form shows each in the reader's language. A message the server already
// translated (its Accept-Language) matches nothing here and is shown as it came.

const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [MONEY_MESSAGE]: 'services:messages.money',
  'Enter at least 1 day.': 'services:messages.minDays',
  'Enter at most 3650 days.': 'services:messages.maxDays',
  [PROCESSING_DAYS_MESSAGE]: 'services:messages.wholeDays',
  [APPEAL_DAYS_MESSAGE]: 'services:messages.wholeAppealDays',
  [APPEAL_DAYS_MAX_MESSAGE]: 'services:messages.maxAppealDays',
  [DEGREE_OPTION_MESSAGE]: 'services:messages.degreeOption',
  [DUPLICATE_MESSAGE]: 'services:messages.duplicate',
  [DUPLICATE_DOCUMENT_TYPE_MESSAGE]: 'services:messages.duplicateDocumentType',
  [STAGE_MESSAGE]: 'services:messages.stage',
  ...Object.fromEntries(
    (Object.entries(FEE_PROBLEM_MESSAGES) as [FeeProblemCode, string][])
      .filter(([, message]) => message !== MONEY_MESSAGE)
      .map(([code, message]) => [message, `services:feeProblems.${code}`]),
  ),
};

export function translateServiceMessage(message: string, t: TFunction): string {
  const key = MESSAGE_KEYS[message];
  if (key) return t(key, { defaultValue: message });
  const common = fieldMessageTranslation(message);
  return common ? t(common.key, { ...common.values, defaultValue: message }) : message;
}

export function translateServiceErrors(errors: FieldErrors, t: TFunction): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translateServiceMessage(message, t)]));
}
