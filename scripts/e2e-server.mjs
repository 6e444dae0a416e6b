// The end-to-end tests' server: a fresh database with demo data and the e2e accounts
// (scripts/e2e-seed.mjs), serving out/renderer. Started by Playwright (playwright.config.ts) and,
// with NARIC_E2E_DATA_DIR and a short NARIC_ACCESS_TOKEN_TTL, by tests/e2e/support/session-server.ts.
//
// It runs the server that `electron-vite build` made (out/main/server.js), the same build the
// desktop app forks, rather than transpiling src/ through tsx at every start. Its database is a
// fresh PostgreSQL database when one answers (as for the server tests: NARIC_TEST_DATABASE_URL or
// the local role .ci/run creates), else embedded PGlite in the data folder. On PostgreSQL the
// queries run beside the server instead of on its event loop, which the browser is waiting on.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';

const root = resolve(import.meta.dirname, '..');
const builtServer = resolve(root, 'out/main/server.js');
if (!existsSync(builtServer)) {
  console.error('e2e server: out/main/server.js is missing; build first (npx electron-vite build).');
  process.exit(1);
}
// One folder per port, as the database is: a second run on another port (a helper's, a bench's)
// must not wipe the folder of a server still running.
const dataDir = resolve(root, process.env.NARIC_E2E_DATA_DIR ?? `test-results/e2e-data-${Number(process.env.PORT ?? 8790)}`);
rmSync(dataDir, { recursive: true, force: true });

const adminUrl = process.env.NARIC_TEST_DATABASE_URL ?? 'postgres://naric:naric@127.0.0.1:5432/postgres';

/** A new, empty PostgreSQL database for this server (named after its port), or '' when none answers. */
async function freshPostgresDatabase() {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
  } catch {
    return '';
  }
  try {
    const name = `naric_e2e_${Number(process.env.PORT ?? 8790)}`;
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  } finally {
    await client.end().catch(() => {});
  }
}

const databaseUrl = await freshPostgresDatabase();
const env = { ...process.env, NARIC_DATA_DIR: dataDir, NARIC_DEMO: '1', HOST: '127.0.0.1', NARIC_WEB_ROOT: resolve(root, 'out/renderer'), DATABASE_URL: databaseUrl };
console.info(`e2e server: ${databaseUrl ? 'PostgreSQL database ' + new URL(databaseUrl).pathname.slice(1) : 'embedded PGlite'}`);

let child;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

function run(command, args, onExit) {
  child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  child.on('exit', onExit);
}

// The seed imports the server's TypeScript (and the e2e accounts), so it runs through tsx.
run('npx', ['tsx', 'scripts/e2e-seed.mjs'], (code) => {
  if (stopping || code !== 0) process.exit(code ?? 1);
  run(process.execPath, [builtServer], (serverCode) => process.exit(serverCode ?? 0));
});
