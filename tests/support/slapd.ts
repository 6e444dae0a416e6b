import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';

// A real OpenLDAP (Debian's slapd) for the directory sign-in tests: its own slapd.conf and mdb
// database in a temporary folder, a test tree loaded with slapadd before it starts, listening on
// a free local port. Started once per test file; stop() and start() again simulate an outage.

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIR = '/usr/lib/ldap';

export const TEST_DIRECTORY_SUFFIX = 'dc=naric,dc=test';
export const TEST_DIRECTORY_ROOT_DN = `cn=admin,${TEST_DIRECTORY_SUFFIX}`;
export const TEST_DIRECTORY_SERVICE_DN = `cn=naric-reader,ou=services,${TEST_DIRECTORY_SUFFIX}`;
export const TEST_DIRECTORY_SERVICE_PASSWORD = 'reader-Secret-2026';
export const TEST_DIRECTORY_GROUPS = `ou=groups,${TEST_DIRECTORY_SUFFIX}`;
export const TEST_DIRECTORY_PEOPLE = `ou=people,${TEST_DIRECTORY_SUFFIX}`;

export interface TestDirectoryPerson {
  uid: string;
  givenName: string;
  sn: string;
  mail?: string;
  password: string;
  /** Marked disabled with employeeType=disabled (the tests' NARIC_LDAP_DISABLED_FILTER). */
  disabled?: boolean;
}

export interface TestDirectoryGroup {
  cn: string;
  /** uids of the members (a groupOfNames needs at least one). */
  members: string[];
}

export interface TestDirectoryTree {
  people: TestDirectoryPerson[];
  groups: TestDirectoryGroup[];
}

export interface TestDirectory {
  url: string;
  port: number;
  personDn(uid: string): string;
  groupDn(cn: string): string;
  /** Runs `work` on a connection bound as the directory's root (to change the tree in a test). */
  asRoot<T>(work: (client: Client) => Promise<T>): Promise<T>;
  /** Stops slapd (the directory is then unreachable); start() brings it back with the same data and port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** userPassword as OpenLDAP stores it: {SSHA} = base64(sha1(password + salt) + salt). */
function sshaPassword(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash('sha1').update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

function treeLdif(tree: TestDirectoryTree, rootPassword: string): string {
  const entries: string[] = [
    `dn: ${TEST_DIRECTORY_SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: naric\no: NARIC test directory`,
    `dn: ${TEST_DIRECTORY_ROOT_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: admin\nuserPassword: ${sshaPassword(rootPassword)}`,
    `dn: ou=services,${TEST_DIRECTORY_SUFFIX}\nobjectClass: organizationalUnit\nou: services`,
    `dn: ${TEST_DIRECTORY_SERVICE_DN}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: naric-reader\nuserPassword: ${sshaPassword(TEST_DIRECTORY_SERVICE_PASSWORD)}`,
    `dn: ${TEST_DIRECTORY_PEOPLE}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ${TEST_DIRECTORY_GROUPS}\nobjectClass: organizationalUnit\nou: groups`,
  ];
  for (const person of tree.people) {
    const lines = [
      `dn: uid=${person.uid},${TEST_DIRECTORY_PEOPLE}`,
      'objectClass: inetOrgPerson',
      `uid: ${person.uid}`,
      // base64 (::) so Albanian and Serbian letters reach slapadd intact.
      `cn:: ${Buffer.from(`${person.givenName} ${person.sn}`).toString('base64')}`,
      `givenName:: ${Buffer.from(person.givenName).toString('base64')}`,
      `sn:: ${Buffer.from(person.sn).toString('base64')}`,
      ...(person.mail ? [`mail: ${person.mail}`] : []),
      ...(person.disabled ? ['employeeType: disabled'] : []),
      `userPassword: ${sshaPassword(person.password)}`,
    ];
    entries.push(lines.join('\n'));
  }
  for (const group of tree.groups) {
    entries.push(
      [
        `dn: cn=${group.cn},${TEST_DIRECTORY_GROUPS}`,
        'objectClass: groupOfNames',
        `cn: ${group.cn}`,
        ...group.members.map((uid) => `member: uid=${uid},${TEST_DIRECTORY_PEOPLE}`),
      ].join('\n'),
    );
  }
  return `${entries.join('\n\n')}\n`;
}

function slapdConf(folder: string, rootPassword: string): string {
  return [
    ...['core', 'cosine', 'inetorgperson'].map((schema) => `include ${SCHEMA_DIR}/${schema}.schema`),
    `pidfile ${join(folder, 'slapd.pid')}`,
    `argsfile ${join(folder, 'slapd.args')}`,
    `modulepath ${MODULE_DIR}`,
    'moduleload back_mdb',
    'loglevel none',
    'database mdb',
    `suffix "${TEST_DIRECTORY_SUFFIX}"`,
    `rootdn "${TEST_DIRECTORY_ROOT_DN}"`,
    `rootpw ${rootPassword}`,
    `directory ${join(folder, 'data')}`,
    'maxsize 16777216',
    'index objectClass eq',
    'index uid,mail,member eq',
    // As a real directory: passwords are for binding only; the service account and the people
    // themselves read the tree; anonymous callers read nothing.
    'access to attrs=userPassword by anonymous auth by * none',
    `access to * by dn.exact="${TEST_DIRECTORY_SERVICE_DN}" read by users read by * none`,
    '',
  ].join('\n');
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolveAnswer(true);
    });
    socket.once('error', () => resolveAnswer(false));
  });
}

/** Fails (never skips) when slapd is missing: the directory tests are part of the suite. */
export function assertSlapdInstalled(): void {
  if (!existsSync(SLAPD) || !existsSync(SLAPADD)) {
    throw new Error(
      `OpenLDAP's slapd is not installed (${SLAPD}); the directory sign-in tests need it. ` +
        'Install it with: sudo DEBIAN_FRONTEND=noninteractive apt-get install -y slapd ldap-utils',
    );
  }
}

export async function startTestDirectory(tree: TestDirectoryTree): Promise<TestDirectory> {
  assertSlapdInstalled();
  const folder = await mkdtemp(join(tmpdir(), 'naric-slapd-'));
  const rootPassword = randomBytes(12).toString('base64url');
  await mkdir(join(folder, 'data'), { mode: 0o700 });
  const conf = join(folder, 'slapd.conf');
  await writeFile(conf, slapdConf(folder, rootPassword));
  await writeFile(join(folder, 'tree.ldif'), treeLdif(tree, rootPassword));
  const loaded = spawnSync(SLAPADD, ['-q', '-f', conf, '-l', join(folder, 'tree.ldif')], { encoding: 'utf8' });
  if (loaded.status !== 0) {
    await rm(folder, { recursive: true, force: true });
    throw new Error(`slapadd could not load the test tree: ${loaded.stderr || loaded.error?.message}`);
  }

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  let slapd: ChildProcess | null = null;

  async function start(): Promise<void> {
    // -d keeps slapd in the foreground, so it is our child and ends with us.
    const child = spawn(SLAPD, ['-f', conf, '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    let exited: number | null | undefined;
    child.once('exit', (code) => (exited = code));
    slapd = child;
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (exited !== undefined) throw new Error(`slapd exited (${exited}) before answering: ${errors.trim().slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`slapd did not answer on port ${port} within 10 s: ${errors.trim().slice(-2000)}`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }

  async function stop(): Promise<void> {
    const child = slapd;
    slapd = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((stopped) => {
      child.once('exit', () => stopped());
      child.kill('SIGTERM');
    });
  }

  try {
    await start();
  } catch (error) {
    await stop();
    await rm(folder, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    port,
    personDn: (uid) => `uid=${uid},${TEST_DIRECTORY_PEOPLE}`,
    groupDn: (cn) => `cn=${cn},${TEST_DIRECTORY_GROUPS}`,
    async asRoot(work) {
      const client = new Client({ url, timeout: 5000, connectTimeout: 5000 });
      try {
        await client.bind(TEST_DIRECTORY_ROOT_DN, rootPassword);
        return await work(client);
      } finally {
        await client.unbind().catch(() => {});
      }
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
