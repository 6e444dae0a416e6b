import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../src/shared/bridge';
import { failure, transportErrorFromAnswer, transportErrorOf, TransportFailure } from '../../../src/shared/transport-failure';

describe('transport failures', () => {
  it('reads the TransportError of a TransportFailure, a BridgeError, a cloned BridgeError or a bare one', () => {
    const error = { code: 'not_found' as const, message: 'Page not found', status: 404 };
    expect(transportErrorOf(new TransportFailure(error))).toBe(error);
    expect(transportErrorOf(new BridgeError(error))).toBe(error);
    expect(transportErrorOf({ name: 'BridgeError', message: 'Page not found', error })).toBe(error);
    expect(transportErrorOf(error)).toBe(error);
    expect(transportErrorOf(new Error('boom'))).toBeNull();
    expect(transportErrorOf({ code: 'made_up', message: 'x' })).toBeNull();
    expect(transportErrorOf(null)).toBeNull();
  });

  it('maps an answer: the body code wins, then the status, keeping the body', () => {
    expect(transportErrorFromAnswer(403, { detail: 'You do not have permission to perform this action.' })).toEqual({
      code: 'permission_denied',
      message: 'You do not have permission to perform this action.',
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    expect(transportErrorFromAnswer(400, { detail: 'x', code: 'two_factor_invalid' }).code).toBe('two_factor_invalid');
    expect(transportErrorFromAnswer(401, {}, { 401: 'invalid_credentials' })).toEqual({ code: 'invalid_credentials', message: 'Invalid credentials', status: 401, body: {} });
    expect(transportErrorFromAnswer(504, undefined)).toEqual({ code: 'server_error', message: 'Internal server error', status: 504 });
    expect(transportErrorFromAnswer(418, { message: 'short and stout', detail: 'ignored' }).message).toBe('short and stout');
    expect(transportErrorFromAnswer(400, { error: 'Failed to verify 2FA' }).message).toBe('Failed to verify 2FA');
  });

  it('builds failures with the catalogue message', () => {
    expect(failure('timeout').error).toEqual({ code: 'timeout', message: 'The server did not answer in time.' });
    expect(failure('session_expired', { status: 401 }).error).toEqual({ code: 'session_expired', message: 'Session expired', status: 401 });
  });
});
