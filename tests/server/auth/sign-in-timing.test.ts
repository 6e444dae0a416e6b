import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type DirectorySettings } from '../../../src/server/config';
import { ApiError } from '../../../src/server/errors';
import { createAuthEnvironment, type AuthEnvironment } from '../../../src/server/modules/auth/auth-environment';
import { login } from '../../../src/server/modules/auth/sign-in-service';
import { createPasswordHasher } from '../../../src/server/password-hashing';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import { TEST_DIRECTORY_GROUPS, TEST_DIRECTORY_PEOPLE, TEST_DIRECTORY_SERVICE_DN, TEST_DIRECTORY_SERVICE_PASSWORD, startTestDirectory, type TestDirectory } from '../../support/slapd';
import { DEMO_PASSWORD, createUser, freshAddress } from './auth-test-helpers';

// Every refused password step does the same expensive work, so the time of a refusal does not
// tell a directory account from a local one or from nobody. Counted, not timed (timings flake on
// a loaded machine): the sign-in runs with the real Argon2 wrapped to count the verifications that
// ran, and talks to a real slapd through a relay that notes each LDAP request on the wire.

const DIRECTORY_PASSWORD = 'Timing-dir-2026';

/** Reads one BER tag-length header at `at`: the tag, where the content starts and ends (undefined: incomplete). */
function berHeader(bytes: Buffer, at: number): { tag: number; start: number; end: number } | undefined {
  if (bytes.length < at + 2) return undefined;
  const first = bytes[at + 1]!;
  const lengthBytes = first < 0x80 ? 0 : first & 0x7f;
  if (bytes.length < at + 2 + lengthBytes) return undefined;
  const length = lengthBytes === 0 ? first : bytes.readUIntBE(at + 2, lengthBytes);
  const start = at + 2 + lengthBytes;
  return { tag: bytes[at]!, start, end: start + length };
}

const OPERATIONS: Record<number, string> = { 0x60: 'bind', 0x63: 'search', 0x42: 'unbind', 0x77: 'extended' };

/** The requests in `bytes` (LDAPMessage: SEQUENCE { messageID, protocolOp }), a bind with its DN; returns what is left over. */
function readRequests(bytes: Buffer, seen: string[]): Buffer {
  let at = 0;
  for (;;) {
    const message = berHeader(bytes, at);
    if (!message || bytes.length < message.end) break;
    const id = berHeader(bytes, message.start)!;
    const op = berHeader(bytes, id.end)!;
    const name = OPERATIONS[op.tag] ?? `op-${op.tag}`;
    if (name === 'bind') {
      const version = berHeader(bytes, op.start)!;
      const dn = berHeader(bytes, version.end)!;
      seen.push(`bind ${bytes.subarray(dn.start, dn.end).toString('utf8')}`);
    } else {
      seen.push(name);
    }
    at = message.end;
  }
  return bytes.subarray(at);
}

interface Relay {
  url: string;
  requests: string[];
  connections: number;
  /** 'down': every connection is cut at once, as by a directory that is not there. */
  mode: 'relay' | 'down';
  close(): Promise<void>;
}

async function startRelay(port: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  const relay = { requests: [] as string[], connections: 0, mode: 'relay' as Relay['mode'] };
  const server: Server = createServer((client) => {
    relay.connections += 1;
    if (relay.mode === 'down') {
      client.destroy();
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    let pending: Buffer = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      pending = readRequests(Buffer.concat([pending, chunk]), relay.requests);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the relay has no port');
  return Object.assign(relay, {
    url: `ldap://127.0.0.1:${address.port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

let fixture: ServerFixture;
let directory: TestDirectory;
let relay: Relay;
let settings: DirectorySettings;
const work = { verifications: 0 };
// Cheap parameters as in every server test; counted once a verification ran (an unreadable hash throws at once, having cost nothing).
const passwords = createPasswordHasher(true, {
  hash: argon2Hash,
  verify: async (hashed, password) => {
    const matches = await argon2Verify(hashed, password);
    work.verifications += 1;
    return matches;
  },
});

function environment(withDirectory: boolean): AuthEnvironment {
  return createAuthEnvironment({ db: fixture.db, config: { ...fixture.config, directory: withDirectory ? settings : null } }, { log: fixture.app.log, passwords });
}

/** One sign-in's outcome, the Argon2 verifications it ran and the directory requests it made. */
async function attempt(env: AuthEnvironment, username: string, password: string) {
  work.verifications = 0;
  relay.requests = [];
  relay.connections = 0;
  let outcome: { status: number; code?: string };
  try {
    outcome = { status: (await login(env, { username, password }, freshAddress())).status };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    outcome = { status: error.status, code: error.code };
  }
  return { ...outcome, verifications: work.verifications, directory: [...relay.requests], connections: relay.connections };
}

beforeAll(async () => {
  directory = await startTestDirectory({
    people: [
      { uid: 'dir.timing', givenName: 'Arta', sn: 'Gashi', mail: 'arta.gashi@naric.test', password: DIRECTORY_PASSWORD },
      // The local demo officer's name in the directory too: a local sign-in must never bind as it.
      { uid: 'officer', givenName: 'Other', sn: 'Officer', password: 'Officer-dir-2026' },
    ],
    groups: [{ cn: 'officers', members: ['dir.timing', 'officer'] }],
  });
  relay = await startRelay(directory.port);
  settings = loadConfig({
    NARIC_JWT_SECRET: 'x'.repeat(40),
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
    NARIC_LDAP_URL: relay.url,
    NARIC_LDAP_BASE_DN: TEST_DIRECTORY_PEOPLE,
    NARIC_LDAP_BIND_DN: TEST_DIRECTORY_SERVICE_DN,
    NARIC_LDAP_BIND_PASSWORD: TEST_DIRECTORY_SERVICE_PASSWORD,
    NARIC_LDAP_GROUP_BASE_DN: TEST_DIRECTORY_GROUPS,
    NARIC_LDAP_GROUP_MAP: `cn=officers,${TEST_DIRECTORY_GROUPS}=NARIC Officers`,
  }).directory!;
  fixture = await createServerFixture();
  await createUser(fixture.db, { username: 'gone.officer', is_active: false, groups: ['NARIC Officers'] });
  const former = await createUser(fixture.db, { username: 'former.directory' });
  // A directory user kept after the directory was switched off: no hash to verify.
  await fixture.db.updateTable('users').set({ auth_source: 'ldap', password_hash: '' }).where('id', '=', former).execute();
  // The directory person signs in once, so a local row of theirs exists as for any regular.
  expect((await attempt(environment(true), 'dir.timing', DIRECTORY_PASSWORD)).status).toBe(200);
});

afterAll(async () => {
  await fixture?.close();
  await relay?.close();
  await directory?.close();
});

describe('with a directory', () => {
  it('spends one Argon2 verification and the same directory conversation on every refusal', async () => {
    const env = environment(true);
    const refusals = {
      nobody: await attempt(env, 'no.such.person', 'Wrong-password-1'),
      local: await attempt(env, 'officer', 'Wrong-password-1'),
      inactiveLocal: await attempt(env, 'gone.officer', 'Wrong-password-1'),
      directory: await attempt(env, 'dir.timing', 'Wrong-password-1'),
    };
    // The closing unbind is sent after the answer, so it may not have passed yet: left out.
    const shape = (requests: string[]) => requests.map((request) => request.split(' ')[0]).filter((name) => name !== 'unbind');
    for (const [path, refusal] of Object.entries(refusals)) {
      expect(refusal, path).toMatchObject({ status: 401, code: 'invalid_credentials', verifications: 1, connections: 1 });
      // Service bind, the login's search, one bind that fails (the person's, or a decoy's).
      expect(shape(refusal.directory), path).toEqual(['bind', 'search', 'bind']);
    }
    expect(refusals.directory.directory[2]).toBe(`bind uid=dir.timing,${TEST_DIRECTORY_PEOPLE}`);
    // A local sign-in binds as a decoy, never as the directory entry of the same name, and never with its password.
    expect(refusals.local.directory[2]).toMatch(new RegExp(`^bind cn=naric-sign-in-decoy-[0-9a-f]+,${TEST_DIRECTORY_PEOPLE}$`));
    expect(refusals.nobody.directory[2]).toMatch(/^bind cn=naric-sign-in-decoy-/);
    // The right password of a disabled local account: refused after the same work.
    const disabled = await attempt(env, 'gone.officer', DEMO_PASSWORD);
    expect(disabled).toMatchObject({ status: 401, code: 'account_inactive', verifications: 1 });
    expect(shape(disabled.directory)).toEqual(['bind', 'search', 'bind']);
  });

  it('spends the same while the directory is down, whoever signs in', async () => {
    const env = environment(true);
    relay.mode = 'down';
    try {
      const down = {
        nobody: await attempt(env, 'no.such.person', 'Wrong-password-1'),
        directory: await attempt(env, 'dir.timing', DIRECTORY_PASSWORD),
        local: await attempt(env, 'officer', 'Wrong-password-1'),
      };
      expect(down.nobody).toMatchObject({ status: 503, code: 'directory_unavailable' });
      expect(down.directory).toMatchObject({ status: 503, code: 'directory_unavailable' });
      // Local accounts still sign in (here: are refused their wrong password) without the directory.
      expect(down.local).toMatchObject({ status: 401, code: 'invalid_credentials' });
      for (const [path, refusal] of Object.entries(down)) expect(refusal, path).toMatchObject({ verifications: 1, connections: 1 });
    } finally {
      relay.mode = 'relay';
    }
  });
});

describe('without a directory', () => {
  it('spends one Argon2 verification on every refusal, even for an account without a readable hash', async () => {
    const env = environment(false);
    for (const username of ['no.such.person', 'officer', 'former.directory']) {
      expect(await attempt(env, username, 'Wrong-password-1'), username).toMatchObject({ status: 401, code: 'invalid_credentials', verifications: 1, connections: 0 });
    }
  });
});
