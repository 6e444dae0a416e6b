import { ERROR_CODES } from '../../../shared/errors';
import { asTransportError } from '../../lib/transport-error';

/** A 412: the entry changed since the form was opened (its version moved on). */
export function isVersionConflict(error: unknown): boolean {
  if (!error) return false;
  const transport = asTransportError(error);
  return transport.status === 412 || transport.code === ERROR_CODES.preconditionFailed;
}
