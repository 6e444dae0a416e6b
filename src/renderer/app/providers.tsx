import { lazy, Suspense } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import type { AppStore } from '../lib/session';

// The toast region is fetched after the first screen is drawn: nothing is announced before then,
// and a toast queued meanwhile waits in the queue (components/toast.tsx) until the region shows it.
const ToastArea = lazy(() => import('../components/toast').then((m) => ({ default: m.ToastArea })));

export interface ProvidersProps {
  store: AppStore;
  i18n: I18n;
  /** react-router's navigate, so react-aria links and buttons with href navigate in the app. */
  navigate(path: string): void;
  children: React.ReactNode;
}

/**
 * What every screen needs. The server-data cache (TanStack Query) is not here: the screens that
 * use it bring it (lib/query-scope.tsx), so the sign-in page is drawn without it.
 */
export function Providers({ store, i18n, navigate, children }: ProvidersProps) {
  return (
    <JotaiProvider store={store}>
      <I18nextProvider i18n={i18n}>
        <AriaRouterProvider navigate={navigate}>
          {children}
          <Suspense fallback={null}>
            <ToastArea />
          </Suspense>
        </AriaRouterProvider>
      </I18nextProvider>
    </JotaiProvider>
  );
}
