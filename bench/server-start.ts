import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { API_BASE_PATH } from '../src/shared/constants';
import { SYSTEM_PATHS } from '../src/shared/api/system';
import { serverProcessMessage } from '../src/shared/server-process';

// How quickly the embedded server is ready: a PGlite folder is migrated and seeded
// once, then the server process is started N times on it and the time from spawning the process
// to its "listening" message is printed (min / median / max), against the target of 2 s. It
// prints; it never fails on a missed target.
//
//   npm run build && npm run bench:server-start          # out/main/server.js, 10 starts, demo data
//   npm run bench:server-start -- 5                      # 5 starts
//   BENCH_SERVER_ENTRY=src/server/main.ts npm run bench:server-start   # the sources through tsx
//   BENCH_DEMO=0 npm run bench:server-start              # without the demo data
//   npm run bench:server-start -- 10 /tmp/old/main/server.js out/main/server.js
//                                                        # two builds, alternated on the same folder
//
// On a busy machine only an interleaved comparison means anything: with several entries every
// round starts each of them once, in turn, on the same folder (the first entry migrates it).

const TARGET_MS = 2000;
const starts = Number(process.argv[2] ?? 10);
const built = resolve('out/main/server.js');
const given = process.argv.slice(3);
const entries = (given.length > 0 ? given : [process.env.BENCH_SERVER_ENTRY ?? (existsSync(built) ? built : 'src/server/main.ts')]).map((entry) =>
  resolve(entry),
);
const demo = process.env.BENCH_DEMO !== '0';

interface Started {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Milliseconds from fork() to the "listening" message. */
  readyMs: number;
  /**
   * Milliseconds from fork() to the first answer of GET /api/health/ (which queries the database),
   * asked right after "listening": what a client waiting on the server meets.
   */
  answeredMs: number;
  /** CPU time the server had used when it said "listening" (Linux only): all threads, main thread. */
  cpu: { processMs: number; mainThreadMs: number } | null;
}

/**
 * On a busy machine the wall time mostly measures the other processes; the CPU time the start
 * used is steadier. The main thread's is the start's critical path (V8's compiler and GC threads
 * and libuv's pool run beside it).
 */
function cpuUsed(pid: number): Started['cpu'] {
  const ticksOf = (file: string) => {
    // Fields after the command name: state, ppid, … utime (14th field of the line), stime (15th).
    const line = readFileSync(file, 'utf8');
    const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  try {
    const TICK_MS = 10; // USER_HZ is 100 on Linux
    return { processMs: ticksOf(`/proc/${pid}/stat`) * TICK_MS, mainThreadMs: ticksOf(`/proc/${pid}/task/${pid}/stat`) * TICK_MS };
  } catch {
    return null;
  }
}

async function startOnce(entry: string, dataDir: string): Promise<Started> {
  const begin = performance.now();
  const child = fork(entry, [], {
    // TypeScript sources need tsx; the built bundle runs as it is.
    execArgv: entry.endsWith('.ts') ? ['--import', 'tsx'] : [],
    env: { PATH: process.env.PATH, NARIC_DATA_DIR: dataDir, PORT: '0', NARIC_DEMO: demo ? '1' : '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const message = await new Promise<unknown>((done, fail) => {
    child.once('message', done);
    child.once('exit', (code) => fail(new Error(`The server exited (${code}) before listening`)));
  });
  const readyMs = performance.now() - begin;
  const cpu = child.pid === undefined ? null : cpuUsed(child.pid);
  const parsed = serverProcessMessage.parse(message);
  if (parsed.type !== 'listening') throw new Error(`The server did not start: ${parsed.message}`);
  const health = await fetch(`${parsed.url}${API_BASE_PATH}${SYSTEM_PATHS.health}`);
  await health.arrayBuffer();
  if (!health.ok) throw new Error(`The health check answered ${health.status}`);
  const answeredMs = performance.now() - begin;
  return { child, exited, readyMs, answeredMs, cpu };
}

async function stop(started: Started): Promise<void> {
  started.child.send({ type: 'shutdown' });
  await started.exited;
}

const ms = (value: number) => `${Math.round(value)} ms`;

const median = (sorted: readonly number[]) =>
  sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'naric-bench-start-'));
  try {
    console.log(`Server start — ${entries.join(' / ')}${demo ? ', demo data' : ''}`);
    // The first start creates, migrates and seeds the folder; it is not counted.
    const first = await startOnce(entries[0]!, dataDir);
    await stop(first);
    console.log(`  first start (migrate + seed, not counted): ${ms(first.readyMs)}`);

    const results = entries.map(() => [] as Started[]);
    for (let round = 0; round < starts; round += 1) {
      for (const [index, entry] of entries.entries()) {
        const started = await startOnce(entry, dataDir);
        results[index]!.push(started);
        await stop(started);
      }
    }
    const sorted = (values: number[]) => values.sort((a, b) => a - b);
    for (const [index, entry] of entries.entries()) {
      const times = sorted(results[index]!.map((started) => started.readyMs));
      const middle = median(times);
      if (entries.length > 1) console.log(`  ${entry}:`);
      console.log(`  ${starts} starts on the migrated folder: min ${ms(times[0]!)}, median ${ms(middle)}, max ${ms(times[times.length - 1]!)}`);
      const answered = sorted(results[index]!.map((started) => started.answeredMs));
      console.log(`  first /api/health/ answer: min ${ms(answered[0]!)}, median ${ms(median(answered))}, max ${ms(answered[answered.length - 1]!)}`);
      const cpu = results[index]!.flatMap((started) => (started.cpu ? [started.cpu] : []));
      if (cpu.length > 0) {
        const processMs = median(sorted(cpu.map((used) => used.processMs)));
        const mainThreadMs = median(sorted(cpu.map((used) => used.mainThreadMs)));
        console.log(`  CPU used until listening (median): ${ms(processMs)} in all threads, ${ms(mainThreadMs)} in the main thread`);
      }
      console.log(`  target: ready in ≤ ${ms(TARGET_MS)} (median) — ${middle <= TARGET_MS ? 'met' : 'NOT met'}`);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
