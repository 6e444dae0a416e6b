import { createCounterStore, type CounterStore } from '../src/renderer/features/offline-intake/counter-store';
import type { CounterDatabase } from '../src/renderer/features/offline-intake/counter-db';
import { importDraftKey } from '../src/renderer/features/offline-intake/draft-crypto';
import type { Draft, DraftDocument } from '../src/renderer/features/offline-intake/draft-model';

// bench:counter's autosave measurement, in one place for both places it runs: Node with
// fake-indexeddb (bench/counter-drafts.ts) and Chromium with its real IndexedDB on disk (the same
// code bundled into a page). Web APIs only: WebCrypto, performance, IndexedDB through Dexie.

const hex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A fresh 32-byte drafts key, as bridge.counter.draftKey() hands it (base64url). */
export function randomDraftKey(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export const BENCH_OWNER = 'bench-officer';

export async function benchStore(db: CounterDatabase): Promise<CounterStore> {
  return createCounterStore({ db, owner: BENCH_OWNER, key: await importDraftKey(randomDraftKey()) });
}

/** Three scans' metadata (the files themselves are kept by the bridge, not in the database). */
export function documentMetadata(index: number): DraftDocument[] {
  return (['original_diploma', 'original_transcript', 'id_document'] as const).map((documentType) => ({
    attachment_id: crypto.randomUUID(),
    upload_key: crypto.randomUUID(),
    document_type: documentType,
    kind: 'original',
    file_name: `${documentType}-${index}.pdf`,
    size: 180_000,
    sha256: hex(32),
  }));
}

/** A draft as an officer leaves it: every field filled, a paragraph of purpose, scans attached. */
export function realisticDraft(store: CounterStore, index: number, documents: DraftDocument[]): Draft {
  const draft = store.newDraft();
  draft.values = {
    service_type: 1,
    applicant: {
      first_name: 'Drita',
      last_name: `Hoxha-${index}`,
      personal_id: `BENCH${String(index).padStart(7, '0')}`,
      date_of_birth: '1994-03-17',
      gender: 'female',
      email: `drita.hoxha.${index}@example.org`,
      phone: '+383 44 123 456',
      country: 'XK',
      address: `Rr. Agim Ramadani ${index}, 10000 Prishtinë`,
    },
    education: {
      institution_name: 'Universiteti i Tiranës',
      institution_country: 'AL',
      institution_email: 'info@unitir.edu.al',
      institution_website: 'https://www.unitir.edu.al',
      institution_type: 'public',
      program_name: 'Shkenca Kompjuterike',
      degree_level: 'master',
      duration: '2 years',
      graduation_date: '2019-07-01',
      ects_credits: '120',
      purpose_details: 'Recognition of the master degree for employment in the public administration. '.repeat(8),
    },
    request_type: '',
    exemption: { requested: false, reason: '' },
    documents,
  };
  return draft;
}

export interface AutosaveFigures {
  stored: number;
  /** Storing the `stored` drafts, in all. */
  fillMs: number;
  /** Each autosave, sorted. */
  saveMs: number[];
  /** Each read of the whole drafts list, sorted. */
  listMs: number[];
}

/**
 * `stored` drafts saved, then one more draft autosaved `autosaves` times, one character more each
 * time (the whole draft is sealed and put, as the form's autosave does), then the list read back.
 */
export async function measureAutosave(store: CounterStore, stored: number, autosaves: number): Promise<AutosaveFigures> {
  let begin = performance.now();
  for (let index = 0; index < stored; index += 1) await store.saveDraft(realisticDraft(store, index, documentMetadata(index)));
  const fillMs = performance.now() - begin;

  let draft = await store.saveDraft(realisticDraft(store, stored, documentMetadata(stored)));
  const saveMs: number[] = [];
  for (let keystroke = 0; keystroke < autosaves; keystroke += 1) {
    draft = { ...draft, values: { ...draft.values, applicant: { ...draft.values.applicant, address: `${draft.values.applicant.address}${keystroke % 10}` } } };
    begin = performance.now();
    draft = await store.saveDraft(draft);
    saveMs.push(performance.now() - begin);
  }

  const listMs: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    begin = performance.now();
    const listed = await store.listDrafts();
    listMs.push(performance.now() - begin);
    if (listed.length !== stored + 1) throw new Error(`The list holds ${listed.length} drafts, not ${stored + 1}`);
  }
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  return { stored: stored + 1, fillMs, saveMs: sorted(saveMs), listMs: sorted(listMs) };
}
