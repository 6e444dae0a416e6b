import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_PORT, E2E_SERVERS, e2eServerUrl } from './tests/e2e/support/e2e-servers';

// Debian's headless shell (package chromium-headless-shell, what Playwright itself runs headless by
// default): the same Blink and V8 without the full browser's windowing and GPU compositing. Measured
// on one route × role group, cpuacct over the whole run: 46 and 52 CPU-seconds against 52 and 58
// with /usr/bin/chromium. The full browser is the fallback where the shell is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const browserPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig<{ shell: 'web' | 'desktop' }>({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  // One worker per server (tests/e2e/support/e2e-servers.ts); the fixtures give each its server.
  workers: E2E_SERVERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: e2eServerUrl(0),
    // A trace is recorded only when a failed test is retried (CI retries once). Recording one for
    // every test (retain-on-failure) costs the run about a third of its CPU: the screencast and
    // the DOM snapshots of every action, measured on the route × role suite (95–109 CPU-seconds
    // for one group without, 126–157 with). Locally, `npx playwright test --trace on` records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: browserPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // Our real servers, each on a fresh database, serving the built renderer (the browser shell).
  webServer: Array.from({ length: E2E_SERVERS }, (_, index) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `${e2eServerUrl(index)}/api/health/`,
    // The servers seed their databases side by side.
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(E2E_PORT + index) },
  })),
  projects: [
    // desktop-updates: main's updater has no web counterpart (the web shell's page is the server's).
    { name: 'web', use: { shell: 'web' }, testIgnore: ['**/desktop-updates.spec.ts'] },
    // The desktop project runs only the flows that cross the bridge: sign-in and two-factor, the
    // session kept by main (refresh, password change, the language in its settings), the IPC path
    // itself, and document transfers. A screen's own flow (lists, workflow, routes × roles,
    // accessibility) is the same page in both shells and is tested once, in the web project. The
    // counter's offline entry runs in both: its drafts key and kept scans live in main.
    {
      name: 'desktop',
      use: { shell: 'desktop' },
      testMatch: [
        '**/sign-in.spec.ts',
        '**/two-factor.spec.ts',
        '**/session-refresh.spec.ts',
        '**/session-password-change.spec.ts',
        '**/session-language.spec.ts',
        '**/foundation.spec.ts',
        '**/documents.spec.ts',
        '**/offline-application-entry.spec.ts',
        '**/desktop-updates.spec.ts',
      ],
    },
  ],
});
