import { useEffect, useState } from 'react';
import type { CounterStore, DraftSummary } from './counter-store';
import { asStorageError, type CounterStorageError } from './storage-errors';

/**
 * The officer's drafts and outbox items as the panels show them, read again after every change
 * the store (or the outbox working in the background) makes.
 */
export function useDraftList(store: CounterStore): { summaries: DraftSummary[] | null; error: CounterStorageError | null } {
  const [summaries, setSummaries] = useState<DraftSummary[] | null>(null);
  const [error, setError] = useState<CounterStorageError | null>(null);

  useEffect(() => {
    let live = true;
    // Changes arrive in bursts (staging each file, then the submission): one read at a time, and
    // one more afterwards if something changed meanwhile.
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          try {
            const next = await store.listDrafts();
            if (live) {
              setSummaries(next);
              setError(null);
            }
          } catch (thrown) {
            if (live) setError(asStorageError(thrown));
          }
        } while (again && live);
      } finally {
        reading = false;
      }
    };
    void read();
    const unsubscribe = store.subscribe(() => void read());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [store]);

  return { summaries, error };
}
