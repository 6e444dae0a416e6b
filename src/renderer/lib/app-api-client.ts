import { getBridge } from '../platform/bridge';
import { createApiClient, type ApiClient } from './api-client';
import { appStore, endSession, replaceAccessToken, sessionAtom } from './session';

/** The API client every feature's api.ts uses: the app's session, the platform's bridge. */
export const apiClient: ApiClient = createApiClient({
  getAccessToken: () => appStore.get(sessionAtom)?.access ?? null,
  refreshAccess: () => getBridge().auth.refresh(),
  onAccessRefreshed: (access) => replaceAccessToken(appStore, access),
  onSessionExpired: () => {
    endSession(appStore, 'expired');
    // Whatever the refresh failure was, no stored token may outlive the renderer's session.
    void getBridge().auth.logout().catch((error: unknown) => console.warn('Clearing the stored sign-in failed', error));
  },
});
