import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serverProcessMessage } from '../src/shared/server-process';

// How quickly the embedded server is ready (issue 11 §6): a PGlite folder is migrated and seeded
// once, then the server process is started N times on it and the time from spawning the process
// to its "listening" message is printed (min / median / max), against the target of 2 s. It
// prints; it never fails on a missed target.
//
//   npm run build && npm run bench:server-start          # out/main/server.js, 10 starts, demo data
//   npm run bench:server-start -- 5                      # 5 starts
//   BENCH_SERVER_ENTRY=src/server/main.ts npm run bench:server-start   # the sources through tsx
//   BENCH_DEMO=0 npm run bench:server-start              # without the demo data

const TARGET_MS = 2000;
const starts = Number(process.argv[2] ?? 10);
const built = resolve('out/main/server.js');
const entry = resolve(process.env.BENCH_SERVER_ENTRY ?? (existsSync(built) ? built : 'src/server/main.ts'));
const demo = process.env.BENCH_DEMO !== '0';

interface Started {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Milliseconds from fork() to the "listening" message. */
  readyMs: number;
}

async function startOnce(dataDir: string): Promise<Started> {
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
  const parsed = serverProcessMessage.parse(message);
  if (parsed.type !== 'listening') throw new Error(`The server did not start: ${parsed.message}`);
  return { child, exited, readyMs };
}

async function stop(started: Started): Promise<void> {
  started.child.send({ type: 'shutdown' });
  await started.exited;
}

const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'naric-bench-start-'));
  try {
    console.log(`Server start — ${entry}${demo ? ', demo data' : ''}`);
    // The first start creates, migrates and seeds the folder; it is not counted.
    const first = await startOnce(dataDir);
    await stop(first);
    console.log(`  first start (migrate + seed, not counted): ${ms(first.readyMs)}`);

    const times: number[] = [];
    for (let round = 0; round < starts; round += 1) {
      const started = await startOnce(dataDir);
      times.push(started.readyMs);
      await stop(started);
    }
    times.sort((a, b) => a - b);
    const median = times.length % 2 ? times[(times.length - 1) / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
    console.log(`  ${starts} starts on the migrated folder: min ${ms(times[0])}, median ${ms(median)}, max ${ms(times[times.length - 1])}`);
    console.log(`  target: ready in ≤ ${ms(TARGET_MS)} (median) — ${median <= TARGET_MS ? 'met' : 'NOT met'}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
