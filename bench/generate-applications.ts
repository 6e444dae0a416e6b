import { sql } from 'kysely';
import pg from 'pg';
import { generateApplications, type GeneratedApplication } from '../src/server/db/application-generator';
import { insertApplications, loadServiceContext } from '../src/server/db/application-loader';
import { openPostgres } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDatabase } from '../src/server/db/seed';
import { createPasswordHasher } from '../src/server/password-hashing';
import { insertBenchDecisions } from './generated-decisions';

// Loads N realistic applications (default 1,000,000) into a PostgreSQL database for the list
// benchmark: the demo accounts and councils, then the generator's caseload in batches, each batch
// with its applicants, education, documents, history and payments (application-loader.ts), then the
// structured decisions of the decided recognitions (generated-decisions.ts).
//
//   npm run bench:generate                 # 1,000,000 into naric_bench (created when missing)
//   npm run bench:generate -- 200000       # fewer
//   BENCH_DATABASE_URL=postgres://… npm run bench:generate

const count = Number(process.argv[2] ?? 1_000_000);
const BATCH = 1_000;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://naric:naric@127.0.0.1:5432/naric_bench';

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  await client.end();
}

await ensureDatabase(databaseUrl);
const db = openPostgres(databaseUrl);
await migrateToLatest(db);
const existing = await db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
if (existing.n > 0) {
  // A database loaded before decisions were structured gets them now; nothing else is loaded again.
  const decisions = await insertBenchDecisions(db);
  console.log(`naric_bench already holds ${existing.n} applications (${decisions} decisions added); drop the database to load again.`);
  await sql`vacuum analyze`.execute(db);
  await db.destroy();
  process.exit(0);
}
// Demo accounts and councils, without the demo caseload (the bench loads its own).
await seedDatabase(db, { demo: true, hashPassword: createPasswordHasher().hash });
// Everything that hangs off the demo applications (issued documents, verdicts, deadlines, council
// and expert work) goes with them.
await sql`truncate applications, applicants cascade`.execute(db);

const { serviceIds, fees, policies } = await loadServiceContext(db);
const officers = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('username', 'in', ['officer', 'naric.admin', 'admin']).execute();
const councils = await db.selectFrom('councils').select(['id', 'academic_field_categories']).where('active', '=', true).execute();
const context = {
  serviceIds,
  fees,
  officers: officers.map((o) => ({ id: o.id, name: `${o.first_name} ${o.last_name}` })),
  councils: councils.map((c) => ({ id: c.id, fields: c.academic_field_categories })),
};

const started = performance.now();
let batch: GeneratedApplication[] = [];
let loaded = 0;
for (const application of generateApplications(count, { seed: 1_000_003, now: new Date(), policies })) {
  batch.push(application);
  if (batch.length === BATCH) {
    const rows = batch;
    batch = [];
    await db.transaction().execute((trx) => insertApplications(trx, rows, context));
    loaded += rows.length;
    if (loaded % 50_000 === 0) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`${loaded.toLocaleString('en')} applications in ${seconds.toFixed(0)} s`);
    }
  }
}
if (batch.length) {
  await db.transaction().execute((trx) => insertApplications(trx, batch, context));
  loaded += batch.length;
}
console.log(`Loaded ${loaded.toLocaleString('en')} applications in ${((performance.now() - started) / 1000).toFixed(0)} s; writing their decisions…`);
const decisions = await insertBenchDecisions(db);
console.log(`${decisions.toLocaleString('en')} structured decisions in ${((performance.now() - started) / 1000).toFixed(0)} s; analysing…`);
await sql`vacuum analyze`.execute(db);
await db.destroy();
