import { atom, createStore } from 'jotai';
import type { NaricBridge } from '../../shared/bridge';
import type { User } from '../../shared/api/auth';
import type { Session } from '../../shared/ipc/contract';
import type { TransportError } from '../../shared/errors';
import { asTransportError } from './transport-error';

export type SessionStatus = 'unknown' | 'loading' | 'signed_in' | 'signed_out';
/** `timed_out`: the server ended the session for its idle timeout or its lifetime. */
export type SessionEndReason = 'expired' | 'timed_out' | 'logged_out' | 'two_factor_setup_required';

/** The user and the short-lived access token; the refresh token never reaches the renderer. */
export const sessionAtom = atom<Session | null>(null);
export const sessionStatusAtom = atom<SessionStatus>('unknown');
/** Why the last session ended, so the sign-in screen can say 'Session expired'. */
export const sessionEndReasonAtom = atom<SessionEndReason | null>(null);
export const currentUserAtom = atom((get) => get(sessionAtom)?.user ?? null);
/**
 * The 2FA challenge of a set-up the server said is owed at a refresh (two-factor sign-in became
 * required of this user): the sign-in screen opens on the set-up with it, then forgets it.
 */
export const pendingSetupChallengeAtom = atom<string | null>(null);

export type AppStore = ReturnType<typeof createStore>;

/** The one store of the app: the API client reads the access token from it outside React. */
export const appStore: AppStore = createStore();

export function beginSession(store: AppStore, session: Session): void {
  store.set(sessionAtom, session);
  store.set(sessionStatusAtom, 'signed_in');
  store.set(sessionEndReasonAtom, null);
}

export function endSession(store: AppStore, reason: SessionEndReason): void {
  // The session client says why a refresh was refused; the API client, learning of the same
  // refusal afterwards, only knows that it was: the precise reason stays.
  const alreadyTimedOut = !store.get(sessionAtom) && store.get(sessionEndReasonAtom) === 'timed_out';
  store.set(sessionAtom, null);
  store.set(sessionStatusAtom, 'signed_out');
  store.set(sessionEndReasonAtom, reason === 'expired' && alreadyTimedOut ? 'timed_out' : reason);
}

export function replaceAccessToken(store: AppStore, access: string): void {
  const session = store.get(sessionAtom);
  if (session) store.set(sessionAtom, { ...session, access });
}

export function replaceUser(store: AppStore, user: User): void {
  const session = store.get(sessionAtom);
  if (session) store.set(sessionAtom, { ...session, user });
}

/**
 * Startup (spec §1): a stored sign-in is restored before the first screen; a failure is only
 * logged and the app starts signed out.
 */
export async function restoreSession(store: AppStore, bridge: NaricBridge): Promise<void> {
  store.set(sessionStatusAtom, 'loading');
  try {
    const session = await bridge.auth.restore();
    if (session) {
      beginSession(store, session);
      return;
    }
  } catch (error) {
    console.warn('Restoring the stored sign-in failed', asTransportError(error));
  }
  store.set(sessionAtom, null);
  store.set(sessionStatusAtom, 'signed_out');
}

/** Main (or the browser bridge) ended the session: a failed refresh, or a logout elsewhere. */
export function followSessionEvents(store: AppStore, bridge: NaricBridge): () => void {
  return bridge.on('session:ended', (ended) => {
    // Also while a stored sign-in is being restored (no session yet): the set-up is what comes next.
    if (ended.reason === 'two_factor_setup_required') store.set(pendingSetupChallengeAtom, ended.challenge);
    // A time limit's reason also replaces the plain 'expired' of an API client that heard first.
    if (store.get(sessionAtom) || ended.reason === 'timed_out') endSession(store, ended.reason);
  });
}

export async function signOut(store: AppStore, bridge: NaricBridge, reason: SessionEndReason = 'logged_out'): Promise<void> {
  try {
    await bridge.auth.logout();
  } catch (error) {
    // The local sign-out must happen even when the server cannot be told.
    console.warn('Logout call failed', asTransportError(error));
  }
  endSession(store, reason);
}

/**
 * Reloads the current user (GET /auth/me/). Spec §8: a failure other than 401 signs the user
 * out; a 401 was already handled by the API client (refresh, or session expired).
 */
export async function reloadCurrentUser(
  store: AppStore,
  bridge: NaricBridge,
  loadUser: () => Promise<User>,
): Promise<User | null> {
  try {
    const user = await loadUser();
    replaceUser(store, user);
    return user;
  } catch (error) {
    const transport: TransportError = asTransportError(error);
    if (transport.status !== 401 && transport.code !== 'session_expired') await signOut(store, bridge);
    return null;
  }
}
