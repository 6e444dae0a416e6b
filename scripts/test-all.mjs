// `npm test`: every check of the project, in the order a failure is cheapest to find, with a
// timing table at the end so the 20-minute budget of `npm test` stays visible.
//
// The machines have two cores. The first checks (type-check, lint, dependency rules and the
// build the end-to-end suite needs) each use one core, so they run two at a time; the test
// suites after them use both cores each and run one after another (two at once only slowed both
// and made time-outs flaky). A failing step stops the run after the steps already started end.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const npx = (...args) => ['npx', ...args];
// The type-checks run TypeScript 7's native compiler (devDependency `typescript-native`, the
// typescript package's 7.x release): the same checks as the 6.x compiler that editors and
// typescript-eslint load as `typescript`, for about a third of its CPU (node project: ~50 CPU-s
// against ~131 s on this machine; all four: ~100 against ~256).
const tsc = (project) => ['node', 'node_modules/typescript-native/bin/tsc', '-p', project];

/** Steps of the first stage: each runs on one core, so two go side by side. */
const checks = [
  { name: 'typecheck: shared', command: tsc('tsconfig.shared.json') },
  { name: 'typecheck: node', command: tsc('tsconfig.node.json') },
  { name: 'typecheck: renderer', command: tsc('tsconfig.web.json') },
  { name: 'typecheck: e2e', command: tsc('tsconfig.e2e.json') },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'deps:check', command: ['npm', 'run', '--silent', 'deps:check'] },
  { name: 'build (for e2e)', command: npx('electron-vite', 'build') },
];

/** Suites that use both cores each, one after another. */
const suites = [
  { name: 'unit', command: ['npm', 'run', '--silent', 'test:unit'] },
  { name: 'vault', command: ['npm', 'run', '--silent', 'test:vault'] },
  { name: 'server', command: ['npm', 'run', '--silent', 'test:server'] },
  { name: 'e2e', command: npx('playwright', 'test') },
];

const timings = [];

/**
 * CPU seconds used so far by the finished child processes of this run (and the children they
 * waited for), from Linux's /proc; null elsewhere. A step's figure is read when it ends, so it is
 * exact for steps that run alone; the checks run two at a time, and share theirs.
 */
function childCpuSeconds() {
  try {
    // Fields 16 and 17 (cutime, cstime), after the command name, which may contain spaces.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds the whole machine has been busy (all cores, every process: PostgreSQL, Chromium's
 * processes that no parent waited for, the e2e server), from /proc/stat; null elsewhere. For a
 * step that runs alone it is the honest cost: the children's figure misses what was not reaped.
 */
function machineBusySeconds() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: user, nice, system, irq and softirq are work
    // done here (idle and iowait are not, steal is another machine's).
    const busy = [0, 1, 2, 5, 6].reduce((sum, index) => sum + (ticks[index] ?? 0), 0);
    return busy / 100;
  } catch {
    return null;
  }
}

/**
 * Runs one step. `live` streams its output as it comes (one step at a time); otherwise the
 * output is kept and printed in one block when the step ends, so side-by-side steps never mix.
 */
function run(step, { live }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0], step.command.slice(1), { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    if (!live) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const cpuBefore = childCpuSeconds();
    const busyBefore = machineBusySeconds();
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      const cpuAfter = childCpuSeconds();
      const busyAfter = machineBusySeconds();
      timings.push({
        name: step.name,
        seconds,
        ok,
        cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
        busy: busyBefore === null || busyAfter === null ? null : busyAfter - busyBefore,
      });
      if (!live) {
        process.stdout.write(`\n── ${step.name}: ${ok ? 'passed' : 'FAILED'} (${seconds.toFixed(0)} s)\n`);
        if (!ok || output.length > 0) process.stdout.write(Buffer.concat(output));
      }
      resolve(ok);
    });
  });
}

/** Runs the steps `width` at a time; resolves false once any failed (started ones still end). */
async function inParallel(steps, width) {
  const queue = [...steps];
  let failed = false;
  const worker = async () => {
    while (!failed && queue.length > 0) {
      const step = queue.shift();
      if (!(await run(step, { live: false }))) failed = true;
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return !failed;
}

function printTimings(started) {
  const total = (Date.now() - started) / 1000;
  const width = Math.max(...timings.map((t) => t.name.length));
  // CPU seconds beside the wall time: a step that uses far less CPU than cores × time waits on
  // something (timers, the network), and could share the machine with another.
  // The machine's figure beside it: every process's CPU while the step ran (the checks share it).
  const cpu = (seconds) => (seconds === null ? '' : `  ${seconds.toFixed(0).padStart(5)} s CPU`);
  const busy = (seconds) => (seconds === null ? '' : `  ${seconds.toFixed(0).padStart(5)} s machine`);
  console.info('\nnpm test, time per step (the first stage ran two at a time):');
  for (const t of timings) console.info(`  ${t.name.padEnd(width)}  ${t.seconds.toFixed(0).padStart(5)} s${cpu(t.cpu)}${busy(t.busy)}${t.ok ? '' : '  FAILED'}`);
  const totalCpu = childCpuSeconds();
  const totalBusy = machineBusyAtStart === null ? null : machineBusySeconds() - machineBusyAtStart;
  console.info(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s (${(total / 60).toFixed(1)} min)${cpu(totalCpu)}${busy(totalBusy)}`);
}

const started = Date.now();
const machineBusyAtStart = machineBusySeconds();
let ok = await inParallel(checks, 2);
for (const suite of suites) {
  if (!ok) break;
  console.info(`\n── ${suite.name}`);
  ok = await run(suite, { live: true });
}
printTimings(started);
process.exit(ok ? 0 : 1);
