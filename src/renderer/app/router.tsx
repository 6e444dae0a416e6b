import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { RequireAuth } from './require-auth';
import { RouteError, RouteScreen } from './route-screen';
import { APP_ROUTES, routeById, type RouteHandle } from './routes';

// The signed-in frame (sidebar, breadcrumbs, language and user menus) is a chunk of its own: the
// sign-in page, the first screen of most visits, does not wait for it.
const Layout = lazy(() => import('./layout').then((m) => ({ default: m.Layout })));
// Its screens read server data through TanStack Query, fetched with them (lib/query-scope.tsx).
const QueryScope = lazy(() => import('../lib/query-scope').then((m) => ({ default: m.QueryScope })));

/** The react-router tree built from the route table: /login, the signed-in layout, not-found. */
export function appRouteObjects(): RouteObject[] {
  const inLayout = APP_ROUTES.filter((route) => route.access !== 'guest' && route.access !== 'anyone');
  return [
    { path: '/login', element: <RouteScreen route={routeById('login')} />, errorElement: <RouteError /> },
    {
      path: '/',
      element: (
        <RequireAuth access="signed_in">
          <Suspense
            fallback={
              <div className="page-loading">
                <Spinner />
              </div>
            }
          >
            <QueryScope>
              <Layout />
            </QueryScope>
          </Suspense>
        </RequireAuth>
      ),
      errorElement: <RouteError />,
      children: inLayout.map((route): RouteObject => {
        const handle: RouteHandle = { routeId: route.id };
        const element = <RouteScreen route={route} />;
        const errorElement = <RouteError standalone={false} />;
        return route.path === '/'
          ? { index: true, element, handle, errorElement }
          : { path: route.path.slice(1), element, handle, errorElement };
      }),
    },
    { path: '*', element: <RouteScreen route={routeById('not-found')} />, errorElement: <RouteError /> },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRouteObjects());
}
