import { describe, expect, it } from 'vitest';
import { createApiTarget } from '../../../src/main/api-target';
import type { EmbeddedServer } from '../../../src/main/embedded-server';

function embeddedFactory(fail = false) {
  const started: { url: string; stopped: boolean }[] = [];
  const start = async (): Promise<EmbeddedServer> => {
    if (fail) throw new Error('The embedded API server did not start within 120 s.');
    const record = { url: `http://127.0.0.1:${5000 + started.length}`, stopped: false };
    started.push(record);
    return {
      url: record.url,
      stop: async () => {
        record.stopped = true;
      },
    };
  };
  return { start, started };
}

describe('api target', () => {
  it('uses the configured URL and never starts the embedded server', async () => {
    const { start, started } = embeddedFactory();
    const target = createApiTarget({ configuredUrl: () => 'https://naric.example', startEmbedded: start });
    expect(await target.url()).toBe('https://naric.example');
    expect(target.isEmbedded()).toBe(false);
    expect(started).toHaveLength(0);
  });

  it('starts one embedded server for concurrent first calls', async () => {
    const { start, started } = embeddedFactory();
    const target = createApiTarget({ configuredUrl: () => null, startEmbedded: start });
    expect(target.knownUrl()).toBeNull();
    expect(await Promise.all([target.url(), target.url(), target.url()])).toEqual(Array(3).fill('http://127.0.0.1:5000'));
    expect(started).toHaveLength(1);
    expect(target.knownUrl()).toBe('http://127.0.0.1:5000');
    expect(target.isEmbedded()).toBe(true);
  });

  it('stops the embedded server once a URL is configured, and starts a fresh one when it is removed', async () => {
    const { start, started } = embeddedFactory();
    let configured: string | null = null;
    const target = createApiTarget({ configuredUrl: () => configured, startEmbedded: start });
    await target.url();
    configured = 'https://naric.example';
    await target.reconfigured();
    expect(started[0].stopped).toBe(true);
    expect(await target.url()).toBe('https://naric.example');
    configured = null;
    await target.reconfigured();
    expect(await target.url()).toBe('http://127.0.0.1:5001');
  });

  it('remembers a failed start instead of forking again on every call', async () => {
    let attempts = 0;
    const target = createApiTarget({
      configuredUrl: () => null,
      startEmbedded: () => {
        attempts += 1;
        return embeddedFactory(true).start();
      },
    });
    await expect(target.url()).rejects.toThrow('did not start');
    await expect(target.url()).rejects.toThrow('did not start');
    expect(attempts).toBe(1);
    await expect(target.stop()).resolves.toBeUndefined();
  });

  it('stop() stops a running embedded server', async () => {
    const { start, started } = embeddedFactory();
    const target = createApiTarget({ configuredUrl: () => null, startEmbedded: start });
    await target.url();
    await target.stop();
    expect(started[0].stopped).toBe(true);
    expect(target.knownUrl()).toBeNull();
  });
});
