import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { currentUserAtom } from '../../lib/session';

// Which list columns an officer shows, remembered per user on this machine.

export const LIST_COLUMNS = ['reference', 'applicant', 'service', 'status', 'institution', 'submitted', 'officer', 'priority', 'deadline', 'days'] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];

const storageKey = (userId: number | undefined) => `naric.applications.columns.${userId ?? 'guest'}`;

function read(userId: number | undefined): ListColumn[] {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as unknown;
    if (Array.isArray(stored)) {
      const known = stored.filter((c): c is ListColumn => (LIST_COLUMNS as readonly string[]).includes(c));
      if (known.includes('reference')) return known;
    }
  } catch {
    // A damaged entry falls back to every column.
  }
  return [...LIST_COLUMNS];
}

export function useVisibleColumns() {
  const userId = useAtomValue(currentUserAtom)?.id;
  const [visible, setVisible] = useState<ListColumn[]>(() => read(userId));
  const toggle = useCallback(
    (column: ListColumn) => {
      // The reference names the row; it always stays.
      if (column === 'reference') return;
      setVisible((current) => {
        const next = current.includes(column) ? current.filter((c) => c !== column) : LIST_COLUMNS.filter((c) => c === column || current.includes(c));
        localStorage.setItem(storageKey(userId), JSON.stringify(next));
        return next;
      });
    },
    [userId],
  );
  return { visible, toggle };
}
