import { Client, Filter, InvalidCredentialsError, SizeLimitExceededError, type Entry } from 'ldapts';
import { randomBytes } from 'node:crypto';
import type { ConnectionOptions } from 'node:tls';
import { USER_LIMITS } from '../../../../shared/api/users';
import type { DirectorySettings } from '../../../config';
import { withoutControlCharacters } from '../../../shared/control-characters';

// The LDAP conversation of one directory sign-in (ldapts), on a connection of its own:
//
//   1. bind as the service account (or stay anonymous) and find the one entry the user filter
//      names for the typed login;
//   2. bind as that entry with the typed password (the directory checks it; we never see a hash);
//   3. back as the service account, ask whether the entry is disabled and which groups hold it.
//
// A sign-in refused at step 1 (nobody matches) still makes one failing bind, and a local
// account's sign-in makes the steps up to there as well (rehearseDirectorySignIn): how long the
// directory took never tells which kind of account a login names.
//
// Every failure other than "no such person" or "wrong password" is DirectoryUnreachable: the
// caller cannot tell a dead directory from a misconfigured one, and neither is the user's fault.

export interface DirectoryPerson {
  dn: string;
  /** The username attribute's value (NARIC_LDAP_USERNAME_ATTRIBUTE). */
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** DNs of the directory groups the person is a member of. */
  groupDns: string[];
}

export type DirectoryAnswer =
  | { verdict: 'accepted'; person: DirectoryPerson }
  /** Nobody (or more than one entry) matches the login, or the password is wrong. */
  | { verdict: 'rejected' }
  /** The password is right and the entry matches NARIC_LDAP_DISABLED_FILTER. */
  | { verdict: 'disabled'; person: DirectoryPerson };

export class DirectoryUnreachable extends Error {
  constructor(cause: unknown) {
    super(`the directory could not be used: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DirectoryUnreachable';
  }
}

/** `template` with `{name}` replaced by the value, escaped (RFC 4515): typed text never becomes filter syntax. */
export function fillFilter(template: string, name: 'login' | 'dn', value: string): string {
  return template.split(`{${name}}`).join(Filter.escape(value));
}

function attribute(entry: Entry, name: string): string[] {
  const wanted = name.toLowerCase();
  const key = Object.keys(entry).find((candidate) => candidate.toLowerCase() === wanted);
  const value = key === undefined ? undefined : entry[key];
  if (value === undefined) return [];
  const values = Array.isArray(value) ? value : [value];
  return values.map((item) => (Buffer.isBuffer(item) ? item.toString('utf8') : item)).filter((item) => item.trim() !== '');
}

function tlsOptions(settings: DirectorySettings): ConnectionOptions {
  return { rejectUnauthorized: settings.rejectUnauthorized, ...(settings.ca ? { ca: settings.ca } : {}) };
}

async function bindService(client: Client, settings: DirectorySettings): Promise<void> {
  if (settings.bindDn !== null && settings.bindPassword !== null) await client.bind(settings.bindDn, settings.bindPassword);
}

async function findEntry(client: Client, settings: DirectorySettings, login: string): Promise<Entry | null> {
  const attributes = [settings.usernameAttribute, 'givenName', 'sn', 'cn', 'mail', ...(settings.groupSearch === 'memberOf' ? ['memberOf'] : [])];
  try {
    const { searchEntries } = await client.search(settings.baseDn, {
      scope: 'sub',
      filter: fillFilter(settings.userFilter, 'login', login),
      attributes,
      sizeLimit: 2,
    });
    // Two entries for one login: signing in as either would be a guess.
    return searchEntries.length === 1 ? searchEntries[0]! : null;
  } catch (error) {
    if (error instanceof SizeLimitExceededError) return null;
    throw error;
  }
}

async function isDisabled(client: Client, settings: DirectorySettings, dn: string): Promise<boolean> {
  if (settings.disabledFilter === null) return false;
  const { searchEntries } = await client.search(dn, { scope: 'base', filter: settings.disabledFilter, attributes: ['1.1'] });
  return searchEntries.length > 0;
}

async function groupDnsOf(client: Client, settings: DirectorySettings, entry: Entry): Promise<string[]> {
  if (settings.groupSearch === 'memberOf') return attribute(entry, 'memberOf');
  const { searchEntries } = await client.search(settings.groupBaseDn, {
    scope: 'sub',
    filter: fillFilter(settings.groupFilter, 'dn', entry.dn),
    attributes: ['1.1'],
  });
  return searchEntries.map((group) => group.dn);
}

/** A directory value as our user fields hold it: no control characters, within the contract's length. */
function fieldText(value: string | undefined, max: number = USER_LIMITS.name): string {
  return withoutControlCharacters(value ?? '').trim().slice(0, max);
}

function personOf(settings: DirectorySettings, entry: Entry, groupDns: string[]): DirectoryPerson | null {
  const username = attribute(entry, settings.usernameAttribute)[0]?.trim() ?? '';
  // A username we cannot store as it is (users.username holds 1-150 characters) cannot sign in.
  if (!username || username.length > USER_LIMITS.name || fieldText(username) !== username) return null;
  const [commonName = ''] = attribute(entry, 'cn');
  const firstName = attribute(entry, 'givenName')[0] ?? '';
  // A directory with only cn: its last word is the surname.
  const lastName = attribute(entry, 'sn')[0] ?? commonName.trim().split(/\s+/).slice(-1)[0] ?? '';
  const email = fieldText(attribute(entry, 'mail')[0], 254);
  return { dn: entry.dn, username, firstName: fieldText(firstName), lastName: fieldText(lastName), email: email || null, groupDns };
}

/**
 * A bind bound to fail: a name no entry has, a random password. A sign-in refused before the
 * person's own bind (nobody, or several entries, match the login) makes it instead, so the
 * directory is asked as often whether or not the login names someone. Never the found entry:
 * a directory that counts wrong passwords would lock its owner out.
 */
async function decoyBind(client: Client, settings: DirectorySettings): Promise<void> {
  try {
    await client.bind(`cn=naric-sign-in-decoy-${randomBytes(6).toString('hex')},${settings.baseDn}`, randomBytes(24).toString('base64url'));
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
  }
}

/**
 * The conversation of one sign-in. `password` null: a rehearsal, which looks the login up as a
 * refused sign-in does but binds only as the decoy (the typed password never leaves).
 */
async function converse(settings: DirectorySettings, login: string, password: string | null): Promise<DirectoryAnswer> {
  const secure = /^ldaps:/i.test(settings.url);
  const client = new Client({
    url: settings.url,
    connectTimeout: settings.connectTimeoutMs,
    timeout: settings.operationTimeoutMs,
    ...(secure ? { tlsOptions: tlsOptions(settings) } : {}),
  });
  try {
    if (settings.startTls) await client.startTLS(tlsOptions(settings));
    await bindService(client, settings);
    const entry = await findEntry(client, settings, login.trim());
    if (!entry || password === null) {
      await decoyBind(client, settings);
      return { verdict: 'rejected' };
    }
    try {
      await client.bind(entry.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return { verdict: 'rejected' };
      throw error;
    }
    // Back to the service account: group entries are often not readable by the people in them.
    await bindService(client, settings);
    const disabled = await isDisabled(client, settings, entry.dn);
    const person = personOf(settings, entry, disabled ? [] : await groupDnsOf(client, settings, entry));
    if (!person) return { verdict: 'rejected' };
    return disabled ? { verdict: 'disabled', person } : { verdict: 'accepted', person };
  } catch (error) {
    throw new DirectoryUnreachable(error);
  } finally {
    await client.unbind().catch(() => {});
  }
}

/** Checks the login and password against the directory and reads the person's entry and groups. */
export async function askDirectory(settings: DirectorySettings, login: string, password: string): Promise<DirectoryAnswer> {
  // An empty password makes a simple bind "unauthenticated" (RFC 4513 §5.1.2), which many
  // directories answer with success: it must never reach the directory.
  // (The sign-in's schema refuses an empty password before any of this.)
  if (password === '' || login.trim() === '') return { verdict: 'rejected' };
  return converse(settings, login, password);
}

/**
 * What a local account's sign-in asks of the directory: the same conversation as a refused
 * directory sign-in (service bind, the login's search, one failing bind), so the time of the
 * answer does not tell a local account from a directory one or from nobody. Its failures do not
 * matter (local accounts sign in while the directory is down), but they take their time too.
 */
export async function rehearseDirectorySignIn(settings: DirectorySettings, login: string): Promise<void> {
  if (login.trim() === '') return;
  await converse(settings, login, null).catch(() => undefined);
}
