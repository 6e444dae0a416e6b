import type * as Argon2 from '@node-rs/argon2';
import type * as Ldapts from 'ldapts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '../../../src/shared/api/auth';
import { loadConfig } from '../../../src/server/config';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import { TEST_DIRECTORY_GROUPS, TEST_DIRECTORY_PEOPLE, TEST_DIRECTORY_SERVICE_DN, TEST_DIRECTORY_SERVICE_PASSWORD, startTestDirectory, type TestDirectory } from '../../support/slapd';
import { DEMO_PASSWORD, createUser, freshAddress } from './auth-test-helpers';

// Every refused password step does the same expensive work, so the time of a refusal does not
// tell a directory account from a local one or from nobody. Counted, not timed (timings flake on
// a loaded machine): the real Argon2 and the real LDAP client are wrapped to count the Argon2
// verifications that ran and the directory operations made, for each kind of refusal, against a
// real slapd (tests/support/slapd.ts).

const counted = vi.hoisted(() => ({ verifications: 0, directory: [] as string[] }));

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    // Counted once it ran: a hash that cannot be parsed throws at once, having cost nothing.
    verify: async (...args: Parameters<typeof real.verify>) => {
      const matches = await real.verify(...args);
      counted.verifications += 1;
      return matches;
    },
  };
});

vi.mock('ldapts', async (importOriginal) => {
  const real = await importOriginal<typeof Ldapts>();
  class CountingClient extends real.Client {
    override bind(...args: Parameters<InstanceType<typeof real.Client>['bind']>) {
      counted.directory.push('bind');
      return super.bind(...args);
    }
    override search(...args: Parameters<InstanceType<typeof real.Client>['search']>) {
      counted.directory.push('search');
      return super.search(...args);
    }
  }
  return { ...real, Client: CountingClient };
});

const DIRECTORY_PASSWORD = 'Timing-dir-2026';

async function attempt(server: ServerFixture, username: string, password: string) {
  counted.verifications = 0;
  counted.directory = [];
  const answer = await server.app.inject({ method: 'POST', url: `/api${AUTH_PATHS.adminLogin}`, payload: { username, password }, remoteAddress: freshAddress() });
  return { status: answer.statusCode, code: (answer.json() as { code?: string }).code, verifications: counted.verifications, directory: [...counted.directory] };
}

describe('with a directory', () => {
  let directory: TestDirectory;
  let server: ServerFixture;

  beforeAll(async () => {
    directory = await startTestDirectory({
      people: [
        { uid: 'dir.timing', givenName: 'Arta', sn: 'Gashi', mail: 'arta.gashi@naric.test', password: DIRECTORY_PASSWORD },
        // The local demo officer's name in the directory too: a local sign-in must not bind as it.
        { uid: 'officer', givenName: 'Other', sn: 'Officer', password: 'Officer-dir-2026' },
      ],
      groups: [{ cn: 'officers', members: ['dir.timing', 'officer'] }],
    });
    const settings = loadConfig({
      NARIC_JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      NARIC_LDAP_URL: directory.url,
      NARIC_LDAP_BASE_DN: TEST_DIRECTORY_PEOPLE,
      NARIC_LDAP_BIND_DN: TEST_DIRECTORY_SERVICE_DN,
      NARIC_LDAP_BIND_PASSWORD: TEST_DIRECTORY_SERVICE_PASSWORD,
      NARIC_LDAP_GROUP_BASE_DN: TEST_DIRECTORY_GROUPS,
      NARIC_LDAP_GROUP_MAP: `cn=officers,${TEST_DIRECTORY_GROUPS}=NARIC Officers`,
      // The connection to a stopped slapd is refused at once; this only bounds the worst case.
      NARIC_LDAP_CONNECT_TIMEOUT_MS: '2000',
    }).directory!;
    server = await createServerFixture({ config: { directory: settings } });
    await createUser(server.db, { username: 'gone.officer', is_active: false, groups: ['NARIC Officers'] });
    // The directory person signs in once, so a local row of theirs exists as for any regular.
    expect((await attempt(server, 'dir.timing', DIRECTORY_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    await directory?.close();
  });

  it('spends one Argon2 verification and the same directory conversation on every refusal', async () => {
    const refusals = {
      nobody: await attempt(server, 'no.such.person', 'Wrong-password-1'),
      local: await attempt(server, 'officer', 'Wrong-password-1'),
      inactiveLocal: await attempt(server, 'gone.officer', 'Wrong-password-1'),
      directory: await attempt(server, 'dir.timing', 'Wrong-password-1'),
    };
    for (const [path, refusal] of Object.entries(refusals)) {
      expect(refusal, path).toMatchObject({ status: 401, code: 'invalid_credentials', verifications: 1 });
      // Service bind, the login's search, one bind that fails (the person's, or a decoy's).
      expect(refusal.directory, path).toEqual(['bind', 'search', 'bind']);
    }
    // The right password of a disabled local account: refused after the same work.
    expect(await attempt(server, 'gone.officer', DEMO_PASSWORD)).toMatchObject({ status: 401, code: 'account_inactive', verifications: 1, directory: ['bind', 'search', 'bind'] });
  });

  it('spends the same while the directory is down, whoever signs in', async () => {
    await directory.stop();
    try {
      const down = {
        nobody: await attempt(server, 'no.such.person', 'Wrong-password-1'),
        directory: await attempt(server, 'dir.timing', DIRECTORY_PASSWORD),
        local: await attempt(server, 'officer', 'Wrong-password-1'),
      };
      expect(down.nobody).toMatchObject({ status: 503, code: 'directory_unavailable' });
      expect(down.directory).toMatchObject({ status: 503, code: 'directory_unavailable' });
      // Local accounts still sign in (here: are refused their wrong password) without the directory.
      expect(down.local).toMatchObject({ status: 401, code: 'invalid_credentials' });
      for (const [path, refusal] of Object.entries(down)) {
        expect(refusal.verifications, path).toBe(1);
        expect(refusal.directory, path).toEqual(down.nobody.directory);
      }
      expect(down.nobody.directory.length).toBeGreaterThan(0);
    } finally {
      await directory.start();
    }
  });
});

describe('without a directory', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
    const id = await createUser(server.db, { username: 'former.directory' });
    // A directory user kept after the directory was switched off: no hash to verify.
    await server.db.updateTable('users').set({ auth_source: 'ldap', password_hash: '' }).where('id', '=', id).execute();
  });
  afterAll(() => server.close());

  it('spends one Argon2 verification on every refusal, even for an account without a readable hash', async () => {
    for (const username of ['no.such.person', 'officer', 'former.directory']) {
      expect(await attempt(server, username, 'Wrong-password-1'), username).toMatchObject({ status: 401, code: 'invalid_credentials', verifications: 1, directory: [] });
    }
  });
});
