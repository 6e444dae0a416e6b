import { useAtomValue } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { currentUserAtom } from '../lib/session';

// How tightly every table is set, chosen by each signed-in person and remembered on this machine
// (localStorage works the same in the desktop and the browser shell).

export const TABLE_DENSITIES = ['comfortable', 'compact'] as const;
export type TableDensity = (typeof TABLE_DENSITIES)[number];

export const densityStorageKey = (userId: number | undefined) => `naric.tables.density.${userId ?? 'guest'}`;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another window of the same user (a second tab in the browser shell) follows the change.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(userId: number | undefined): TableDensity {
  try {
    const stored = localStorage.getItem(densityStorageKey(userId));
    return stored === 'compact' ? 'compact' : 'comfortable';
  } catch {
    // Storage may be unavailable (private mode, quota): the default density still works.
    return 'comfortable';
  }
}

/** The signed-in person's table density and the function that changes (and remembers) it. */
export function useTableDensity(): [TableDensity, (density: TableDensity) => void] {
  const userId = useAtomValue(currentUserAtom)?.id;
  const density = useSyncExternalStore(subscribe, () => read(userId));
  const choose = useCallback(
    (next: TableDensity) => {
      try {
        localStorage.setItem(densityStorageKey(userId), next);
      } catch (error) {
        console.warn('Could not remember the table density', error);
      }
      listeners.forEach((listener) => listener());
    },
    [userId],
  );
  return [density, choose];
}

/** Comfortable or compact rows for every table, as a two-choice radio group. */
export function DensitySwitch() {
  const { t } = useTranslation('common');
  const [density, choose] = useTableDensity();
  return (
    <RadioGroup
      className="density-switch"
      orientation="horizontal"
      value={density}
      onChange={(value) => choose(value === 'compact' ? 'compact' : 'comfortable')}
    >
      <Label className="density-switch__label">{t('density.label')}</Label>
      <div className="density-switch__options">
        {TABLE_DENSITIES.map((option) => (
          <Radio key={option} value={option} className="density-switch__option">
            {t(`density.${option}`)}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
