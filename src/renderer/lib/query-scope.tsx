import { useContext } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * The server-data cache for the parts of the app that use it: the signed-in frame and the demo
 * banner of the sign-in page, both lazy chunks. TanStack Query is fetched with them, not before
 * the sign-in form is drawn. Under a provider already there (tests hand in a fresh client per
 * test) that one is used.
 */
export function QueryScope({ children }: { children: React.ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
