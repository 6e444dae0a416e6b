import type { RecordLoadErrorTexts } from '../../components/record-load-error';

export const NEWS_LOAD_TEXTS: RecordLoadErrorTexts = {
  namespace: 'news',
  notFoundTitle: 'load.notFoundTitle',
  notFoundDescription: 'load.notFoundDescription',
  noAccess: 'noAccess',
  back: 'load.back',
};

/** The article id of the address, or null when it is not one (a record that does not exist). */
export function articleIdOf(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
