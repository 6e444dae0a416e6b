// `npm start`: builds and opens the desktop application. Where the Electron binary is missing (an
// offline install), it says so in one paragraph and offers the browser shell (`npm run web`).
// `node scripts/start.mjs --dry-run` prints what it would run, and runs nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';

const root = resolve(import.meta.dirname, '..');
const dryRun = process.argv.includes('--dry-run');
const windows = process.platform === 'win32';

/**
 * The Electron executable, or null when it is not installed. Reads what the electron package
 * reads (path.txt, dist/, ELECTRON_OVERRIDE_DIST_PATH) instead of require('electron'): since
 * Electron 42 that require starts a download when the binary is missing, which hangs offline.
 */
function findElectronBinary() {
  let packageDir;
  try {
    packageDir = dirname(createRequire(join(root, 'package.json')).resolve('electron/package.json'));
  } catch {
    return null;
  }
  let relative = '';
  try {
    relative = readFileSync(join(packageDir, 'path.txt'), 'utf8').trim();
  } catch {
    // No path.txt: the binary was never extracted.
  }
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const candidate = override ? join(override, relative || 'electron') : relative ? join(packageDir, 'dist', relative) : null;
  return candidate && existsSync(candidate) ? candidate : null;
}

function wrap(text, width = 96) {
  const lines = [];
  let line = '';
  // A `quoted command` stays on one line.
  for (const word of text.match(/`[^`]*`\S*|\S+/g) ?? []) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

const MISSING_ELECTRON = wrap(
  'The Electron binary is not installed, so the desktop window cannot open. This is what an ' +
    'air-gapped or offline install gives (npm ci with ELECTRON_SKIP_BINARY_DOWNLOAD=1, or no access to ' +
    'github.com, where the binary is downloaded from); the rest of the application is installed. On a ' +
    'machine with internet access, install the binary with `npm rebuild electron` (or ' +
    '`node node_modules/electron/install.js`) and run `npm start` again. The same application also ' +
    'runs in a browser: `npm run web` builds it, starts the API server and prints the address to open.',
);

function run(command, args) {
  if (dryRun) {
    console.info(`would run: ${[command, ...args].join(' ')}`);
    return null;
  }
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: windows });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

function runSync(command, args) {
  if (dryRun) {
    console.info(`would run: ${[command, ...args].join(' ')}`);
    return 0;
  }
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: windows }).status ?? 1;
}

const npx = windows ? 'npx.cmd' : 'npx';
const npm = windows ? 'npm.cmd' : 'npm';

function startBrowserShell() {
  run(npm, ['run', 'web']);
}

async function askYesNo(question) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (await prompt.question(question)).trim().toLowerCase();
    return answer === '' || answer === 'y' || answer === 'yes';
  } finally {
    prompt.close();
  }
}

const electron = findElectronBinary();
if (electron) {
  console.info(`Electron found at ${electron}; building the application…`);
  const built = runSync(npx, ['electron-vite', 'build']);
  if (built !== 0) {
    console.error('The build failed (see above); the desktop application was not started.');
    process.exit(built);
  }
  run(npx, ['electron-vite', 'preview']);
} else {
  console.error(`\n${MISSING_ELECTRON}\n`);
  if (process.env.NARIC_START_WEB === '1') {
    console.info('NARIC_START_WEB=1: starting the browser shell.');
    startBrowserShell();
  } else if (process.stdin.isTTY) {
    if (await askYesNo('Start the browser shell now? [Y/n] ')) startBrowserShell();
    else process.exit(1);
  } else {
    // Not interactive (CI, a script): fail clearly rather than wait for an answer nobody gives.
    if (dryRun) console.info('would exit with status 1 (no TTY to ask, NARIC_START_WEB is not 1)');
    process.exit(1);
  }
}
