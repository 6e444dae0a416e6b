import { serverProcessMessage } from '../shared/server-process';
import type { MainLog } from './log';

// When no server URL is configured the desktop runs our API server itself, in an Electron utility
// process. The messages are those of src/shared/server-process.ts: the child posts
// {type:'listening', url} or {type:'failed', message}; we post {type:'shutdown'} and it closes and
// exits. Electron's `utilityProcess.fork` is injected, so this logic is tested with a fake child.

/** The part of Electron's UtilityProcess used here. */
export interface ServerChild {
  readonly pid?: number | undefined;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  postMessage(message: unknown): void;
  kill(): boolean;
}

export type ForkServer = (modulePath: string, args: string[], options: { env: Record<string, string>; serviceName: string }) => ServerChild;

export interface EmbeddedServerOptions {
  fork: ForkServer;
  /** out/main/server.js, built from src/server/main.ts. */
  modulePath: string;
  /** <userData>/server: the embedded database and document storage. */
  dataDir: string;
  /** The environment the child starts from (process.env). */
  baseEnv?: Record<string, string | undefined>;
  /** A first start creates and seeds the database (PGlite: several seconds on a slow disk). */
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  log?: MainLog;
}

export interface EmbeddedServer {
  /** The server's origin, e.g. http://127.0.0.1:53012. */
  readonly url: string;
  /** Asks the server to shut down; kills it if it has not exited within the stop time-out. */
  stop(): Promise<void>;
}

export const EMBEDDED_START_TIMEOUT_MS = 120_000;
export const EMBEDDED_STOP_TIMEOUT_MS = 5_000;

export class EmbeddedServerError extends Error {
  override readonly name = 'EmbeddedServerError';
}

/** An http(s) origin, or null for anything else. */
function serverOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

// The embedded server is always the embedded one: a DATABASE_URL or web root left in the shell
// that started the desktop must not redirect it.
const NOT_INHERITED = new Set(['DATABASE_URL', 'NARIC_WEB_ROOT', 'PORT', 'HOST']);

export function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const startTimeoutMs = options.startTimeoutMs ?? EMBEDDED_START_TIMEOUT_MS;
  const stopTimeoutMs = options.stopTimeoutMs ?? EMBEDDED_STOP_TIMEOUT_MS;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.baseEnv ?? {})) if (value !== undefined && !NOT_INHERITED.has(key)) env[key] = value;
  Object.assign(env, {
    NARIC_DATA_DIR: options.dataDir,
    PORT: '0',
    // Loopback only: the embedded server serves this desktop, not the network.
    HOST: '127.0.0.1',
    NARIC_DEMO: '1',
  });

  const child = options.fork(options.modulePath, [], { env, serviceName: 'NARIC API server' });
  let exited = false;
  let exitCode: number | null = null;
  const exitListeners: Array<() => void> = [];
  child.on('exit', (code) => {
    exited = true;
    exitCode = code;
    for (const listener of exitListeners.splice(0)) listener();
  });
  const whenExited = () => new Promise<void>((resolve) => (exited ? resolve() : exitListeners.push(resolve)));

  const stop = async (): Promise<void> => {
    if (exited) return;
    try {
      child.postMessage({ type: 'shutdown' });
    } catch {
      // The channel may already be closed; the kill below still ends the child.
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), stopTimeoutMs)));
    const outcome = await Promise.race([whenExited().then(() => 'exited' as const), gaveUp]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      options.log?.warn('embedded server: no exit after shutdown; killing it', { pid: child.pid });
      child.kill();
      await Promise.race([whenExited(), new Promise((resolve) => setTimeout(resolve, stopTimeoutMs))]);
    }
  };

  return new Promise<EmbeddedServer>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      options.log?.error('embedded server: did not report listening in time', { startTimeoutMs });
      void stop();
      reject(new EmbeddedServerError(`The embedded API server did not start within ${Math.round(startTimeoutMs / 100) / 10} s.`));
    }, startTimeoutMs);

    child.on('message', (raw) => {
      if (settled) return;
      const message = serverProcessMessage.safeParse(raw);
      if (!message.success) return;
      if (message.data.type === 'failed') {
        settled = true;
        clearTimeout(timer);
        options.log?.error('embedded server: failed to start', { message: message.data.message });
        void stop();
        reject(new EmbeddedServerError(`The embedded API server could not start: ${message.data.message}`));
        return;
      }
      const url = serverOrigin(message.data.url);
      if (!url) return;
      settled = true;
      clearTimeout(timer);
      options.log?.info('embedded server: listening', { url, pid: child.pid });
      resolve({ url, stop });
    });
    exitListeners.push(() => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.log?.error('embedded server: exited before listening', { exitCode });
      reject(new EmbeddedServerError(`The embedded API server stopped before it was ready (exit code ${String(exitCode)}).`));
    });
  });
}
