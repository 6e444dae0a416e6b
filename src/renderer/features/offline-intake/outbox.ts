import type { IntakeAnswer, IntakeRequest, StagedUpload } from '../../../shared/api/intake';
import type { CounterStore, OutboxItem } from './counter-store';
import type { DraftDocument } from './draft-model';
import { classifyFailure, OUTBOX_MESSAGES, OUTBOX_PROBLEMS } from './outbox-failure';

// The counter's outbox: each queued draft reaches the server once and complete. Per
// item: every file the server has not yet confirmed is staged (its hash must come back equal),
// then the application is created with the draft's Idempotency-Key, chosen once and sent with
// every retry, so a repeat only ever answers the application already made. Items run
// independently (a small pool, a timeout on every request): one stuck or failing item never
// holds up the rest. Runs in Node too (no DOM, React or bridge here): the fault-injection test
// drives it against the real server.

export type { OutboxState } from './counter-db';

export interface OutboxTransport {
  /** Uploads a kept file to the server's staging under its upload_key; `signal` aborts it. */
  stage(document: DraftDocument, transferId: string, signal?: AbortSignal): Promise<StagedUpload>;
  /** Creates the application (POST with the Idempotency-Key header). */
  submit(request: IntakeRequest, idempotencyKey: string, signal?: AbortSignal): Promise<IntakeAnswer>;
}

export const OUTBOX_BACKOFF = { baseMs: 2_000, capMs: 5 * 60_000 } as const;
/** Staging a large scan over a slow line takes a while; a request that says nothing for this long is given up. */
export const OUTBOX_REQUEST_TIMEOUT_MS = 120_000;

/**
 * The wait before attempt `attempts + 1`: 2 s, 4 s, 8 s … capped at 5 minutes, each spread by
 * ±25 % so the desktops of one office do not all come back at the same second.
 */
export function nextDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempts, 30) - 1);
  const nominal = Math.min(OUTBOX_BACKOFF.capMs, OUTBOX_BACKOFF.baseMs * 2 ** exponent);
  return Math.round(Math.min(OUTBOX_BACKOFF.capMs, nominal * (0.75 + 0.5 * random())));
}

export interface OutboxOptions {
  store: CounterStore;
  transport: OutboxTransport;
  clock?: () => Date;
  random?: () => number;
  /** Items sent at the same time. */
  concurrency?: number;
  requestTimeoutMs?: number;
  /** After each item's step (sent, retry, needs attention). */
  onChange?: () => void;
  /** A fresh transfer id per staging attempt (progress events are keyed by it). */
  newTransferId?: () => string;
}

export interface Outbox {
  /**
   * Processes every due item (first call: re-queues what a crash left 'sending'); settles when
   * they are done. `waiting: true` also sends queued items still waiting out their backoff: the
   * backoff spares a server that does not answer, so when it answers again nothing need wait.
   */
  runOnce(options?: { waiting?: boolean }): Promise<void>;
  start(intervalMs: number): void;
  stop(): void;
  nextDelay(attempts: number): number;
}

class RequestTimeout extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms.`);
    this.name = 'TimeoutError';
  }
}

/** A pool of `size` slots; a released slot goes straight to the next waiter. */
function createSlots(size: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { store, transport } = options;
  const clock = options.clock ?? (() => new Date());
  const random = options.random ?? Math.random;
  const timeoutMs = options.requestTimeoutMs ?? OUTBOX_REQUEST_TIMEOUT_MS;
  const newTransferId = options.newTransferId ?? (() => crypto.randomUUID());
  const inSlot = createSlots(Math.max(1, options.concurrency ?? 2));
  /** Items whose last step could not be written (the disk was full): put back in the queue next run. */
  const stranded = new Map<string, { message: string; code?: string }>();
  let recovery: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const delay = (attempts: number) => nextDelay(attempts, random);

  /** One request with a deadline; a late answer is dropped (the next attempt repeats it safely). */
  function withDeadline<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    return new Promise<T>((resolve, reject) => {
      const deadline = setTimeout(() => {
        controller.abort();
        reject(new RequestTimeout(timeoutMs));
      }, timeoutMs);
      let pending: Promise<T>;
      try {
        pending = request(controller.signal);
      } catch (error) {
        pending = Promise.reject(error);
      }
      pending.then(
        (value) => {
          clearTimeout(deadline);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(deadline);
          reject(error);
        },
      );
    });
  }

  async function send(item: OutboxItem): Promise<void> {
    for (const document of item.documents) {
      if (item.staged[document.upload_key] === document.sha256) continue;
      const staged = await withDeadline((signal) => transport.stage(document, newTransferId(), signal));
      if (staged.sha256 !== document.sha256) {
        await store.markNeedsAttention(item.id, { message: OUTBOX_MESSAGES.file_changed, code: OUTBOX_PROBLEMS.fileChanged });
        return;
      }
      await store.markStaged(item.id, document.upload_key, document.sha256);
    }
    const answer = await withDeadline((signal) => transport.submit(item.request, item.idempotency_key, signal));
    await store.markSent(item.id, answer);
  }

  async function processItem(id: string): Promise<void> {
    const item = await store.markSending(id);
    if (!item) return;
    try {
      await send(item);
    } catch (error) {
      const failure = classifyFailure(error);
      const reason = { message: failure.message, ...(failure.code !== undefined ? { code: failure.code } : {}) };
      try {
        if (failure.retryable) await store.markRetry(id, reason, new Date(clock().getTime() + delay(item.attempts + 1)));
        else await store.markNeedsAttention(id, reason);
      } catch (storageError) {
        console.warn('The outbox could not record a failed attempt', storageError);
        stranded.set(id, reason);
      }
    } finally {
      options.onChange?.();
    }
  }

  async function returnStranded(): Promise<void> {
    for (const [id, reason] of [...stranded]) {
      try {
        await store.markRetry(id, reason, clock());
        stranded.delete(id);
      } catch (error) {
        console.warn('The outbox still cannot record a failed attempt', error);
      }
    }
  }

  async function runOnce({ waiting = false }: { waiting?: boolean } = {}): Promise<void> {
    recovery ??= store
      .recoverInterrupted()
      .then(() => undefined)
      .catch((error: unknown) => {
        recovery = null;
        throw error;
      });
    await recovery;
    await returnStranded();
    const due = await store.dueItems(waiting ? new Date(8.64e15) : clock());
    await Promise.all(
      due.map((item) =>
        inSlot(() => processItem(item.id)).catch((error: unknown) => {
          // markSending itself failed (storage): the item stays queued for the next run.
          console.warn('The outbox could not take an item', error);
        }),
      ),
    );
  }

  return {
    runOnce,
    start(intervalMs) {
      if (timer) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => console.warn('The outbox run failed', error));
      }, intervalMs);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    nextDelay: delay,
  };
}
