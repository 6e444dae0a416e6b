import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openCounterDatabase } from '../src/renderer/features/offline-intake/counter-db';
import type { CounterStore } from '../src/renderer/features/offline-intake/counter-store';
import { intakeRequestOf, type DraftDocument } from '../src/renderer/features/offline-intake/draft-model';
import { createOutbox, type OutboxTransport } from '../src/renderer/features/offline-intake/outbox';
import { DEMO_PASSWORD } from '../src/server/db/demo-accounts';
import { AUTH_PATHS, signedInAnswer } from '../src/shared/api/auth';
import { IDEMPOTENCY_KEY_HEADER, INTAKE_PATHS, intakeAnswer, stagedUpload } from '../src/shared/api/intake';
import { quoteAnswer, SERVICE_PATHS, serviceListAnswer } from '../src/shared/api/services';
import { API_BASE_PATH } from '../src/shared/constants';
import { ERROR_CODES } from '../src/shared/errors';
import { serverProcessMessage } from '../src/shared/server-process';
import { TransportFailure, transportErrorFromAnswer } from '../src/shared/transport-failure';
import { pdfOfSize } from '../tests/support/pdf-fixtures';
import { benchStore, measureAutosave, realisticDraft, type AutosaveFigures } from './counter-autosave';

// The counter's drafts, measured: autosave (one saveDraft: seal with AES-GCM, put the
// record) with 500 drafts already stored, against the target p95 ≤ 10 ms, and reading the drafts
// list back, first in Node on fake-indexeddb, then in Chromium on its own IndexedDB; and the
// outbox's throughput (applications created per second, each with two PDFs staged
// first) against the real server in its own process on an embedded PGlite with the demo data, no
// faults. It prints; it never fails on a missed target.
//
//   npm run bench:counter                    # 500 stored, 200 autosaves, 100 submissions per run
//   npm run bench:counter -- 500 200 40      # stored drafts, autosaves, submissions per run
//   BENCH_PDF_KB=50 npm run bench:counter    # size of each attached PDF (200 KB by default)
//   BENCH_SERVER_ENTRY=out/main/server.js npm run bench:counter   # the built server instead of the sources
//   CHROMIUM_PATH=/path/to/chrome npm run bench:counter           # the browser (as the e2e tests: /usr/bin/chromium)
//
// fake-indexeddb is in memory, in JavaScript: its figure says what the store's own work costs
// (encryption, serialisation, Dexie). Chromium's IndexedDB is LevelDB on disk in another process,
// as in the app (Electron is Chromium); without a Chromium that part is skipped, saying so.

const AUTOSAVE_TARGET_MS = 10;
const storedDrafts = Number(process.argv[2] ?? 500);
const autosaves = Number(process.argv[3] ?? 200);
const submissions = Number(process.argv[4] ?? 100);
const pdfBytes = Number(process.env.BENCH_PDF_KB ?? 200) * 1024;
/** The app's outbox runs 2 items at once; more shows where the server's limit is. */
const CONCURRENCIES = [2, 8] as const;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** An outbox store on a fresh fake-indexeddb. */
async function openStore(name: string): Promise<CounterStore> {
  return benchStore(await openCounterDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange }));
}

function printAutosave(where: string, figures: AutosaveFigures): void {
  const p95 = percentile(figures.saveMs, 0.95);
  console.log(`Autosave — ${where}, ${figures.stored} drafts stored:`);
  console.log(`  storing ${figures.stored - 1} drafts: ${ms(figures.fillMs)} (${ms(figures.fillMs / (figures.stored - 1))} each)`);
  console.log(`  ${figures.saveMs.length} autosaves of one draft: p50 ${ms(percentile(figures.saveMs, 0.5))}, p95 ${ms(p95)}, max ${ms(figures.saveMs[figures.saveMs.length - 1]!)}`);
  console.log(`  target: p95 ≤ ${AUTOSAVE_TARGET_MS} ms — ${p95 <= AUTOSAVE_TARGET_MS ? 'met' : 'NOT met'}`);
  console.log(`  drafts list (decrypts all ${figures.stored}): p50 ${ms(percentile(figures.listMs, 0.5))}, max ${ms(figures.listMs[figures.listMs.length - 1]!)}`);
}

/** The page's entry: the same measurement on the browser's own IndexedDB and WebCrypto. */
const PAGE_ENTRY = `
import { openCounterDatabase } from '../src/renderer/features/offline-intake/counter-db';
import { benchStore, measureAutosave } from './counter-autosave';
window.benchAutosave = async (stored, autosaves) => measureAutosave(await benchStore(await openCounterDatabase('naric-counter-bench')), stored, autosaves);
`;

/**
 * In Chromium (Playwright's driver, the system's browser as the e2e tests use it) with a profile on
 * disk: IndexedDB there is LevelDB files, as in the app. A page on http://localhost (a secure
 * context, which WebCrypto needs) served by Playwright itself: no server, no port.
 */
async function measureAutosaveInChromium(): Promise<AutosaveFigures | string> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return `no Chromium at ${executablePath} (set CHROMIUM_PATH)`;
  const bundled = await build({
    stdin: { contents: PAGE_ENTRY, resolveDir: resolve('bench'), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    logLevel: 'silent',
  });
  const profile = await mkdtemp(join(tmpdir(), 'naric-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await context.newPage();
    await page.route('http://localhost/counter-bench', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench:counter</title>' }));
    await page.goto('http://localhost/counter-bench');
    await page.addScriptTag({ content: bundled.outputFiles[0]!.text });
    return await page.evaluate(
      ([stored, saves]) => (window as unknown as { benchAutosave(stored: number, saves: number): Promise<AutosaveFigures> }).benchAutosave(stored, saves),
      [storedDrafts, autosaves] as const,
    );
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

interface RunningServer {
  child: ChildProcess;
  exited: Promise<number | null>;
  origin: string;
}

async function startServer(dataDir: string): Promise<RunningServer> {
  const entry = resolve(process.env.BENCH_SERVER_ENTRY ?? 'src/server/main.ts');
  const child = fork(entry, [], {
    execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
    env: { PATH: process.env.PATH, NARIC_DATA_DIR: dataDir, PORT: '0', NARIC_DEMO: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const message = await new Promise<unknown>((done, fail) => {
    child.once('message', done);
    child.once('exit', (code) => fail(new Error(`The server exited (${code}) before listening`)));
  });
  const parsed = serverProcessMessage.parse(message);
  if (parsed.type !== 'listening') throw new Error(`The server did not start: ${parsed.message}`);
  return { child, exited, origin: parsed.url };
}

/** The outbox's transport in Node over fetch, throwing what the app's transports throw (TransportFailure). */
function fetchTransport(api: string, files: Map<string, Buffer>, session: { token: string; signIn(): Promise<string> }): OutboxTransport {
  async function call(url: string, init: RequestInit & { headers: Record<string, string> }): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      let answer: Response;
      try {
        answer = await fetch(url, { ...init, headers: { ...init.headers, authorization: `Bearer ${session.token}` } });
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        throw new TransportFailure({ code: ERROR_CODES.networkError, message: (error as Error).message });
      }
      const body: unknown = await answer.json().catch(() => null);
      if (answer.status === 401 && attempt === 0) {
        session.token = await session.signIn();
        continue;
      }
      if (!answer.ok) throw new TransportFailure(transportErrorFromAnswer(answer.status, body));
      return body;
    }
  }
  return {
    async stage(document, _transferId, signal) {
      const query = new URLSearchParams({ file_name: document.file_name });
      const body = await call(`${api}${INTAKE_PATHS.upload(document.upload_key)}?${query}`, {
        method: 'PUT',
        body: new Uint8Array(files.get(document.attachment_id)!),
        headers: { 'content-type': 'application/pdf' },
        ...(signal ? { signal } : {}),
      });
      return stagedUpload.parse(body);
    },
    async submit(request, idempotencyKey, signal) {
      const body = await call(`${api}${INTAKE_PATHS.submit}`, {
        method: 'POST',
        body: JSON.stringify(request),
        headers: { 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        ...(signal ? { signal } : {}),
      });
      return intakeAnswer.parse(body);
    },
  };
}

async function measureOutbox(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'naric-bench-counter-'));
  let server: RunningServer | null = null;
  try {
    let begin = performance.now();
    server = await startServer(dataDir);
    console.log(`Outbox throughput against the real server (own process, embedded PGlite, demo data; started in ${ms(performance.now() - begin)}):`);
    const api = `${server.origin}${API_BASE_PATH}`;
    const signIn = async () => {
      const answer = await fetch(`${api}${AUTH_PATHS.adminLogin}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      });
      if (!answer.ok) throw new Error(`Signing in as admin answered ${answer.status}`);
      return signedInAnswer.parse(await answer.json()).access;
    };
    const session = { token: await signIn(), signIn };
    const headers = () => ({ authorization: `Bearer ${session.token}`, 'content-type': 'application/json' });

    // The fee as the counter quotes it: the server's own quote for these documents.
    const services = serviceListAnswer.parse(await (await fetch(`${api}${SERVICE_PATHS.list}?page_size=50`, { headers: headers() })).json());
    const service = services.results.find((candidate) => candidate.service_type === 1);
    if (!service) throw new Error('No service of type 1 in the demo data');
    const quoted = await fetch(`${api}${SERVICE_PATHS.quote(service.id)}`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ documents: ['original_diploma', 'original_transcript'], degree_level: 'master' }),
    });
    if (!quoted.ok) throw new Error(`The quote answered ${quoted.status}: ${await quoted.text()}`);
    const quotedTotal = quoteAnswer.parse(await quoted.json()).amount;

    // A few first, not counted: the server's first submissions compile its code paths.
    const runs = [{ concurrency: 2, count: 5, counted: false }, ...CONCURRENCIES.map((concurrency) => ({ concurrency, count: submissions, counted: true }))];
    for (const [run, { concurrency, count, counted }] of runs.entries()) {
      const store = await openStore(`naric-counter-bench-outbox-${run}-${process.pid}`);
      const files = new Map<string, Buffer>();
      for (let index = 0; index < count; index += 1) {
        const documents: DraftDocument[] = (['original_diploma', 'original_transcript'] as const).map((documentType) => {
          const bytes = pdfOfSize(pdfBytes, `${documentType} ${run}-${index} ${randomBytes(8).toString('hex')}`);
          const attachmentId = crypto.randomUUID();
          files.set(attachmentId, bytes);
          return { attachment_id: attachmentId, upload_key: crypto.randomUUID(), document_type: documentType, kind: 'original', file_name: `${documentType}.pdf`, size: bytes.length, sha256: sha256(bytes) };
        });
        const draft = realisticDraft(store, index, documents);
        draft.values.applicant.personal_id = `BENCH${run}X${String(index).padStart(6, '0')}`;
        const saved = await store.saveDraft(draft);
        await store.queue(saved.id, intakeRequestOf(saved, quotedTotal));
      }
      const outbox = createOutbox({ store, transport: fetchTransport(api, files, session), concurrency });
      begin = performance.now();
      await outbox.runOnce();
      const seconds = (performance.now() - begin) / 1000;
      const states = (await store.listDrafts()).reduce<Record<string, number>>((tally, draft) => ({ ...tally, [draft.state]: (tally[draft.state] ?? 0) + 1 }), {});
      const sent = states.sent ?? 0;
      if (!counted) continue;
      console.log(
        `  ${concurrency} in flight: ${sent} of ${count} sent in ${seconds.toFixed(1)} s — ${(sent / seconds).toFixed(1)} submissions/s ` +
          `(each: 2 PDFs of ${Math.round(pdfBytes / 1024)} KB staged, then created)${sent === count ? '' : `; states ${JSON.stringify(states)}`}`,
      );
    }
  } finally {
    if (server) {
      server.child.send({ type: 'shutdown' });
      await server.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  printAutosave('fake-indexeddb in Node (in memory; the app has Chromium\'s IndexedDB on disk, below)', await measureAutosave(await openStore(`naric-counter-bench-${process.pid}`), storedDrafts, autosaves));
  const chromiumFigures = await measureAutosaveInChromium().catch((error: unknown) => `failed: ${(error as Error).message.split('\n')[0]}`);
  if (typeof chromiumFigures === 'string') console.log(`Autosave in Chromium: skipped, ${chromiumFigures}`);
  else printAutosave('Chromium (Playwright), IndexedDB on disk in a fresh profile', chromiumFigures);
  await measureOutbox();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
