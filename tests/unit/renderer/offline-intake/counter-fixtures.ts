import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openCounterDatabase, type CounterDatabase } from '../../../../src/renderer/features/offline-intake/counter-db';
import { createCounterStore, type CounterStore } from '../../../../src/renderer/features/offline-intake/counter-store';
import { importDraftKey } from '../../../../src/renderer/features/offline-intake/draft-crypto';
import type { Draft } from '../../../../src/renderer/features/offline-intake/draft-model';
import type { IntakeRequest } from '../../../../src/shared/api/intake';

// A fresh IndexedDB per test (fake-indexeddb) and officers with their own keys, as
// bridge.counter.draftKey() would answer them.

export const OWNER_A = 'a'.repeat(32);
export const OWNER_B = 'b'.repeat(32);

/** 32 random bytes, base64url, like the bridge's drafts key. */
export function randomKeyText(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface Desk {
  factory: IDBFactory;
  open(): Promise<CounterDatabase>;
}

export function newDesk(): Desk {
  const factory = new IDBFactory();
  return { factory, open: () => openCounterDatabase('naric-counter', { indexedDB: factory, IDBKeyRange }) };
}

export interface Officer {
  owner: string;
  keyText: string;
  storeOn(db: CounterDatabase, options?: { clock?: () => Date; removeAttachment?: (id: string) => Promise<void> }): Promise<CounterStore>;
}

export function newOfficer(owner: string): Officer {
  const keyText = randomKeyText();
  return {
    owner,
    keyText,
    storeOn: async (db, options = {}) => createCounterStore({ db, owner, key: await importDraftKey(keyText), ...options }),
  };
}

export function filledDraft(store: CounterStore, name = { first: 'Arbër', last: 'Krasniqi' }, personalId = '1234567890'): Draft {
  const draft = store.newDraft();
  draft.values.service_type = 1;
  draft.values.applicant.first_name = name.first;
  draft.values.applicant.last_name = name.last;
  draft.values.applicant.personal_id = personalId;
  draft.values.applicant.email = 'arber@example.com';
  draft.values.education.institution_name = 'Universiteti i Prishtinës';
  return draft;
}

export function documentOf(uploadKey: string, sha256: string) {
  return {
    attachment_id: crypto.randomUUID(),
    upload_key: uploadKey,
    document_type: 'original_diploma' as const,
    kind: 'original' as const,
    file_name: 'diploma.pdf',
    size: 1234,
    sha256,
  };
}

export function requestOf(draft: Draft): IntakeRequest {
  const { applicant, education } = draft.values;
  return {
    service_type: draft.values.service_type ?? 1,
    applicant: { first_name: applicant.first_name, last_name: applicant.last_name, personal_id: applicant.personal_id, email: applicant.email },
    education: { institution_name: education.institution_name },
    documents: draft.values.documents.map((document) => ({ upload_key: document.upload_key, document_type: document.document_type, kind: document.kind })),
    quoted_total: '10.00',
    taken_at: draft.created_at,
  };
}
