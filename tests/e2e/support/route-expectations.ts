import { decideAccess } from '../../../src/renderer/app/guard';
import { ROUTE_TABLE, type RouteRow } from '../../../src/renderer/app/route-table';
import type { PermissionSubject } from '../../../src/shared/auth/permissions';

// Where the app must leave a user who opens a path, computed from the same route table and the
// same guard the renderer runs (tests/e2e/route-roles.spec.ts): the suite then checks the real
// app does what its rules say, for every row, and grows with the table.

const paramPattern = /:([A-Za-z]+)/g;

/** The rows the router would try for a pathname, most specific first (static segments beat params). */
export function rowFor(pathname: string): RouteRow {
  const candidates = ROUTE_TABLE.filter((row) => row.path !== '*').filter((row) => {
    const pattern = new RegExp(`^${row.path.replace(paramPattern, '[^/]+')}/?$`);
    return pattern.test(pathname);
  });
  candidates.sort((a, b) => (a.path.match(paramPattern)?.length ?? 0) - (b.path.match(paramPattern)?.length ?? 0));
  return candidates[0] ?? ROUTE_TABLE.find((row) => row.path === '*')!;
}

/** The row's path with each `:name` replaced by `params[name]`. */
export function fillPath(row: RouteRow, params: Readonly<Record<string, string>>): string {
  return row.path.replace(paramPattern, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No demo value for :${name} (route ${row.id}): add its lookup to route-roles.spec.ts`);
    return encodeURIComponent(value);
  });
}

/** Path and query the guard leaves `user` on after opening `path` (following its redirects). */
export function expectedLanding(path: string, user: PermissionSubject | null): string {
  let target = path;
  for (let hop = 0; hop < 4; hop += 1) {
    const [pathname, query = ''] = target.split('?');
    const row = rowFor(pathname!);
    const decision = decideAccess({ access: row.access, permission: row.permission, user, path: pathname!, search: query ? `?${query}` : '' });
    if ('allow' in decision) return target;
    target = decision.redirect;
  }
  throw new Error(`The guard redirects ${path} in a loop`);
}
