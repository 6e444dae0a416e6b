import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';

// Speed as felt on the lists: in Chromium at 1280×720, signed in as the demo administrator, for
// the application, user and payment lists and each of sort (a column header), next page (the
// pager), filter (a checkbox or a choice in a list) and search (typing a word), the time from the
// person's input — the pointer going down, or the last key of the word — to the new rows painted.
// The page marks it itself: the input's event time, then a MutationObserver sees the table's rows
// change, then the frame after the next animation frame (the rows are on screen). Every try starts
// from a fresh load of the list, so the rows come from the server and not from the query cache.
// Search includes the field's pause after the last key (SEARCH_DELAY_MS, 300 ms), printed apart.
//
// It prints median and p95 per list × action; it never fails on a figure. Run it on an otherwise
// quiet machine (no build, test or other browser running): a busy CPU doubles these times.
//
//   npx electron-vite build && npm run bench:lists                  # own server on port 8806, 9 tries
//   npm run bench:lists -- --runs 15                                # more tries
//   npm run bench:lists -- --url http://127.0.0.1:8805             # a demo server already running
//   npm run bench:lists -- --only applications                     # one list
//   CHROMIUM_PATH=/path/to/chrome npm run bench:lists
//
// The server is the e2e suite's (scripts/e2e-server.mjs: the built out/main/server.js on a fresh
// demo database, PostgreSQL when one answers, else PGlite), started and stopped here.

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const runs = Number(option('runs') ?? 9);
const only = option('only');
const port = Number(option('port') ?? process.env.NARIC_BENCH_PORT ?? 8806);
const givenUrl = option('url');
const baseUrl = givenUrl ?? `http://127.0.0.1:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = resolve(import.meta.dirname, '..');
const DEMO_PASSWORD = 'Demo-2026!naric';
const SEARCH_PAUSE_MS = 300;
const MEASURE_TIMEOUT_MS = 15_000;

type Action = 'sort' | 'next page' | 'filter' | 'search';

interface ListCase {
  name: string;
  path: string;
  /** What the person does; the page measures from the last input event it sees. */
  actions: Record<Action, (page: Page) => Promise<void>>;
}

const grid = (page: Page) => page.getByRole('grid').first();
const sortBy = (title: string) => async (page: Page) => {
  await grid(page).getByRole('columnheader', { name: title }).click();
};
const nextPage = async (page: Page) => {
  await page.getByRole('button', { name: 'Next page' }).click();
};
const typeSearch = (label: string, text: string) => async (page: Page) => {
  const field = page.getByRole('searchbox', { name: label });
  await field.click();
  await field.pressSequentially(text, { delay: 60 });
};
/** Opens a choice list (not measured: the page's clock starts at the option's pointer down). */
const choose = (label: string, option: string) => async (page: Page) => {
  await page.getByRole('button', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).waitFor();
  await page.evaluate(() => (globalThis as BenchGlobal).__listBench!.restart());
  await page.getByRole('option', { name: option, exact: true }).click();
};

const LISTS: ListCase[] = [
  {
    name: 'applications',
    path: '/applications',
    actions: {
      sort: sortBy('Applicant'),
      'next page': nextPage,
      filter: async (page) => {
        await page.getByText('Overdue only', { exact: true }).click();
      },
      search: typeSearch('Search applications', 'Gashi'),
    },
  },
  {
    name: 'users',
    path: '/users',
    actions: {
      sort: sortBy('Username'),
      'next page': nextPage,
      filter: choose('Two-factor authentication', 'On'),
      search: typeSearch('Search by name, username, e-mail or personal ID', 'berisha'),
    },
  },
  {
    name: 'payments',
    path: '/payments',
    actions: {
      sort: sortBy('Amount due'),
      'next page': nextPage,
      filter: choose('Service', 'University diploma recognition'),
      search: typeSearch('Search by reference, transaction ID or applicant', 'Krasniqi'),
    },
  },
];

// The page's side, installed before any script of the app runs.
/** The probe as the page holds it (this file is type-checked without the DOM's types). */
interface BenchGlobal {
  __listBench?: { arm(): void; restart(): void; result: Promise<number> | null };
}

// Plain JavaScript (a string): tsx's transpiled functions call helpers the page does not have.
const PROBE = `(() => {
  // The text of the table's body: a new sort, page or filter changes it.
  const rowsText = () => document.querySelector('[role="grid"] tbody')?.textContent ?? '';
  let start = null;
  const onInput = (event) => { start = event.timeStamp; };
  window.addEventListener('pointerdown', onInput, { capture: true });
  window.addEventListener('keydown', onInput, { capture: true });
  const bench = {
    result: null,
    restart() { start = null; },
    arm() {
      start = null;
      const before = rowsText();
      bench.result = new Promise((done) => {
        const observer = new MutationObserver(() => {
          if (start === null || rowsText() === before) return;
          const from = start;
          observer.disconnect();
          // The task after the next animation frame: the new rows have been painted.
          requestAnimationFrame(() => setTimeout(() => done(performance.now() - from), 0));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    },
  };
  window.__listBench = bench;
})();`;

function startServer(): Promise<ChildProcess> {
  if (!existsSync(resolve(root, 'out/main/server.js')) || !existsSync(resolve(root, 'out/renderer/index.html'))) {
    throw new Error('out/ is missing: build first (npx electron-vite build).');
  }
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), NARIC_E2E_DATA_DIR: `test-results/bench-lists-${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((ready, fail) => {
    const deadline = Date.now() + 180_000;
    const poll = async () => {
      if (child.exitCode !== null) return fail(new Error(`the server stopped (exit ${child.exitCode})`));
      try {
        const answer = await fetch(`${baseUrl}/api/health/`);
        if (answer.ok) return ready(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) return fail(new Error('the server did not answer within 3 minutes'));
      setTimeout(poll, 500);
    };
    void poll();
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function measure(page: Page, list: ListCase, action: Action): Promise<number> {
  await page.goto(`${baseUrl}${list.path}`);
  await grid(page).getByRole('row').nth(2).waitFor();
  await page.waitForLoadState('networkidle');
  // Let the load's last tasks end, so the try starts from a page at rest.
  await page.waitForTimeout(300);
  await page.evaluate(() => (globalThis as BenchGlobal).__listBench!.arm());
  await list.actions[action](page);
  return page.evaluate((timeout) => Promise.race([(globalThis as BenchGlobal).__listBench!.result!, new Promise<number>((_, fail) => setTimeout(() => fail(new Error('no new rows')), timeout))]), MEASURE_TIMEOUT_MS);
}

async function main() {
  const server = givenUrl ? null : await startServer();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-GB' });
    await context.addInitScript({ content: PROBE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username or e-mail').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    console.info(`pointer/keys → new rows painted, ms (${runs} tries each, Chromium 1280×720, ${baseUrl})`);
    console.info(`${'list'.padEnd(14)}${'action'.padEnd(11)}${'median'.padStart(8)}${'p95'.padStart(8)}${'min'.padStart(8)}${'max'.padStart(8)}`);
    for (const list of LISTS.filter((candidate) => !only || candidate.name === only)) {
      for (const action of Object.keys(list.actions) as Action[]) {
        // One try unmeasured: the list's code and the server's query plans warm up.
        await measure(page, list, action).catch(() => 0);
        const times: number[] = [];
        let failures = 0;
        for (let run = 0; run < runs; run += 1) {
          try {
            times.push(await measure(page, list, action));
          } catch (error) {
            failures += 1;
            if (failures === 1) console.warn(`  ${list.name} ${action}: ${(error as Error).message.split('\n')[0]}`);
          }
        }
        times.sort((a, b) => a - b);
        const cell = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(0)).padStart(8);
        const note = action === 'search' ? `  (includes the ${SEARCH_PAUSE_MS} ms typing pause)` : '';
        const failed = failures ? `  ${failures} failed` : '';
        console.info(
          `${list.name.padEnd(14)}${action.padEnd(11)}${cell(times.length ? quantile(times, 0.5) : undefined)}${cell(times.length ? quantile(times, 0.95) : undefined)}${cell(times[0])}${cell(times.at(-1))}${note}${failed}`,
        );
      }
    }
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }
}

await main();
