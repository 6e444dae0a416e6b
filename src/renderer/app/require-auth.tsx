import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import type { PermissionName } from '../../shared/auth/permissions';
import { Spinner } from '../components/spinner';
import { currentUserAtom, sessionEndReasonAtom, sessionStatusAtom, type SessionStatus } from '../lib/session';
import { decideAccess, type Access } from './guard';
import { waitForUser } from './wait-for-user';

// Drawn instead of the app while a temporary password waits to be changed; its own
// chunk, since almost nobody ever meets it.
const ForcedPasswordChangeScreen = lazy(() =>
  import('../features/auth/forced-password-change-screen').then((m) => ({ default: m.ForcedPasswordChangeScreen })),
);

const isSettled = (status: SessionStatus) => status === 'signed_in' || status === 'signed_out';

/**
 * Spec §2: while a stored sign-in may still be restoring, wait for the user (at most 5 s,
 * polling every 100 ms), then let the guard decide.
 */
export function useSettledUser() {
  const store = useStore();
  const status = useAtomValue(sessionStatusAtom);
  const user = useAtomValue(currentUserAtom);
  const [gaveUp, setGaveUp] = useState(false);
  const settled = isSettled(status);

  useEffect(() => {
    if (settled) return;
    const controller = new AbortController();
    void waitForUser({ isSettled: () => isSettled(store.get(sessionStatusAtom)), signal: controller.signal }).then((outcome) => {
      if (outcome === 'timed_out') setGaveUp(true);
    });
    return () => controller.abort();
  }, [settled, store]);

  return { waiting: !settled && !gaveUp, user };
}

export interface RequireAuthProps {
  access: Access;
  /** The permission the route needs (route-table.ts). */
  permission?: PermissionName;
  children: React.ReactNode;
}

export function RequireAuth({ access, permission, children }: RequireAuthProps) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const { waiting, user } = useSettledUser();
  const sessionEnd = useAtomValue(sessionEndReasonAtom);
  if (access === 'anyone') return children;
  if (waiting) {
    return (
      <div className="page-loading">
        <Spinner label={t('restoring')} />
      </div>
    );
  }
  const decision = decideAccess({ access, permission, user, path: location.pathname, search: location.search, sessionEnd });
  if ('redirect' in decision) return <Navigate to={decision.redirect} replace />;
  // Whatever the address, nothing else opens until the temporary password is replaced (the
  // server refuses every other call meanwhile).
  if (user?.password_change_required && access !== 'guest') {
    return (
      <Suspense
        fallback={
          <div className="page-loading">
            <Spinner />
          </div>
        }
      >
        <ForcedPasswordChangeScreen />
      </Suspense>
    );
  }
  return children;
}
