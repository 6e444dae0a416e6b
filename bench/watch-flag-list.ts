import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../src/server/db/database';
import { APPLICATION_PATHS } from '../src/shared/api/applications';
import { benchApp } from './bench-app';

// What the watch-list flag costs the application list (issue 31: "costs the list p95 nothing
// measurable"), on the database bench:generate filled. Two comparisons, each in one process and
// with its rounds interleaved, so the machine's load falls on both sides alike:
//
// 1. The endpoint (the real app through inject) as loaded (the demo's one watch entry, which no
//    generated application names: the flag table nearly empty, how the office runs nearly always) against the same with the busiest generated institutions
//    watch-listed (the flag table holding a row for every application naming them: pages with
//    flags on them). Adding an entry re-matches every application naming it, so the two states
//    cannot alternate round by round: they are measured in turn, as loaded, entries, as loaded
//    again, and the two "as loaded" runs show the run-to-run noise.
// 2. The list's page query raw through `pg` with and without the flag's subquery (WATCH_FLAG in
//    application-list-item.ts), interleaved round by round: the "before" of the code, while the
//    entries are in place.
//
// The watch entries it adds are lifted and deleted at the end (their flags and history rows go
// with the lifting, as in the product).
//
//   npm run bench:watch-flag              # 200 rounds per query and state, the busiest institution watch-listed
//   npm run bench:watch-flag -- 50 1 2    # 50 rounds, one institution, skipping the 2 busiest
//
// Adding an entry re-matches, one by one, every application naming the institution or a name
// close to it (watch_list_match per application): on 112,000 generated applications the three
// busiest institutions (28,000 applications) took more than 6 minutes on the loaded development
// machine, which is why the institutions can be picked further down the ranking.

const rounds = Number(process.argv[2] ?? 200);
const watched = Number(process.argv[3] ?? 1);
const skipped = Number(process.argv[4] ?? 0);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://naric:naric@127.0.0.1:5432/naric_bench';

const QUERIES = [
  { name: 'default list, page 1', query: '', where: 'not a.archived', order: 'a.submitted_at desc, a.id desc', offset: 0 },
  { name: 'status + sort by deadline', query: 'status=document_verification&ordering=deadline', where: "a.status in ('document_verification') and not a.archived", order: 'a.deadline asc, a.id asc', offset: 0 },
  { name: 'page 40', query: 'page=40', where: 'not a.archived', order: 'a.submitted_at desc, a.id desc', offset: 39 * 25 },
  { name: 'search institution word', query: 'search=Ljubljana', where: "a.search_text like '%ljubljana%' and not a.archived", order: 'a.submitted_at desc, a.id desc', offset: 0 },
];

const COLUMNS = `a.id, a.reference, a.service_type, a.status, a.priority, a.applicant_id, a.applicant_name, a.personal_id,
  a.institution_name, a.institution_country, a.submitted_at, a.assigned_officer_id, a.assigned_officer_name, a.council_id,
  a.deadline, a.archived, a.invalidated, a.incomplete, a.version`;
const FLAG = `(select entry.category from application_watch_flags flag
  join institution_watch_entries entry on entry.id = flag.watch_entry_id where flag.application_id = a.id) as watch_flag`;
const pageSql = (bench: (typeof QUERIES)[number], withFlag: boolean) => `select ${COLUMNS}${withFlag ? `, ${FLAG}` : ''} from applications a
  join (select a.id as page_id from applications a where ${bench.where} order by ${bench.order} limit 25 offset ${bench.offset}) page on page.page_id = a.id
  order by ${bench.order}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${percentile(sorted, 0.5).toFixed(1).padStart(6)} / ${percentile(sorted, 0.95).toFixed(1).padStart(6)}`;
};

const db = openPostgres(databaseUrl);
const { app, storageDir, authorization } = await benchApp(db, databaseUrl, 'officer');
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const total = await db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
const running = await db.selectFrom('institution_watch_entries').select((eb) => eb.fn.countAll<number>().as('n')).where('lifted_at', 'is', null).executeTakeFirstOrThrow();
// The demo seed bench:generate loads brings its own watch entry (a demo institution the generated
// caseload does not name): the "as loaded" state has it and flags next to nothing.
const flaggedAsLoaded = await db.selectFrom('application_watch_flags').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

async function endpointTimes(): Promise<Map<string, number[]>> {
  const times = new Map(QUERIES.map((bench) => [bench.name, [] as number[]]));
  for (const bench of QUERIES) await app.inject({ url: `/api${APPLICATION_PATHS.list}?${bench.query}`, headers: { authorization } });
  for (let round = 0; round < rounds; round++) {
    for (const bench of QUERIES) {
      const started = performance.now();
      const answer = await app.inject({ url: `/api${APPLICATION_PATHS.list}?${bench.query}`, headers: { authorization } });
      times.get(bench.name)!.push(performance.now() - started);
      if (answer.statusCode !== 200) throw new Error(`${bench.name}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
  }
  return times;
}

/** How many rows of each query's page carry a flag (through the endpoint: what a person sees). */
async function flaggedOnPage(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const bench of QUERIES) {
    const answer = await app.inject({ url: `/api${APPLICATION_PATHS.list}?${bench.query}`, headers: { authorization } });
    counts.set(bench.name, (answer.json() as { results: { watch_flag: string | null }[] }).results.filter((row) => row.watch_flag !== null).length);
  }
  return counts;
}

console.log(`Applications in the database: ${total.n.toLocaleString('en')}; ${rounds} rounds per query and state.`);
console.log(`As loaded: ${running.n} running watch entries, ${flaggedAsLoaded.n} applications flagged.\n`);
const withoutEntries = await endpointTimes();

// The busiest institutions of the generated caseload, by the applications naming them exactly.
const busiest = await sql<{ id: number; name_en: string; applications: number }>`
  select i.id, i.name_en, count(*)::int as applications from institutions i
  join applications a on decision_fold(a.institution_name) = decision_fold(i.name_en)
  where i.merged_into is null group by i.id, i.name_en order by 3 desc limit ${watched} offset ${skipped}`.execute(db);
let started = performance.now();
const entries = await db
  .insertInto('institution_watch_entries')
  .values(busiest.rows.map((row) => ({ institution_id: row.id, category: 'under_investigation' as const, source: 'bench:watch-flag', note: null })))
  .returning('id')
  .execute();
const flagged = await db.selectFrom('application_watch_flags').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
console.log(`Watch-listed: ${busiest.rows.map((row) => `${row.name_en} (${row.applications.toLocaleString('en')})`).join(', ')}`);
console.log(`Applications flagged: ${Number(flagged.n).toLocaleString('en')} (adding the entries took ${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
const onPage = await flaggedOnPage();
const withEntries = await endpointTimes();

// The page query with and without the flag's subquery, interleaved, entries in place.
const raw = new Map(QUERIES.map((bench) => [bench.name, { without: [] as number[], with: [] as number[] }]));
for (let round = 0; round < rounds; round++) {
  for (const bench of QUERIES) {
    const times = raw.get(bench.name)!;
    for (const withFlag of round % 2 === 0 ? [false, true] : [true, false]) {
      started = performance.now();
      await pool.query(pageSql(bench, withFlag));
      (withFlag ? times.with : times.without).push(performance.now() - started);
    }
  }
}

started = performance.now();
await db.updateTable('institution_watch_entries').set({ lifted_at: new Date() }).where('id', 'in', entries.map((entry) => entry.id)).execute();
await db.deleteFrom('institution_watch_entries').where('id', 'in', entries.map((entry) => entry.id)).execute();
console.log(`Entries lifted and removed in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
const withoutAgain = await endpointTimes();

console.log('endpoint p50 / p95 ms        | as loaded       | busiest watched (flags on page) | as loaded again');
console.log('-----------------------------|-----------------|---------------------------------|----------------');
for (const bench of QUERIES) {
  console.log(
    `${bench.name.padEnd(28)} | ${figures(withoutEntries.get(bench.name)!)} | ${figures(withEntries.get(bench.name)!)} (${String(onPage.get(bench.name)).padStart(2)}/25) | ${figures(withoutAgain.get(bench.name)!)}`,
  );
}
console.log('\nraw page query p50 / p95 ms  | without the flag | with the flag (entries in place)');
console.log('-----------------------------|------------------|---------------------------------');
for (const bench of QUERIES) {
  const times = raw.get(bench.name)!;
  console.log(`${bench.name.padEnd(28)} | ${figures(times.without)}  | ${figures(times.with)}`);
}

await app.close();
await pool.end();
await db.destroy();
await rm(storageDir, { recursive: true, force: true });
