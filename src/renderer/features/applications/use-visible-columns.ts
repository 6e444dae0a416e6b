import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { currentUserAtom } from '../../lib/session';

// Which list columns an officer shows, remembered per user on this machine.

export const LIST_COLUMNS = ['reference', 'applicant', 'service', 'status', 'institution', 'submitted', 'officer', 'priority', 'deadline', 'days'] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];

/** The reference names the row and links to the detail; it always stays. */
export const FIXED_COLUMNS: readonly ListColumn[] = ['reference'];

export const columnsStorageKey = (userId: number | undefined) => `naric.applications.columns.${userId ?? 'guest'}`;

function read(userId: number | undefined): ListColumn[] {
  try {
    const stored = JSON.parse(localStorage.getItem(columnsStorageKey(userId)) ?? 'null') as unknown;
    if (Array.isArray(stored)) return normalise(stored);
  } catch {
    // A damaged entry falls back to every column.
  }
  return [...LIST_COLUMNS];
}

/** Known columns only, in the table's order, with the fixed ones always in. */
function normalise(columns: readonly unknown[]): ListColumn[] {
  return LIST_COLUMNS.filter((c) => FIXED_COLUMNS.includes(c) || columns.includes(c));
}

export function useVisibleColumns() {
  const userId = useAtomValue(currentUserAtom)?.id;
  const [visible, setVisible] = useState<ListColumn[]>(() => read(userId));
  // Another user signing in on this machine gets their own choice.
  useEffect(() => setVisible(read(userId)), [userId]);

  const choose = useCallback(
    (columns: readonly string[]) => {
      const next = normalise(columns);
      try {
        localStorage.setItem(columnsStorageKey(userId), JSON.stringify(next));
      } catch (error) {
        console.warn('Could not remember the chosen columns', error);
      }
      setVisible(next);
    },
    [userId],
  );
  const toggle = useCallback(
    (column: ListColumn) => choose(visible.includes(column) ? visible.filter((c) => c !== column) : [...visible, column]),
    [choose, visible],
  );
  return { visible, choose, toggle };
}
