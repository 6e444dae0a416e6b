// The end-to-end tests' server: a fresh PGlite database with demo data and the e2e accounts
// (scripts/e2e-seed.mjs), serving out/renderer. Started by Playwright (playwright.config.ts) and,
// with NARIC_E2E_DATA_DIR and a short NARIC_ACCESS_TOKEN_TTL, by tests/e2e/support/session-server.ts.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(root, process.env.NARIC_E2E_DATA_DIR ?? 'test-results/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const env = { ...process.env, NARIC_DATA_DIR: dataDir, NARIC_DEMO: '1', HOST: '127.0.0.1', NARIC_WEB_ROOT: resolve(root, 'out/renderer'), DATABASE_URL: '' };

let child;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

function run(args, onExit) {
  child = spawn('npx', ['tsx', ...args], { cwd: root, stdio: 'inherit', env });
  child.on('exit', onExit);
}

run(['scripts/e2e-seed.mjs'], (code) => {
  if (stopping || code !== 0) process.exit(code ?? 1);
  run(['src/server/main.ts'], (serverCode) => process.exit(serverCode ?? 0));
});
