import { serverControlMessage, type ServerProcessMessage } from '../shared/server-process';
import { ConfigError, loadConfig } from './config';
import { startServer, type StartedServer } from './start';

// `npm run server`, and the desktop's embedded server (an Electron utility process that talks
// through process.parentPort). Started by Node's fork() it talks through process.send instead.

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
  const onMessage = (data: unknown) => {
    if (serverControlMessage.safeParse(data).success) void shutdown('parent asked');
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
  try {
    const config = loadConfig();
    server = await startServer(config);
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
