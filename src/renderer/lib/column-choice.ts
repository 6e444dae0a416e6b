import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { currentUserAtom } from './session';

// Which columns of a list a person shows, remembered per user on this machine (localStorage works
// the same in the desktop and the browser shell).

export const columnsStorageKey = (list: string, userId: number | undefined) => `naric.${list}.columns.${userId ?? 'guest'}`;

const NONE: readonly never[] = [];

export interface ColumnChoice<Column extends string> {
  visible: Column[];
  choose(columns: readonly string[]): void;
  toggle(column: Column): void;
}

/**
 * The columns of `list` the signed-in person shows: known ones only, in the table's order, `fixed`
 * always in. `columns` and `fixed` are constants of the screen (module-level arrays).
 */
export function useColumnChoice<Column extends string>(list: string, columns: readonly Column[], fixed: readonly Column[] = NONE): ColumnChoice<Column> {
  const userId = useAtomValue(currentUserAtom)?.id;
  const normalise = useCallback((chosen: readonly unknown[]) => columns.filter((c) => fixed.includes(c) || chosen.includes(c)), [columns, fixed]);
  const read = useCallback(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(columnsStorageKey(list, userId)) ?? 'null') as unknown;
      if (Array.isArray(stored)) return normalise(stored);
    } catch {
      // A damaged entry falls back to every column.
    }
    return [...columns];
  }, [list, userId, columns, normalise]);
  const [visible, setVisible] = useState<Column[]>(read);
  // Another user signing in on this machine gets their own choice.
  useEffect(() => setVisible(read()), [read]);

  const choose = useCallback(
    (chosen: readonly string[]) => {
      const next = normalise(chosen);
      try {
        localStorage.setItem(columnsStorageKey(list, userId), JSON.stringify(next));
      } catch (error) {
        console.warn('Could not remember the chosen columns', error);
      }
      setVisible(next);
    },
    [list, userId, normalise],
  );
  const toggle = useCallback((column: Column) => choose(visible.includes(column) ? visible.filter((c) => c !== column) : [...visible, column]), [choose, visible]);
  return { visible, choose, toggle };
}
