import type { PermissionSubject } from '../../shared/auth/permissions';
import { decideAccess } from './guard';
import { APP_ROUTES, NAV_AREAS, type AppRoute, type NavArea } from './routes';

export interface NavigationGroup {
  area: NavArea;
  routes: AppRoute[];
}

/**
 * Whether the sidebar offers a route to this user: exactly where the guard would let them in (no
 * admin items for non-admins, nothing whose permission they lack, no dashboard home for council
 * members), so the sidebar never offers a screen that would turn them away.
 */
export function offersRoute(route: AppRoute, user: PermissionSubject | null): boolean {
  if (!user || !route.navigation) return false;
  return 'allow' in decideAccess({ access: route.access, permission: route.permission, user, path: route.path, search: '' });
}

/** The sidebar: areas in their order, each with the items this user may see; empty areas left out. */
export function navigationFor(user: PermissionSubject | null, routes: readonly AppRoute[] = APP_ROUTES): NavigationGroup[] {
  return NAV_AREAS.map((area) => ({ area, routes: routes.filter((route) => route.area === area && offersRoute(route, user)) })).filter(
    (group) => group.routes.length > 0,
  );
}
