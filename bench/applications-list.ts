import { rm } from 'node:fs/promises';
import pg from 'pg';
import { openPostgres } from '../src/server/db/database';
import { benchApp } from './bench-app';
import { APPLICATION_PATHS } from '../src/shared/api/applications';

// The application list under load: typical filter + sort + page queries and text
// searches against the database bench:generate filled (1,000,000 applications), through the real
// endpoint (the Fastify app in this process: auth, validation, queries, serialisation) and the same
// data queries issued raw through `pg`, in one run. Prints p50/p95 per query (one request at a
// time) and the throughput with 8 requests in flight, endpoint against raw (the ratio). Targets: list p95 ≤ 20 ms, search p95 ≤ 50 ms, ratio ≥ 0.5.
//
//   npm run bench:applications             # 200 rounds per query
//   npm run bench:applications -- 50

const rounds = Number(process.argv[2] ?? 200);
/** Requests in flight during the throughput part (the latency part sends one at a time). */
const CONCURRENCY = 8;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://naric:naric@127.0.0.1:5432/naric_bench';

const COLUMNS = `a.id, a.reference, a.service_type, a.status, a.priority, a.applicant_id, a.applicant_name, a.personal_id,
  a.institution_name, a.institution_country, a.submitted_at, a.assigned_officer_id, a.assigned_officer_name, a.council_id,
  c.name_en as council_name, a.deadline, a.archived, a.invalidated, a.incomplete, a.version,
  (a.deadline < current_date and a.closed_at is null) as overdue,
  floor(extract(epoch from (coalesce(a.closed_at, now()) - a.submitted_at)) / 86400)::int as days_in_system`;

interface BenchQuery {
  name: string;
  kind: 'list' | 'search';
  query: string;
  /** The WHERE clause and ORDER BY the endpoint runs for it ($1 = the officer's id where used); the page's ids first, then their rows, as the endpoint does. */
  where: string;
  order: string;
  offset?: number;
  params?: (officerId: number) => unknown[];
}

const QUERIES: BenchQuery[] = [
  { name: 'default list, page 1', kind: 'list', query: '', where: 'not a.archived', order: 'a.submitted_at desc, a.id desc' },
  { name: 'status + sort by deadline', kind: 'list', query: 'status=document_verification&ordering=deadline', where: "a.status in ('document_verification') and not a.archived", order: 'a.deadline asc, a.id asc' },
  { name: 'service + assigned to me', kind: 'list', query: 'service_type=1&assigned_officer=me', where: 'a.service_type = 1 and a.assigned_officer_id = $1 and not a.archived', order: 'a.submitted_at desc, a.id desc', params: (id) => [id] },
  { name: 'overdue', kind: 'list', query: 'overdue=true', where: 'a.deadline < current_date and a.closed_at is null and not a.archived', order: 'a.submitted_at desc, a.id desc' },
  { name: 'page 40', kind: 'list', query: 'page=40', where: 'not a.archived', order: 'a.submitted_at desc, a.id desc', offset: 39 * 25 },
  { name: 'search reference', kind: 'search', query: 'search=NARIC-2026-00042', where: "a.search_text like '%naric-2026-00042%' and not a.archived", order: 'a.submitted_at desc, a.id desc' },
  { name: 'search surname', kind: 'search', query: 'search=Krasniqi', where: "a.search_text like '%krasniqi%' and not a.archived", order: 'a.submitted_at desc, a.id desc' },
  { name: 'search institution word', kind: 'search', query: 'search=Ljubljana', where: "a.search_text like '%ljubljana%' and not a.archived", order: 'a.submitted_at desc, a.id desc' },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const db = openPostgres(databaseUrl);
const { app, storageDir, userId: officerId, authorization } = await benchApp(db, databaseUrl, 'officer');
const total = await db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

console.log(
  `Applications in the database: ${total.n.toLocaleString('en')}; per query ${rounds} requests one at a time (latency), then ${rounds} with ${CONCURRENCY} in flight (throughput).\n`,
);
console.log('query                       | endpoint p50 / p95 ms | raw pg p50 / p95 ms | endpoint / raw req/s | ratio');
console.log('----------------------------|-----------------------|---------------------|----------------------|------');

/** Requests per second with CONCURRENCY callers sharing `rounds` requests. */
async function throughput(send: () => Promise<unknown>): Promise<number> {
  let left = rounds;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await send();
    }),
  );
  return rounds / ((performance.now() - started) / 1000);
}

const ratios: number[] = [];
const failures: string[] = [];
for (const bench of QUERIES) {
  const url = `/api${APPLICATION_PATHS.list}${bench.query ? `?${bench.query}` : ''}`;
  const params = bench.params?.(officerId) ?? [];
  const pageSql = `select ${COLUMNS} from applications a
    join (select a.id as page_id from applications a where ${bench.where} order by ${bench.order} limit 25 offset ${bench.offset ?? 0}) page on page.page_id = a.id
    left join councils c on c.id = a.council_id order by ${bench.order}`;
  const countSql = `select count(*)::int as n from (select 1 from applications a where ${bench.where} limit 2001) capped`;

  const endpoint: number[] = [];
  const raw: number[] = [];
  for (let warm = 0; warm < 5; warm++) {
    await app.inject({ url, headers: { authorization } });
    await Promise.all([pool.query(pageSql, params), pool.query(countSql, params)]);
  }
  for (let round = 0; round < rounds; round++) {
    let started = performance.now();
    const answer = await app.inject({ url, headers: { authorization } });
    endpoint.push(performance.now() - started);
    if (answer.statusCode !== 200) throw new Error(`${bench.name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    started = performance.now();
    await Promise.all([pool.query(pageSql, params), pool.query(countSql, params)]);
    raw.push(performance.now() - started);
  }
  endpoint.sort((a, b) => a - b);
  raw.sort((a, b) => a - b);
  const endpointRate = await throughput(() => app.inject({ url, headers: { authorization } }));
  const rawRate = await throughput(() => Promise.all([pool.query(pageSql, params), pool.query(countSql, params)]));
  const ratio = endpointRate / rawRate;
  ratios.push(ratio);
  const target = bench.kind === 'list' ? 20 : 50;
  if (percentile(endpoint, 0.95) > target) failures.push(`${bench.name}: p95 ${percentile(endpoint, 0.95).toFixed(1)} ms > ${target} ms`);
  console.log(
    `${bench.name.padEnd(27)} | ${percentile(endpoint, 0.5).toFixed(1).padStart(8)} / ${percentile(endpoint, 0.95).toFixed(1).padStart(8)}   | ${percentile(raw, 0.5).toFixed(1).padStart(7)} / ${percentile(raw, 0.95).toFixed(1).padStart(7)}   | ${endpointRate.toFixed(0).padStart(8)} / ${rawRate.toFixed(0).padStart(8)}    | ${ratio.toFixed(2)}`,
  );
}
const worst = Math.min(...ratios);
console.log(`\nLowest throughput ratio endpoint/raw: ${worst.toFixed(2)} (target ≥ 0.5)`);
console.log(failures.length ? `Over target:\n  ${failures.join('\n  ')}` : 'Every query within its p95 target (list ≤ 20 ms, search ≤ 50 ms).');

await app.close();
await pool.end();
await db.destroy();
await rm(storageDir, { recursive: true, force: true });
