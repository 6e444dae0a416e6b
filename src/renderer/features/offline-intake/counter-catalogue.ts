import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { loadIntakeCatalogue } from './api';
import { useServerReachable } from './connection';
import { useCounterStore } from './use-counter-store';
import { queryKeys } from '../../lib/query-keys';

/**
 * The services the counter form offers: from the server when it answers, else the copy kept on
 * this computer (api.ts, loadIntakeCatalogue). It runs whatever the operating system says of the
 * network (networkMode 'always', also the app's default: lib/query-client.ts), since offline is
 * exactly when the kept copy is needed. The last list stays on screen while it is asked again
 * (the server came back or went away).
 *
 * Each state of the server is its own entry, "not known yet" included: an answer got while the
 * first health check was still out is no answer for "unreachable", or going offline would show
 * it as fresh from the server instead of asking the kept copy. Only what came while the server
 * answers is kept as fresh; the rest is asked again whenever its state comes back.
 */
export function useCounterCatalogue() {
  const { catalogue } = useCounterStore();
  const { reachable } = useServerReachable();
  return useQuery({
    queryKey: queryKeys.intake.catalogue(catalogue !== null, reachable),
    queryFn: () => loadIntakeCatalogue(catalogue),
    networkMode: 'always',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: reachable === true ? 5 * 60_000 : 0,
  });
}
