import { describe, expect, it } from 'vitest';
import { createBridge, type BridgeInvoke } from '../../../../src/preload/bridge-factory';
import { cloneSafeBridge } from '../../../../src/preload/clone-safe-bridge';
import { transportErrorOf } from '../../../../src/shared/transport-failure';

// The preload's half of transfers: only a dropped file's path goes to main, read with the
// function Electron gives the preload (webUtils.getPathForFile); the page never sees it.

function transport(pathForFile?: (file: unknown) => string) {
  const calls: { channel: string; arg: unknown }[] = [];
  const invoke: BridgeInvoke = async (channel, arg) => {
    calls.push({ channel, arg });
    const values: Record<string, unknown> = { 'transfer:register-drop': { token: 'token-1' }, 'transfer:drop-pdf': { selection: 's-1', file_name: 'scan.pdf', size: 10 } };
    return { ok: true, value: values[channel] ?? { cancelled: true } };
  };
  return { calls, bridge: createBridge({ invoke, on: () => () => {}, ...(pathForFile ? { pathForFile } : {}) }) };
}

describe('preload bridge: transfers', () => {
  it('registers the path of a dropped file with main for a token, and drops by the token: never the file', async () => {
    const dropped = { name: 'scan.pdf', size: 10, type: 'application/pdf' };
    const { bridge, calls } = transport((file) => (file === dropped ? '/home/ana/Downloads/scan.pdf' : ''));
    await expect(bridge.transfer.dropPdf(dropped)).resolves.toEqual({ selection: 's-1', file_name: 'scan.pdf', size: 10 });
    expect(calls).toEqual([
      { channel: 'transfer:register-drop', arg: { path: '/home/ana/Downloads/scan.pdf' } },
      { channel: 'transfer:drop-pdf', arg: { token: 'token-1' } },
    ]);
  });

  it('refuses something that is not a dropped file without asking main', async () => {
    for (const pathForFile of [() => '', () => { throw new TypeError('Expected a File'); }, undefined]) {
      const { bridge, calls } = transport(pathForFile);
      const refused = await bridge.transfer.dropPdf({ name: 'x.pdf', size: 1, type: '' }).catch((error: unknown) => error);
      expect(transportErrorOf(refused)).toMatchObject({ code: 'validation_error', body: { reason: 'not_a_file' } });
      expect(calls).toEqual([]);
    }
  });

  it('keeps the refusal readable after contextBridge (a plain object, not an Error)', async () => {
    const { bridge } = transport(() => '');
    const refused = await cloneSafeBridge(bridge).transfer.dropPdf({ name: 'x.pdf', size: 1, type: '' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'BridgeError', error: { code: 'validation_error', body: { reason: 'not_a_file' } } });
  });

  it('cancels by transfer id', async () => {
    const { bridge, calls } = transport();
    await bridge.transfer.cancel('transfer-0001');
    expect(calls).toEqual([{ channel: 'transfer:cancel', arg: { transfer_id: 'transfer-0001' } }]);
  });
});
