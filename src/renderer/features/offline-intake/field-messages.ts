import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { fieldMessageTranslation } from '../../../shared/errors';
import { INTAKE_LIMITS } from '../../../shared/api/intake';
import type { FeeProblem } from '../../../shared/domain/fees';

// The counter form checks a draft with the server's own schema (shared/api/intake.ts), whose
// messages are English and partly zod's defaults ("Invalid option: expected one of …"). The
// officer reads each problem in the interface language, said for the field it belongs to.

/** Field path → message in the reader's language. */
export type FieldMessages = Readonly<Record<string, string>>;

/** Fields whose problem is always "choose one" rather than "wrong format". */
const CHOICE_FIELDS = new Set(['service_type', 'request_type', 'applicant.gender', 'education.institution_type', 'education.degree_level']);

export function intakeFieldMessage(path: string, issue: z.core.$ZodIssue, t: TFunction): string {
  if (path === 'service_type') return t('counter:messages.chooseService');
  if (path === 'request_type' && issue.code === 'invalid_value') return t('counter:messages.chooseRequestType');
  if (path === 'education.ects_credits') return t('counter:messages.ects', { max: INTAKE_LIMITS.maxEcts });
  if (path === 'exemption.reason' && issue.code === 'too_small') return t('counter:messages.exemptionReason');
  if (path === 'exemption.proof') return t('counter:messages.exemptionProof');
  if (issue.message === 'Enter a valid email address.') return t('counter:messages.email');
  if (CHOICE_FIELDS.has(path) || issue.code === 'invalid_value') return t('counter:messages.choose');
  const common = fieldMessageTranslation(issue.message);
  if (common) return t(common.key, common.values);
  return t('common:validation.invalidFormat');
}

export function intakeFieldMessages(issues: ReadonlyMap<string, z.core.$ZodIssue>, t: TFunction): FieldMessages {
  return Object.fromEntries([...issues].map(([path, issue]) => [path, intakeFieldMessage(path, issue, t)]));
}

/** A fee problem of the local quote (services:feeProblems.<code> says it for the service screens too). */
export function feeProblemMessage(problem: FeeProblem, t: TFunction): string {
  return t(`services:feeProblems.${problem.code}`);
}
