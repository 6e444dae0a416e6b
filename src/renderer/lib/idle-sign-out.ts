import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { getBridge } from '../platform/bridge';
import { fetchPublicSettings, PUBLIC_SETTINGS_KEY } from './office-language';
import { sessionAtom, signOut } from './session';

// The server ends a session after `session_idle_timeout_minutes` without a refresh, but an open
// window's background polling (system health, the inbox) refreshes it all the time, so the server
// alone never sees an unattended window go idle. The window therefore watches the person's own
// input and, once nobody touched the app for the idle timeout, signs out as the sign-out button
// does but with the reason `timed_out`: the sign-in screen says the session has ended and leads
// back to where the person was.
//
// Browser tabs of one origin share one session (one refresh cookie), and signing out in one ends
// it in all: the last input is therefore also kept in localStorage, so a tab left in the
// background does not sign out someone working in another tab.

/** How often the window looks at the clock; also on focus and when it becomes visible (a machine woken from sleep). */
export const IDLE_CHECK_INTERVAL_MS = 60_000;
/** Input closer together than this is recorded once: no work on every key or wheel step. */
const INPUT_RECORD_INTERVAL_MS = 5_000;
/** An administrator's change of the timeout reaches open windows within this. */
const SETTINGS_REREAD_MS = 15 * 60_000;
export const LAST_INPUT_STORAGE_KEY = 'naric-last-input';
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

function sharedStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused (a privacy setting): this window's own input still counts
  }
}

function readSharedInput(now: number): number {
  const stored = Number(sharedStorage()?.getItem(LAST_INPUT_STORAGE_KEY));
  // A time ahead of the clock (it was turned back) would keep the session alive until then.
  return Number.isFinite(stored) && stored <= now ? stored : 0;
}

function writeSharedInput(at: number): void {
  try {
    sharedStorage()?.setItem(LAST_INPUT_STORAGE_KEY, String(at));
  } catch {
    // full or refused storage: this window's own record is enough for this window
  }
}

/** Mounted once in the signed-in layout; renders nothing. */
export function IdleSignOut(): null {
  const store = useStore();
  const settings = useQuery({ queryKey: PUBLIC_SETTINGS_KEY, queryFn: fetchPublicSettings, staleTime: SETTINGS_REREAD_MS, refetchInterval: SETTINGS_REREAD_MS });
  const timeoutMinutes = settings.data?.session_idle_timeout_minutes;
  // Mounting is the sign-in (or the start with a restored one): it counts as input.
  const lastInput = useRef(0);
  const signingOut = useRef(false);

  useEffect(() => {
    const record = () => {
      const now = Date.now();
      if (now - lastInput.current < INPUT_RECORD_INTERVAL_MS) return;
      lastInput.current = now;
      writeSharedInput(now);
    };
    lastInput.current = 0;
    record();
    const options: AddEventListenerOptions = { capture: true, passive: true };
    for (const type of INPUT_EVENTS) window.addEventListener(type, record, options);
    return () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, record, options);
    };
  }, []);

  useEffect(() => {
    // Until the timeout is read the server's own limit is the only one.
    if (timeoutMinutes === undefined) return undefined;
    const timeoutMs = timeoutMinutes * 60_000;
    const check = () => {
      if (signingOut.current || !store.get(sessionAtom)) return;
      const now = Date.now();
      if (now - Math.max(lastInput.current, readSharedInput(now)) < timeoutMs) return;
      signingOut.current = true;
      void signOut(store, getBridge(), 'timed_out').finally(() => {
        signingOut.current = false;
      });
    };
    const checkWhenVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = setInterval(check, IDLE_CHECK_INTERVAL_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', checkWhenVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', checkWhenVisible);
    };
  }, [store, timeoutMinutes]);

  return null;
}
