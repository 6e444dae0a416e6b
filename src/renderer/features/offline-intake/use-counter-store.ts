import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import type { NaricBridge } from '../../../shared/bridge';
import { currentUserAtom } from '../../lib/session';
import { getBridge } from '../../platform/bridge';
import { createCatalogueCache, type CatalogueCache } from './catalogue';
import { openCounterDatabase, type CounterDatabase } from './counter-db';
import { createCounterStore, type CounterStore } from './counter-store';
import { importDraftKey } from './draft-crypto';
import { asStorageError, CounterStorageError } from './storage-errors';

// The signed-in officer's drafts store: their key from the bridge (main keeps it in the OS
// keychain), the one drafts database of this app, and a store bound to both. A different user
// gets a different store; signing out drops it, and with it the key.

export interface CounterStoreState {
  store: CounterStore | null;
  /** The cached services list (public, shared by every officer of the desktop). */
  catalogue: CatalogueCache | null;
  error: CounterStorageError | null;
}

const EMPTY: CounterStoreState = { store: null, catalogue: null, error: null };

let database: Promise<CounterDatabase> | null = null;
let current: { userId: number; opening: Promise<CounterStoreState> } | null = null;
const watchedStores = new WeakSet<object>();

/**
 * Asks the browser to keep this origin's storage when the disk runs low: best-effort storage is
 * what Chromium evicts under pressure, drafts included. A refusal changes nothing else (the
 * desktop's PDFs are not in IndexedDB anyway), so the answer is not waited for.
 */
function askForPersistentStorage(): void {
  void globalThis.navigator?.storage?.persist?.().catch(() => false);
}

function counterDatabase(): Promise<CounterDatabase> {
  if (!database) askForPersistentStorage();
  database ??= openCounterDatabase().catch((error: unknown) => {
    database = null;
    throw error;
  });
  return database;
}

async function openFor(bridge: NaricBridge): Promise<CounterStoreState> {
  try {
    const { owner, key } = await bridge.counter.draftKey();
    const db = await counterDatabase();
    const store = createCounterStore({
      db,
      owner,
      key: await importDraftKey(key),
      removeAttachment: (attachmentId) => bridge.counter.removeAttachment({ attachment_id: attachmentId }),
    });
    return { store, catalogue: createCatalogueCache(db), error: null };
  } catch (error) {
    return { ...EMPTY, error: error instanceof CounterStorageError ? error : asStorageError(error) };
  }
}

function counterStoreFor(userId: number, bridge: NaricBridge): Promise<CounterStoreState> {
  if (current?.userId !== userId) {
    const opening = openFor(bridge);
    current = { userId, opening };
    // A failure is not kept: the next screen asks again (the keychain may be unlocked by then).
    void opening.then((state) => {
      if (state.error && current?.opening === opening) current = null;
    });
  }
  return current.opening;
}

/** Forgets the store (and the key it holds); the next signed-in user opens their own. */
export function dropCounterStore(): void {
  current = null;
}

export function useCounterStore(): CounterStoreState {
  const jotai = useStore();
  const user = useAtomValue(currentUserAtom, { store: jotai });
  const userId = user?.id ?? null;
  const [state, setState] = useState<{ userId: number | null; value: CounterStoreState }>({ userId: null, value: EMPTY });

  useEffect(() => {
    // Sign-out drops the store even when no screen using it is mounted.
    if (watchedStores.has(jotai)) return;
    watchedStores.add(jotai);
    jotai.sub(currentUserAtom, () => {
      const next = jotai.get(currentUserAtom);
      if (!next || next.id !== current?.userId) dropCounterStore();
    });
  }, [jotai]);

  useEffect(() => {
    if (userId === null) {
      dropCounterStore();
      return;
    }
    let live = true;
    void counterStoreFor(userId, getBridge()).then((value) => {
      if (live) setState({ userId, value });
    });
    return () => {
      live = false;
    };
  }, [userId]);

  return state.userId === userId && userId !== null ? state.value : EMPTY;
}
