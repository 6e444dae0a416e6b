// `npm test`: every check of the project, with a timing table at the end so the 15-minute
// budget of `npm test` stays visible.
//
// The machines have two cores. The end-to-end suite is the longest step but waits more than it
// computes (a browser waiting for the server and for screens to settle), so it runs in its own
// lane from the moment the build it needs is ready, while the other lane runs the checks and the
// other suites one after another, in the order a failure is cheapest to find. A failing step
// stops its lane; the other lane ends its run, and the whole run fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const npx = (...args) => ['npx', ...args];

/** What the end-to-end suite needs before it can start. */
const build = { name: 'build (for e2e)', command: npx('electron-vite', 'build') };

/** The end-to-end suite: its own lane, output printed in one block when it ends. */
const e2e = { name: 'e2e', command: npx('playwright', 'test') };

/** The other lane, one step after another, output streamed as it comes. */
const steps = [
  { name: 'typecheck: shared', command: npx('tsc', '-p', 'tsconfig.shared.json') },
  { name: 'typecheck: node', command: npx('tsc', '-p', 'tsconfig.node.json') },
  { name: 'typecheck: renderer', command: npx('tsc', '-p', 'tsconfig.web.json') },
  { name: 'typecheck: e2e', command: npx('tsc', '-p', 'tsconfig.e2e.json') },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'deps:check', command: ['npm', 'run', '--silent', 'deps:check'] },
  { name: 'unit', command: ['npm', 'run', '--silent', 'test:unit'] },
  { name: 'vault', command: ['npm', 'run', '--silent', 'test:vault'] },
  { name: 'server', command: ['npm', 'run', '--silent', 'test:server'] },
];

const timings = [];
/** CPU seconds of the steps ended so far. */
let closedCpu = 0;

/**
 * CPU seconds used so far by the finished child processes of this run (and the children they
 * waited for), from Linux's /proc; null elsewhere. A child's time is added when it ends, so a
 * step's figure is the growth over its run less what the other lane's steps that ended meanwhile
 * brought (closedCpu).
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
    const closedBefore = closedCpu;
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      const cpuAfter = childCpuSeconds();
      const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore - (closedCpu - closedBefore);
      if (cpu !== null) closedCpu += cpu;
      timings.push({ name: step.name, seconds, ok, cpu });
      if (!live) {
        process.stdout.write(`\n── ${step.name}: ${ok ? 'passed' : 'FAILED'} (${seconds.toFixed(0)} s)\n`);
        if (!ok || output.length > 0) process.stdout.write(Buffer.concat(output));
      }
      resolve(ok);
    });
  });
}

function printTimings(started) {
  const total = (Date.now() - started) / 1000;
  const width = Math.max(...timings.map((t) => t.name.length));
  // CPU seconds beside the wall time: a step that uses far less CPU than cores × time waits on
  // something (timers, the network), and could share the machine with another.
  const cpu = (seconds) => (seconds === null ? '' : `  ${seconds.toFixed(0).padStart(5)} s CPU`);
  console.info('\nnpm test, time per step (e2e ran beside the others):');
  for (const t of timings) console.info(`  ${t.name.padEnd(width)}  ${t.seconds.toFixed(0).padStart(5)} s${cpu(t.cpu)}${t.ok ? '' : '  FAILED'}`);
  const totalCpu = childCpuSeconds();
  console.info(`  ${'total'.padEnd(width)}  ${total.toFixed(0).padStart(5)} s (${(total / 60).toFixed(1)} min)${cpu(totalCpu)}`);
}

const started = Date.now();
let ok = await run(build, { live: true });
if (ok) {
  console.info('\n── e2e: runs beside the steps below; its output follows when it ends');
  const lanes = await Promise.all([
    run(e2e, { live: false }),
    (async () => {
      for (const step of steps) {
        console.info(`\n── ${step.name}`);
        if (!(await run(step, { live: true }))) return false;
      }
      return true;
    })(),
  ]);
  ok = lanes.every(Boolean);
}
printTimings(started);
process.exit(ok ? 0 : 1);
