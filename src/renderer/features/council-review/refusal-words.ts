import type { TFunction } from 'i18next';

/** The council review's own words for an answer that names nothing beyond its status (describeRefusal's `ownWords`). */
export function councilStepWords(t: TFunction): Partial<Record<number, string>> {
  return { 403: t('council-review:refusals.forbidden'), 409: t('council-review:refusals.conflictOther'), 412: t('council-review:refusals.stale') };
}
