import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startEmbeddedServer, type ForkServer, type ServerChild } from '../../../src/main/embedded-server';
import { recordingLog } from './fakes';

/** A stand-in for Electron's UtilityProcess, scripted by the test. */
class FakeChild extends EventEmitter implements ServerChild {
  readonly pid = 4242;
  readonly posted: unknown[] = [];
  killed = false;
  onShutdown: 'exit' | 'ignore' = 'exit';
  postMessage(message: unknown): void {
    this.posted.push(message);
    if ((message as { type?: string }).type === 'shutdown' && this.onShutdown === 'exit') setTimeout(() => this.emit('exit', 0), 5);
  }
  kill(): boolean {
    this.killed = true;
    setTimeout(() => this.emit('exit', 143), 5);
    return true;
  }
}

function fakeFork() {
  const child = new FakeChild();
  const forks: { modulePath: string; args: string[]; env: Record<string, string>; serviceName: string }[] = [];
  const fork: ForkServer = (modulePath, args, options) => {
    forks.push({ modulePath, args, ...options });
    return child;
  };
  return { child, fork, forks };
}

describe('embedded server', () => {
  it('forks server.js with the data folder, port 0, loopback and demo data, and resolves on {type:listening}', async () => {
    const { child, fork, forks } = fakeFork();
    const starting = startEmbeddedServer({
      fork,
      modulePath: '/app/out/main/server.js',
      dataDir: '/home/officer/.config/NARIC Back-office/server',
      baseEnv: { PATH: '/usr/bin', PORT: '8000', DATABASE_URL: 'postgres://dev@localhost/naric', NARIC_WEB_ROOT: 'out/renderer', UNSET: undefined },
    });
    child.emit('message', { type: 'log', text: 'migrating' });
    child.emit('message', { type: 'listening', url: 'http://127.0.0.1:53012/' });
    const server = await starting;
    expect(server.url).toBe('http://127.0.0.1:53012');
    expect(forks[0]).toMatchObject({ modulePath: '/app/out/main/server.js', args: [] });
    expect(forks[0].env).toEqual({
      PATH: '/usr/bin',
      NARIC_DATA_DIR: '/home/officer/.config/NARIC Back-office/server',
      PORT: '0',
      HOST: '127.0.0.1',
      NARIC_DEMO: '1',
    });
  });

  it('ignores malformed listening messages', async () => {
    const { child, fork } = fakeFork();
    const starting = startEmbeddedServer({ fork, modulePath: 'server.js', dataDir: '/d', startTimeoutMs: 200 });
    child.emit('message', { type: 'listening', url: 'file:///etc/passwd' });
    child.emit('message', { type: 'listening', url: 42 });
    child.emit('message', 'listening');
    await expect(starting).rejects.toThrow('The embedded API server did not start within 0.2 s.');
  });

  it('times out with a clear error and stops the child', async () => {
    const { child, fork } = fakeFork();
    const log = recordingLog();
    await expect(startEmbeddedServer({ fork, modulePath: 'server.js', dataDir: '/d', startTimeoutMs: 300, log })).rejects.toMatchObject({
      name: 'EmbeddedServerError',
      message: 'The embedded API server did not start within 0.3 s.',
    });
    expect(child.posted).toEqual([{ type: 'shutdown' }]);
    expect(log.entries[0]).toMatchObject({ level: 'error', message: 'embedded server: did not report listening in time' });
  });

  it('fails at once with the server\'s reason when it reports {type:failed}', async () => {
    const { child, fork } = fakeFork();
    const starting = startEmbeddedServer({ fork, modulePath: 'server.js', dataDir: '/d', startTimeoutMs: 60_000 });
    child.emit('message', { type: 'failed', message: 'Invalid server configuration: NARIC_DATA_DIR is not writable' });
    await expect(starting).rejects.toThrow('The embedded API server could not start: Invalid server configuration: NARIC_DATA_DIR is not writable');
    expect(child.posted).toEqual([{ type: 'shutdown' }]);
  });

  it('fails at once when the child exits before listening', async () => {
    const { child, fork } = fakeFork();
    const starting = startEmbeddedServer({ fork, modulePath: 'server.js', dataDir: '/d', startTimeoutMs: 60_000 });
    child.emit('exit', 1);
    await expect(starting).rejects.toThrow('The embedded API server stopped before it was ready (exit code 1).');
  });

  it('stop asks for a shutdown and waits for the exit', async () => {
    const { child, fork } = fakeFork();
    const starting = startEmbeddedServer({ fork, modulePath: 'server.js', dataDir: '/d' });
    child.emit('message', { type: 'listening', url: 'http://127.0.0.1:4000' });
    const server = await starting;
    await server.stop();
    expect(child.posted).toEqual([{ type: 'shutdown' }]);
    expect(child.killed).toBe(false);
    await server.stop();
    expect(child.posted).toHaveLength(1);
  });

  it('stop kills a child that ignores the shutdown after the stop time-out', async () => {
    const { child, fork } = fakeFork();
    child.onShutdown = 'ignore';
    const starting = startEmbeddedServer({ fork, modulePath: 'server.js', dataDir: '/d', stopTimeoutMs: 100 });
    child.emit('message', { type: 'listening', url: 'http://127.0.0.1:4000' });
    const server = await starting;
    const started = Date.now();
    await server.stop();
    expect(child.killed).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });
});
