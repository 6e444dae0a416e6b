import { ERROR_CODES, ERROR_MESSAGES, type TransportError } from '../../shared/errors';
import { transportErrorOf } from '../../shared/transport-failure';

/** The TransportError inside anything a bridge or the API client threw; anything else is a fault of ours, shown as a server error. */
export function asTransportError(thrown: unknown): TransportError {
  return transportErrorOf(thrown) ?? { code: ERROR_CODES.serverError, message: ERROR_MESSAGES.server_error };
}

/** Reads a JSON body if there is one; an empty or non-JSON body reads as undefined. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
