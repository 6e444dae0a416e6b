import { ERROR_CODES } from '../../shared/errors';
import { failure } from '../../shared/transport-failure';

/**
 * A lazily fetched part of the app, loaded once and shared by every caller. A failed fetch (no
 * connection, the server restarting with a new build) rejects as the network error it is, so the
 * screens say 'Network error' as for any call that got no answer, and the next call tries again.
 */
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      console.warn('Could not load a part of the application', error);
      throw failure(ERROR_CODES.networkError);
    });
    return pending;
  };
}
