import { useEffect } from 'react';
import { atom, useStore } from 'jotai';

// What restarting the app now would lose. Screens holding work that is not saved yet
// register it while it lasts; the update's "may I restart?" answer (features/updates) reads the
// list and names each piece to the person before they agree. Nothing here stops a restart: the
// person decides, and main never interrupts a file transfer on its own account.

/** An open form with changes, a counter draft the autosave has not stored yet, a file transfer running. */
export type UnsavedWorkKind = 'form' | 'counter_draft' | 'transfer';

export interface UnsavedWork {
  kind: UnsavedWorkKind;
  /** What the person knows it by (a dialog's title, a file's name); null when the kind says enough. */
  label: string | null;
}

/** Every piece of unsaved work registered now, one entry per mounted registration. */
export const unsavedWorkAtom = atom<ReadonlyMap<symbol, UnsavedWork>>(new Map());

/** Registers `kind` (with `label`) while `active` is true and the calling component is mounted. */
export function useUnsavedWork(kind: UnsavedWorkKind, active: boolean, label?: string | null): void {
  const store = useStore();
  const name = label ?? null;
  useEffect(() => {
    if (!active) return undefined;
    const entry = Symbol(kind);
    store.set(unsavedWorkAtom, (current) => new Map(current).set(entry, { kind, label: name }));
    return () => {
      store.set(unsavedWorkAtom, (current) => {
        const next = new Map(current);
        next.delete(entry);
        return next;
      });
    };
  }, [store, kind, active, name]);
}

/** The order a person reads them in: what blocks the restart first, then what would be lost. */
const KIND_ORDER: readonly UnsavedWorkKind[] = ['transfer', 'counter_draft', 'form'];

/** The registered work as a list, one entry per distinct piece (two registrations of the same thing say it once). */
export function listUnsavedWork(work: ReadonlyMap<symbol, UnsavedWork>): UnsavedWork[] {
  const seen = new Set<string>();
  const list: UnsavedWork[] = [];
  for (const piece of work.values()) {
    const key = `${piece.kind}\u0000${piece.label ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push(piece);
  }
  return list.sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}
