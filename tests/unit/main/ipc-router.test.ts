import { describe, expect, it } from 'vitest';
import { createIpcRouter, type IpcHandlers } from '../../../src/main/ipc-router';
import { createSenderCheck, rendererOrigins } from '../../../src/main/app-origin';
import { failure } from '../../../src/shared/transport-failure';
import { officer } from './auth-fixtures';
import { recordingLog } from './fakes';

const app = { url: 'app://naric/applications' };
const notCalled = async (): Promise<never> => {
  throw new Error('this handler must not run');
};

function handlers(overrides: Partial<IpcHandlers> = {}): IpcHandlers {
  return {
    'app:info': notCalled,
    'settings:get': notCalled,
    'settings:set': notCalled,
    'system:health': notCalled,
    'auth:restore': notCalled,
    'auth:login': notCalled,
    'auth:verify-2fa': notCalled,
    'auth:setup-2fa': notCalled,
    'auth:confirm-2fa': notCalled,
    'auth:refresh': notCalled,
    'auth:change-password': notCalled,
    'auth:logout': notCalled,
    'external:open': notCalled,
    'transfer:limits': notCalled,
    'transfer:choose-pdf': notCalled,
    'transfer:register-drop': notCalled,
    'transfer:drop-pdf': notCalled,
    'transfer:upload': notCalled,
    'transfer:cancel': notCalled,
    'transfer:download': notCalled,
    'transfer:open': notCalled,
    'transfer:preview': notCalled,
    'counter:draft-key': notCalled,
    'counter:keep-attachment': notCalled,
    'counter:stage-attachment': notCalled,
    'counter:read-attachment': notCalled,
    'backups:back-up-now': notCalled,
    'backups:choose-restore': notCalled,
    'backups:restore': notCalled,
    'counter:remove-attachment': notCalled,
    'updates:state': notCalled,
    'updates:check': notCalled,
    'updates:restart': notCalled,
    'updates:answer-restart': notCalled,
    'updates:set-channel': notCalled,
    ...overrides,
  };
}

function router(overrides: Partial<IpcHandlers> = {}, checkResponses = true) {
  const log = recordingLog();
  return { log, router: createIpcRouter({ handlers: handlers(overrides), isTrustedSender: createSenderCheck(rendererOrigins()), log, checkResponses }) };
}

describe('ipc router', () => {
  it('answers a valid call with the handler value, after parsing the request', async () => {
    let seen: unknown;
    const { router: r } = router({
      'auth:verify-2fa': async (request) => {
        seen = request;
        return { user: officer, access: 'a1', persistence: 'keychain' };
      },
    });
    const result = await r.handle('auth:verify-2fa', { username: ' officer ', code: '123456', challenge: 'challenge-1' }, app);
    expect(result).toEqual({ ok: true, value: { user: officer, access: 'a1', persistence: 'keychain' } });
    // Defaults and trimming of the contract are applied before the handler sees the request.
    expect(seen).toEqual({ username: 'officer', code: '123456', challenge: 'challenge-1', is_backup_code: false });
  });

  it('refuses an unknown channel, including inherited object keys', async () => {
    const { router: r, log } = router();
    for (const channel of ['files:delete-everything', 'constructor', '__proto__', 'toString']) {
      expect(await r.handle(channel, undefined, app)).toEqual({ ok: false, error: { code: 'ipc_unknown_channel', message: 'Validation error' } });
    }
    expect(log.entries.every((entry) => entry.message === 'ipc: unknown channel refused')).toBe(true);
  });

  it('refuses a sender that is not our renderer, before parsing anything', async () => {
    const { router: r, log } = router({ 'settings:get': async () => ({ serverUrl: null, language: 'en' }) });
    for (const sender of [
      { url: 'https://evil.example/' },
      { url: 'app://naric.evil/' },
      { url: 'app://naric@evil/' },
      { url: 'file:///etc/passwd' },
      { url: '' },
      null,
      undefined,
    ]) {
      expect(await r.handle('settings:get', undefined, sender)).toEqual({ ok: false, error: { code: 'ipc_forbidden_sender', message: 'Access denied' } });
    }
    expect(log.entries.filter((entry) => entry.message === 'ipc: untrusted sender refused')).toHaveLength(7);
  });

  it('trusts the dev server origin only when one is given', async () => {
    const check = createSenderCheck(rendererOrigins('http://localhost:5173'));
    expect(check({ url: 'http://localhost:5173/login' })).toBe(true);
    expect(check({ url: 'http://localhost:5174/login' })).toBe(false);
    expect(createSenderCheck(rendererOrigins())({ url: 'http://localhost:5173/login' })).toBe(false);
  });

  it('refuses a malformed request with field errors, and logs it without the values', async () => {
    const { router: r, log } = router();
    const result = await r.handle('auth:login', { username: '', password: 'hunter2-secret' }, app);
    expect(result).toEqual({
      ok: false,
      error: { code: 'ipc_invalid_request', message: 'Validation error', body: { username: ['This field is required'] } },
    });
    expect(await r.handle('external:open', { url: 'not a url' }, app)).toMatchObject({ ok: false, error: { code: 'ipc_invalid_request', body: { url: expect.any(Array) } } });
    expect(await r.handle('app:info', { unexpected: true }, app)).toMatchObject({ ok: false, error: { code: 'ipc_invalid_request', body: { non_field_errors: expect.any(Array) } } });
    const warnings = log.entries.filter((entry) => entry.message === 'ipc: invalid request refused');
    expect(warnings).toHaveLength(3);
    expect(warnings[0].detail).toEqual({ channel: 'auth:login', fields: { username: ['This field is required'] } });
    expect(JSON.stringify(log.entries)).not.toContain('hunter2-secret');
  });

  it('passes a handler TransportError through with its status and body', async () => {
    const { router: r, log } = router({
      'auth:login': async () => {
        throw failure('invalid_credentials', { status: 401, body: { detail: 'No active account' }, message: 'No active account' });
      },
    });
    expect(await r.handle('auth:login', { username: 'officer', password: 'wrong' }, app)).toEqual({
      ok: false,
      error: { code: 'invalid_credentials', message: 'No active account', status: 401, body: { detail: 'No active account' } },
    });
    expect(log.entries).toEqual([]);
  });

  it('turns any other throw into server_error, logged, with no stack for the page', async () => {
    const { router: r, log } = router({
      'settings:get': async () => {
        throw new TypeError('cannot read properties of undefined (secret internals)');
      },
    });
    const result = await r.handle('settings:get', undefined, app);
    expect(result).toEqual({ ok: false, error: { code: 'server_error', message: 'Internal server error' } });
    expect(JSON.stringify(result)).not.toContain('internals');
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({ level: 'error', message: 'ipc: handler failed' });
  });

  it('checks answers against the contract when asked to', async () => {
    const broken = { 'settings:get': async () => ({ serverUrl: 42, language: 'en' }) as never };
    const checked = router(broken, true);
    expect(await checked.router.handle('settings:get', undefined, app)).toEqual({ ok: false, error: { code: 'server_error', message: 'Internal server error' } });
    expect(checked.log.entries[0].message).toBe('ipc: handler answer breaks the contract');
    const unchecked = router(broken, false);
    expect(await unchecked.router.handle('settings:get', undefined, app)).toEqual({ ok: true, value: { serverUrl: 42, language: 'en' } });
  });
});
