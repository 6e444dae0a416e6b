import { QueryClient } from '@tanstack/react-query';
import { appStore, sessionStatusAtom, type AppStore } from './session';
import { asTransportError } from './transport-error';

/** A failure the server decided (4xx) will not change by asking again. */
function worthRetrying(failureCount: number, error: unknown): boolean {
  const { status } = asTransportError(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

/**
 * Requests go out whatever the operating system says of the network (networkMode 'always'):
 * the server may be the embedded one on this computer, or reachable while the OS reports no
 * network, and a paused query would leave a screen empty without a word. Whether our server
 * answers is what the screens show (an error, the counter's offline banner).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: worthRetrying, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * Whatever one person loaded must not be shown to the next one who signs in: the cache is
 * emptied when the session ends, whichever screen is on display then.
 */
export function forgetDataOnSignOut(client: QueryClient, store: AppStore): () => void {
  return store.sub(sessionStatusAtom, () => {
    if (store.get(sessionStatusAtom) === 'signed_out') client.clear();
  });
}

/** The app's cache, made with the first screen that needs it (lib/query-scope.tsx). */
export const queryClient: QueryClient = createQueryClient();
forgetDataOnSignOut(queryClient, appStore);
