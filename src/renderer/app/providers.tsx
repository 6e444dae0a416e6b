import { lazy, Suspense, useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { sessionStatusAtom, type AppStore } from '../lib/session';

// The toast region is fetched after the first screen is drawn: nothing is announced before then,
// and a toast queued meanwhile waits in the queue (components/toast.tsx) until the region shows it.
const ToastArea = lazy(() => import('../components/toast').then((m) => ({ default: m.ToastArea })));

export interface ProvidersProps {
  store: AppStore;
  queryClient: QueryClient;
  i18n: I18n;
  /** react-router's navigate, so react-aria links and buttons with href navigate in the app. */
  navigate(path: string): void;
  children: React.ReactNode;
}

/** Whatever one person loaded must not be shown to the next one who signs in. */
function ForgetDataOnSignOut({ queryClient }: { queryClient: QueryClient }) {
  const status = useAtomValue(sessionStatusAtom);
  useEffect(() => {
    if (status === 'signed_out') queryClient.clear();
  }, [status, queryClient]);
  return null;
}

export function Providers({ store, queryClient, i18n, navigate, children }: ProvidersProps) {
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <AriaRouterProvider navigate={navigate}>
            <ForgetDataOnSignOut queryClient={queryClient} />
            {children}
            <Suspense fallback={null}>
              <ToastArea />
            </Suspense>
          </AriaRouterProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
