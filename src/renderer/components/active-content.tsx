import { useTranslation } from 'react-i18next';
import type { ActiveContentKind } from '../../shared/api/applications';

// What a stored PDF carries that a system viewer may run (the server scans every upload): a
// warning badge beside the file, and the words the "open in the PDF viewer" warning uses.

/** The kinds in words, one per kind ("scripts (JavaScript)", "attached files"). */
export function useActiveContentWords(kinds: readonly ActiveContentKind[]): string[] {
  const { t } = useTranslation('transfer');
  return kinds.map((kind) => t(`activeContent.kinds.${kind}`));
}

/** Nothing for a clean file; otherwise "Active content: …" naming what was found. */
export function ActiveContentBadge({ kinds }: { kinds: readonly ActiveContentKind[] }) {
  const { t } = useTranslation('transfer');
  const words = useActiveContentWords(kinds);
  if (kinds.length === 0) return null;
  return <span className="badge badge--warning">{t('activeContent.badge', { list: words.join(', ') })}</span>;
}
