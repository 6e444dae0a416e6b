import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { User } from '../shared/api/auth';
import type { ServerConfig } from './config';
import { pgliteOf, type AppDatabase } from './db/database';

// The signed-in user of a request, without reading the user, groups, permissions and session on
// every request. Migration 0038's triggers send `pg_notify('naric_auth', <user id>)` in the
// transaction that changes what the user object is made of (the user row, their groups or direct
// permissions, the end of one of their sign-in sessions) and '*' when a group's permissions,
// a group's name or a permission change. PostgreSQL delivers a notification to every listening
// connection, so every instance drops what it kept.
//
// A notification travels apart from the answer to the write, so before answering from what it
// kept an instance makes sure it has read every notification committed before the request: one
// empty round trip on its listening connection (PostgreSQL sends a listener the notifications
// it was signalled about before it answers the listener's next statement, and the committing
// transaction signals before its own client sees the commit). Requests waiting at the same time
// share one round trip. On PGlite (one connection, one process) a notification comes back inside
// the statement that commits, so there is nothing to wait for.
//
// While the listening connection is not up (starting, lost, reconnecting), nothing is kept and
// every request reads the user as before.

const CHANNEL = 'naric_auth';
const EVERYONE = '*';
const MAX_USERS = 20_000;
const RECONNECT_MS = 1_000;
/** A database that accepts the connection but never answers must not hold a start or a close. */
const CONNECT_TIMEOUT_MS = 5_000;
const CLOSE_WAIT_MS = 1_000;

const requireDriver = createRequire(import.meta.url);

export interface SignedInUsers {
  /** The user object of an access token's user and session, as loadUserObject reads it (null: no such user or the session ended). */
  load(userId: number, sessionId: string | null): Promise<User | null>;
  close(): Promise<void>;
}

interface Invalidations {
  /** Resolves true once every notification committed before the call has been handled; false when that cannot be known now. */
  caughtUp(): Promise<boolean>;
  close(): Promise<void>;
}

/** How the user object is read from the database (auth-context.ts's loadUserObject). */
export type ReadUser = (db: AppDatabase, userId: number, sessionId: string | null) => Promise<User | null>;

export function createSignedInUsers(db: AppDatabase, config: Pick<ServerConfig, 'databaseUrl'>, readUser: ReadUser): SignedInUsers {
  /** user id → session id ('' for a tool-made token) → user object. */
  const kept = new Map<number, Map<string, User>>();
  let listening = false;
  /** Counts notifications and losses of the listener: a read that saw it change may be out of date before it is kept. */
  let generation = 0;

  const forget = (payload: string) => {
    generation += 1;
    if (payload === EVERYONE) kept.clear();
    else kept.delete(Number(payload));
  };
  const setListening = (value: boolean) => {
    listening = value;
    forget(EVERYONE);
  };

  const pglite = pgliteOf(db);
  const invalidations: Invalidations = pglite
    ? listenOnPglite(pglite, forget, setListening)
    : listenOnPostgres(config.databaseUrl!, forget, setListening);

  return {
    async load(userId, sessionId) {
      const key = sessionId ?? '';
      if (listening && kept.get(userId)?.has(key) && (await invalidations.caughtUp())) {
        const user = kept.get(userId)?.get(key);
        if (user) return { ...user };
      }
      const before = generation;
      const user = await readUser(db, userId, sessionId);
      if (user && listening && generation === before) {
        if (!kept.has(userId) && kept.size >= MAX_USERS) kept.delete(kept.keys().next().value!);
        const sessions = kept.get(userId) ?? new Map<string, User>();
        sessions.set(key, user);
        kept.set(userId, sessions);
        return { ...user };
      }
      return user;
    },
    close: () => invalidations.close(),
  };
}

type PgliteInstance = NonNullable<ReturnType<typeof pgliteOf>>;

function listenOnPglite(pglite: PgliteInstance, forget: (payload: string) => void, setListening: (value: boolean) => void): Invalidations {
  let stop: (() => Promise<void>) | null = null;
  void pglite.listen(CHANNEL, forget).then(
    (unlisten: () => Promise<void>) => {
      stop = unlisten;
      setListening(true);
    },
    () => setListening(false),
  );
  return {
    caughtUp: () => Promise.resolve(true),
    async close() {
      setListening(false);
      if (stop && !pglite.closed) await stop().catch(() => {});
    },
  };
}

function listenOnPostgres(databaseUrl: string, forget: (payload: string) => void, setListening: (value: boolean) => void): Invalidations {
  const pg = requireDriver('pg') as typeof PgModule;
  let client: PgModule.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = (lostClient: PgModule.Client) => {
    if (client !== lostClient) return;
    client = null;
    setListening(false);
    void lostClient.end().catch(() => {});
    if (!closed) retry = setTimeout(connect, RECONNECT_MS).unref();
  };
  const connect = () => {
    retry = null;
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client = next;
    next.on('notification', (message) => forget(message.payload ?? EVERYONE));
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next
      .connect()
      .then(() => next.query(`listen ${CHANNEL}`))
      .then(() => {
        if (client === next && !closed) setListening(true);
      })
      .catch(() => lost(next));
  };
  connect();

  // One round trip in flight and at most one queued behind it: a caller that arrives while one is
  // in flight waits for the queued one, which is sent after it arrived.
  let running: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;
  const roundTrip = (): Promise<boolean> => {
    const current = client;
    const trip = current
      ? current.query('select 1').then(
          () => client === current,
          () => false,
        )
      : Promise.resolve(false);
    running = trip.finally(() => {
      running = null;
    });
    return running;
  };
  return {
    caughtUp() {
      if (queued) return queued;
      if (!running) return roundTrip();
      queued = running.then(() => {
        queued = null;
        return roundTrip();
      });
      return queued;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      setListening(false);
      // end() waits for the server's goodbye; a connection still being made (or a silent server)
      // never gives one, and its connect timeout closes the socket anyway.
      if (current) await Promise.race([current.end().catch(() => {}), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    },
  };
}
