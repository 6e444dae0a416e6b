import type { EmbeddedServer } from './embedded-server';
import type { MainLog } from './log';

// Which API server the desktop talks to: the configured URL, or else the embedded server, started
// on first need and stopped when a URL is configured or the app quits.

export interface ApiTarget {
  /** The server's origin; starts the embedded server when none is configured. */
  url(): Promise<string>;
  /** The origin if already known, without starting anything. */
  knownUrl(): string | null;
  isEmbedded(): boolean;
  /** Call after the configured URL changed: stops an embedded server that is no longer needed. */
  reconfigured(): Promise<void>;
  stop(): Promise<void>;
}

export function createApiTarget(options: {
  configuredUrl: () => string | null;
  startEmbedded: () => Promise<EmbeddedServer>;
  log?: MainLog;
}): ApiTarget {
  let embedded: Promise<EmbeddedServer> | null = null;
  let embeddedUrl: string | null = null;

  function ensureEmbedded(): Promise<EmbeddedServer> {
    // A failed start is remembered, not retried per call: every API call would fork a new server.
    embedded ??= options.startEmbedded().then((server) => {
      embeddedUrl = server.url;
      return server;
    });
    return embedded;
  }

  async function stopEmbedded(): Promise<void> {
    const running = embedded;
    embedded = null;
    embeddedUrl = null;
    if (!running) return;
    const server = await running.catch(() => null);
    await server?.stop().catch((thrown: unknown) => options.log?.warn('embedded server: stop failed', thrown));
  }

  return {
    async url() {
      const configured = options.configuredUrl();
      if (configured) return configured;
      return (await ensureEmbedded()).url;
    },
    knownUrl: () => options.configuredUrl() ?? embeddedUrl,
    isEmbedded: () => options.configuredUrl() === null,
    async reconfigured() {
      if (options.configuredUrl() !== null) await stopEmbedded();
    },
    stop: stopEmbedded,
  };
}
