import type { ServerProcessMessage } from '../shared/server-process';
import { startCompilingPgliteWasm } from './db/pglite-wasm';
import type { StartedServer } from './start';

// `npm run server`, and the desktop's embedded server (an Electron utility process that talks
// through process.parentPort). Started by Node's fork() it talks through process.send instead.

// First thing: the embedded database's engine compiles on V8's background threads
// while this thread loads the app's modules (imported below, not statically, so nothing loads
// before this line runs). A PostgreSQL server (DATABASE_URL) has no use for it.
if (!process.env.DATABASE_URL?.trim()) startCompilingPgliteWasm();
const loadingConfig = import('./config');
const loadingStart = import('./start');
const loadingMessages = import('../shared/server-process');
// Awaited where used; a failed import must not surface first as an unhandled rejection.
for (const loading of [loadingConfig, loadingStart, loadingMessages]) loading.catch(() => {});

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
}

const parentPort = (process as NodeJS.Process & { parentPort?: ParentPort }).parentPort;
const forked = typeof process.send === 'function';
const SHUTDOWN_GRACE_MS = 10_000;

/** Resolves once the message is handed over, so the process may exit right after. */
async function tellParent(message: ServerProcessMessage): Promise<void> {
  parentPort?.postMessage(message);
  if (forked) await new Promise<void>((resolve) => process.send?.(message, undefined, {}, () => resolve()));
}

let server: StartedServer | undefined;
let stopping = false;

async function shutdown(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  server?.app.log.info({ reason }, 'shutting down');
  const force = setTimeout(() => {
    console.error(`The server did not stop within ${SHUTDOWN_GRACE_MS / 1000} s; exiting.`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  try {
    await server?.close();
    process.exit(0);
  } catch (error) {
    console.error('Shutdown failed:', error);
    process.exit(1);
  }
}

function listenToParent(): void {
  // Listening at once (a parent that goes away early is still heard); the message schema loads
  // with the rest.
  const onMessage = (data: unknown) => {
    void loadingMessages.then(({ serverControlMessage }) => {
      if (serverControlMessage.safeParse(data).success) void shutdown('parent asked');
    });
  };
  parentPort?.on('message', (event) => onMessage(event.data));
  if (forked) {
    process.on('message', onMessage);
    process.on('disconnect', () => void shutdown('parent disconnected'));
  }
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
  listenToParent();
  const { ConfigError, loadConfig } = await loadingConfig;
  try {
    const config = loadConfig();
    const { startServer } = await loadingStart;
    server = await startServer(config, { seedAfterListening: true });
    server.app.log.info({ url: server.url }, `NARIC API listening at ${server.url}/api/ (docs: ${server.url}/api/docs/)`);
    await tellParent({ type: 'listening', url: server.url });
  } catch (error) {
    stopping = true;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ConfigError) console.error(message);
    else console.error('The server could not start:', error);
    await tellParent({ type: 'failed', message });
    // Electron's postMessage has no delivery callback: give it a moment before the process goes.
    if (parentPort) await new Promise((resolve) => setTimeout(resolve, 100));
    process.exit(1);
  }
}

void main();
