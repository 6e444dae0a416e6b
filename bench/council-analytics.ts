import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { openPostgres } from '../src/server/db/database';
import { benchApp, printQueryPlans } from './bench-app';
import { migrateToLatest } from '../src/server/db/migrate';
import { COUNCIL_ANALYTICS_PATHS, shiftMonth } from '../src/shared/api/council-analytics';
import { kosovoDate } from '../src/shared/domain/deadline-dates';

// Council analytics under load (the target: "analytics answer in under a second on 1,000,000
// applications"): the real endpoint (the Fastify app in this process: auth, validation, the SQL
// aggregations, serialisation) against the database bench:generate filled, for the default period
// (the last 12 months), one council, and a five-year range. Prints p50/p95 per query and the
// database's plans of the aggregations (EXPLAIN ANALYZE) with --explain; it never asserts.
//
//   npm run bench:council-analytics              # 30 rounds per query
//   npm run bench:council-analytics -- 10 --explain
//
// A database loaded before the generator wrote the council's work (council_outcome, review_date,
// review_due_date) gets it once, deterministically, by one UPDATE: applications whose council
// review is completed are decided when their history says (record_council_decision), else some
// days after the assignment taken from a hash of the id; rejected when the agency rejected or for
// one in five by the same hash, else approved; due 30 days after the assignment.

const rounds = Number(process.argv.find((arg, index) => index >= 2 && /^\d+$/.test(arg)) ?? 30);
const explain = process.argv.includes('--explain');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://naric:naric@127.0.0.1:5432/naric_bench';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const db = openPostgres(databaseUrl);
const migrated = await migrateToLatest(db);
if (migrated.length) console.log(`Migrated: ${migrated.join(', ')}`);

let started = performance.now();
const backfill = await sql`
  update applications a set
    assigned_at = coalesce(a.assigned_at, a.submitted_at + interval '2 days'),
    review_due_date = (coalesce(a.assigned_at, a.submitted_at + interval '2 days') + interval '30 days')::date,
    review_date = case when a.review_status = 'completed' then coalesce(
      a.review_date,
      (select max(h.created_at) from application_history h where h.application_id = a.id and h.action = 'record_council_decision'),
      coalesce(a.assigned_at, a.submitted_at + interval '2 days') + make_interval(days => 3 + abs(hashint4(a.id)) % 60)
    ) end,
    council_outcome = case when a.review_status = 'completed' then coalesce(
      a.council_outcome,
      case when a.decision_outcome = 'rejected' or abs(hashint4(a.id)) % 5 = 0 then 'rejected' else 'approved' end
    ) end
  where a.council_id is not null and a.review_due_date is null
`.execute(db);
const backfilled = Number(backfill.numAffectedRows ?? 0);
if (backfilled > 0) {
  console.log(`Backfilled the council's work of ${backfilled.toLocaleString('en')} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await sql`vacuum analyze applications`.execute(db);
  console.log(`vacuum analyze applications: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const { app, storageDir, authorization } = await benchApp(db, databaseUrl, 'admin');

const [total, withCouncil, decided, council] = await Promise.all([
  db.selectFrom('applications').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  db.selectFrom('applications').select((eb) => eb.fn.countAll<string>().as('n')).where('council_id', 'is not', null).executeTakeFirstOrThrow(),
  db.selectFrom('applications').select((eb) => eb.fn.countAll<string>().as('n')).where('council_outcome', 'is not', null).executeTakeFirstOrThrow(),
  db.selectFrom('councils').select(['id', 'name_en']).orderBy('id').executeTakeFirstOrThrow(),
]);
const thisMonth = kosovoDate(new Date()).slice(0, 7);
const QUERIES = [
  { name: 'default (last 12 months)', query: '' },
  { name: `one council (${council.name_en.slice(0, 20)})`, query: `council=${council.id}` },
  { name: 'five years', query: `from=${shiftMonth(thisMonth, -59)}&to=${thisMonth}` },
];

console.log(
  `Applications: ${Number(total.n).toLocaleString('en')}; with a council: ${Number(withCouncil.n).toLocaleString('en')}; decided by a council: ${Number(decided.n).toLocaleString('en')}. ${rounds} requests per query, one at a time.\n`,
);
console.log('query                                | p50 ms  | p95 ms  | max ms');
console.log('-------------------------------------|---------|---------|--------');
for (const bench of QUERIES) {
  const url = `/api${COUNCIL_ANALYTICS_PATHS.analytics}${bench.query ? `?${bench.query}` : ''}`;
  for (let warm = 0; warm < 3; warm++) await app.inject({ url, headers: { authorization } });
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const answer = await app.inject({ url, headers: { authorization } });
    times.push(performance.now() - start);
    if (answer.statusCode !== 200) throw new Error(`${bench.name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${bench.name.padEnd(36)} | ${percentile(times, 0.5).toFixed(1).padStart(7)} | ${percentile(times, 0.95).toFixed(1).padStart(7)} | ${times.at(-1)!.toFixed(1).padStart(6)}`,
  );
}

if (explain) {
  // The aggregations as the module sends them for the five-year range (all councils).
  const from = `${shiftMonth(thisMonth, -59)}-01`;
  const to = `${thisMonth}-01`;
  const bounds = `a.%s >= ('${from}'::date::timestamp at time zone 'Europe/Belgrade') and a.%s < (('${to}'::date + interval '1 month')::timestamp at time zone 'Europe/Belgrade')`;
  const range = (column: string) => bounds.replaceAll('%s', column);
  const plans = {
    assigned: `select a.council_id, to_char(a.assigned_at at time zone 'Europe/Belgrade', 'YYYY-MM') as month, count(*) from applications a
      where a.council_id is not null and ${range('assigned_at')} group by 1, 2`,
    decided: `select a.council_id, to_char(a.review_date at time zone 'Europe/Belgrade', 'YYYY-MM') as month, count(*), count(*) filter (where a.council_outcome = 'approved')
      from applications a where a.council_id is not null and a.council_outcome is not null and ${range('review_date')} group by 1, 2`,
    'review time': `select a.council_id, grouping(a.council_id), count(*), avg(extract(epoch from (a.review_date - a.assigned_at)) / 86400.0),
      percentile_cont(0.9) within group (order by extract(epoch from (a.review_date - a.assigned_at)) / 86400.0)
      from applications a where a.council_id is not null and a.council_outcome is not null and ${range('review_date')} and a.assigned_at is not null
      group by grouping sets ((a.council_id), ())`,
    overdue: `select a.council_id, count(*) from applications a where a.council_id is not null
      and a.review_status in ('pending_review', 'in_review') and a.review_due_date < '${kosovoDate(new Date())}' group by 1`,
  };
  await printQueryPlans(db, plans);
}

await app.close();
await db.destroy();
await rm(storageDir, { recursive: true, force: true });
