import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createBridge, type BridgeInvoke, type BridgeSubscribe } from '../../../src/preload/bridge-factory';
import { cloneSafeBridge } from '../../../src/preload/clone-safe-bridge';
import { BridgeError } from '../../../src/shared/bridge';
import { transportErrorOf } from '../../../src/shared/transport-failure';

function transport(answers: Record<string, unknown>) {
  const calls: { channel: string; arg: unknown }[] = [];
  const invoke: BridgeInvoke = async (channel, arg) => {
    calls.push({ channel, arg });
    if (!(channel in answers)) throw new Error(`No handler registered for '${channel}'`);
    return answers[channel];
  };
  const listeners = new Map<string, (payload: unknown) => void>();
  const on: BridgeSubscribe = (event, listener) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  };
  return { invoke, on, calls, listeners };
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error('expected a rejection');
}

describe('bridge factory', () => {
  it('unwraps ok envelopes and sends each call on its channel', async () => {
    const t = transport({
      'settings:set': { ok: true, value: { serverUrl: null, language: 'sq' } },
      'auth:logout': { ok: true, value: null },
      'external:open': { ok: true, value: null },
      'auth:verify-2fa': { ok: true, value: { access: 'a' } },
      'auth:change-password': { ok: true, value: { access: 'a2' } },
    });
    const bridge = createBridge(t);
    expect(await bridge.settings.set({ language: 'sq' })).toEqual({ serverUrl: null, language: 'sq' });
    expect(await bridge.auth.logout()).toBeUndefined();
    await bridge.external.open('https://www.enic-naric.net/');
    await bridge.auth.verifyTwoFactor({ username: 'officer', code: '123456', is_backup_code: true, challenge: 'c-1' });
    expect(await bridge.auth.changePassword({ current_password: 'old one', new_password: 'a brand new passphrase' })).toEqual({ access: 'a2' });
    expect(t.calls).toEqual([
      { channel: 'settings:set', arg: { language: 'sq' } },
      { channel: 'auth:logout', arg: undefined },
      { channel: 'external:open', arg: { url: 'https://www.enic-naric.net/' } },
      { channel: 'auth:verify-2fa', arg: { username: 'officer', code: '123456', is_backup_code: true, challenge: 'c-1' } },
      { channel: 'auth:change-password', arg: { current_password: 'old one', new_password: 'a brand new passphrase' } },
    ]);
  });

  it('rejects with a BridgeError carrying the TransportError of an ok:false envelope', async () => {
    const error = { code: 'invalid_credentials', message: 'Invalid credentials', status: 401, body: { detail: 'No active account' } };
    const bridge = createBridge(transport({ 'auth:login': { ok: false, error } }));
    const thrown = await rejectionOf(bridge.auth.login({ username: 'officer', password: 'x' }));
    expect(thrown).toBeInstanceOf(BridgeError);
    expect((thrown as BridgeError).error).toEqual(error);
    expect((thrown as BridgeError).message).toBe('Invalid credentials');
  });

  it('turns a broken transport or a malformed envelope into a server_error BridgeError', async () => {
    const bridge = createBridge(transport({ 'app:info': 'not an envelope', 'settings:get': { ok: false, error: { nope: true } } }));
    for (const call of [bridge.app.info(), bridge.settings.get(), bridge.system.health()]) {
      const thrown = await rejectionOf(call);
      expect(thrown).toBeInstanceOf(BridgeError);
      expect((thrown as BridgeError).error).toEqual({ code: 'server_error', message: 'Internal server error' });
    }
  });

  it('subscribes to contract events only and returns an unsubscribe', () => {
    const t = transport({});
    const bridge = createBridge(t);
    const seen: unknown[] = [];
    const off = bridge.on('session:ended', (payload) => seen.push(payload));
    t.listeners.get('session:ended')?.({ reason: 'expired' });
    expect(seen).toEqual([{ reason: 'expired' }]);
    off();
    expect(t.listeners.size).toBe(0);
    expect(() => bridge.on('files:progress' as never, () => {})).toThrow(BridgeError);
  });
});

describe('clone-safe bridge', () => {
  it('rejects with a plain object that keeps the TransportError across a structured copy', async () => {
    const error = { code: 'session_expired', message: 'Session expired', status: 401 };
    const bridge = cloneSafeBridge(
      createBridge(transport({ 'auth:refresh': { ok: false, error }, 'auth:restore': { ok: true, value: null }, 'auth:change-password': { ok: false, error } })),
    );
    expect(await bridge.auth.restore()).toBeNull();
    const refused = await rejectionOf(bridge.auth.changePassword({ current_password: 'old one', new_password: 'a brand new passphrase' }));
    expect(transportErrorOf(structuredClone(refused))).toEqual(error);
    const thrown = await rejectionOf(bridge.auth.refresh());
    expect(thrown).not.toBeInstanceOf(Error);
    // What contextBridge does to a plain object: a deep copy.
    const copied = structuredClone(thrown);
    expect(copied).toEqual({ name: 'BridgeError', message: 'Session expired', error });
    expect(transportErrorOf(copied)).toEqual(error);
  });
});

describe('counter calls', () => {
  it('go on the counter channels, and their refusals keep the TransportError across the clone-safe bridge', async () => {
    const attachment = { attachment_id: '0f8fad5b-d9cb-469f-a165-70867728950e' };
    const notSignedIn = { code: 'not_authenticated', message: 'Authentication credentials were not provided.' };
    const t = transport({
      'counter:draft-key': { ok: false, error: notSignedIn },
      'counter:keep-attachment': { ok: true, value: { ...attachment, file_name: 'a.pdf', size: 5, sha256: 'a'.repeat(64) } },
      'counter:stage-attachment': { ok: true, value: { outcome: 'cancelled' } },
      'counter:read-attachment': { ok: true, value: { data: new Uint8Array([37, 80, 68, 70, 45]) } },
      'counter:remove-attachment': { ok: true, value: null },
    });
    const bridge = cloneSafeBridge(createBridge(t));
    expect(transportErrorOf(structuredClone(await rejectionOf(bridge.counter.draftKey())))).toEqual(notSignedIn);
    expect((await bridge.counter.keepAttachment({ selection: 's-1' })).attachment_id).toBe(attachment.attachment_id);
    const stage = { transfer_id: 'transfer-1', attachment_id: attachment.attachment_id, upload_key: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', file_name: 'a.pdf' };
    expect(await bridge.counter.stageAttachment(stage)).toEqual({ outcome: 'cancelled' });
    expect((await bridge.counter.readAttachment(attachment)).data).toEqual(new Uint8Array([37, 80, 68, 70, 45]));
    expect(await bridge.counter.removeAttachment(attachment)).toBeUndefined();
    expect(t.calls).toEqual([
      { channel: 'counter:draft-key', arg: undefined },
      { channel: 'counter:keep-attachment', arg: { selection: 's-1' } },
      { channel: 'counter:stage-attachment', arg: stage },
      { channel: 'counter:read-attachment', arg: attachment },
      { channel: 'counter:remove-attachment', arg: attachment },
    ]);
  });
});

describe('bridge factory bundle', () => {
  it('bundles alone (no electron, no zod) and works in a bare page-like context', async () => {
    const bundle = await build({
      entryPoints: ['src/preload/bridge-factory.ts'],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'naricBridgeFactory',
      platform: 'browser',
      logLevel: 'silent',
    });
    const code = bundle.outputFiles[0].text;
    expect(code).not.toMatch(/require\(|electron|zod/);
    const context: Record<string, unknown> = {};
    runInNewContext(`${code}; this.factory = naricBridgeFactory;`, context);
    const factory = context.factory as { createBridge: typeof createBridge };
    const bridge = factory.createBridge(transport({ 'auth:restore': { ok: false, error: { code: 'network_error', message: 'Network error' } } }));
    const thrown = await rejectionOf(bridge.auth.restore());
    expect(transportErrorOf(thrown)).toEqual({ code: 'network_error', message: 'Network error' });
  });
});
