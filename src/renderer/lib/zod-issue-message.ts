import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { fieldMessageTranslation } from '../../shared/errors';
import { refusalOfIssue } from '../../shared/refusals';
import { refusalMessage } from './error-translator';

// A zod issue of a shared request schema in the reader's language. The schemas word their issues
// in English for the server's answers; a form reads the issue's code and parameters instead, so
// the same rule says the same thing in every language, and the spec's generic English texts
// ("This field is required", "Invalid format", "Invalid email address") stay exactly as written.

export type ZodIssue = z.core.$ZodIssue;

/** Nothing was given: no value, an empty text or a "no choice" option. */
function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);
const LIST_ORIGINS = new Set(['array', 'set']);

function tooSmall(issue: z.core.$ZodIssueTooSmall, t: TFunction): string {
  const limit = Number(issue.minimum);
  if (issue.origin === 'string') return limit <= 1 || isEmpty(issue.input) ? t('common:validation.required') : t('common:validation.tooShort', { min: limit });
  if (NUMBER_ORIGINS.has(issue.origin)) return t(issue.inclusive === false ? 'common:validation.greaterThan' : 'common:validation.atLeast', { limit });
  if (LIST_ORIGINS.has(issue.origin)) return limit <= 1 ? t('common:validation.required') : t('common:validation.listAtLeast', { limit });
  if (issue.origin === 'date') return t('common:validation.dateTooEarly');
  return t('common:validation.invalidFormat');
}

function tooBig(issue: z.core.$ZodIssueTooBig, t: TFunction): string {
  const limit = Number(issue.maximum);
  if (issue.origin === 'string') return t('common:validation.tooLong', { max: limit });
  if (NUMBER_ORIGINS.has(issue.origin)) return t(issue.inclusive === false ? 'common:validation.lessThan' : 'common:validation.atMost', { limit });
  if (LIST_ORIGINS.has(issue.origin)) return t('common:validation.listAtMost', { limit });
  if (issue.origin === 'date') return t('common:validation.dateTooLate');
  if (issue.origin === 'file') return t('common:validation.fileTooLarge');
  return t('common:validation.invalidFormat');
}

/** The issue says a value is missing (the words "This field is required"), not that it is wrong. */
export function isMissingValue(issue: ZodIssue): boolean {
  switch (issue.code) {
    case 'too_small':
      return (issue.origin === 'string' && (Number(issue.minimum) <= 1 || isEmpty(issue.input))) || (LIST_ORIGINS.has(issue.origin) && Number(issue.minimum) <= 1);
    case 'invalid_type':
    case 'invalid_value':
      return isEmpty(issue.input);
    default:
      return false;
  }
}

/**
 * The reader's words for one issue. A refinement (code `custom`) of the contract names its refusal
 * (shared/refusals.ts checkRefusal), said by the one translator; a few generic ones say only the
 * spec's generic texts; any other is a form's own refinement, which that form words itself
 * (useSchemaForm's `describe`).
 */
export function zodIssueMessage(issue: ZodIssue, t: TFunction): string {
  switch (issue.code) {
    case 'too_small':
      return tooSmall(issue, t);
    case 'too_big':
      return tooBig(issue, t);
    case 'invalid_format':
      return issue.format === 'email' ? t('common:validation.invalidEmail') : t('common:validation.invalidFormat');
    case 'invalid_type':
      if (isEmpty(issue.input)) return t('common:validation.required');
      return issue.expected === 'number' || issue.expected === 'int' ? t('common:validation.notANumber') : t('common:validation.invalidFormat');
    case 'invalid_value':
      return isEmpty(issue.input) ? t('common:validation.required') : t('common:validation.chooseOption');
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? t('common:validation.wholeNumber') : t('common:validation.multipleOf', { step: Number(issue.divisor) });
    case 'custom': {
      const refusal = refusalOfIssue(issue);
      if (refusal) return refusalMessage(refusal.code, refusal.params, t, issue.message);
      const known = fieldMessageTranslation(issue.message);
      return known ? t(known.key, known.values) : issue.message;
    }
    default:
      return t('common:validation.invalidFormat');
  }
}

/**
 * The issues a person can act on: a union's issues are those of the branch that came closest
 * (fewest issues), with the union's path in front, as @hookform/resolvers reads them.
 */
export function leafIssues(issues: readonly ZodIssue[]): ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    return leafIssues(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as ZodIssue));
  });
}
