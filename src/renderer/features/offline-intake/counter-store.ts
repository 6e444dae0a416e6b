import type { IntakeAnswer, IntakeRequest } from '../../../shared/api/intake';
import { openJson, sealingContext, sealJson, type Sealed } from './draft-crypto';
import type { CounterDatabase, DraftRecord, OutboxRecord, OutboxState } from './counter-db';
import { emptyDraftValues, type Draft, type DraftDocument } from './draft-model';
import { asStorageError, CounterStorageError } from './storage-errors';

// One officer's drafts and outbox. Every query is filtered by the owner's opaque id,
// and every record is sealed with that officer's key: another user on the same desktop lists
// nothing and opens nothing. Writes put one whole record (never delete-then-write) inside a
// transaction whose failure is caught and turned into a CounterStorageError, so a full disk
// leaves the previous version of a draft as it was and no caller waits on a promise that never
// settles.

export type { OutboxState } from './counter-db';

export interface DraftSummary {
  id: string;
  created_at: string;
  updated_at: string;
  applicant_name: string;
  personal_id: string;
  service_type: number | null;
  state: 'draft' | OutboxState;
  attempts: number;
  /** Epoch milliseconds, or null for a draft that is not in the outbox. */
  next_attempt_at: number | null;
  last_error: string | null;
  /** An ErrorCode (shared/errors.ts) or an OutboxProblem, so the screen can translate it. */
  last_error_code: string | null;
  application: { id: number; reference: string } | null;
}

/** A submission as the outbox processes it (decrypted): what the record seals, and its clear fields. */
export type OutboxItem = OutboxContent & Pick<OutboxRecord, 'id' | 'state' | 'attempts' | 'next_attempt_at'>;

export interface CounterStore {
  readonly owner: string;
  newDraft(): Draft;
  saveDraft(draft: Draft): Promise<Draft>;
  loadDraft(id: string): Promise<Draft | null>;
  listDrafts(): Promise<DraftSummary[]>;
  deleteDraft(id: string): Promise<void>;
  /** Freezes the draft's submission and puts it in the outbox (state 'queued', due now). */
  queue(draftId: string, request: IntakeRequest): Promise<void>;
  /** needs_attention → an editable draft again; the Idempotency-Key is kept. */
  reopen(draftId: string): Promise<void>;
  /** needs_attention or a queued item waiting for its next attempt → queued, due now. */
  retryNow(draftId: string): Promise<void>;
  /** The state of one draft in the outbox, or 'draft'. */
  stateOf(draftId: string): Promise<'draft' | OutboxState | null>;

  // The outbox's side (outbox.ts).
  /** Queued items whose next attempt is due, oldest due first. */
  dueItems(now: Date): Promise<OutboxItem[]>;
  /** queued → sending; answers the item, or null when it is no longer queued (taken, reopened, deleted). */
  markSending(id: string): Promise<OutboxItem | null>;
  markStaged(id: string, uploadKey: string, sha256: string): Promise<void>;
  markSent(id: string, answer: IntakeAnswer): Promise<void>;
  markRetry(id: string, failure: { message: string; code?: string }, nextAttemptAt: Date): Promise<void>;
  markNeedsAttention(id: string, failure: { message: string; code?: string }): Promise<void>;
  /** Items a crash left in 'sending' → 'queued', due now; answers how many. */
  recoverInterrupted(): Promise<number>;

  /** Called after every change this store makes (and the outbox's). */
  subscribe(listener: () => void): () => void;
}

export class DraftFrozenError extends Error {
  readonly state: OutboxState;
  constructor(state: OutboxState) {
    super(`This draft is ${state} and cannot be changed.`);
    this.name = 'DraftFrozenError';
    this.state = state;
  }
}

export interface CounterStoreOptions {
  db: CounterDatabase;
  /** The signed-in user's opaque id (bridge.counter.draftKey().owner). */
  owner: string;
  key: CryptoKey;
  clock?: () => Date;
  /** Deletes a kept PDF (bridge.counter.removeAttachment); failures are logged, not thrown. */
  removeAttachment?: (attachmentId: string) => Promise<void>;
}

/** What a draft record seals. */
interface DraftContent {
  draft: Draft;
  /** Chosen the first time the draft is queued, kept for ever after (exactly once). */
  idempotency_key: string | null;
}

/** What an outbox record seals. */
export interface OutboxContent {
  idempotency_key: string;
  request: IntakeRequest;
  /** The draft's files when it was queued: what must be staged before the submission. */
  documents: DraftDocument[];
  /** upload_key → sha256 the server confirmed. */
  staged: Record<string, string>;
  last_error: string | null;
  last_error_code: string | null;
  answer: IntakeAnswer | null;
}

const FROZEN: ReadonlySet<OutboxState> = new Set(['queued', 'sending', 'sent']);

export function createCounterStore(options: CounterStoreOptions): CounterStore {
  const { db, owner, key } = options;
  const clock = options.clock ?? (() => new Date());
  const listeners = new Set<() => void>();

  const notify = () => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('A counter store listener failed', error);
      }
    }
  };

  const draftContext = (id: string) => sealingContext('draft', id, owner);
  const outboxContext = (id: string) => sealingContext('outbox', id, owner);

  async function open<T>(sealed: Sealed, context: string): Promise<T> {
    try {
      return await openJson<T>(key, sealed, context);
    } catch (error) {
      throw new CounterStorageError('corrupt', 'A saved draft cannot be read with this user’s key.', { cause: error });
    }
  }

  /** Runs a storage step; whatever it throws becomes a CounterStorageError. */
  async function guarded<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof DraftFrozenError) throw error;
      throw asStorageError(error);
    }
  }

  async function ownDraftRecord(id: string): Promise<DraftRecord | null> {
    const record = await db.drafts.get(id);
    return record && record.owner === owner ? record : null;
  }

  async function ownOutboxRecord(id: string): Promise<OutboxRecord | null> {
    const record = await db.outbox.get(id);
    return record && record.owner === owner ? record : null;
  }

  const readDraftContent = (record: DraftRecord) => open<DraftContent>(record.sealed, draftContext(record.id));
  const readOutboxContent = (record: OutboxRecord) => open<OutboxContent>(record.sealed, outboxContext(record.id));

  async function itemOf(record: OutboxRecord): Promise<OutboxItem> {
    const content = await readOutboxContent(record);
    return {
      id: record.id,
      state: record.state,
      attempts: record.attempts,
      next_attempt_at: record.next_attempt_at,
      ...content,
    };
  }

  /**
   * Rewrites one outbox record: reads it, lets `change` decide its new clear fields and sealed
   * content (or null to leave it), and puts it whole. Encrypting happens before the write
   * transaction (WebCrypto's await would end an IndexedDB transaction), and the write checks
   * the record did not change meanwhile.
   */
  async function updateOutbox(
    id: string,
    change: (record: OutboxRecord, content: OutboxContent) => { record: Partial<OutboxRecord>; content: OutboxContent } | null,
  ): Promise<OutboxRecord | null> {
    return guarded(async () => {
      for (let tries = 0; tries < 5; tries += 1) {
        const record = await ownOutboxRecord(id);
        if (!record) return null;
        const next = change(record, await readOutboxContent(record));
        if (!next) return null;
        const sealed = await sealJson(key, next.content, outboxContext(id));
        const updated: OutboxRecord = { ...record, ...next.record, sealed };
        const written = await db.transaction('rw', db.outbox, async () => {
          const current = await db.outbox.get(id);
          // Someone wrote it since we read it (reopen, retry, delete): read again.
          if (!current || current.owner !== owner || !sameSealed(current.sealed, record.sealed)) return false;
          if (current.state !== record.state || current.attempts !== record.attempts || current.next_attempt_at !== record.next_attempt_at) return false;
          await db.outbox.put(updated);
          return true;
        });
        if (written) {
          notify();
          return updated;
        }
      }
      throw new CounterStorageError('unavailable', 'The outbox kept changing while it was being updated.');
    });
  }

  async function loadDraft(id: string): Promise<Draft | null> {
    return guarded(async () => {
      const record = await ownDraftRecord(id);
      return record ? (await readDraftContent(record)).draft : null;
    });
  }

  return {
    owner,

    newDraft(): Draft {
      const now = clock().toISOString();
      return { id: crypto.randomUUID(), created_at: now, updated_at: now, values: emptyDraftValues() };
    },

    async saveDraft(draft) {
      return guarded(async () => {
        const outbox = await ownOutboxRecord(draft.id);
        if (outbox && FROZEN.has(outbox.state)) throw new DraftFrozenError(outbox.state);
        const previous = await ownDraftRecord(draft.id);
        if (!previous && (await db.drafts.get(draft.id))) {
          // Another user's id: never overwrite their record.
          throw new CounterStorageError('corrupt', 'This draft belongs to another user.');
        }
        const idempotencyKey = previous ? (await readDraftContent(previous)).idempotency_key : null;
        const saved: Draft = { ...draft, updated_at: clock().toISOString() };
        const sealed = await sealJson(key, { draft: saved, idempotency_key: idempotencyKey } satisfies DraftContent, draftContext(draft.id));
        await db.transaction('rw', db.drafts, db.outbox, async () => {
          const current = await db.outbox.get(draft.id);
          if (current && FROZEN.has(current.state)) throw new DraftFrozenError(current.state);
          // An edit to a draft that needs attention takes it back out of the outbox, as reopen does.
          if (current) await db.outbox.delete(draft.id);
          await db.drafts.put({ id: draft.id, owner, updated_at: saved.updated_at, sealed });
        });
        notify();
        return saved;
      });
    },

    loadDraft,

    async listDrafts() {
      return guarded(async () => {
        const [drafts, outbox] = await Promise.all([
          db.drafts.where('owner').equals(owner).toArray(),
          db.outbox.where('owner').equals(owner).toArray(),
        ]);
        const outboxById = new Map(outbox.map((record) => [record.id, record]));
        const opened = await Promise.all(
          drafts.map(async (record): Promise<DraftSummary | null> => {
            let draft: Draft;
            let content: OutboxContent | null;
            const queued = outboxById.get(record.id);
            try {
              draft = (await readDraftContent(record)).draft;
              content = queued ? await readOutboxContent(queued) : null;
            } catch (error) {
              // One unreadable record must not hide every other draft of the officer.
              console.warn('A counter draft cannot be read and is left out of the list', error);
              return null;
            }
            const { applicant } = draft.values;
            return {
              id: draft.id,
              created_at: draft.created_at,
              updated_at: draft.updated_at,
              applicant_name: `${applicant.first_name} ${applicant.last_name}`.trim(),
              personal_id: applicant.personal_id,
              service_type: draft.values.service_type,
              state: queued?.state ?? 'draft',
              attempts: queued?.attempts ?? 0,
              next_attempt_at: queued?.next_attempt_at ?? null,
              last_error: content?.last_error ?? null,
              last_error_code: content?.last_error_code ?? null,
              application: content?.answer ? { id: content.answer.id, reference: content.answer.reference } : null,
            };
          }),
        );
        const summaries = opened.filter((summary): summary is DraftSummary => summary !== null);
        return summaries.sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0));
      });
    },

    async deleteDraft(id) {
      const draft = await loadDraft(id);
      const item = await guarded(async () => {
        const record = await ownOutboxRecord(id);
        return record ? itemOf(record) : null;
      });
      if (item?.state === 'sending') throw new DraftFrozenError('sending');
      await guarded(() =>
        db.transaction('rw', db.drafts, db.outbox, async () => {
          const current = await db.outbox.get(id);
          // The outbox took it meanwhile: deleting now could lose an application half sent.
          if (current?.owner === owner && current.state === 'sending') throw new DraftFrozenError('sending');
          if (current?.owner === owner) await db.outbox.delete(id);
          const record = await db.drafts.get(id);
          if (record?.owner === owner) await db.drafts.delete(id);
        }),
      );
      const attachments = new Set([...(draft?.values.documents ?? []), ...(item?.documents ?? [])].map((document) => document.attachment_id));
      for (const attachmentId of attachments) {
        try {
          await options.removeAttachment?.(attachmentId);
        } catch (error) {
          // The draft is gone; a file left behind is only space, and main sweeps orphans.
          console.warn('Removing a kept attachment failed', error);
        }
      }
      // After the files: whoever sees the draft gone may rely on its files being gone too.
      notify();
    },

    async queue(draftId, request) {
      await guarded(async () => {
        const record = await ownDraftRecord(draftId);
        if (!record) throw new CounterStorageError('corrupt', 'The draft to send is not saved.');
        const existing = await ownOutboxRecord(draftId);
        if (existing && existing.state !== 'needs_attention') throw new DraftFrozenError(existing.state);
        const content = await readDraftContent(record);
        const idempotencyKey = content.idempotency_key ?? crypto.randomUUID();
        const now = clock();
        const draftSealed =
          content.idempotency_key === idempotencyKey
            ? record.sealed
            : await sealJson(key, { ...content, idempotency_key: idempotencyKey } satisfies DraftContent, draftContext(draftId));
        const outboxContent: OutboxContent = {
          idempotency_key: idempotencyKey,
          request,
          documents: content.draft.values.documents,
          staged: {},
          last_error: null,
          last_error_code: null,
          answer: null,
        };
        const outboxSealed = await sealJson(key, outboxContent, outboxContext(draftId));
        await db.transaction('rw', db.drafts, db.outbox, async () => {
          const current = await db.outbox.get(draftId);
          if (current && current.state !== 'needs_attention') throw new DraftFrozenError(current.state);
          // The key is written with the draft first, so a later queue after a reopen finds it.
          await db.drafts.put({ ...record, sealed: draftSealed });
          await db.outbox.put({ id: draftId, owner, state: 'queued', next_attempt_at: now.getTime(), attempts: 0, sealed: outboxSealed });
        });
      });
      notify();
    },

    async reopen(draftId) {
      await guarded(() =>
        db.transaction('rw', db.outbox, async () => {
          const current = await db.outbox.get(draftId);
          if (!current || current.owner !== owner) return;
          if (current.state !== 'needs_attention') throw new DraftFrozenError(current.state);
          await db.outbox.delete(draftId);
        }),
      );
      notify();
    },

    async retryNow(draftId) {
      const now = clock().getTime();
      await guarded(() =>
        db.transaction('rw', db.outbox, async () => {
          const current = await db.outbox.get(draftId);
          if (!current || current.owner !== owner) return;
          if (current.state !== 'needs_attention' && current.state !== 'queued') return;
          await db.outbox.put({ ...current, state: 'queued', next_attempt_at: now });
        }),
      );
      notify();
    },

    async stateOf(draftId) {
      return guarded(async () => {
        const outbox = await ownOutboxRecord(draftId);
        if (outbox) return outbox.state;
        return (await ownDraftRecord(draftId)) ? 'draft' : null;
      });
    },

    async dueItems(now) {
      return guarded(async () => {
        const records = await db.outbox
          .where('[owner+state]')
          .equals([owner, 'queued'])
          .filter((record) => record.next_attempt_at <= now.getTime())
          .toArray();
        records.sort((a, b) => a.next_attempt_at - b.next_attempt_at);
        return Promise.all(records.map(itemOf));
      });
    },

    async markSending(id) {
      const taken = await guarded(() =>
        db.transaction('rw', db.outbox, async () => {
          const current = await db.outbox.get(id);
          if (!current || current.owner !== owner || current.state !== 'queued') return null;
          const sending: OutboxRecord = { ...current, state: 'sending' };
          await db.outbox.put(sending);
          return sending;
        }),
      );
      if (!taken) return null;
      notify();
      return guarded(() => itemOf(taken));
    },

    async markStaged(id, uploadKey, sha256) {
      await updateOutbox(id, (record, content) => ({ record: {}, content: { ...content, staged: { ...content.staged, [uploadKey]: sha256 } } }));
    },

    async markSent(id, answer) {
      await updateOutbox(id, (record, content) => ({
        record: { state: 'sent' },
        content: { ...content, answer, last_error: null, last_error_code: null },
      }));
    },

    async markRetry(id, failure, nextAttemptAt) {
      await updateOutbox(id, (record, content) =>
        record.state === 'sent'
          ? null
          : {
              record: { state: 'queued', attempts: record.attempts + 1, next_attempt_at: nextAttemptAt.getTime() },
              content: { ...content, last_error: failure.message, last_error_code: failure.code ?? null },
            },
      );
    },

    async markNeedsAttention(id, failure) {
      await updateOutbox(id, (record, content) =>
        record.state === 'sent'
          ? null
          : {
              record: { state: 'needs_attention', attempts: record.attempts + 1 },
              content: { ...content, last_error: failure.message, last_error_code: failure.code ?? null },
            },
      );
    },

    async recoverInterrupted() {
      const now = clock().getTime();
      const recovered = await guarded(() =>
        db.transaction('rw', db.outbox, async () => {
          const sending = await db.outbox.where('[owner+state]').equals([owner, 'sending']).toArray();
          for (const record of sending) await db.outbox.put({ ...record, state: 'queued', next_attempt_at: now });
          return sending.length;
        }),
      );
      if (recovered > 0) notify();
      return recovered;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Every write draws a fresh IV, so equal IVs mean the same write. */
function sameSealed(a: Sealed, b: Sealed): boolean {
  const left = new Uint8Array(a.iv);
  const right = new Uint8Array(b.iv);
  return left.length === right.length && left.every((byte, index) => byte === right[index]);
}
