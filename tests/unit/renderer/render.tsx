import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Providers } from '../../../src/renderer/app/providers';
import { createI18n } from '../../../src/renderer/lib/i18n';
import { createQueryClient } from '../../../src/renderer/lib/query-client';
import type { AppStore } from '../../../src/renderer/lib/session';

/** Renders routes inside the app's providers, with a fresh store, query cache and i18n. */
export function renderRoutes(routes: RouteObject[], { path = '/', store = createStore() }: { path?: string; store?: AppStore } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const i18n = createI18n('en');
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <Providers store={store} i18n={i18n} navigate={(to) => void router.navigate(to)}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  return { ...view, router, store, i18n, queryClient };
}
