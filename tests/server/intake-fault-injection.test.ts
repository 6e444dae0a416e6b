import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCounterStore, type CounterStore } from '../../src/renderer/features/offline-intake/counter-store';
import { openCounterDatabase, type CounterDatabase } from '../../src/renderer/features/offline-intake/counter-db';
import { importDraftKey } from '../../src/renderer/features/offline-intake/draft-crypto';
import { intakeRequestOf, type DraftDocument } from '../../src/renderer/features/offline-intake/draft-model';
import { createOutbox, type OutboxTransport } from '../../src/renderer/features/offline-intake/outbox';
import { DOCUMENT_PATHS } from '../../src/shared/api/documents';
import { IDEMPOTENCY_KEY_HEADER, INTAKE_PATHS, intakeAnswer, stagedUpload } from '../../src/shared/api/intake';
import type { ServiceType } from '../../src/shared/constants';
import { quoteFee, type PriceTable } from '../../src/shared/domain/fees';
import { fromCents } from '../../src/shared/domain/fees-money';
import { ERROR_CODES } from '../../src/shared/errors';
import { TransportFailure, transportErrorFromAnswer } from '../../src/shared/transport-failure';
import { startFaultProxy, type FaultProxy, type FaultRates } from '../support/fault-proxy';
import { minimalPdf } from '../support/pdf-fixtures';
import { startListeningTestServer, type ListeningTestServer } from '../support/listening-server';

// The counter intake under a hostile network: 1,000 counter drafts, each with two PDFs of its own, go
// through the renderer's real store and outbox (fake-indexeddb, WebCrypto) to the real server,
// over a proxy that drops requests, drops answers the server already acted on, delays, resets
// bodies half-way and sends requests twice. The server must end with exactly one application
// per draft, each with both its files (equal hashes, equal bytes read back), nothing staged
// twice or left over, and every draft 'sent' on the desktop's side: none lost.
//
// Nothing sleeps for the backoff: the outbox's clock is moved past the longest wait between
// rounds. The seed makes a failing run repeatable: NARIC_FAULT_SEED=… to replay one;
// NARIC_FAULT_DRAFTS=50 for a quick run while working on the outbox or the server.

const DRAFTS = Number(process.env.NARIC_FAULT_DRAFTS ?? 1000);
const SEED = Number(process.env.NARIC_FAULT_SEED ?? 20260413);
/** Items in flight at once (the outbox's pool). */
const CONCURRENCY = 12;
/** Rounds of runOnce before the test gives up on the rest (each round retries everything due). */
const MAX_ROUNDS = 80;
/** More than the outbox's longest wait (5 min, jitter included), so every retry is due next round. */
const ROUND_STEP_MS = 6 * 60_000;
/** About one request in five fails one way or another; NARIC_FAULT_RATES='{"reset":0.3}' tries one fault alone. */
const RATES: Partial<FaultRates> = process.env.NARIC_FAULT_RATES
  ? (JSON.parse(process.env.NARIC_FAULT_RATES) as Partial<FaultRates>)
  : { dropRequest: 0.07, dropResponse: 0.08, reset: 0.06, duplicate: 0.1, delay: 0.1 };
const OWNER = 'fault-test-officer';
const DOCUMENT_TYPES = ['original_diploma', 'original_transcript'] as const;

let server: ListeningTestServer;
let serverOrigin: string;
let proxy: FaultProxy;
let counterDb: CounterDatabase;
let store: CounterStore;
let token: string;

beforeAll(async () => {
  server = await startListeningTestServer();
  serverOrigin = server.origin;
  proxy = await startFaultProxy({
    target: serverOrigin,
    seed: SEED,
    rates: RATES,
    delayMs: [2, 40],
  });
  token = await server.tokenFor('admin');
});
afterAll(async () => {
  counterDb?.close();
  await proxy?.close();
  // A request the proxy cut mid-body may still be waiting out the server's body time-out (30 s),
  // and closing the app waits for it: the run is over, so close() cuts those connections too.
  const closing = Date.now();
  await server?.close();
  console.info(`fault injection: server closed in ${Date.now() - closing} ms`);
}, 120_000);

/** The clock the store and outbox read: real time plus however far the test moved it. */
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface TransportTally {
  stages: number;
  submits: number;
  /** Calls that failed (each one is retried by a later round). */
  failures: number;
  /** Calls answered 401 and repeated with a new token. */
  reauthenticated: number;
  /** Time spent waiting on each kind of call, summed over the calls in flight. */
  stageMs: number;
  submitMs: number;
}

/**
 * The outbox's transport in Node, over fetch through the proxy. A refusal becomes a
 * TransportFailure with the server's status and body, a broken connection one with code
 * network_error, as the app's transports throw them, so classifyFailure reads them as in the app.
 */
function fetchTransport(files: Map<string, Buffer>, tally: TransportTally): OutboxTransport {
  async function call(url: string, init: RequestInit & { headers: Record<string, string> }): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      let answer: Response;
      try {
        answer = await fetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
      } catch (error) {
        if ((error as Error).name === 'AbortError' || (error as Error).name === 'TimeoutError') throw error;
        throw new TransportFailure({ code: ERROR_CODES.networkError, message: (error as Error).message });
      }
      let body: unknown = null;
      try {
        body = await answer.json();
      } catch (error) {
        // An answer cut off half-way is a network failure like any other.
        if (answer.ok) throw new TransportFailure({ code: ERROR_CODES.networkError, message: (error as Error).message });
      }
      // The session ran out during the run: sign in again (as the app's refresh would) and repeat once.
      if (answer.status === 401 && attempt === 0) {
        tally.reauthenticated += 1;
        token = await server.tokenFor('admin');
        continue;
      }
      if (!answer.ok) throw new TransportFailure(transportErrorFromAnswer(answer.status, body));
      return body;
    }
  }

  const counted = async <T>(kind: 'stageMs' | 'submitMs', work: () => Promise<T>): Promise<T> => {
    const begin = performance.now();
    try {
      return await work();
    } catch (error) {
      tally.failures += 1;
      throw error;
    } finally {
      tally[kind] += performance.now() - begin;
    }
  };

  return {
    stage: (document: DraftDocument, _transferId: string, signal?: AbortSignal) =>
      counted('stageMs', async () => {
        tally.stages += 1;
        const bytes = files.get(document.attachment_id);
        if (!bytes) throw new Error(`No kept file ${document.attachment_id}`);
        const query = new URLSearchParams({ file_name: document.file_name });
        const body = await call(`${proxy.url}/api${INTAKE_PATHS.upload(document.upload_key)}?${query}`, {
          method: 'PUT',
          body: new Uint8Array(bytes),
          headers: { 'content-type': 'application/pdf' },
          ...(signal ? { signal } : {}),
        });
        return stagedUpload.parse(body);
      }),
    submit: (request, idempotencyKey, signal) =>
      counted('submitMs', async () => {
        tally.submits += 1;
        const body = await call(`${proxy.url}/api${INTAKE_PATHS.submit}`, {
          method: 'POST',
          body: JSON.stringify(request),
          headers: { 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
          ...(signal ? { signal } : {}),
        });
        return intakeAnswer.parse(body);
      }),
  };
}

/** The total the counter would quote offline: the shared engine on the service as the server holds it. */
async function quotedTotalFor(serviceType: ServiceType, degreeLevel: string) {
  const service = await server.db
    .selectFrom('services')
    .select(['service_type', 'fee_enabled', 'fee_exemption_allowed', 'degree_options', 'price_table'])
    .where('service_type', '=', serviceType)
    .executeTakeFirstOrThrow();
  const quote = quoteFee(
    { ...service, service_type: serviceType, price_table: service.price_table as PriceTable },
    { documents: [...DOCUMENT_TYPES], degree_level: degreeLevel },
  );
  if (!quote.ok) throw new Error(`The seeded service does not quote: ${JSON.stringify(quote.problems)}`);
  return fromCents(quote.quote.total_cents);
}

const countApplications = async () =>
  Number((await server.db.selectFrom('applications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

const storedObjects = async (folder: 'objects' | 'incoming') => (await readdir(join(server.storageDir, folder)).catch(() => [])).length;

/** Runs `work` over `items`, `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

it(`${DRAFTS} counter drafts through a hostile network reach the server exactly once, with all their files`, { timeout: 600_000 }, async () => {
  const started = performance.now();
  const runTag = randomBytes(3).toString('hex').toUpperCase();
  const applicationsBefore = await countApplications();
  const objectsBefore = await storedObjects('objects');

  // The desktop's side: the officer's key and database, the kept PDFs (main's folder in the app).
  counterDb = await openCounterDatabase(`naric-counter-fault-${runTag}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  store = createCounterStore({ db: counterDb, owner: OWNER, key: await importDraftKey(randomBytes(32).toString('base64url')), clock });
  const files = new Map<string, Buffer>();
  const degreeLevel = 'master';
  const quotedTotal = await quotedTotalFor(1, degreeLevel);

  /** personal_id → the draft's files' hashes, by upload key. */
  const expected = new Map<string, { draftId: string; documents: Map<string, string> }>();
  for (let index = 0; index < DRAFTS; index += 1) {
    const draft = store.newDraft();
    const personalId = `FI${runTag}${String(index).padStart(5, '0')}`;
    const documents: DraftDocument[] = DOCUMENT_TYPES.map((documentType) => {
      // Distinct bytes per draft and per document: a file staged under the wrong key cannot pass for the right one.
      const bytes = minimalPdf(`${documentType} of ${personalId} ${randomBytes(6).toString('hex')}`);
      const attachmentId = crypto.randomUUID();
      files.set(attachmentId, bytes);
      return {
        attachment_id: attachmentId,
        upload_key: crypto.randomUUID(),
        document_type: documentType,
        kind: 'original',
        file_name: `${documentType}-${index}.pdf`,
        size: bytes.length,
        sha256: sha256(bytes),
      };
    });
    draft.values = {
      ...draft.values,
      service_type: 1,
      applicant: { ...draft.values.applicant, first_name: 'Fault', last_name: `Tester ${index}`, personal_id: personalId, email: `fault.${index}@example.org`, country: 'AL' },
      education: { ...draft.values.education, institution_name: 'University of Tirana', institution_country: 'AL', degree_level: degreeLevel, program_name: 'Informatics' },
      documents,
    };
    const saved = await store.saveDraft(draft);
    await store.queue(saved.id, intakeRequestOf(saved, quotedTotal));
    expected.set(personalId, { draftId: saved.id, documents: new Map(documents.map((document) => [document.upload_key, document.sha256])) });
  }
  const queuedAt = performance.now();

  // Sending: round after round until every item is sent (or, a failure, the bound is hit).
  const tally: TransportTally = { stages: 0, submits: 0, failures: 0, reauthenticated: 0, stageMs: 0, submitMs: 0 };
  const outbox = createOutbox({ store, transport: fetchTransport(files, tally), clock, concurrency: CONCURRENCY, requestTimeoutMs: 60_000 });
  const cpuBefore = process.cpuUsage();
  let rounds = 0;
  let summaries = await store.listDrafts();
  while (rounds < MAX_ROUNDS && summaries.some((summary) => summary.state === 'queued' || summary.state === 'sending')) {
    await outbox.runOnce();
    rounds += 1;
    clockOffsetMs += ROUND_STEP_MS;
    summaries = await store.listDrafts();
  }
  const sentAt = performance.now();
  const cpu = process.cpuUsage(cpuBefore);

  const byState = summaries.reduce<Record<string, number>>((tallies, summary) => ({ ...tallies, [summary.state]: (tallies[summary.state] ?? 0) + 1 }), {});
  const attention = summaries.filter((summary) => summary.state === 'needs_attention').slice(0, 5).map((summary) => `${summary.personal_id}: ${summary.last_error}`);
  console.info(
    [
      `fault injection: ${DRAFTS} drafts (seed ${SEED}), ${rounds} outbox rounds, states ${JSON.stringify(byState)}`,
      `  proxy: ${JSON.stringify(proxy.counts)}`,
      `  outbox calls: ${tally.stages} stagings, ${tally.submits} submissions, ${tally.failures} failed and retried, ${tally.reauthenticated} re-signed-in`,
      `  mean call: staging ${(tally.stageMs / Math.max(1, tally.stages)).toFixed(0)} ms, submission ${(tally.submitMs / Math.max(1, tally.submits)).toFixed(0)} ms (${CONCURRENCY} items in flight)`,
      `  wall time: queue ${((queuedAt - started) / 1000).toFixed(1)} s, send ${((sentAt - queuedAt) / 1000).toFixed(1)} s (CPU of this process, which runs the server, the proxy and the outbox: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s)`,
      ...(attention.length > 0 ? [`  needs attention (first 5): ${attention.join(' | ')}`] : []),
    ].join('\n'),
  );

  // The faults really happened (a proxy that let everything through would prove nothing).
  const faultOfRate = { dropRequest: 'drop_request', dropResponse: 'drop_response', reset: 'reset', duplicate: 'duplicate', delay: 'delay' } as const;
  for (const [rate, fault] of Object.entries(faultOfRate)) {
    if ((RATES[rate as keyof FaultRates] ?? 0) > 0) expect(proxy.counts[fault], fault).toBeGreaterThan(0);
  }

  // None lost on the desktop: every draft sent, each with its own application.
  expect(summaries).toHaveLength(DRAFTS);
  expect(byState).toEqual({ sent: DRAFTS });
  const answered = new Map(summaries.map((summary) => [summary.personal_id, summary.application]));
  expect(new Set(summaries.map((summary) => summary.application?.id)).size).toBe(DRAFTS);

  // Exactly one application per draft on the server, and no other application made.
  expect((await countApplications()) - applicationsBefore).toBe(DRAFTS);
  const applications = await server.db
    .selectFrom('applications')
    .select(['id', 'reference', 'personal_id', 'status'])
    .where('personal_id', 'like', `FI${runTag}%`)
    .execute();
  expect(applications).toHaveLength(DRAFTS);
  expect(new Set(applications.map((application) => application.personal_id)).size).toBe(DRAFTS);
  for (const application of applications) {
    expect(answered.get(application.personal_id!), application.personal_id!).toEqual({ id: application.id, reference: application.reference });
  }

  // Each with exactly its two files, hashes equal to the desktop's.
  const documents = await server.db
    .selectFrom('application_documents')
    .innerJoin('applications', 'applications.id', 'application_documents.application_id')
    .select(['application_documents.id', 'application_documents.sha256', 'application_documents.storage_key', 'applications.personal_id'])
    .where('applications.personal_id', 'like', `FI${runTag}%`)
    .execute();
  expect(documents).toHaveLength(DRAFTS * DOCUMENT_TYPES.length);
  const hashesByApplicant = new Map<string, string[]>();
  for (const document of documents) {
    expect(document.storage_key).not.toBeNull();
    hashesByApplicant.set(document.personal_id!, [...(hashesByApplicant.get(document.personal_id!) ?? []), document.sha256!]);
  }
  for (const [personalId, draft] of expected) {
    expect(hashesByApplicant.get(personalId)?.sort(), personalId).toEqual([...draft.documents.values()].sort());
  }

  // Every staged upload once, taken by its own application; no file stored twice or left half-written.
  const uploadKeys = [...expected.values()].flatMap((draft) => [...draft.documents.keys()]);
  const staged = await sql<{ upload_key: string; sha256: string; application_id: number | null }>`
    select upload_key::text as upload_key, sha256, application_id from intake_uploads`.execute(server.db);
  const stagedByKey = new Map(staged.rows.map((row) => [row.upload_key, row]));
  expect(staged.rows).toHaveLength(uploadKeys.length);
  const applicationByPersonalId = new Map(applications.map((application) => [application.personal_id!, application.id]));
  for (const [personalId, draft] of expected) {
    for (const [uploadKey, hash] of draft.documents) {
      expect(stagedByKey.get(uploadKey), uploadKey).toMatchObject({ sha256: hash, application_id: applicationByPersonalId.get(personalId) });
    }
  }
  expect((await storedObjects('objects')) - objectsBefore).toBe(uploadKeys.length);
  expect(await storedObjects('incoming')).toBe(0);

  // Read back from the server (directly, not through the proxy): the bytes the officer attached.
  const localByHash = new Map([...files.values()].map((bytes) => [sha256(bytes), bytes]));
  let mismatches = 0;
  await inPool(documents, 16, async (document) => {
    const answer = await fetch(`${serverOrigin}/api${DOCUMENT_PATHS.content(document.id)}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (answer.status !== 200 || !bytes.equals(localByHash.get(document.sha256!) ?? Buffer.alloc(0))) mismatches += 1;
  });
  expect(mismatches).toBe(0);
  console.info(`  checked in ${((performance.now() - sentAt) / 1000).toFixed(1)} s; total ${((performance.now() - started) / 1000).toFixed(1)} s`);
});
