import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { DOCUMENT_PATHS, PDF_MEDIA_TYPE, storedDocument } from '../src/shared/api/documents';
import { serverProcessMessage } from '../src/shared/server-process';
import { apiUrl } from '../src/main/api-client';
import { createTransferService } from '../src/main/transfer/transfer-service';
import { TRANSFER_CHUNK_BYTES } from '../src/main/transfer/http-stream';
import { writeBenchPdf } from './pdf-generator';

// The transfer benchmark: a generated PDF (200 MiB by default) goes to our real server,
// started here in a child process on a fresh PGlite database (or BENCH_DATABASE_URL), through
// the desktop's transfer service and through `curl --data-binary @file` to the same endpoint;
// then back with the service and with `curl -o`. It prints the throughputs, their ratio (target
// ≥ 0.8) and this process's peak memory growth during each service transfer (target ≤ 50 MB):
// the server runs in its own process, so what grows here is the transfer service alone. For the
// record it also times an upload through fetch with a streamed body (duplex: 'half'), the other
// way main could have sent files.
//
//   npm run bench:transfer                 # 200 MiB, 3 rounds
//   npm run bench:transfer -- 50 5         # 50 MiB, 5 rounds

const MiB = 1024 * 1024;
const sizeMiB = Number(process.argv[2] ?? 200);
const rounds = Number(process.argv[3] ?? 3);
const DEMO_PASSWORD = 'Demo-2026!naric';

interface Measure {
  seconds: number;
  /** Peak growth over the level before the transfer, bytes. */
  rssGrowth?: number;
  heapGrowth?: number;
}

function startServer(dataDir: string, limitBytes: number): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(resolve('src/server/main.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NARIC_DATA_DIR: dataDir,
      NARIC_DEMO: '1',
      NARIC_MAX_UPLOAD_BYTES: String(limitBytes),
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolvePromise, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
    child.on('message', (raw) => {
      const message = serverProcessMessage.safeParse(raw);
      if (!message.success) return;
      if (message.data.type === 'listening') resolvePromise({ url: message.data.url, child });
      else reject(new Error(message.data.message));
    });
  });
}

async function json(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, { ...init, headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init.headers } });
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Samples this process's memory while `work` runs; growth is over the level just before. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; measure: Measure }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed + before.external + before.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external + now.arrayBuffers);
  };
  const timer = setInterval(sample, 5);
  const started = performance.now();
  try {
    const value = await work();
    sample();
    return {
      value,
      measure: {
        seconds: (performance.now() - started) / 1000,
        rssGrowth: peakRss - before.rss,
        heapGrowth: peakHeap - (before.heapUsed + before.external + before.arrayBuffers),
      },
    };
  } finally {
    clearInterval(timer);
  }
}

/** curl, timed by curl itself (`time_total`); fails unless the status is `expect`. */
function curl(args: string[], expect: number): Promise<Measure> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('curl', ['-sS', '-w', '%{http_code} %{time_total}', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const [status, seconds] = out.trim().split(/\s+/).slice(-2);
      if (Number(status) !== expect) reject(new Error(`curl answered ${out.slice(0, 300)}`));
      else resolvePromise({ seconds: Number(seconds) });
    });
  });
}

/** The road not taken: fetch with a streamed file body. */
async function uploadWithFetch(url: string, access: string, path: string, size: number): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    body: Readable.toWeb(createReadStream(path, { highWaterMark: TRANSFER_CHUNK_BYTES })) as ReadableStream,
    duplex: 'half',
    headers: { Authorization: `Bearer ${access}`, 'Content-Type': PDF_MEDIA_TYPE, 'Content-Length': String(size), Accept: 'application/json' },
  } as RequestInit);
  const body = (await response.json()) as unknown;
  if (response.status !== 201) throw new Error(`fetch upload answered ${response.status} ${JSON.stringify(body)}`);
}

/**
 * Writes the dirty pages of the transfers before out to disk, so the kernel's write-back of one
 * transfer's 200 MiB does not land in the middle of the next one's timing.
 */
function settle(): void {
  spawnSync('sync');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mbps = (bytes: number, seconds: number) => bytes / MiB / seconds;
const mb = (bytes: number) => (bytes / MiB).toFixed(1);

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'naric-bench-transfer-'));
  const pdf = join(dir, `bench-${sizeMiB}.pdf`);
  const size = await writeBenchPdf(pdf, sizeMiB * MiB);
  console.log(`generated ${pdf}: ${size} bytes`);
  const { url: server, child } = await startServer(join(dir, 'server'), Math.max(size + MiB, 256 * MiB));
  try {
    const login = (await json(apiUrl(server, '/auth/admin/login/'), { method: 'POST', body: JSON.stringify({ username: 'officer', password: DEMO_PASSWORD }) })) as { access: string };
    const access = login.access;
    const auth = { Authorization: `Bearer ${access}` };
    const list = (await json(apiUrl(server, '/applications/?page_size=1'), { headers: auth })) as { results: { id: number }[] };
    const applicationId = list.results[0].id;
    const query = `document_type=additional_document&kind=copy&file_name=bench-${sizeMiB}.pdf`;
    const uploadUrl = `${apiUrl(server, DOCUMENT_PATHS.upload(applicationId))}?${query}`;

    let events = 0;
    const service = createTransferService({
      serverUrl: async () => server,
      accessToken: async () => access,
      refreshAccess: () => Promise.reject(new Error('the bench token does not expire')),
      emitProgress: () => void (events += 1),
      log: { info: () => {}, warn: console.warn, error: console.error },
    });

    const results = { serviceUp: [] as Measure[], curlUp: [] as Measure[], fetchUp: [] as Measure[], serviceDown: [] as Measure[], serviceDownVerified: [] as Measure[], curlDown: [] as Measure[] };
    let documentId = 0;
    let documentSha256: string | null = null;
    for (let round = 1; round <= rounds; round += 1) {
      settle();
      results.curlUp.push(await curl(['-o', '/dev/null', '-X', 'POST', '-H', `Authorization: Bearer ${access}`, '-H', `Content-Type: ${PDF_MEDIA_TYPE}`, '--data-binary', `@${pdf}`, uploadUrl], 201));

      const { selection } = await service.dropPdf(pdf);
      settle();
      const up = await measured(() =>
        service.upload({ transfer_id: `bench-up-${round}`, selection, target: { type: 'application_document', application_id: applicationId, document_type: 'additional_document', kind: 'copy' } }),
      );
      if (up.value.outcome !== 'uploaded') throw new Error('the service upload did not complete');
      ({ id: documentId, sha256: documentSha256 } = storedDocument.parse(up.value.document));
      results.serviceUp.push(up.measure);

      const contentUrl = apiUrl(server, DOCUMENT_PATHS.content(documentId));
      settle();
      results.curlDown.push(await curl(['-o', join(dir, 'curl-download.pdf'), '-H', `Authorization: Bearer ${access}`, contentUrl], 200));
      const target = join(dir, 'service-download.pdf');
      settle();
      const down = await measured(() => service.downloadTo({ transfer_id: `bench-down-${round}`, document_id: documentId, file_name: 'bench.pdf' }, target));
      if ((await stat(target)).size !== size) throw new Error('the service download is incomplete');
      results.serviceDown.push(down.measure);
      // As the app downloads a stored document: checked against its SHA-256 on the way in.
      settle();
      const verified = await measured(() => service.downloadTo({ transfer_id: `bench-check-${round}`, document_id: documentId, file_name: 'bench.pdf', sha256: documentSha256 }, target));
      results.serviceDownVerified.push(verified.measure);

      // Last in the round: fetch leaves hundreds of MB of buffers behind for the collector.
      settle();
      results.fetchUp.push((await measured(() => uploadWithFetch(uploadUrl, access, pdf, size))).measure);
      console.log(`round ${round}/${rounds} done`);
    }

    const row = (label: string, measures: Measure[]) => {
      const seconds = median(measures.map((m) => m.seconds));
      const memory = measures[0].rssGrowth === undefined ? '' : `  peak growth: RSS ${mb(Math.max(...measures.map((m) => m.rssGrowth ?? 0)))} MB, heap+buffers ${mb(Math.max(...measures.map((m) => m.heapGrowth ?? 0)))} MB`;
      console.log(`${label.padEnd(34)} ${seconds.toFixed(2).padStart(6)} s  ${mbps(size, seconds).toFixed(0).padStart(5)} MiB/s${memory}`);
      return mbps(size, seconds);
    };
    console.log(`\n${size} bytes (${mb(size)} MiB), median of ${rounds} rounds; server: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, local storage, loopback`);
    const serviceUp = row('upload: transfer service (node:http)', results.serviceUp);
    const curlUp = row('upload: curl --data-binary', results.curlUp);
    row('upload: fetch, streamed body', results.fetchUp);
    const serviceDown = row('download: transfer service', results.serviceDown);
    const serviceDownVerified = row('download: service, SHA-256 checked', results.serviceDownVerified);
    const curlDown = row('download: curl -o', results.curlDown);
    const maxGrowth = Math.max(...[...results.serviceUp, ...results.serviceDown, ...results.serviceDownVerified].map((m) => m.rssGrowth ?? 0));
    console.log(`\nupload ratio service/curl:   ${(serviceUp / curlUp).toFixed(2)} (target ≥ 0.8)`);
    console.log(`download ratio service/curl: ${(serviceDown / curlDown).toFixed(2)} (target ≥ 0.8); with the SHA-256 check ${(serviceDownVerified / curlDown).toFixed(2)}`);
    console.log(`service peak RSS growth:     ${mb(maxGrowth)} MB (target ≤ 50 MB); progress events: ${events}`);
  } finally {
    child.send({ type: 'shutdown' });
    await new Promise((resolvePromise) => child.once('exit', resolvePromise));
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
