import type { ServerConfig } from './config';
import type { AppDatabase } from './db/database';
import type { DocumentStorage } from './storage/document-storage';

/** What every route module may use, reachable as `app.deps` (and `request.server.deps`). */
export interface AppDeps {
  db: AppDatabase;
  config: ServerConfig;
  storage: DocumentStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
