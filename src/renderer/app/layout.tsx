import { lazy, Suspense, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../components/alert';
import { Button } from '../components/button';
import { LanguageSwitcher } from '../components/language-switcher';
import { getBridge } from '../platform/bridge';
import { IdleSignOut } from '../lib/idle-sign-out';
import { sessionAtom, signOut } from '../lib/session';
import { isAdmin } from '../../shared/auth/permissions';
import { Breadcrumbs } from './breadcrumbs';
import { hasAccessDenied, refusalReason } from './guard';
import { Navigation } from './navigation';
import { queryKeys } from '../lib/query-keys';

// Sends the counter's queued applications wherever the administrator is in the app.
// Its own chunk (dexie, the outbox), loaded only for administrators: nobody else enters them.
const CounterOutboxRunner = lazy(() => import('../features/offline-intake/outbox-runner').then((m) => ({ default: m.CounterOutboxRunner })));
// The bell: every signed-in user's in-app messages; its own chunk, off the first screen's path.
const NotificationBell = lazy(() => import('../features/inbox/notification-bell').then((m) => ({ default: m.NotificationBell })));
// Desktop updates: the banner above every screen, the answer to main's "may I restart?"
// and the about box's button; their own chunks. In the web shell the banner stays empty.
const UpdateBanner = lazy(() => import('../features/updates/update-banner').then((m) => ({ default: m.UpdateBanner })));
const RestartQueryAnswerer = lazy(() => import('../features/updates/restart-query-answerer').then((m) => ({ default: m.RestartQueryAnswerer })));
const AboutButton = lazy(() => import('../features/updates/about-box').then((m) => ({ default: m.AboutButton })));

function AccessDeniedNotice() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  if (!hasAccessDenied(location.search)) return null;
  const dismiss = () => {
    const params = new URLSearchParams(location.search);
    params.delete('error');
    params.delete('reason');
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  };
  return (
    <Alert tone="error" title={t('accessDenied.title')} onDismiss={dismiss}>
      {refusalReason(location.search) === 'permission' ? t('accessDenied.permissionMessage') : t('accessDenied.message')}
    </Alert>
  );
}

/** Desktop without an OS keychain: tokens live in memory and the sign-in ends with the app. */
function MemoryPersistenceNotice() {
  const { t } = useTranslation('common');
  const session = useAtomValue(sessionAtom);
  const info = useQuery({ queryKey: queryKeys.appInfo, queryFn: () => getBridge().app.info(), staleTime: Infinity });
  if (session?.persistence !== 'memory' || info.data?.shell !== 'desktop') return null;
  return <Alert tone="warning">{t('memoryPersistence')}</Alert>;
}

export function Layout() {
  const { t } = useTranslation(['common', 'nav']);
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const [signingOut, setSigningOut] = useState(false);
  const user = session?.user;
  const name = user ? user.full_name.trim() || user.username : '';

  const logout = async () => {
    setSigningOut(true);
    try {
      await signOut(store, getBridge());
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('common:skipToContent')}
      </a>
      <header className="topbar">
        <Link href="/" className="topbar__brand">
          {t('common:appName')}
        </Link>
        <div className="topbar__tools">
          <LanguageSwitcher />
          <Suspense fallback={null}>
            <AboutButton />
          </Suspense>
          {user ? (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          ) : null}
          {user ? (
            <Link href="/profile" className="topbar__user" aria-label={t('nav:profileOf', { name })}>
              {name}
            </Link>
          ) : null}
          <Button variant="quiet" onPress={() => void logout()} isPending={signingOut}>
            {t('nav:logout')}
          </Button>
        </div>
      </header>
      <div className="app-shell__body">
        <Navigation />
        <main id="main" className="content" tabIndex={-1}>
          <Breadcrumbs />
          {user ? (
            <Suspense fallback={null}>
              <UpdateBanner />
            </Suspense>
          ) : null}
          <MemoryPersistenceNotice />
          <AccessDeniedNotice />
          <Outlet />
        </main>
        {/* Background polling keeps the session refreshed: an untouched window signs itself out. */}
        {user ? <IdleSignOut /> : null}
        {user ? (
          <Suspense fallback={null}>
            <RestartQueryAnswerer />
          </Suspense>
        ) : null}
        {isAdmin(user) ? (
          <Suspense fallback={null}>
            <CounterOutboxRunner />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
