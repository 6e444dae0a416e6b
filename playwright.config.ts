import { defineConfig } from '@playwright/test';

const port = Number(process.env.NARIC_E2E_PORT ?? 8790);
export const e2eBaseUrl = `http://127.0.0.1:${port}`;

export default defineConfig<{ shell: 'web' | 'desktop' }>({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: e2eBaseUrl,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // Our real server on a fresh embedded database, serving the built renderer (the browser shell).
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${e2eBaseUrl}/api/health/`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
  },
  projects: [
    { name: 'web', use: { shell: 'web' } },
    // Specs about the page alone (routes × roles, layout, the browser shell's cookie session)
    // cross no bridge: they run in the web project only, without starting a desktop core each.
    { name: 'desktop', use: { shell: 'desktop' }, testIgnore: ['**/route-roles.spec.ts', '**/list-density.spec.ts', '**/session-reload.spec.ts'] },
  ],
});
