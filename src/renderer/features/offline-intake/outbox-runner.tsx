import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { isAdmin } from '../../../shared/auth/permissions';
import { currentUserAtom } from '../../lib/session';
import { appOutboxTransport } from './api';
import { useServerReachable } from './connection';
import { createOutbox, type Outbox } from './outbox';
import { outboxWakeAtom } from './outbox-wake';
import { useCounterStore } from './use-counter-store';

// Sends the signed-in officer's queued drafts in the background, wherever they are in the app:
// at sign-in, the moment Send or Retry is pressed, every 15 s, as soon as the server answers
// again, and when the network comes back. Mounted once in the signed-in layout; draws nothing.

export const OUTBOX_INTERVAL_MS = 15_000;

export function CounterOutboxRunner() {
  const user = useAtomValue(currentUserAtom);
  // Counter intake is an administrator's task (spec §2): nobody else has drafts or a drafts key.
  return isAdmin(user) ? <AdminOutboxRunner /> : null;
}

function AdminOutboxRunner() {
  const { store } = useCounterStore();
  const { reachable } = useServerReachable();
  const wakes = useAtomValue(outboxWakeAtom);
  const outbox = useRef<Outbox | null>(null);
  const reachableRef = useRef(reachable);
  reachableRef.current = reachable;

  useEffect(() => {
    if (!store) return;
    const running = createOutbox({ store, transport: appOutboxTransport() });
    outbox.current = running;
    // Offline, an attempt would only fail and lengthen the item's backoff.
    const run = () => {
      if (reachableRef.current === false) return;
      running.runOnce().catch((error: unknown) => console.warn('Sending the counter outbox failed', error));
    };
    run();
    const timer = setInterval(run, OUTBOX_INTERVAL_MS);
    window.addEventListener('online', run);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', run);
      running.stop();
      if (outbox.current === running) outbox.current = null;
    };
  }, [store]);

  useEffect(() => {
    // Send or Retry was pressed: what is due goes now (the first render's 0 is no press).
    if (wakes === 0 || reachableRef.current === false) return;
    outbox.current?.runOnce().catch((error: unknown) => console.warn('Sending the counter outbox failed', error));
  }, [wakes]);

  useEffect(() => {
    // The server answers again: what waited out a backoff goes now.
    if (reachable) outbox.current?.runOnce({ waiting: true }).catch((error: unknown) => console.warn('Sending the counter outbox failed', error));
  }, [reachable]);

  return null;
}
