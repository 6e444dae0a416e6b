import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from '@playwright/test';
import { SYSTEM_PATHS } from '../src/shared/api/system';
import { API_BASE_PATH, LANGUAGE_STORAGE_KEY } from '../src/shared/constants';
import { serverProcessMessage } from '../src/shared/server-process';

// The sign-in page as a browser meets it: our real server (its own process, a fresh embedded
// database) serving a built renderer, opened in Chromium with an empty cache. What counts is what
// the browser asks for before the password field is in the page (every file and API call, gzipped
// at zlib's default level as the server's compression sends them) and the time until then. The
// manifest walk of first-screen.ts says what the build needs; this says what the page really does
// (lazy chunks started too early, API calls, the fetch waterfall), which the walk cannot see.

/** The field whose appearance means the form can be used. */
const PASSWORD_FIELD = 'input[type="password"]';
const SERVER_START_TIMEOUT_MS = 120_000;

export interface BrowserMeasureOptions {
  /** The built renderer (out/renderer). */
  webRoot: string;
  /** The language saved on this computer (localStorage), as a returning user has it. */
  language: string;
  runs: number;
  executablePath: string;
}

interface RequestSeen {
  /** Path and query on our origin. */
  path: string;
  kind: 'document' | 'script' | 'style' | 'api' | 'other';
  startMs: number;
  gzip: number;
}

interface Visit {
  /** Milliseconds from the navigation's start until the password field is in the page. */
  fieldMs: number;
  before: RequestSeen[];
  /** Requests started later, while the measure waited for the page to settle. */
  afterCount: number;
}

interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

async function startServer(webRoot: string, dataDir: string): Promise<RunningServer> {
  const child: ChildProcess = fork(resolve('src/server/main.ts'), [], {
    execArgv: ['--import', 'tsx'],
    // No demo data: the page an office's staff meet. PORT 0: any free port, read from its message.
    env: { PATH: process.env.PATH, NARIC_DATA_DIR: dataDir, NARIC_WEB_ROOT: webRoot, PORT: '0', HOST: '127.0.0.1', NARIC_DEMO: '0', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const message = await new Promise<unknown>((done, fail) => {
    const timer = setTimeout(() => fail(new Error('The server did not start in time')), SERVER_START_TIMEOUT_MS);
    child.once('message', (answer) => {
      clearTimeout(timer);
      done(answer);
    });
    child.once('exit', (code) => fail(new Error(`The server exited (${code}) before listening`)));
  });
  const parsed = serverProcessMessage.parse(message);
  if (parsed.type !== 'listening') throw new Error(`The server did not start: ${parsed.message}`);
  // The first answer waits for the database; a page opened before it would measure the start.
  const health = await fetch(`${parsed.url}${API_BASE_PATH}${SYSTEM_PATHS.health}`);
  await health.arrayBuffer();
  return {
    url: parsed.url,
    async stop() {
      child.send({ type: 'shutdown' });
      await exited;
    },
  };
}

function kindOf(path: string, resourceType: string): RequestSeen['kind'] {
  if (path.startsWith(`${API_BASE_PATH}/`)) return 'api';
  if (resourceType === 'document') return 'document';
  if (resourceType === 'script' || path.endsWith('.js')) return 'script';
  if (resourceType === 'stylesheet' || path.endsWith('.css')) return 'style';
  return 'other';
}

async function visit(browser: Browser, origin: string, language: string): Promise<Visit> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(
      ({ field, storageKey, saved }) => {
        if (saved !== 'en') localStorage.setItem(storageKey, saved);
        const marks = window as unknown as { __passwordFieldAt?: number };
        // The first moment the field is in the document; the observer's callback runs in the
        // same turn as the change that added it.
        new MutationObserver((_records, observer) => {
          if (marks.__passwordFieldAt === undefined && document.querySelector(field)) {
            marks.__passwordFieldAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      },
      { field: PASSWORD_FIELD, storageKey: LANGUAGE_STORAGE_KEY, saved: language },
    );
    const page = await context.newPage();
    const responses = new Map<string, Response>();
    page.on('response', (response) => {
      if (!responses.has(response.url())) responses.set(response.url(), response);
    });
    await page.goto(origin);
    await page.waitForFunction(() => (window as unknown as { __passwordFieldAt?: number }).__passwordFieldAt !== undefined, undefined, {
      timeout: 30_000,
    });
    // What the page starts right after (the other screens' texts, the bridge) lands in the
    // timeline too: wait for it, so it is counted on the right side of the line.
    await page.waitForLoadState('networkidle');
    const timeline = await page.evaluate(() => ({
      fieldMs: (window as unknown as { __passwordFieldAt: number }).__passwordFieldAt,
      entries: [
        ...performance.getEntriesByType('navigation').map((entry) => ({ url: entry.name, startMs: 0, type: 'document' })),
        ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
          url: entry.name,
          startMs: entry.startTime,
          type: entry.initiatorType === 'link' && entry.name.endsWith('.css') ? 'stylesheet' : entry.initiatorType,
        })),
      ],
    }));
    const before: RequestSeen[] = [];
    let afterCount = 0;
    for (const entry of timeline.entries) {
      if (entry.startMs > timeline.fieldMs) {
        afterCount += 1;
        continue;
      }
      const response = responses.get(entry.url);
      const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
      const url = new URL(entry.url);
      const path = `${url.pathname}${url.search}`;
      before.push({ path, kind: kindOf(path, entry.type), startMs: entry.startMs, gzip: gzipSync(body).length });
    }
    return { fieldMs: timeline.fieldMs, before: before.sort((a, b) => a.startMs - b.startMs), afterCount };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Prints the figures; resolves once the server and the browser are stopped. */
export async function measureInChromium(options: BrowserMeasureOptions): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'naric-bench-first-screen-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer(options.webRoot, dataDir);
    browser = await chromium.launch({ executablePath: options.executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
    const visits: Visit[] = [];
    for (let run = 0; run < options.runs; run += 1) visits.push(await visit(browser, server.url, options.language));

    const first = visits[0]!;
    console.log(`\nIn Chromium (${options.executablePath}), language ${options.language}, our server serving ${options.webRoot}`);
    console.log(`  requested before the password field is in the page (first visit, empty cache):`);
    for (const request of first.before) {
      console.log(`  ${ms(request.startMs).padStart(8)}  ${request.kind.padEnd(8)} ${request.path.padEnd(58)} ${kb(request.gzip).padStart(9)} gzip`);
    }
    const total = (kind?: RequestSeen['kind']) => first.before.filter((request) => !kind || request.kind === kind);
    const sum = (requests: RequestSeen[]) => requests.reduce((bytes, request) => bytes + request.gzip, 0);
    console.log(`  ${`${total().length} requests`.padEnd(77)} ${kb(sum(total())).padStart(9)} gzip`);
    for (const kind of ['script', 'style', 'api', 'document', 'other'] as const) {
      const requests = total(kind);
      if (requests.length > 0) console.log(`    ${`${kind}: ${requests.length}`.padEnd(75)} ${kb(sum(requests)).padStart(9)} gzip`);
    }
    console.log(`  started after it (texts of the other screens, the bridge, the demo banner …): ${first.afterCount}`);
    const counts = visits.map((seen) => seen.before.length);
    if (new Set(counts).size > 1) console.log(`  requests before the field, per visit: ${counts.join(', ')} (the page's timing varies with the machine's load)`);
    const times = visits.map((seen) => seen.fieldMs);
    console.log(
      `  time to the password field over ${visits.length} visits: median ${ms(median(times))}, min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}` +
        ` (load average ${loadavg()[0]!.toFixed(1)}: on a busy machine the time mostly measures the others)`,
    );
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
