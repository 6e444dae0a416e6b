import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { Alert } from '../components/alert';
import { Spinner } from '../components/spinner';
import { firstScreenDrawn } from '../lib/after-first-screen';
import { RequireAuth } from './require-auth';
import type { AppRoute } from './routes';

/** One route of the table: its guard, its lazily loaded screen, the window title. */
export function RouteScreen({ route }: { route: AppRoute }) {
  const { t } = useTranslation(['nav', 'common']);
  const title = t(route.titleKey, { ns: 'nav' });
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);
  useEffect(() => {
    // The address whose screen is on display, set once React has committed it (the URL changes
    // before that): automation such as the route × role suite waits for it instead of guessing.
    document.documentElement.dataset.renderedLocation = `${pathname}${search}`;
  }, [pathname, search]);
  const Screen = route.screen;
  return (
    <RequireAuth access={route.access} permission={route.permission}>
      <Suspense
        fallback={
          <div className="page-loading">
            <Spinner />
          </div>
        }
      >
        <Screen titleKey={route.titleKey} />
        <ScreenDrawn />
      </Suspense>
    </RequireAuth>
  );
}

/** Beside the screen in its Suspense boundary: its effect runs once the screen itself is committed. */
function ScreenDrawn() {
  useEffect(firstScreenDrawn, []);
  return null;
}

/** A screen that failed to load or render: say so plainly, keep the rest of the app usable. */
export function RouteError({ standalone = true }: { standalone?: boolean }) {
  const { t } = useTranslation(['errors', 'common']);
  const error = useRouteError();
  if (error !== undefined) console.error('Screen failed', error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const content = (
      <Alert tone="error" title={notFound ? t('errors:not_found') : t('common:screenFailed.title')}>
        <p>{t('common:screenFailed.description')}</p>
        <p>
          <a className="link" href="/">
            {t('common:notFound.home')}
          </a>
        </p>
      </Alert>
  );
  return standalone ? (
    <main className="standalone-page" id="main">
      {content}
    </main>
  ) : (
    content
  );
}
