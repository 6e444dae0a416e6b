import { createBackupActions } from '../../../src/main/backups/backup-actions';
import { describe, expect, it } from 'vitest';
import type { AuthService } from '../../../src/main/auth-service';
import { createExternalLinkPolicy } from '../../../src/main/external-links';
import { createDisabledUpdates } from '../../../src/main/updates/disabled-updates';
import { createIpcHandlers } from '../../../src/main/ipc-handlers';
import { createIpcRouter } from '../../../src/main/ipc-router';
import { createSettings } from '../../../src/main/settings';
import type { SessionHttpAnswer } from '../../../src/shared/auth/session-client';
import type { Settings } from '../../../src/shared/ipc/contract';
import { recordingLog } from './fakes';

const health = {
  status: 'ok',
  version: '0.1.0',
  database: { status: 'ok', driver: 'pglite' },
  storage: { status: 'ok', backend: 'local' },
  demo: true,
  time: '2026-03-02T10:00:00Z',
};

function setup(answer: SessionHttpAnswer = { status: 200, data: health }) {
  const opened: string[] = [];
  const passwordChanges: unknown[] = [];
  const changes: [Settings, Settings][] = [];
  let stored: unknown = {};
  const handlers = createIpcHandlers({
    appInfo: async () => ({ version: '0.1.0', shell: 'desktop', os: 'Linux', apiBaseUrl: 'app://naric/api', embeddedServer: true, sessionPersistence: 'memory' }),
    settings: createSettings({ store: { read: () => stored, write: (value) => void (stored = value) } }),
    onSettingsChanged: async (before, after) => void changes.push([before, after]),
    api: { request: async () => answer },
    auth: {
      currentUser: () => null,
      logout: async () => {},
      changePassword: async (change: unknown) => {
        passwordChanges.push(change);
        return { access: 'access-after-change' };
      },
    } as unknown as AuthService,
    externalLinks: createExternalLinkPolicy(),
    openExternal: async (url) => void opened.push(url),
    updates: createDisabledUpdates('0.1.0', 'unpackaged'),
    backups: createBackupActions({ api: { request: async () => answer }, accessToken: async () => null, refreshAccess: async () => ({ access: 'a' }), currentUser: () => null, isEmbedded: () => false, shell: null }),
  });
  const router = createIpcRouter({ handlers, isTrustedSender: () => true, log: recordingLog(), checkResponses: true });
  const call = (channel: string, arg?: unknown) => router.handle(channel, arg, { url: 'app://naric/' });
  return { call, opened, changes, passwordChanges };
}

describe('ipc handlers', () => {
  it('updates: an unpackaged run says why it never updates; only administrators choose the channel', async () => {
    expect(await setup().call('updates:state')).toMatchObject({ ok: true, value: { phase: 'disabled', disabled_reason: 'unpackaged', current_version: '0.1.0' } });
    expect(await setup().call('updates:check')).toMatchObject({ ok: true, value: { phase: 'disabled' } });
    expect(await setup().call('updates:restart')).toEqual({ ok: true, value: { outcome: 'nothing_to_install' } });
    expect(await setup().call('updates:set-channel', { channel: 'beta' })).toMatchObject({ ok: false, error: { code: 'permission_denied' } });
    expect(await setup().call('updates:set-channel', { channel: 'nightly' })).toMatchObject({ ok: false, error: { code: 'ipc_invalid_request' } });
  });

  it('system:health answers the report, also when the server says 503', async () => {
    expect(await setup().call('system:health')).toEqual({ ok: true, value: health });
    const degraded = { ...health, status: 'unavailable', database: { status: 'unavailable', driver: 'postgres', detail: 'connection refused' } };
    expect(await setup({ status: 503, data: degraded }).call('system:health')).toEqual({ ok: true, value: degraded });
    expect(await setup({ status: 502, data: undefined }).call('system:health')).toMatchObject({ ok: false, error: { code: 'server_error', status: 502 } });
    expect(await setup({ status: 200, data: { status: 'fine' } }).call('system:health')).toMatchObject({ ok: false, error: { code: 'server_error' } });
  });

  it('external:open opens allow-listed links only', async () => {
    const { call, opened } = setup();
    expect(await call('external:open', { url: 'https://www.enic-naric.net/' })).toEqual({ ok: true, value: null });
    expect(await call('external:open', { url: 'https://evil.example/' })).toMatchObject({ ok: false, error: { code: 'permission_denied' } });
    expect(opened).toEqual(['https://www.enic-naric.net/']);
  });

  it('settings:set stores the change and reports it to the desktop', async () => {
    const { call, changes } = setup();
    expect(await call('settings:set', { serverUrl: 'https://naric.example' })).toEqual({ ok: true, value: { serverUrl: 'https://naric.example', language: 'en' } });
    expect(await call('settings:get')).toEqual({ ok: true, value: { serverUrl: 'https://naric.example', language: 'en' } });
    expect(changes).toEqual([[{ serverUrl: null, language: 'en' }, { serverUrl: 'https://naric.example', language: 'en' }]]);
  });

  it('auth:change-password hands a well-formed change to the auth service and answers the access token only', async () => {
    const { call, passwordChanges } = setup();
    const change = { current_password: 'the old passphrase', new_password: 'a brand new passphrase' };
    expect(await call('auth:change-password', change)).toEqual({ ok: true, value: { access: 'access-after-change' } });
    // The contract refuses a change the server would refuse anyway, before any handler runs.
    expect(await call('auth:change-password', { current_password: 'x', new_password: 'short' })).toMatchObject({
      ok: false,
      error: { code: 'ipc_invalid_request' },
    });
    expect(passwordChanges).toEqual([change]);
  });

  it('auth:logout answers null', async () => {
    expect(await setup().call('auth:logout')).toEqual({ ok: true, value: null });
  });
});
