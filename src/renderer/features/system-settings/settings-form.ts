import type { TFunction } from 'i18next';
import { SETTING_LIMITS, SETTINGS_MESSAGES } from '../../../shared/api/settings';
import type { ZodIssue } from '../../lib/zod-issue-message';

// What the settings forms checked by a group's shared schema have in common: the server answers
// a group's field errors as `values.<field>` (the body's shape), the forms' fields are the group's
// names; the contract's own sentences are said in the reader's language.

/** The form field a schema issue or a refused save's path (`values.port`) is shown on; null: with the section. */
export function settingsFieldOf(path: string, values: object): string | null {
  const field = path.replace(/^values\./, '');
  return field !== '' && field.split('.')[0] in values ? field : null;
}

const SENTENCES: Readonly<Record<string, string>> = {
  [SETTINGS_MESSAGES.invalidHost]: 'settings:errors.host',
  [SETTINGS_MESSAGES.invalidAddress]: 'settings:errors.address',
  [SETTINGS_MESSAGES.passwordNeedsUser]: 'settings:errors.passwordNeedsUser',
  [SETTINGS_MESSAGES.invalidDate]: 'settings:errors.date',
  [SETTINGS_MESSAGES.duplicateDate]: 'settings:errors.duplicateDate',
  [SETTINGS_MESSAGES.invalidUrl]: 'settings:errors.url',
};

/** The reader's words for a settings schema's own sentence (a refinement, a pattern), or undefined for the shared words. */
export function describeSettingsIssue(issue: ZodIssue, t: TFunction): string | undefined {
  const key = SENTENCES[issue.message];
  return key ? t(key) : undefined;
}

/** A number typed as text out of its range (or no whole number at all): its one sentence says the range. */
export function describeRange(name: keyof typeof SETTING_LIMITS, t: TFunction): string {
  return t('settings:errors.range', SETTING_LIMITS[name]);
}
