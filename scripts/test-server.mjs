// Runs the server test suite on a real PostgreSQL when one answers, else on embedded PGlite.
// NARIC_TEST_DATABASE_URL (an admin URL) wins; otherwise the local role that .ci/run creates is tried.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const candidate = process.env.NARIC_TEST_DATABASE_URL ?? 'postgres://naric:naric@127.0.0.1:5432/postgres';

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const env = { ...process.env };
// On CI (and wherever NARIC_TEST_DATABASE_URL is given) PostgreSQL is part of the suite: the
// multi-instance and migration tests need it, so its absence fails the run instead of quietly
// falling back to PGlite and skipping them.
const required = Boolean(process.env.CI || process.env.NARIC_TEST_DATABASE_URL);
if (await reachable(candidate)) {
  env.NARIC_TEST_DATABASE_URL = candidate;
  console.info(`server tests: PostgreSQL at ${candidate.replace(/:[^:@/]+@/, ':***@')}`);
} else if (required) {
  console.error(`server tests: PostgreSQL at ${candidate.replace(/:[^:@/]+@/, ':***@')} does not answer, and this run needs it (CI or NARIC_TEST_DATABASE_URL is set). Start it (see .ci/run) or unset both to use PGlite.`);
  process.exit(1);
} else {
  delete env.NARIC_TEST_DATABASE_URL;
  console.info('server tests: no PostgreSQL reachable, using embedded PGlite');
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
