import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rendererOrigins } from '../../../src/main/app-origin';
import { createDesktopCore } from '../../../src/main/desktop-core';
import type { Keyring } from '../../../src/main/vault';
import type { IpcEvent, IpcEventPayload } from '../../../src/shared/ipc/contract';
import { officer } from './auth-fixtures';
import { json, startFakeApiServer } from './fake-api-server';
import { recordingLog } from './fakes';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setup(options: { env?: Record<string, string> } = {}) {
  const server = await startFakeApiServer({
    'POST /api/auth/admin/login/': (_call, response) => json(response, 200, { access: 'access-1', refresh: 'refresh-1', user: officer }),
    'POST /api/auth/token/refresh/': (_call, response) => json(response, 200, { access: 'access-2', refresh: 'refresh-2' }),
    'POST /api/auth/logout/': (_call, response) => json(response, 205),
    'GET /api/documents/limits/': (_call, response) => json(response, 200, { max_upload_bytes: 1_000_000, accepted_media_types: ['application/pdf'] }),
  });
  cleanups.push(server.close);
  const userData = await mkdtemp(join(tmpdir(), 'naric-core-'));
  cleanups.push(() => rm(userData, { recursive: true, force: true }));
  const entries = new Map<string, string>();
  const keyring: Keyring = {
    get: async (account) => entries.get(account) ?? null,
    set: async (account, secret) => void entries.set(account, secret),
    delete: async (account) => void entries.delete(account),
  };
  let stored: unknown = {};
  const events: [string, IpcEventPayload<IpcEvent>][] = [];
  const opened: string[] = [];
  let embeddedStarts = 0;
  let embeddedStops = 0;
  const core = createDesktopCore({
    settingsStore: { read: () => stored, write: (value) => void (stored = value) },
    env: options.env ?? {},
    keyring,
    startEmbedded: async () => {
      embeddedStarts += 1;
      return { url: server.url, stop: async () => void (embeddedStops += 1) };
    },
    trustedOrigins: rendererOrigins(),
    pageApiBaseUrl: 'app://naric/api',
    version: '0.1.0',
    os: 'Linux 6.1 (x64)',
    openExternal: async (url) => void opened.push(url),
    sendEvent: (event, payload) => void events.push([event, payload]),
    log: recordingLog(),
    checkResponses: true,
    userDataDir: userData,
  });
  cleanups.push(() => core.stop());
  const call = (channel: string, arg?: unknown) => core.router.handle(channel, arg, { url: 'app://naric/login' });
  return { core, call, server, entries, events, opened, userData, starts: () => embeddedStarts, stops: () => embeddedStops };
}

describe('desktop core (what main runs behind IPC)', () => {
  it('describes the app, with the embedded server and keychain persistence', async () => {
    const { call } = await setup();
    expect(await call('app:info')).toEqual({
      ok: true,
      value: { version: '0.1.0', shell: 'desktop', os: 'Linux 6.1 (x64)', apiBaseUrl: 'app://naric/api', embeddedServer: true, sessionPersistence: 'keychain' },
    });
  });

  it('signs in through the embedded server, keeps the tokens in the keychain, and refreshes', async () => {
    const { call, entries, starts } = await setup();
    const login = await call('auth:login', { username: 'officer', password: 'correct horse' });
    expect(login).toEqual({ ok: true, value: { kind: 'signed_in', session: { user: officer, access: 'access-1', persistence: 'keychain' } } });
    expect(JSON.stringify(login)).not.toContain('refresh-1');
    expect(entries.get('admin_refresh_token')).toBe('refresh-1');
    expect(await call('auth:refresh')).toEqual({ ok: true, value: { access: 'access-2' } });
    expect(entries.get('admin_refresh_token')).toBe('refresh-2');
    expect(starts()).toBe(1);
  });

  it('switching server ends the session, forgets the tokens and stops the embedded server', async () => {
    const { call, entries, events, starts, stops } = await setup();
    await call('auth:login', { username: 'officer', password: 'x' });
    expect(await call('settings:set', { serverUrl: 'https://naric.example' })).toEqual({ ok: true, value: { serverUrl: 'https://naric.example', language: 'en' } });
    expect(entries.size).toBe(0);
    expect(events).toEqual([['session:ended', { reason: 'logged_out' }]]);
    expect(starts()).toBe(1);
    expect(stops()).toBe(1);
    expect(await call('app:info')).toMatchObject({ ok: true, value: { embeddedServer: false } });
    // A language change alone keeps the session.
    await call('settings:set', { language: 'sr' });
    expect(events).toHaveLength(1);
  });

  it('opens the documentation of the server in use, and allow-listed sites', async () => {
    const { call, core, opened, server } = await setup({ env: { NARIC_EXTERNAL_HOSTS: 'naric.rks-gov.example' } });
    await core.target.url();
    expect(await call('external:open', { url: `${server.url}/api/docs/` })).toEqual({ ok: true, value: null });
    expect(await call('external:open', { url: 'https://naric.rks-gov.example/fees' })).toEqual({ ok: true, value: null });
    expect(await call('external:open', { url: 'https://evil.example/' })).toMatchObject({ ok: false, error: { code: 'permission_denied' } });
    expect(opened).toEqual([`${server.url}/api/docs/`, 'https://naric.rks-gov.example/fees']);
  });

  it('refuses frames from elsewhere', async () => {
    const { core } = await setup();
    expect(await core.router.handle('auth:restore', undefined, { url: 'https://evil.example/' })).toMatchObject({ ok: false, error: { code: 'ipc_forbidden_sender' } });
  });
});

describe('desktop core: the counter channels', () => {
  it('answer only the signed-in user: refused before sign-in, after logout, and after switching server', async () => {
    const { call, entries, userData } = await setup();
    expect(await call('counter:draft-key')).toMatchObject({ ok: false, error: { code: 'not_authenticated' } });

    await call('auth:login', { username: 'officer', password: 'correct horse' });
    const key = await call('counter:draft-key');
    expect(key).toMatchObject({ ok: true, value: { owner: expect.stringMatching(/^[0-9a-f]{32}$/), key: expect.stringMatching(/^[\w-]{43}$/) } });

    const pdf = join(userData, 'scan.pdf');
    await writeFile(pdf, '%PDF-1.4\n% a scanned diploma\n%%EOF\n');
    const registered = (await call('transfer:register-drop', { path: pdf })) as { ok: true; value: { token: string } };
    const dropped = (await call('transfer:drop-pdf', { token: registered.value.token })) as { ok: true; value: { selection: string } };
    const kept = (await call('counter:keep-attachment', { selection: dropped.value.selection })) as { ok: true; value: { attachment_id: string } };
    expect(kept).toMatchObject({ ok: true, value: { file_name: 'scan.pdf', size: 35 } });
    const read = (await call('counter:read-attachment', { attachment_id: kept.value.attachment_id })) as { ok: true; value: { data: Uint8Array } };
    expect(Buffer.from(read.value.data).toString('latin1')).toBe('%PDF-1.4\n% a scanned diploma\n%%EOF\n');
    expect(await call('counter:read-attachment', { attachment_id: '../../etc/passwd' })).toMatchObject({ ok: false, error: { code: 'ipc_invalid_request' } });

    await call('auth:logout');
    expect(await call('counter:read-attachment', { attachment_id: kept.value.attachment_id })).toMatchObject({ ok: false, error: { code: 'not_authenticated' } });

    await call('auth:login', { username: 'officer', password: 'correct horse' });
    expect(await call('counter:draft-key')).toEqual(key);
    await call('settings:set', { serverUrl: 'https://naric.example' });
    expect(await call('counter:draft-key')).toMatchObject({ ok: false, error: { code: 'not_authenticated' } });
    // The drafts key outlives the session: drafts saved with it stay readable at the next sign-in.
    expect([...entries.keys()]).toEqual([`counter_draft_key:${(key as { value: { owner: string } }).value.owner}`]);
  });
});
