// `npm test`: every check of the project, with a timing table at the end so the 20-minute budget
// of `npm test` stays visible.
//
// The machines have two cores, and the end-to-end suite, the longest step by far, leaves much of
// them idle: one Chromium page and one server process (PGlite is single-threaded), waiting on each
// other and on the app's own timers. So the run has two tracks side by side:
// - the browser track: the build the e2e suite needs, then the e2e suite, at normal priority and
//   with its output streamed as it comes;
// - the Node track: type-checks, lint, dependency rules, unit, vault and server suites one after
//   another at a lower CPU priority (nice), so they use what the browser track leaves and its
//   timing-bound steps are not starved. Their output is printed in one block as each step ends.
// Every step runs even when another fails (a full report in one run); the exit code is 1 if any
// failed.
import { spawn, spawnSync } from 'node:child_process';

const npx = (...args) => ['npx', ...args];
const npmRun = (script) => ['npm', 'run', '--silent', script];

/** The Node track: each step one after another, at a lower priority than the browser track. */
const nodeTrack = [
  { name: 'typecheck: shared', command: npx('tsc', '-p', 'tsconfig.shared.json') },
  { name: 'typecheck: node', command: npx('tsc', '-p', 'tsconfig.node.json') },
  { name: 'typecheck: renderer', command: npx('tsc', '-p', 'tsconfig.web.json') },
  { name: 'typecheck: e2e', command: npx('tsc', '-p', 'tsconfig.e2e.json') },
  { name: 'lint', command: npmRun('lint') },
  { name: 'deps:check', command: npmRun('deps:check') },
  { name: 'unit', command: npmRun('test:unit') },
  { name: 'vault', command: npmRun('test:vault') },
  { name: 'server', command: npmRun('test:server') },
];

/** The browser track. */
const browserTrack = [
  { name: 'build (for e2e)', command: npx('electron-vite', 'build') },
  // Without a build the e2e suite would only report the build's failure again.
  { name: 'e2e', command: npx('playwright', 'test'), live: true, needsPrevious: true },
];

/** How much lower the Node track's priority is (a nice increment), where `nice` exists. */
const NODE_TRACK_NICENESS = 10;
const hasNice = spawnSync('nice', ['-n', '0', 'true']).status === 0;

const timings = [];

/**
 * Runs one step. A `live` step streams its output as it comes (one at a time: the browser track's
 * e2e); otherwise the output is kept and printed in one block when the step ends, so steps of the
 * two tracks never mix.
 */
function run(step, { niceness = 0 } = {}) {
  const started = Date.now();
  const command = niceness > 0 && hasNice ? ['nice', '-n', String(niceness), ...step.command] : step.command;
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    if (!step.live) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    } else {
      console.info(`\n── ${step.name} (streamed)`);
    }
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      timings.push({ name: step.name, seconds, ok, startedAt: started });
      process.stdout.write(`\n── ${step.name}: ${ok ? 'passed' : 'FAILED'} (${seconds.toFixed(0)} s)\n`);
      if (!step.live && (!ok || output.length > 0)) process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

/** Runs a track's steps one after another; a failure is recorded and the track goes on. */
async function runTrack(steps, options) {
  let ok = true;
  for (const step of steps) {
    if (step.needsPrevious && !ok) continue;
    ok = (await run(step, options)) && ok;
  }
  return ok;
}

function printTimings(started) {
  const total = (Date.now() - started) / 1000;
  const width = Math.max(...timings.map((t) => t.name.length));
  console.info('\nnpm test, time per step (two tracks side by side: the browser track, and the Node track at lower priority):');
  for (const t of [...timings].sort((a, b) => a.startedAt - b.startedAt)) {
    const from = ((t.startedAt - started) / 1000).toFixed(0);
    console.info(`  ${t.name.padEnd(width)}  ${t.seconds.toFixed(0).padStart(5)} s  (from ${from.padStart(4)} s)${t.ok ? '' : '  FAILED'}`);
  }
  console.info(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s (${(total / 60).toFixed(1)} min)`);
}

const started = Date.now();
const [browserOk, nodeOk] = await Promise.all([runTrack(browserTrack), runTrack(nodeTrack, { niceness: NODE_TRACK_NICENESS })]);
printTimings(started);
process.exit(browserOk && nodeOk ? 0 : 1);
