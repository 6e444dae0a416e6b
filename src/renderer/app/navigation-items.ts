import { hasPermission, isAdmin, type PermissionSubject } from '../../shared/auth/permissions';
import { APP_ROUTES, NAV_AREAS, type AppRoute, type NavArea } from './routes';

export interface NavigationGroup {
  area: NavArea;
  routes: AppRoute[];
}

/** Whether the sidebar offers a route to this user: admin routes to admins, others by permission. */
export function offersRoute(route: AppRoute, user: PermissionSubject | null): boolean {
  if (!user || !route.navigation) return false;
  if (route.access === 'admin' && !isAdmin(user)) return false;
  return route.permission === undefined || hasPermission(user, route.permission);
}

/** The sidebar: areas in their order, each with the items this user may see; empty areas left out. */
export function navigationFor(user: PermissionSubject | null, routes: readonly AppRoute[] = APP_ROUTES): NavigationGroup[] {
  return NAV_AREAS.map((area) => ({ area, routes: routes.filter((route) => route.area === area && offersRoute(route, user)) })).filter(
    (group) => group.routes.length > 0,
  );
}
