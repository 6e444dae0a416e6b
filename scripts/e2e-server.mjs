// The end-to-end tests' server: a fresh PGlite database with demo data, serving out/renderer.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dataDir = resolve(root, 'test-results/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NARIC_DATA_DIR: dataDir, NARIC_DEMO: '1', HOST: '127.0.0.1', NARIC_WEB_ROOT: resolve(root, 'out/renderer'), DATABASE_URL: '' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
