import type { TFunction } from 'i18next';

/** The settings screen's own words for an answer that names nothing beyond its status (describeRefusal's `ownWords`). */
export function settingsWords(t: TFunction): Partial<Record<number, string>> {
  return { 400: t('settings:errors.fields'), 403: t('settings:errors.forbidden'), 412: t('settings:errors.stale') };
}
