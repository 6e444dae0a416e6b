import { Dexie, type EntityTable, type Transaction } from 'dexie';
import type { Sealed } from './draft-crypto';
import { asStorageError, CounterStorageError } from './storage-errors';

// The counter's drafts database ('naric-counter', IndexedDB through Dexie). Only opaque ids,
// the owner's opaque id, outbox states and timestamps are stored in clear (they are what the
// queries need); everything a person typed is sealed (draft-crypto.ts). Scanned PDFs are not
// here at all: the bridge keeps them (desktop: main's user-data folder).
//
// Schema versions are a list: each shipped version keeps its entry for ever (an officer may
// update from any of them), and a new version is one more entry with its upgrade. A database
// written by a newer app is refused and left as it is, so going back to an older app never
// destroys drafts it does not understand.

export type OutboxState = 'queued' | 'sending' | 'needs_attention' | 'sent';

export interface DraftRecord {
  id: string;
  owner: string;
  /** ISO date-time. */
  updated_at: string;
  /** The Draft and its submission key (draft-record.ts's SealedDraft). */
  sealed: Sealed;
}

export interface OutboxRecord {
  /** The draft's id: a draft has at most one submission. */
  id: string;
  owner: string;
  state: OutboxState;
  /** Epoch milliseconds. */
  next_attempt_at: number;
  attempts: number;
  /** The frozen submission, its Idempotency-Key, the confirmed uploads, the last error and the answer. */
  sealed: Sealed;
}

/** Public data kept so the form works offline (the active services), in clear. */
export interface CatalogueRecord {
  key: string;
  /** ISO date-time. */
  saved_at: string;
  value: unknown;
}

export type CounterDatabase = Dexie & {
  drafts: EntityTable<DraftRecord, 'id'>;
  outbox: EntityTable<OutboxRecord, 'id'>;
  catalogue: EntityTable<CatalogueRecord, 'key'>;
};

export interface CounterSchemaVersion {
  version: number;
  /** Dexie's store declarations: only what is in clear can be indexed. */
  stores: Record<string, string | null>;
  /** Rewrites the records of the version before (runs inside the upgrade transaction). */
  upgrade?: (transaction: Transaction) => Promise<void>;
}

export const COUNTER_SCHEMA_VERSIONS: readonly CounterSchemaVersion[] = [
  {
    // Drafts, their outbox entries, the cached services list.
    version: 1,
    stores: {
      drafts: 'id, owner, [owner+updated_at]',
      outbox: 'id, owner, [owner+state], [owner+next_attempt_at]',
      catalogue: 'key',
    },
  },
];

export const COUNTER_DATABASE_NAME = 'naric-counter';
export const CURRENT_COUNTER_SCHEMA = Math.max(...COUNTER_SCHEMA_VERSIONS.map((entry) => entry.version));

/** Dexie stores version n as native version n × 10. */
const nativeVersionOf = (version: number) => version * 10;

export interface CounterDatabaseOptions {
  /** Tests hand in a fresh fake-indexeddb factory; the app uses the window's. */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
  /** The versions to declare; tests of older schemas pass a prefix of COUNTER_SCHEMA_VERSIONS. */
  versions?: readonly CounterSchemaVersion[];
}

/** A Dexie over the given versions, not opened (tests use it to write a database as an older app would). */
export function declareCounterDatabase(name: string, options: CounterDatabaseOptions = {}): CounterDatabase {
  const db = new Dexie(name, {
    ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
    ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
  }) as CounterDatabase;
  for (const entry of options.versions ?? COUNTER_SCHEMA_VERSIONS) {
    const declared = db.version(entry.version).stores(entry.stores);
    if (entry.upgrade) declared.upgrade(entry.upgrade);
  }
  return db;
}

/**
 * The native version of an existing database, or null when there is none. Asked before Dexie
 * opens it: Dexie 4 opens a newer database at its own version (and may even add indexes to it),
 * which is exactly what an older app must not do.
 */
async function installedVersion(factory: IDBFactory, name: string): Promise<number | null> {
  if (typeof factory.databases === 'function') {
    const databases = await factory.databases();
    return databases.find((database) => database.name === name)?.version ?? null;
  }
  return new Promise((resolve, reject) => {
    const request = factory.open(name);
    request.onupgradeneeded = () => {
      // It did not exist: abort, so that asking does not create it.
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      const version = request.result.version;
      request.result.close();
      resolve(version);
    };
    request.onerror = (event) => {
      event.preventDefault();
      if (request.error?.name === 'AbortError') resolve(null);
      else reject(request.error ?? new Error('Opening the drafts database failed.'));
    };
  });
}

const newerSchema = () =>
  new CounterStorageError(
    'newer_schema',
    'The drafts on this computer were saved by a newer version of the app. Update the app to open them; nothing was changed.',
  );

/**
 * Opens (creating or upgrading) the drafts database. Refuses, with CounterStorageError
 * 'newer_schema', a database a newer app wrote, and never deletes it.
 */
export async function openCounterDatabase(
  name: string = COUNTER_DATABASE_NAME,
  options: Omit<CounterDatabaseOptions, 'versions'> = {},
): Promise<CounterDatabase> {
  const factory = options.indexedDB ?? globalThis.indexedDB;
  if (!factory) throw new CounterStorageError('unavailable', 'This app cannot store drafts here (no IndexedDB).');
  const known = nativeVersionOf(CURRENT_COUNTER_SCHEMA);
  try {
    const installed = await installedVersion(factory, name);
    if (installed !== null && installed > known) throw newerSchema();
    const db = declareCounterDatabase(name, options);
    await db.open();
    // Another window may have upgraded it between the question and the open.
    if (db.backendDB().version > known) {
      db.close();
      throw newerSchema();
    }
    return db;
  } catch (error) {
    throw asStorageError(error);
  }
}
