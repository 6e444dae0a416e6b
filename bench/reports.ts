import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { openPostgres } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { MAX_REPORT_DAYS, REPORT_KEYS, REPORT_PATHS, reportExport, type ReportExport } from '../src/shared/api/reports';
import { benchApp, printQueryPlans } from './bench-app';

// The standard reports under load: the real endpoints (the Fastify app in this process:
// auth, the filter's zod check, the SQL aggregations, labels, answer check and serialisation)
// against the database bench:generate filled. For each of the seven reports, one request over the
// last year and one over the whole range of the data (capped at MAX_REPORT_DAYS), p50 and max of a
// few runs; then one full export of the largest report (applications by country over the whole
// range) as CSV and as XLSX through the export worker, with the file's size and the process's peak
// RSS while it was written. Prints figures; it never asserts.
//
//   npm run bench:reports              # 5 runs per request
//   npm run bench:reports -- 3 --explain
//
// A database loaded before deadlines were generated has no application_deadlines, so the overdue
// report would measure an empty table: it gets one deadline per application once, by one INSERT
// (service completion, due 60 days after submission, completed when the application was closed).

const runs = Number(process.argv.find((arg, index) => index >= 2 && /^\d+$/.test(arg)) ?? 5);
const explain = process.argv.includes('--explain');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://naric:naric@127.0.0.1:5432/naric_bench';

const day = (moment: Date) => moment.toISOString().slice(0, 10);
const shiftDay = (text: string, days: number) => day(new Date(Date.parse(`${text}T00:00:00Z`) + days * 86_400_000));
const median = (sorted: number[]) => sorted[Math.floor((sorted.length - 1) / 2)]!;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const db = openPostgres(databaseUrl);
const migrated = await migrateToLatest(db);
if (migrated.length) console.log(`Migrated: ${migrated.join(', ')}`);

const deadlines = await db.selectFrom('application_deadlines').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
if (Number(deadlines.n) === 0) {
  const started = performance.now();
  const inserted = await sql`
    insert into application_deadlines (application_id, configuration_id, deadline_type, days, working_days, started_at, start_date, due_date, completed_at)
    select a.id, c.id, c.deadline_type, c.days_from_start, c.working_days, a.submitted_at, (a.submitted_at at time zone 'Europe/Belgrade')::date,
      (a.submitted_at at time zone 'Europe/Belgrade')::date + c.days_from_start, a.closed_at
    from applications a
    join lateral (select id, deadline_type, days_from_start, working_days from deadline_configurations
      where deadline_type = 'service_completion' order by id limit 1) c on true
    where a.submitted_at is not null
  `.execute(db);
  await sql`vacuum analyze application_deadlines`.execute(db);
  console.log(`Backfilled ${Number(inserted.numAffectedRows ?? 0).toLocaleString('en')} deadlines in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const { app, storageDir, authorization } = await benchApp(db, databaseUrl, 'admin');

const counts = await sql<{ applications: string; history: string; payments: string; deadlines: string; issued: string; first: Date; last: Date }>`
  select (select count(*) from applications) as applications, (select count(*) from application_history) as history,
    (select count(*) from application_payments) as payments, (select count(*) from application_deadlines) as deadlines,
    (select count(*) from issued_documents) as issued,
    (select min(submitted_at) from applications) as first, (select max(submitted_at) from applications) as last
`.execute(db);
const totals = counts.rows[0]!;
const lastDay = day(new Date());
const firstDay = [day(new Date(totals.first)), shiftDay(lastDay, -(MAX_REPORT_DAYS - 1))].sort().at(-1)!;
const PERIODS = [
  { name: 'year', query: `date_from=${shiftDay(lastDay, -364)}&date_to=${lastDay}` },
  { name: 'whole range', query: `date_from=${firstDay}&date_to=${lastDay}` },
];
const fmt = (value: string) => Number(value).toLocaleString('en');
console.log(
  `Applications: ${fmt(totals.applications)}; history rows: ${fmt(totals.history)}; payments: ${fmt(totals.payments)}; deadlines: ${fmt(totals.deadlines)}; issued documents: ${fmt(totals.issued)}.`,
);
console.log(`Whole range: ${firstDay} to ${lastDay}. ${runs} requests per report and period, one at a time, after one warm-up.\n`);

console.log('report              | period      | p50 ms  | max ms  | rows');
console.log('--------------------|-------------|---------|---------|------');
for (const key of REPORT_KEYS) {
  for (const period of PERIODS) {
    const url = `/api${REPORT_PATHS.report(key)}?${period.query}`;
    const warm = await app.inject({ url, headers: { authorization } });
    if (warm.statusCode !== 200) throw new Error(`${key}: ${warm.statusCode} ${warm.body.slice(0, 200)}`);
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const start = performance.now();
      const answer = await app.inject({ url, headers: { authorization } });
      times.push(performance.now() - start);
      if (answer.statusCode !== 200) throw new Error(`${key}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
    times.sort((a, b) => a - b);
    const rows = (warm.json() as { rows: unknown[] }).rows.length;
    console.log(
      `${key.padEnd(19)} | ${period.name.padEnd(11)} | ${median(times).toFixed(1).padStart(7)} | ${times.at(-1)!.toFixed(1).padStart(7)} | ${rows}`,
    );
  }
}

// One full export per format, through the worker the app started (POST, then the list polled
// as the screen polls it); RSS sampled every 20 ms while it runs.
console.log('\nexport (applications by country, whole range) | seconds | rows | file size | peak RSS | RSS before');
console.log('-----------------------------------------------|---------|------|-----------|----------|-----------');
for (const format of ['csv', 'xlsx'] as const) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  const started = await app.inject({
    method: 'POST',
    url: `/api${REPORT_PATHS.exports}`,
    headers: { authorization },
    payload: { report: 'applications', format, filter: { date_from: firstDay, date_to: lastDay, group_by: 'country' } },
  });
  if (started.statusCode !== 202) throw new Error(`export: ${started.statusCode} ${started.body.slice(0, 200)}`);
  const { id } = reportExport.parse(started.json());
  let done: ReportExport;
  for (;;) {
    done = reportExport.parse((await app.inject({ url: `/api${REPORT_PATHS.export(id)}`, headers: { authorization } })).json());
    if (done.status === 'done' || done.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  if (done.status !== 'done') throw new Error(`export ${format} failed: ${done.error}`);
  console.log(
    `${format.padEnd(46)} | ${seconds.toFixed(2).padStart(7)} | ${String(done.rows).padStart(4)} | ${kilobytes(done.size ?? 0).padStart(9)} | ${megabytes(peak).padStart(8)} | ${megabytes(before)}`,
  );
}

if (explain) {
  // The two heaviest statements as the module sends them for the whole range (administrator's scope).
  const start = `('${firstDay}'::date::timestamp at time zone 'Europe/Belgrade')`;
  const end = `(('${lastDay}'::date + 1)::timestamp at time zone 'Europe/Belgrade')`;
  const plans = {
    processing_time: `with changes as (select h.application_id, h.to_status, h.created_at,
        lead(h.created_at) over (partition by h.application_id order by h.created_at, h.id) as left_at
        from application_history h where h.to_status is not null
        and h.application_id in (select a.id from applications a where a.submitted_at < ${end} and true))
      select to_status, count(*), percentile_cont(0.5) within group (order by extract(epoch from left_at - created_at) / 86400)
      from changes where left_at is not null and left_at >= ${start} and left_at < ${end} group by to_status`,
    officer_workload: `select a.assigned_officer_id, count(*) filter (where a.closed_at is null),
        count(*) filter (where a.assigned_at >= ${start} and a.assigned_at < ${end}),
        count(*) filter (where a.closed_at >= ${start} and a.closed_at < ${end})
      from applications a left join users u on u.id = a.assigned_officer_id where a.assigned_officer_id is not null group by 1`,
  };
  await printQueryPlans(db, plans);
}

await app.close();
await db.destroy();
await rm(storageDir, { recursive: true, force: true });
