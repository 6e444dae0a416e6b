import type { ServerConfig } from './config';
import type { AppDatabase } from './db/database';
import type { DocumentIssuer } from './issued-files';
import type { SignedInUsers } from './signed-in-users';
import type { DocumentStorage } from './storage/document-storage';

/** What every route module may use, reachable as `app.deps` (and `request.server.deps`). */
export interface AppDeps {
  db: AppDatabase;
  config: ServerConfig;
  storage: DocumentStorage;
  /** Renders and stores issued documents in the transaction that issues them (document-issuer.ts). */
  issuer: DocumentIssuer;
  /** The signed-in user of each request, kept per instance until a change to it is notified (signed-in-users.ts). */
  signedInUsers: SignedInUsers;
  /** Now, for whatever depends on the date (deadlines, their reminders); tests pass a controlled clock. Default: the system's. */
  clock?: () => Date;
  /** How often each instance's deadline job looks for reminders and escalations that are due (default 60 s). */
  deadlineJobIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
