// `npm run web`: the browser shell. Builds the renderer, then runs our API server serving it on
// the same origin, on the embedded PGlite database with demo data unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const port = process.env.PORT ?? '8000';
const host = process.env.HOST ?? '127.0.0.1';
const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: port, HOST: host, NARIC_WEB_ROOT: resolve(root, 'out/renderer') },
});

const url = `http://${host}:${port}/`;
const started = Date.now();
const poll = setInterval(async () => {
  try {
    const answer = await fetch(`${url}api/health/`);
    if (answer.status < 500 || answer.status === 503) {
      clearInterval(poll);
      console.info(`\nNARIC back-office (browser shell) is running: open ${url} in your browser. Ctrl+C stops it.\n`);
    }
  } catch {
    if (Date.now() - started > 120_000) {
      clearInterval(poll);
      console.error('The server did not start within 2 minutes; see the log above.');
    }
  }
}, 500);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  clearInterval(poll);
  process.exit(code ?? 0);
});
