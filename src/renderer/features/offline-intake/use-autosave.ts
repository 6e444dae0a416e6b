import { useCallback, useEffect, useRef, useState } from 'react';
import type { CounterStore } from './counter-store';
import type { Draft } from './draft-model';
import { asStorageError, type CounterStorageError } from './storage-errors';

// Autosave for the counter form: the officer's typing is saved shortly after they
// pause, always the latest values, one save at a time (a slow save is followed by one more with
// whatever was typed meanwhile, never by a pile of stale ones), and at once when the screen
// closes or the window is hidden.

export type AutosaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface Autosave {
  status: AutosaveStatus;
  error: CounterStorageError | null;
  /** ISO date-time of the last successful save. */
  savedAt: string | null;
  /** Saves what is pending now; settles when it is saved (or failed). */
  flush(): Promise<void>;
  /** Values typed that are not saved yet. */
  dirty: boolean;
}

export function useAutosave(store: CounterStore | null, draft: Draft | null, { delayMs = 500 }: { delayMs?: number } = {}): Autosave {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [error, setError] = useState<CounterStorageError | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);

  /** The values the form holds now. */
  const latest = useRef<Draft | null>(draft);
  /** The values known to be saved (or loaded) for the current draft: equal to latest means nothing to save. */
  const saved = useRef<Draft | null>(draft);
  const storeRef = useRef(store);
  storeRef.current = store;
  /** Saves run one after another on this chain. */
  const chain = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);

  const saveOnce = useCallback(async (pick: () => Draft | null) => {
    const target = pick();
    const targetStore = storeRef.current;
    if (!target || !targetStore || target === saved.current) return;
    if (mounted.current) setStatus('saving');
    try {
      const answer = await targetStore.saveDraft(target);
      // A save for the draft the form has since left must not mark the new one saved.
      if (target.id === latest.current?.id) saved.current = target;
      if (!mounted.current) return;
      setSavedAt(answer.updated_at);
      setError(null);
      setStatus('saved');
      setDirty(latest.current !== saved.current);
    } catch (thrown) {
      if (!mounted.current) return;
      setError(asStorageError(thrown));
      setStatus('failed');
    }
  }, []);

  const enqueue = useCallback(
    (pick: () => Draft | null): Promise<void> => {
      const next = chain.current.then(() => saveOnce(pick));
      chain.current = next;
      return next;
    },
    [saveOnce],
  );

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    await enqueue(() => latest.current);
  }, [enqueue]);

  useEffect(() => {
    const previous = latest.current;
    latest.current = draft;
    if (!draft) return;
    if (!previous || previous.id !== draft.id) {
      // Another draft opened: save what was pending for the one left, then start from this one.
      if (previous && previous !== saved.current) void enqueue(() => previous);
      saved.current = draft;
      setDirty(false);
      setStatus('idle');
      return;
    }
    if (draft === saved.current) return;
    setDirty(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void enqueue(() => latest.current);
    }, delayMs);
  }, [draft, delayMs, enqueue]);

  // The store arrived (or changed) while values were waiting: save them.
  useEffect(() => {
    if (store && latest.current && latest.current !== saved.current && !timer.current) void enqueue(() => latest.current);
  }, [store, enqueue]);

  useEffect(() => {
    mounted.current = true;
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const pageHide = () => void flush();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', pageHide);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', pageHide);
      mounted.current = false;
      // Leaving the screen saves what was typed last.
      void flush();
    };
  }, [flush]);

  return { status, error, savedAt, flush, dirty };
}
