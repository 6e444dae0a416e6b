import type { TFunction } from 'i18next';

/** The news screens' own words for an answer that names nothing beyond its status (describeRefusal's `ownWords`). */
export function newsWords(t: TFunction): Partial<Record<number, string>> {
  return {
    400: t('news:errors.fields'),
    403: t('news:errors.forbidden'),
    412: t('news:errors.stale'),
    413: t('news:errors.coverTooLarge'),
    415: t('news:errors.coverType'),
  };
}
