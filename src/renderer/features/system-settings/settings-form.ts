import type { TFunction } from 'i18next';
import { SETTING_LIMITS } from '../../../shared/api/settings';

// What the settings forms checked by a group's shared schema have in common: the server answers
// a group's field errors as `values.<field>` (the body's shape), the forms' fields are the group's
// names. The schemas' own checks name their refusal codes, which the form layer says itself.

/** The form field a schema issue or a refused save's path (`values.port`) is shown on; null: with the section. */
export function settingsFieldOf(path: string, values: object): string | null {
  const field = path.replace(/^values\./, '');
  return field !== '' && field.split('.')[0] in values ? field : null;
}

/** A number typed as text out of its range (or no whole number at all): its one sentence says the range. */
export function describeRange(name: keyof typeof SETTING_LIMITS, t: TFunction): string {
  return t('settings:errors.range', SETTING_LIMITS[name]);
}
