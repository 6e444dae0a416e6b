import { isAdmin, landsOnCouncilDashboard, type PermissionSubject } from '../../shared/auth/permissions';
import type { SessionEndReason } from '../lib/session';

/** Who may open a route (spec §2). 'anyone' is the not-found screen. */
export type Access = 'guest' | 'signed_in' | 'admin' | 'anyone';

export type AccessDecision = { allow: true } | { redirect: string };

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const APPLICATIONS_PATH = '/applications';
export const COUNCIL_DASHBOARD_PATH = '/councils/dashboard';
export const ACCESS_DENIED_QUERY = 'error=access_denied';

export interface AccessRequest {
  access: Access;
  /** The loaded user, or null for a guest (also after the wait for a user gave up). */
  user: PermissionSubject | null;
  /** The path being opened, e.g. '/users/7'. */
  path: string;
  /** Its query string, with or without the leading '?'. */
  search: string;
  /**
   * How the last session ended. Only an expired session returns to where it was; after a
   * logout or a password change the next sign-in starts afresh.
   */
  sessionEnd?: SessionEndReason | null;
}

/** Where a signed-in user starts: the council dashboard for council members who are not admins, else the applications list. */
export function landingPath(user: PermissionSubject): string {
  return landsOnCouncilDashboard(user) ? COUNCIL_DASHBOARD_PATH : APPLICATIONS_PATH;
}

/**
 * A redirect target taken from the URL is followed only when it stays inside this app: a path
 * starting with one '/' ('//host' and '/\host' are other origins to a browser), never the
 * sign-in screen itself.
 */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (!target || !target.startsWith('/')) return false;
  if (target.startsWith('//') || target.startsWith('/\\')) return false;
  // Browsers drop tabs and newlines inside URLs, which can turn '/\t/host' into '//host'.
  if ([...target].some((character) => character.charCodeAt(0) < 0x20)) return false;
  const pathname = target.split(/[?#]/, 1)[0];
  return pathname !== LOGIN_PATH && pathname !== `${LOGIN_PATH}/`;
}

export function loginPathFor(path: string, search: string): string {
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(`${path}${query}`)}`;
}

/** Where a user goes right after signing in, or when a signed-in user opens /login. */
export function afterSignInPath(user: PermissionSubject, search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  return isSafeRedirect(redirect) ? redirect : landingPath(user);
}

export function accessDeniedPath(user: PermissionSubject): string {
  return `${landsOnCouncilDashboard(user) ? COUNCIL_DASHBOARD_PATH : HOME_PATH}?${ACCESS_DENIED_QUERY}`;
}

/** The navigation guard of spec §2, as a pure decision. */
export function decideAccess({ access, user, path, search, sessionEnd = null }: AccessRequest): AccessDecision {
  const toLogin = () => (sessionEnd && sessionEnd !== 'expired' ? LOGIN_PATH : loginPathFor(path, search));
  switch (access) {
    case 'anyone':
      return { allow: true };
    case 'guest':
      return user ? { redirect: afterSignInPath(user, search) } : { allow: true };
    case 'signed_in':
      if (!user) return { redirect: toLogin() };
      if (isHomePath(path) && landsOnCouncilDashboard(user)) return { redirect: COUNCIL_DASHBOARD_PATH };
      return { allow: true };
    case 'admin':
      if (!user) return { redirect: toLogin() };
      return isAdmin(user) ? { allow: true } : { redirect: accessDeniedPath(user) };
  }
}

function isHomePath(path: string): boolean {
  return path === HOME_PATH || path === '';
}

export function hasAccessDenied(search: string): boolean {
  return new URLSearchParams(search).get('error') === 'access_denied';
}
