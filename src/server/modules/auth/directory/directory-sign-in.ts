import type { DirectorySettings } from '../../../config';
import { findAccountById, type AccountCredentials } from '../accounts';
import { backOfficeDenied } from '../auth-errors';
import type { AuthEnvironment } from '../auth-environment';
import { mayUseBackOffice } from '../staff-access';
import { syncDirectoryUser } from './directory-accounts';
import { DirectoryUnreachable, askDirectory } from './directory-client';
import { directoryAccountDisabled, directoryUnavailable } from './directory-refusals';
import { directoryManagedGroups, mappedGroups } from './group-mapping';

// The password step of a directory user's sign-in (spec §3, auth_source 'ldap'): the directory
// checks the password; the local user is created or brought up to date from the directory entry.
// What follows (active, back-office access, two-factor, the token pair) is the same as for
// everyone, in sign-in-service.ts.

/**
 * The directory's settings when it decides this sign-in: for directory users and for usernames
 * nobody here has. A local account is never signed in with a directory password, even one of
 * the same name; without NARIC_LDAP_URL nothing is (a directory user's empty hash never verifies).
 */
export function directoryFor(settings: DirectorySettings | null | undefined, account: AccountCredentials | null): DirectorySettings | null {
  return settings && (account === null || account.auth_source === 'ldap') ? settings : null;
}

/**
 * The local account once the directory accepted the login and password; null when it did not
 * (unknown login or wrong password: the caller answers as for a wrong local password).
 */
export async function checkDirectoryPassword(
  env: AuthEnvironment,
  settings: DirectorySettings,
  login: string,
  password: string,
  ip: string,
): Promise<AccountCredentials | null> {
  // A local account's password step costs one Argon2 verification: the same is spent here,
  // alongside the directory's answer and whatever that answer is, so the time taken does not
  // tell a directory account from a local one (sign-in-service.ts rehearses the directory for those).
  const [asked] = await Promise.all([
    askDirectory(settings, login, password).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    ),
    env.passwords.verifyAgainstNobody(password),
  ]);
  if ('error' in asked) {
    const { error } = asked;
    if (!(error instanceof DirectoryUnreachable)) throw error;
    env.log.warn({ err: error.cause, url: settings.url }, 'directory sign-in: the directory could not be used');
    throw directoryUnavailable();
  }
  const { answer } = asked;
  if (answer.verdict === 'rejected') return null;
  // Only someone who knows the password learns that the entry is disabled (as for local accounts).
  if (answer.verdict === 'disabled') throw directoryAccountDisabled();

  const groups = mappedGroups(settings.groupMap, answer.person.groupDns);
  const synced = await syncDirectoryUser(env.db, answer.person, {
    groups,
    managedGroups: directoryManagedGroups(settings.groupMap),
    // A directory person none of whose groups may use the back-office leaves no user behind.
    mayCreate: mayUseBackOffice({ is_superuser: false, is_staff: false, groups, permissions: [] }),
    language: (await env.settings()).general.default_language,
  }, ip);
  if (!synced) throw backOfficeDenied();
  if (synced.unknownGroups.length > 0) {
    env.log.warn({ groups: synced.unknownGroups }, 'NARIC_LDAP_GROUP_MAP names groups that do not exist here; they were skipped');
  }
  return findAccountById(env.db, synced.userId);
}
