// The end-to-end tests' server: a fresh database with demo data and the e2e accounts
// (scripts/e2e-seed.mjs), serving out/renderer. Started by Playwright (playwright.config.ts) and,
// with NARIC_E2E_DATA_DIR and a short NARIC_ACCESS_TOKEN_TTL, by tests/e2e/support/session-server.ts.
//
// Like the server tests (scripts/test-server.mjs): a fresh PostgreSQL database when one answers at
// NARIC_TEST_DATABASE_URL (or the local role .ci/run creates), else embedded PGlite in the data
// folder. On two cores PGlite's WebAssembly engine was the suite's largest cost after the browser.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(root, process.env.NARIC_E2E_DATA_DIR ?? 'test-results/e2e-data');
rmSync(dataDir, { recursive: true, force: true });

/** A fresh database named after the data folder on the PostgreSQL at `adminUrl`; null when none answers. */
async function freshPostgres(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    const name = `naric_${basename(dataDir).replace(/[^a-z0-9]/gi, '_').toLowerCase()}`;
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

const databaseUrl = await freshPostgres(process.env.NARIC_TEST_DATABASE_URL ?? 'postgres://naric:naric@127.0.0.1:5432/postgres');
console.info(databaseUrl ? 'e2e server: a fresh PostgreSQL database' : 'e2e server: no PostgreSQL reachable, using embedded PGlite');
const env = {
  ...process.env,
  NARIC_DATA_DIR: dataDir,
  NARIC_DEMO: '1',
  HOST: '127.0.0.1',
  NARIC_WEB_ROOT: resolve(root, 'out/renderer'),
  DATABASE_URL: databaseUrl ?? '',
};

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
