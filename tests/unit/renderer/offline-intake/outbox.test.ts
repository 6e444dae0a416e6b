import { describe, expect, it } from 'vitest';
import type { IntakeAnswer, IntakeRequest, StagedUpload } from '../../../../src/shared/api/intake';
import { BridgeError } from '../../../../src/shared/bridge';
import { failure } from '../../../../src/shared/transport-failure';
import type { CounterStore } from '../../../../src/renderer/features/offline-intake/counter-store';
import type { DraftDocument } from '../../../../src/renderer/features/offline-intake/draft-model';
import { createOutbox, nextDelay, OUTBOX_BACKOFF, type OutboxTransport } from '../../../../src/renderer/features/offline-intake/outbox';
import { classifyFailure, OUTBOX_PROBLEMS } from '../../../../src/renderer/features/offline-intake/outbox-failure';
import { documentOf, filledDraft, newDesk, newOfficer, OWNER_A, requestOf } from './counter-fixtures';

// The outbox against a transport that behaves like the server (staging keyed by upload_key,
// submissions deduplicated by Idempotency-Key), with faults injected per call.

type Fault = Error | 'hang' | null;

class FakeServer implements OutboxTransport {
  readonly staged = new Map<string, string>();
  readonly applications = new Map<string, { id: number; request: IntakeRequest }>();
  readonly stageCalls: string[] = [];
  readonly submitKeys: string[] = [];
  /** Faults for the next calls, taken in turn; a function decides per call. */
  stageFaults: Fault[] = [];
  submitFaults: Fault[] = [];
  hangFor = new Set<string>();
  /** The server computes a hash of what it received; a changed file answers another one. */
  corruptUploads = new Set<string>();
  /** Answer lost after the application was created. */
  loseAnswerOnce = false;

  private async fault(list: Fault[], signal?: AbortSignal): Promise<void> {
    const next = list.shift() ?? null;
    if (next === 'hang') return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    if (next) throw next;
  }

  async stage(document: DraftDocument, transferId: string, signal?: AbortSignal): Promise<StagedUpload> {
    expect(transferId).toMatch(/^[\w-]{8,64}$/);
    this.stageCalls.push(document.upload_key);
    if (this.hangFor.has(document.upload_key)) return new Promise(() => undefined);
    await this.fault(this.stageFaults, signal);
    const sha256 = this.corruptUploads.has(document.upload_key) ? 'f'.repeat(64) : document.sha256;
    this.staged.set(document.upload_key, sha256);
    return { upload_key: document.upload_key, file_name: document.file_name, size: document.size, sha256, application_id: null };
  }

  async submit(request: IntakeRequest, idempotencyKey: string, signal?: AbortSignal): Promise<IntakeAnswer> {
    this.submitKeys.push(idempotencyKey);
    await this.fault(this.submitFaults, signal);
    for (const document of request.documents) {
      if (!this.staged.has(document.upload_key)) throw failure('validation_error', { status: 400, body: { documents: ['A document has not reached the server yet.'] } });
    }
    const existing = this.applications.get(idempotencyKey);
    const created = existing ?? { id: this.applications.size + 1, request };
    this.applications.set(idempotencyKey, created);
    if (!existing && this.loseAnswerOnce) {
      this.loseAnswerOnce = false;
      throw new TypeError('fetch failed');
    }
    return {
      id: created.id,
      reference: `NARIC-${created.id}`,
      status: 'submitted',
      quoted_fee: '10.00',
      documents: request.documents.map((document, index) => ({ id: index + 1, upload_key: document.upload_key, sha256: this.staged.get(document.upload_key) ?? null })),
      replayed: existing !== undefined,
    };
  }
}

async function setup(documents = 2) {
  let now = Date.parse('2025-05-01T08:00:00Z');
  const clock = () => new Date(now);
  const db = await newDesk().open();
  const store = await newOfficer(OWNER_A).storeOn(db, { clock });
  const server = new FakeServer();
  const queueDraft = async (name = 'Arbër') => {
    const draft = filledDraft(store, { first: name, last: 'Krasniqi' });
    draft.values.documents = Array.from({ length: documents }, (_, index) => documentOf(crypto.randomUUID(), String(index).repeat(64)));
    await store.saveDraft(draft);
    await store.queue(draft.id, requestOf(draft));
    return draft;
  };
  return {
    db,
    store,
    server,
    clock,
    queueDraft,
    advance: (ms: number) => {
      now += ms;
    },
    outbox: (options: { concurrency?: number; requestTimeoutMs?: number } = {}) =>
      createOutbox({ store, transport: server, clock, random: () => 0.5, ...options }),
  };
}

const summaryOf = async (store: CounterStore, id: string) => (await store.listDrafts()).find((summary) => summary.id === id)!;

describe('outbox', () => {
  it('stages every file, then creates the application once: queued → sending → sent', async () => {
    const { store, server, queueDraft, outbox } = await setup();
    const draft = await queueDraft();
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => void store.stateOf(draft.id).then((state) => state && seen.push(state)));
    await outbox().runOnce();
    unsubscribe();

    expect(server.stageCalls.sort()).toEqual(draft.values.documents.map((document) => document.upload_key).sort());
    expect(server.applications.size).toBe(1);
    expect(await summaryOf(store, draft.id)).toMatchObject({ state: 'sent', application: { id: 1, reference: 'NARIC-1' }, last_error: null });
    expect(seen).toContain('sending');
    // Sent is final: nothing is sent again.
    await outbox().runOnce();
    expect(server.submitKeys).toHaveLength(1);
  });

  it('backs off exponentially with jitter, capped at five minutes', () => {
    expect([1, 2, 3, 4].map((attempts) => nextDelay(attempts, () => 0.5))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(nextDelay(1, () => 0)).toBe(1_500);
    expect(nextDelay(1, () => 1)).toBe(2_500);
    expect(nextDelay(20, () => 1)).toBe(OUTBOX_BACKOFF.capMs);
    expect(nextDelay(1_000, () => 0.5)).toBe(OUTBOX_BACKOFF.capMs);
  });

  it('puts an item back in the queue after a 5xx or a network error, and retries it when due with the same key', async () => {
    const { store, server, queueDraft, outbox, advance } = await setup();
    const draft = await queueDraft();
    const runner = outbox();
    server.submitFaults = [failure('server_error', { status: 502 })];
    await runner.runOnce();
    let summary = await summaryOf(store, draft.id);
    expect(summary).toMatchObject({ state: 'queued', attempts: 1, last_error_code: 'server_error' });

    // Not due yet: nothing sent.
    await runner.runOnce();
    expect(server.submitKeys).toHaveLength(1);

    advance(2_000);
    server.submitFaults = [new TypeError('Failed to fetch')];
    await runner.runOnce();
    summary = await summaryOf(store, draft.id);
    expect(summary).toMatchObject({ state: 'queued', attempts: 2, last_error_code: 'network_error' });

    advance(4_000);
    await runner.runOnce();
    expect(await summaryOf(store, draft.id)).toMatchObject({ state: 'sent', application: { reference: 'NARIC-1' } });
    // Files confirmed once are not uploaded again; every submission carried the same key.
    expect(server.stageCalls).toHaveLength(2);
    expect(new Set(server.submitKeys).size).toBe(1);
    expect(server.submitKeys).toHaveLength(3);
  });

  it('sends an item still waiting out its backoff when asked to (the server answers again), never one needing attention', async () => {
    const { store, server, queueDraft, outbox } = await setup();
    const waiting = await queueDraft('Waiting');
    const refused = await queueDraft('Refused');
    const runner = outbox();
    server.submitFaults = [failure('server_error', { status: 503 }), failure('validation_error', { status: 400, body: { detail: 'No.' } })];
    await runner.runOnce();
    const states = async () => [(await summaryOf(store, waiting.id)).state, (await summaryOf(store, refused.id)).state].sort();
    expect(await states()).toEqual(['needs_attention', 'queued']);

    await runner.runOnce();
    expect(await states()).toEqual(['needs_attention', 'queued']);
    await runner.runOnce({ waiting: true });
    expect(await states()).toEqual(['needs_attention', 'sent']);
  });

  it('sends exactly once when the answer is lost after the server created the application', async () => {
    const { store, server, queueDraft, outbox, advance } = await setup(1);
    const draft = await queueDraft();
    server.loseAnswerOnce = true;
    const runner = outbox();
    await runner.runOnce();
    expect(await store.stateOf(draft.id)).toBe('queued');
    advance(OUTBOX_BACKOFF.capMs);
    await runner.runOnce();
    expect(server.applications.size).toBe(1);
    expect(server.submitKeys).toEqual([server.submitKeys[0], server.submitKeys[0]]);
    expect(await summaryOf(store, draft.id)).toMatchObject({ state: 'sent', application: { id: 1 } });
  });

  it('treats 408, 429 and an expired session as retryable', async () => {
    const { store, server, queueDraft, outbox, advance } = await setup(0);
    const draft = await queueDraft();
    const runner = outbox();
    server.submitFaults = [failure('timeout', { status: 408 }), failure('throttled', { status: 429 }), failure('session_expired', { status: 401 })];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await runner.runOnce();
      expect(await summaryOf(store, draft.id)).toMatchObject({ state: 'queued', attempts: attempt });
      advance(OUTBOX_BACKOFF.capMs);
    }
    await runner.runOnce();
    expect(await store.stateOf(draft.id)).toBe('sent');
  });

  it('stops at needs_attention with the server’s message on a 4xx and never retries it by itself', async () => {
    const { store, server, queueDraft, outbox, advance } = await setup(0);
    const refusedByField = await queueDraft('Field');
    const refusedByDetail = await queueDraft('Detail');
    const runner = outbox({ concurrency: 1 });
    server.submitFaults = [
      failure('validation_error', { status: 400, body: { 'applicant.email': ['Enter a valid email address.'] } }),
      failure('conflict', { status: 409, body: { detail: 'The fee changed since this draft was quoted.', code: 'conflict' }, message: 'The fee changed since this draft was quoted.' }),
    ];
    await runner.runOnce();
    const messages = [(await summaryOf(store, refusedByField.id)).last_error, (await summaryOf(store, refusedByDetail.id)).last_error];
    expect(messages.sort()).toEqual(['The fee changed since this draft was quoted.', 'applicant.email: Enter a valid email address.']);
    expect((await summaryOf(store, refusedByField.id)).state).toBe('needs_attention');

    advance(24 * 60 * 60_000);
    await runner.runOnce();
    expect(server.submitKeys).toHaveLength(2);

    // The officer asks for it: retried (the same key), and now accepted.
    await store.retryNow(refusedByField.id);
    await runner.runOnce();
    expect(await store.stateOf(refusedByField.id)).toBe('sent');
  });

  it('needs attention when the server holds a different file than the draft', async () => {
    const { store, server, queueDraft, outbox } = await setup(1);
    const draft = await queueDraft();
    server.corruptUploads.add(draft.values.documents[0]!.upload_key);
    await outbox().runOnce();
    expect(await summaryOf(store, draft.id)).toMatchObject({ state: 'needs_attention', last_error_code: OUTBOX_PROBLEMS.fileChanged });
    expect(server.submitKeys).toHaveLength(0);
  });

  it('re-queues an item a crash left in sending, and it is sent', async () => {
    const { store, server, queueDraft, outbox } = await setup(1);
    const draft = await queueDraft();
    // The app stopped mid-send: the item was taken, one file staged, nothing recorded after.
    await store.markSending(draft.id);
    expect(await store.dueItems(new Date(Date.parse('2030-01-01')))).toEqual([]);
    await outbox().runOnce();
    expect(await store.stateOf(draft.id)).toBe('sent');
    expect(server.applications.size).toBe(1);
  });

  it('does not let an item that never answers hold up the others, and gives it up at the request timeout', async () => {
    const { store, server, queueDraft, outbox } = await setup(1);
    const stuck = await queueDraft('Stuck');
    const others = [await queueDraft('Second'), await queueDraft('Third'), await queueDraft('Fourth')];
    server.hangFor.add(stuck.values.documents[0]!.upload_key);
    await outbox({ concurrency: 2, requestTimeoutMs: 300 }).runOnce();
    for (const draft of others) expect(await store.stateOf(draft.id)).toBe('sent');
    expect(await summaryOf(store, stuck.id)).toMatchObject({ state: 'queued', attempts: 1, last_error_code: 'timeout' });
  });

  it('gives up a stuck request even with one slot, so the queue behind it moves on', async () => {
    const { store, server, queueDraft, outbox } = await setup(0);
    const stuck = await queueDraft('Stuck');
    const next = await queueDraft('Next');
    server.submitFaults = ['hang'];
    await outbox({ concurrency: 1, requestTimeoutMs: 300 }).runOnce();
    const states = [await store.stateOf(stuck.id), await store.stateOf(next.id)].sort();
    expect(states).toEqual(['queued', 'sent']);
  });

  it('sends nothing twice when two runs overlap', async () => {
    const { server, queueDraft, outbox } = await setup(1);
    await queueDraft('One');
    await queueDraft('Two');
    const runner = outbox();
    await Promise.all([runner.runOnce(), runner.runOnce(), outbox().runOnce()]);
    expect(server.submitKeys).toHaveLength(2);
    expect(server.stageCalls).toHaveLength(2);
  });
});

describe('classifyFailure', () => {
  it('reads what the transports throw', () => {
    expect(classifyFailure(new BridgeError({ code: 'network_error', message: 'Network error' }))).toMatchObject({ retryable: true });
    expect(classifyFailure(new BridgeError({ code: 'server_error', message: 'Internal server error', status: 503 }))).toMatchObject({ retryable: true, status: 503 });
    expect(classifyFailure(new BridgeError({ code: 'validation_error', message: 'Validation error' }))).toMatchObject({ retryable: false });
    expect(classifyFailure(new BridgeError({ code: 'payload_too_large', message: 'File too large', status: 413 }))).toMatchObject({ retryable: false, status: 413 });
    expect(classifyFailure(Object.assign(new Error('Request failed with status code 503'), { name: 'HTTPError', response: { status: 503 } }))).toMatchObject({ retryable: true, status: 503 });
    expect(classifyFailure(Object.assign(new Error('Request failed with status code 422'), { name: 'HTTPError', response: { status: 422 } }))).toMatchObject({ retryable: false, status: 422 });
    expect(classifyFailure(Object.assign(new Error('Request timed out'), { name: 'TimeoutError' }))).toMatchObject({ retryable: true, code: 'timeout' });
    expect(classifyFailure(new DOMException('aborted', 'AbortError'))).toMatchObject({ retryable: true });
    expect(classifyFailure(new TypeError('fetch failed'))).toMatchObject({ retryable: true, code: 'network_error' });
    expect(classifyFailure(failure('validation_error', { status: 400, body: { non_field_errors: ['Malformed JSON body'] } }))).toMatchObject({ retryable: false, message: 'Malformed JSON body' });
  });
});
