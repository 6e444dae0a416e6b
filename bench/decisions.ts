import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { openPostgres } from '../src/server/db/database';
import { PRECEDENT_PATHS } from '../src/shared/api/decision-precedents';
import { benchApp, printQueryPlans } from './bench-app';

// Precedents on the benchmark database (bench:generate, with its structured decisions): the
// similar-decisions panel of decided applications (its default filter: same institution,
// programme, level and country; then a full-text search of the reasons; then the programme alone)
// and the decisions register's first page (unfiltered, and filtered by outcome), through the real
// endpoint in this process (auth, validation, queries, serialisation), one request at a time.
// Targets: the panel p95 ≤ 100 ms, the register's first page p95 ≤ 50 ms.
//
//   npm run bench:decisions                # 200 requests per case
//   npm run bench:decisions -- 50 --explain

const rounds = Number(process.argv[2] ?? 200);
const explain = process.argv.includes('--explain');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://naric:naric@127.0.0.1:5432/naric_bench';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const db = openPostgres(databaseUrl);
const { app, storageDir, authorization } = await benchApp(db, databaseUrl, 'officer');
const counts = await sql<{ applications: number; decisions: number; approved: number }>`
  select (select count(*)::int from applications) as applications,
    (select count(*)::int from recognition_decisions) as decisions,
    (select count(*)::int from recognition_decisions where state = 'approved') as approved`.execute(db);
const { applications, decisions, approved } = counts.rows[0]!;
if (decisions === 0) throw new Error('No decisions in the benchmark database: run npm run bench:generate first.');
// Decided applications with a programme, spread over the table (a sample, not the newest).
const sample = (
  await sql<{ application_id: number }>`select application_id from recognition_decisions tablesample system (5) repeatable (7)
    where state = 'approved' and foreign_programme_key is not null limit 200`.execute(db)
).rows.map((row) => row.application_id);

interface Case {
  name: string;
  target: number;
  url: (round: number) => string;
}
const at = (round: number) => sample[round % sample.length]!;
const CASES: Case[] = [
  { name: 'similar, default filter', target: 100, url: (round) => `/api${PRECEDENT_PATHS.similar(at(round))}` },
  { name: 'similar, reasons search', target: 100, url: (round) => `/api${PRECEDENT_PATHS.similar(at(round))}?same_institution=false&search=credits` },
  { name: 'similar, programme only', target: 100, url: (round) => `/api${PRECEDENT_PATHS.similar(at(round))}?same_institution=false&same_level=false&same_country=false` },
  { name: 'register, first page', target: 50, url: () => `/api${PRECEDENT_PATHS.register}` },
  { name: 'register, outcome=partial', target: 50, url: () => `/api${PRECEDENT_PATHS.register}?outcome=partial` },
  { name: 'register, service 2, page 3', target: 50, url: () => `/api${PRECEDENT_PATHS.register}?service_type=2&page=3` },
];

console.log(`Applications: ${applications.toLocaleString('en')}; decisions: ${decisions.toLocaleString('en')} (${approved.toLocaleString('en')} approved); ${rounds} requests per case, one at a time.\n`);
console.log('case                          |  p50 ms |  p95 ms | target | rows on page (first)');
console.log('------------------------------|---------|---------|--------|---------------------');
const failures: string[] = [];
for (const bench of CASES) {
  for (let warm = 0; warm < 5; warm++) await app.inject({ url: bench.url(warm), headers: { authorization } });
  const times: number[] = [];
  let firstCount = -1;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const answer = await app.inject({ url: bench.url(round), headers: { authorization } });
    times.push(performance.now() - started);
    if (answer.statusCode !== 200) throw new Error(`${bench.name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    if (firstCount < 0) firstCount = (answer.json() as { count: number }).count;
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  if (p95 > bench.target) failures.push(`${bench.name}: p95 ${p95.toFixed(1)} ms > ${bench.target} ms`);
  console.log(`${bench.name.padEnd(29)} | ${percentile(times, 0.5).toFixed(1).padStart(7)} | ${p95.toFixed(1).padStart(7)} | ${String(bench.target).padStart(6)} | ${firstCount}`);
}
console.log(failures.length ? `\nOver target:\n  ${failures.join('\n  ')}` : '\nEvery case within its p95 target (similar decisions ≤ 100 ms, register page ≤ 50 ms).');

if (explain) {
  const id = at(0);
  await printQueryPlans(db, {
    'register, first page': `select d.id from recognition_decisions d join applications a on a.id = d.application_id order by coalesce(d.approved_at, d.prepared_at) desc, d.id desc limit 25`,
    'similar, programme': `select d.id from recognition_decisions d where d.state = 'approved' and d.application_id <> ${id}
      and d.foreign_programme_key = (select decision_programme_key(program_name) from education_info where application_id = ${id}) order by d.approved_at desc, d.id desc limit 25`,
  });
}

await app.close();
await db.destroy();
await rm(storageDir, { recursive: true, force: true });
