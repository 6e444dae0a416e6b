import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { useUnsavedWork } from '../../lib/unsaved-work';
import { getBridge } from '../../platform/bridge';
import { queryKeys } from '../../lib/query-keys';

export interface UnsavedChangesGuardProps {
  /** Changes typed since the last save (the autosave has not run yet, or is running). */
  pending: boolean;
  /** The last save failed: the stored draft is older than the form. */
  failed: boolean;
  /** Saves now; resolves true when the draft on this computer is the form's. */
  save(): Promise<boolean>;
}

/**
 * Leaving the counter form never silently drops typing: on a move to another screen the pending
 * changes are saved first, and only when that fails does the officer choose (Leave / Stay).
 * Closing the browser tab asks the browser's own question meanwhile. The desktop window is not
 * held: Electron would cancel its closing without a word, and the autosave flushes on page hide.
 */
export function UnsavedChangesGuard({ pending, failed, save }: UnsavedChangesGuardProps) {
  const { t } = useTranslation('counter');
  const unsafe = pending || failed;
  // An update's restart names it too (the window's closing is not held, see above).
  useUnsavedWork('counter_draft', unsafe);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsafe && currentLocation.pathname !== nextLocation.pathname);
  const [asking, setAsking] = useState(false);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);
  const info = useQuery({ queryKey: queryKeys.appInfo, queryFn: () => getBridge().app.info(), staleTime: Infinity });
  const isBrowser = info.data?.shell === 'web';

  useEffect(() => {
    if (blocker.state !== 'blocked') {
      setAsking(false);
      return undefined;
    }
    let live = true;
    void saveRef.current().then(
      (saved) => {
        if (!live) return;
        if (saved) blocker.proceed();
        else setAsking(true);
      },
      () => live && setAsking(true),
    );
    return () => {
      live = false;
    };
  }, [blocker]);

  useEffect(() => {
    if (!unsafe || !isBrowser) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      void saveRef.current();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsafe, isBrowser]);

  return (
    <Dialog
      isOpen={blocker.state === 'blocked' && asking}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('guard.title')}
      role="alertdialog"
    >
      <div className="dialog__body">
        <p>{failed ? t('guard.failed') : t('guard.pending')}</p>
      </div>
      <div className="dialog__actions">
        <Button variant="danger" onPress={() => blocker.state === 'blocked' && blocker.proceed()}>
          {t('guard.leave')}
        </Button>
        <Button variant="primary" autoFocus onPress={() => blocker.state === 'blocked' && blocker.reset()}>
          {t('guard.stay')}
        </Button>
      </div>
    </Dialog>
  );
}
