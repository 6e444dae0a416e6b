import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';

// The test server (server-fixture.ts) listening on a port, for a test whose own code is
// type-checked with the browser's types: intake-fault-injection.test.ts drives the renderer's
// counter store (IndexedDB, WebCrypto) in Node, so tsconfig.e2e.json checks it. Importing the
// fixture would have that check re-read the whole server with the DOM's types, as a second copy
// of the node project's check (about 250 CPU-seconds of every `npm test`); the fixture is loaded
// here by a specifier tsc does not follow, behind the few members such a test uses.

export interface ListeningTestServer {
  origin: string;
  db: Kysely<Database>;
  storageDir: string;
  /** An access token of a seeded user. */
  tokenFor(username: string): Promise<string>;
  /** Cuts the connections still open (a body cut half-way waits out the server's time-out), then closes. */
  close(): Promise<void>;
}

export interface FixtureModule {
  createServerFixture(): Promise<{
    app: { listen(options: { host: string; port: number }): Promise<string>; server: { address(): unknown; closeAllConnections(): void } };
    db: Kysely<Database>;
    config: { storageDir: string };
    tokenFor(username: string): Promise<string>;
    close(): Promise<void>;
  }>;
}

const FIXTURE: string = './server-fixture';

export async function startListeningTestServer(): Promise<ListeningTestServer> {
  const { createServerFixture } = (await import(/* @vite-ignore */ FIXTURE)) as FixtureModule;
  const server = await createServerFixture();
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    origin: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`,
    db: server.db,
    storageDir: server.config.storageDir,
    tokenFor: (username) => server.tokenFor(username),
    async close() {
      server.app.server.closeAllConnections();
      await server.close();
    },
  };
}
