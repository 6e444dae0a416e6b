import { QueryClient } from '@tanstack/react-query';
import { asTransportError } from './transport-error';

/** A failure the server decided (4xx) will not change by asking again. */
function worthRetrying(failureCount: number, error: unknown): boolean {
  const { status } = asTransportError(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: worthRetrying, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient: QueryClient = createQueryClient();
