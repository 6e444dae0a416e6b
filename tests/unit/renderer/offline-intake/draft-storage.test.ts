import { IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  COUNTER_SCHEMA_VERSIONS,
  CURRENT_COUNTER_SCHEMA,
  declareCounterDatabase,
  openCounterDatabase,
  type CounterDatabase,
} from '../../../../src/renderer/features/offline-intake/counter-db';
import { importDraftKey, sealingContext, sealJson } from '../../../../src/renderer/features/offline-intake/draft-crypto';
import type { Draft } from '../../../../src/renderer/features/offline-intake/draft-model';
import { asStorageError, CounterStorageError } from '../../../../src/renderer/features/offline-intake/storage-errors';
import { filledDraft, newDesk, newOfficer, OWNER_A, requestOf, type Officer } from './counter-fixtures';

// Encryption at rest, schema versions and a full disk.

/** Every stored byte as text: the buffers both as Latin-1 and as UTF-8, so nothing hides in a binary field. */
function storedText(value: unknown): string {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return String.fromCharCode(...bytes) + new TextDecoder().decode(bytes);
  }
  if (Array.isArray(value)) return value.map(storedText).join('|');
  if (typeof value === 'object' && value !== null) return Object.entries(value).map(([key, inner]) => `${key}:${storedText(inner)}`).join('|');
  return String(value);
}

/** Reads every record of every store with plain IndexedDB (no Dexie, no key). */
function rawRecords(factory: IDBFactory, name = 'naric-counter'): Promise<{ version: number; records: Record<string, unknown[]> }> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
    request.onsuccess = () => {
      const db = request.result;
      const names = [...db.objectStoreNames];
      const records: Record<string, unknown[]> = {};
      if (names.length === 0) {
        db.close();
        resolve({ version: db.version, records });
        return;
      }
      const transaction = db.transaction(names, 'readonly');
      for (const store of names) {
        const all = transaction.objectStore(store).getAll();
        all.onsuccess = () => {
          records[store] = all.result as unknown[];
        };
      }
      transaction.oncomplete = () => {
        db.close();
        resolve({ version: db.version, records });
      };
      transaction.onerror = () => reject(transaction.error ?? new Error('read failed'));
    };
  });
}

describe('encryption at rest', () => {
  it('stores no personal data in clear: names, personal ID, e-mail and institution are sealed in drafts and outbox', async () => {
    const desk = newDesk();
    const db = await desk.open();
    const store = await newOfficer(OWNER_A).storeOn(db);
    const draft = filledDraft(store, { first: 'Dardan', last: 'Berisha' }, '9876543210');
    await store.saveDraft(draft);
    await store.queue(draft.id, requestOf(draft));
    db.close();

    const { records } = await rawRecords(desk.factory);
    expect(records.drafts).toHaveLength(1);
    expect(records.outbox).toHaveLength(1);
    const text = storedText(records);
    for (const secret of ['Dardan', 'Berisha', '9876543210', 'arber@example.com', 'Prishtin']) expect(text).not.toContain(secret);
    // What is in clear: the opaque id, the owner's opaque id, state and timestamps.
    expect(Object.keys(records.drafts![0] as object).sort()).toEqual(['id', 'owner', 'sealed', 'updated_at']);
    expect(Object.keys(records.outbox![0] as object).sort()).toEqual(['attempts', 'id', 'next_attempt_at', 'owner', 'sealed', 'state']);
  });

  it('draws a fresh IV for every write and keeps the key non-extractable', async () => {
    const officer = newOfficer(OWNER_A);
    const key = await importDraftKey(officer.keyText);
    expect(key.extractable).toBe(false);
    const first = await sealJson(key, { same: 'value' }, 'context');
    const second = await sealJson(key, { same: 'value' }, 'context');
    expect(first.iv).toHaveLength(12);
    expect(Buffer.from(first.iv).equals(Buffer.from(second.iv))).toBe(false);
  });

  it('refuses a sealed record moved under another draft id (corrupt), and another officer’s key cannot open it', async () => {
    const desk = newDesk();
    const db = await desk.open();
    const alice = newOfficer(OWNER_A);
    const store = await alice.storeOn(db);
    const one = await store.saveDraft(filledDraft(store, { first: 'One', last: 'Person' }));
    const two = await store.saveDraft(filledDraft(store, { first: 'Two', last: 'Person' }));
    const sealedOne = (await db.drafts.get(one.id))!.sealed;
    await db.drafts.update(two.id, { sealed: sealedOne });
    await expect(store.loadDraft(two.id)).rejects.toMatchObject({ kind: 'corrupt' });
    // The unreadable record does not hide the officer's other drafts.
    expect((await store.listDrafts()).map((summary) => summary.id)).toEqual([one.id]);

    // The same owner id with another key (the keychain entry was replaced): unreadable, not wrong data.
    const impostor = await newOfficer(OWNER_A).storeOn(db);
    await expect(impostor.loadDraft(one.id)).rejects.toMatchObject({ kind: 'corrupt' });
  });
});

/**
 * What each shipped schema version's app wrote, written the way that app wrote it. Adding a
 * version to COUNTER_SCHEMA_VERSIONS means adding its writer here: the test below fails until
 * it exists.
 */
const WRITERS: Record<number, (db: CounterDatabase, officer: Officer, draft: Draft) => Promise<void>> = {
  1: async (db, officer, draft) => {
    const key = await importDraftKey(officer.keyText);
    const sealed = await sealJson(key, { draft, idempotency_key: null }, sealingContext('draft', draft.id, officer.owner));
    await db.table('drafts').put({ id: draft.id, owner: officer.owner, updated_at: draft.updated_at, sealed });
    await db.table('catalogue').put({ key: 'services:active', saved_at: draft.updated_at, value: [] });
  },
};

describe('schema versions', () => {
  it('has a writer for every shipped version', () => {
    expect(Object.keys(WRITERS).map(Number)).toEqual(COUNTER_SCHEMA_VERSIONS.map((entry) => entry.version));
  });

  for (const { version } of COUNTER_SCHEMA_VERSIONS) {
    it(`opens drafts written at schema v${version} with the current app`, async () => {
      const desk = newDesk();
      const officer = newOfficer(OWNER_A);
      const old = declareCounterDatabase('naric-counter', {
        indexedDB: desk.factory,
        IDBKeyRange,
        versions: COUNTER_SCHEMA_VERSIONS.filter((entry) => entry.version <= version),
      });
      await old.open();
      const draft: Draft = { ...filledDraft(await officer.storeOn(old), { first: 'Old', last: 'Version' }), updated_at: '2025-01-02T03:04:05.000Z' };
      await WRITERS[version]!(old, officer, draft);
      old.close();

      const current = await desk.open();
      expect(current.backendDB().version).toBe(CURRENT_COUNTER_SCHEMA * 10);
      const store = await officer.storeOn(current);
      expect(await store.loadDraft(draft.id)).toEqual(draft);
      expect((await store.listDrafts()).map((summary) => summary.applicant_name)).toEqual(['Old Version']);
      // And it goes on working: saved and queued with the current code.
      await store.saveDraft(draft);
      await store.queue(draft.id, requestOf(draft));
      expect(await store.stateOf(draft.id)).toBe('queued');
    });
  }

  async function writeNewerDatabase(factory: IDBFactory): Promise<number> {
    const newer = (CURRENT_COUNTER_SCHEMA + 1) * 10;
    await new Promise<void>((resolve, reject) => {
      const request = factory.open('naric-counter', newer);
      request.onupgradeneeded = () => {
        const drafts = request.result.createObjectStore('drafts', { keyPath: 'id' });
        drafts.createIndex('by_owner_v2', 'owner');
        drafts.put({ id: 'kept', owner: OWNER_A, future: 'field' });
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    return newer;
  }

  it('refuses a database written by a newer app with newer_schema and leaves it as it was', async () => {
    const desk = newDesk();
    const newer = await writeNewerDatabase(desk.factory);
    const refusal = await desk.open().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(CounterStorageError);
    expect(refusal).toMatchObject({ kind: 'newer_schema' });
    const after = await rawRecords(desk.factory);
    expect(after.version).toBe(newer);
    expect(Object.keys(after.records)).toEqual(['drafts']);
    expect(after.records.drafts).toEqual([{ id: 'kept', owner: OWNER_A, future: 'field' }]);
  });

  it('asks for the installed version without creating a database where IndexedDB cannot list them', async () => {
    const desk = newDesk();
    // An IDBFactory without databases() (older engines): the version is read by opening.
    const withoutListing = new Proxy(desk.factory, {
      get(target, property) {
        if (property === 'databases') return undefined;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const db = await openCounterDatabase('naric-counter', { indexedDB: withoutListing, IDBKeyRange });
    expect(db.backendDB().version).toBe(CURRENT_COUNTER_SCHEMA * 10);
    db.close();

    const other = newDesk();
    await writeNewerDatabase(other.factory);
    const hidden = new Proxy(other.factory, {
      get(target, property) {
        if (property === 'databases') return undefined;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    await expect(openCounterDatabase('naric-counter', { indexedDB: hidden, IDBKeyRange })).rejects.toMatchObject({ kind: 'newer_schema' });
  });
});

describe('a full disk', () => {
  /** Makes every write to `table` fail as Chromium does when the quota is reached. */
  function fillDisk(db: CounterDatabase, table: 'drafts' | 'outbox') {
    let full = true;
    const refuse = () => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    db.table(table).hook('creating', refuse);
    db.table(table).hook('updating', refuse);
    return {
      free: () => {
        full = false;
      },
    };
  }

  it('refuses the save with quota, settles, and keeps the previous version of the draft', async () => {
    const db = await newDesk().open();
    const store = await newOfficer(OWNER_A).storeOn(db);
    const first = await store.saveDraft(filledDraft(store, { first: 'Before', last: 'Full' }));
    const disk = fillDisk(db, 'drafts');

    const changed: Draft = { ...first, values: { ...first.values, applicant: { ...first.values.applicant, first_name: 'After' } } };
    const refusal = await store.saveDraft(changed).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(CounterStorageError);
    expect(refusal).toMatchObject({ kind: 'quota' });
    expect((await store.loadDraft(first.id))?.values.applicant.first_name).toBe('Before');

    // A new draft that cannot be written leaves nothing behind.
    await expect(store.saveDraft(filledDraft(store))).rejects.toMatchObject({ kind: 'quota' });
    expect(await store.listDrafts()).toHaveLength(1);

    disk.free();
    await store.saveDraft(changed);
    expect((await store.loadDraft(first.id))?.values.applicant.first_name).toBe('After');
  });

  it('refuses to queue with quota and leaves the draft editable', async () => {
    const db = await newDesk().open();
    const store = await newOfficer(OWNER_A).storeOn(db);
    const draft = await store.saveDraft(filledDraft(store));
    fillDisk(db, 'outbox');
    await expect(store.queue(draft.id, requestOf(draft))).rejects.toMatchObject({ kind: 'quota' });
    expect(await store.stateOf(draft.id)).toBe('draft');
    expect(await store.loadDraft(draft.id)).toEqual(draft);
  });

  it('reads a quota error however it is wrapped', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(asStorageError(quota).kind).toBe('quota');
    expect(asStorageError({ name: 'AbortError', inner: quota }).kind).toBe('quota');
    expect(asStorageError({ name: 'QuotaExceededError', message: 'Dexie' }).kind).toBe('quota');
    expect(asStorageError({ name: 'VersionError' }).kind).toBe('newer_schema');
    expect(asStorageError(new DOMException('closed', 'InvalidStateError')).kind).toBe('unavailable');
  });
});
