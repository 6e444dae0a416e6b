import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { test as base } from './fixtures';

// Session specs need access tokens that expire within a test. Rather than shorten the lifetime
// for every spec on the shared e2e server (where a slow step of an unrelated test would then
// depend on silent refresh), they run against a second instance of the same server, started by
// scripts/e2e-server.mjs with NARIC_ACCESS_TOKEN_TTL, on a free port and its own fresh database.
// It is a worker fixture: started once for the worker's session specs, and a retry (a new worker)
// gets a fresh database. Specs that use this `test` get it as their baseURL, so the desktop
// harness's main points at it too.

export const SESSION_ACCESS_TOKEN_TTL_SECONDS = 3;

const root = resolve(import.meta.dirname, '../../..');
const STARTUP_TIMEOUT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

async function untilHealthy(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The session e2e server exited with ${server.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
  throw new Error(`The session e2e server did not answer within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return Promise.resolve();
  const exited = new Promise<void>((resolveExit) => server.once('exit', () => resolveExit()));
  // Its own process group (detached): npx, tsx and the server stop together.
  process.kill(-server.pid, 'SIGTERM');
  return exited;
}

export interface SessionServer {
  url: string;
  accessTokenTtlSeconds: number;
}

export const test = base.extend<object, { sessionServer: SessionServer }>({
  sessionServer: [
    // Playwright requires the destructuring form for a fixture without dependencies.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const port = await freePort();
      const dataDir = resolve(root, `test-results/e2e-session-data-${workerInfo.workerIndex}`);
      let output = '';
      const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          PORT: String(port),
          NARIC_E2E_DATA_DIR: dataDir,
          NARIC_ACCESS_TOKEN_TTL: String(SESSION_ACCESS_TOKEN_TTL_SECONDS),
          LOG_LEVEL: 'warn',
        },
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-20_000);
      };
      server.stdout?.on('data', keep);
      server.stderr?.on('data', keep);
      const url = `http://127.0.0.1:${port}`;
      try {
        await untilHealthy(url, server, () => output);
        await use({ url, accessTokenTtlSeconds: SESSION_ACCESS_TOKEN_TTL_SECONDS });
      } finally {
        await stop(server);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: STARTUP_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ sessionServer }, use) => {
    await use(sessionServer.url);
  },
});
export { expect } from './fixtures';
