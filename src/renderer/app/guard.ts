import { hasPermission, isAdmin, landsOnCouncilDashboard, type PermissionName, type PermissionSubject } from '../../shared/auth/permissions';
import type { SessionEndReason } from '../lib/session';
import { ROUTE_TABLE, type Access, type RouteRow } from './route-table';

export type { Access } from './route-table';

export type AccessDecision = { allow: true } | { redirect: string };

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export const COUNCIL_DASHBOARD_PATH = '/councils/dashboard';
export const ACCESS_DENIED_QUERY = 'error=access_denied';

export interface AccessRequest {
  access: Access;
  /** The permission the route needs (route-table.ts); without it a signed-in user is turned away. */
  permission?: PermissionName;
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

/** Whether this signed-in user may open the row: its access level and its permission. */
export function opens(row: RouteRow, user: PermissionSubject): boolean {
  if (row.access === 'admin' && !isAdmin(user)) return false;
  return row.permission === undefined || hasPermission(user, row.permission);
}

/**
 * Where a signed-in user starts, the one place this rule lives: the first screen their
 * permissions allow. Spec §2 keeps one rule of its own: a council member who is not an admin
 * starts on the council dashboard. Everyone else starts on the first navigation row of the
 * route table that needs a permission they hold (so admins and officers on the applications list,
 * content managers on the document templates); a user whose permissions open no such screen
 * starts on the dashboard home.
 */
export function landingPath(user: PermissionSubject, routes: readonly RouteRow[] = ROUTE_TABLE): string {
  const councilDashboard = routes.find((row) => row.path === COUNCIL_DASHBOARD_PATH);
  if (landsOnCouncilDashboard(user) && councilDashboard && opens(councilDashboard, user)) return COUNCIL_DASHBOARD_PATH;
  const first = routes.find((row) => row.navigation && row.permission !== undefined && row.access === 'signed_in' && opens(row, user));
  return first?.path ?? HOME_PATH;
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

/** Why the guard turned a user away: an admin-only screen, or a permission their role lacks. */
export type RefusalReason = 'admin' | 'permission';
const PERMISSION_REASON_QUERY = 'reason=permission';

/**
 * Where a user is sent from a screen they may not open, with the access-denied notice (spec §2):
 * a council member who lands on the council dashboard goes there, everyone else to the dashboard
 * home (open to every signed-in user, and showing only the cards their permissions allow).
 */
export function accessDeniedPath(user: PermissionSubject, reason: RefusalReason = 'admin'): string {
  const query = reason === 'permission' ? `${ACCESS_DENIED_QUERY}&${PERMISSION_REASON_QUERY}` : ACCESS_DENIED_QUERY;
  return `${landsOnCouncilScreen(user) ? COUNCIL_DASHBOARD_PATH : HOME_PATH}?${query}`;
}

function landsOnCouncilScreen(user: PermissionSubject): boolean {
  return landingPath(user) === COUNCIL_DASHBOARD_PATH;
}

/** The navigation guard of spec §2, as a pure decision. */
export function decideAccess({ access, permission, user, path, search, sessionEnd = null }: AccessRequest): AccessDecision {
  // Only a sign-out forgets where the person was; after an expiry, a time limit or an owed 2FA
  // set-up they come back.
  const toLogin = () => (sessionEnd === 'logged_out' ? LOGIN_PATH : loginPathFor(path, search));
  switch (access) {
    case 'anyone':
      return { allow: true };
    case 'guest':
      return user ? { redirect: afterSignInPath(user, search) } : { allow: true };
    case 'signed_in':
      if (!user) return { redirect: toLogin() };
      if (permission !== undefined && !hasPermission(user, permission)) return { redirect: accessDeniedPath(user, 'permission') };
      if (isHomePath(path) && landsOnCouncilScreen(user)) return { redirect: withSearch(COUNCIL_DASHBOARD_PATH, search) };
      return { allow: true };
    case 'admin':
      if (!user) return { redirect: toLogin() };
      if (!isAdmin(user)) return { redirect: accessDeniedPath(user) };
      return permission === undefined || hasPermission(user, permission) ? { allow: true } : { redirect: accessDeniedPath(user, 'permission') };
  }
}

function isHomePath(path: string): boolean {
  return path === HOME_PATH || path === '';
}

export function hasAccessDenied(search: string): boolean {
  return new URLSearchParams(search).get('error') === 'access_denied';
}

/** What the access-denied notice explains: an admin-only screen unless the guard said otherwise. */
export function refusalReason(search: string): RefusalReason {
  return new URLSearchParams(search).get('reason') === 'permission' ? 'permission' : 'admin';
}

/** The path with the query it was opened with, so a redirected notice (error=access_denied) survives. */
function withSearch(path: string, search: string): string {
  const query = search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return `${path}${query}`;
}
