import { BridgeError, type NaricBridge } from '../shared/bridge';
import type { TransportError } from '../shared/errors';
import type { IpcChannel, IpcEvent, IpcRequest, IpcResponse } from '../shared/ipc/contract';

// Builds window.naric from two transport functions. Pure and self-contained (no Electron, no
// zod), because the e2e harness bundles this same factory into a page, with `invoke` carried by
// Playwright's exposeBinding instead of ipcRenderer.

export type BridgeInvoke = (channel: IpcChannel, arg: unknown) => Promise<unknown>;
export type BridgeSubscribe = (event: IpcEvent, listener: (payload: unknown) => void) => () => void;
/** The local path of a File the user dropped (Electron's webUtils.getPathForFile); '' for any other. */
export type BridgePathForFile = (file: unknown) => string;

// A Record over IpcEvent: adding an event to the contract without listing it here fails to compile.
const KNOWN_EVENTS: Readonly<Record<IpcEvent, true>> = {
  'session:ended': true,
  'transfer:progress': true,
  'updates:state': true,
  'updates:restart-query': true,
};

export function isBridgeEvent(event: unknown): event is IpcEvent {
  return typeof event === 'string' && Object.hasOwn(KNOWN_EVENTS, event);
}

const ERROR_CODE_PATTERN = /^[a-z_0-9]+$/;

function isTransportError(value: unknown): value is TransportError {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return typeof code === 'string' && ERROR_CODE_PATTERN.test(code) && typeof message === 'string';
}

function bridgeFailure(thrown: unknown): BridgeError {
  if (thrown instanceof BridgeError) return thrown;
  // Electron prefixes errors thrown across invoke; none of ours are thrown, so this is a broken transport.
  return new BridgeError({ code: 'server_error', message: 'Internal server error' });
}

export function createBridge(transport: { invoke: BridgeInvoke; on: BridgeSubscribe; pathForFile?: BridgePathForFile }): NaricBridge {
  async function call<C extends IpcChannel>(channel: C, arg?: IpcRequest<C>): Promise<IpcResponse<C>> {
    let envelope: unknown;
    try {
      envelope = await transport.invoke(channel, arg);
    } catch (thrown) {
      throw bridgeFailure(thrown);
    }
    if (typeof envelope === 'object' && envelope !== null && 'ok' in envelope) {
      const result = envelope as { ok: unknown; value?: unknown; error?: unknown };
      if (result.ok === true) return result.value as IpcResponse<C>;
      if (result.ok === false && isTransportError(result.error)) throw new BridgeError(result.error);
    }
    throw new BridgeError({ code: 'server_error', message: 'Internal server error' });
  }

  return {
    app: { info: () => call('app:info') },
    settings: {
      get: () => call('settings:get'),
      set: (patch) => call('settings:set', patch),
    },
    system: { health: () => call('system:health') },
    auth: {
      restore: () => call('auth:restore'),
      login: (request) => call('auth:login', request),
      verifyTwoFactor: (request) => call('auth:verify-2fa', request),
      setupTwoFactor: (request) => call('auth:setup-2fa', request),
      confirmTwoFactor: (request) => call('auth:confirm-2fa', request),
      refresh: () => call('auth:refresh'),
      changePassword: (request) => call('auth:change-password', request),
      logout: async () => {
        await call('auth:logout');
      },
    },
    external: {
      open: async (url) => {
        await call('external:open', { url });
      },
    },
    transfer: {
      limits: () => call('transfer:limits'),
      choosePdf: () => call('transfer:choose-pdf'),
      dropPdf: async (file) => {
        // Only the path crosses to main, which checks the file; the page never sees the path or the bytes.
        let path: string;
        try {
          path = transport.pathForFile?.(file) ?? '';
        } catch {
          path = '';
        }
        if (!path) {
          throw new BridgeError({ code: 'validation_error', message: 'This is not a file.', body: { detail: 'This is not a file.', reason: 'not_a_file' } });
        }
        // The path goes to main once, for a one-time token; `drop-pdf` takes only the token.
        const { token } = await call('transfer:register-drop', { path });
        return call('transfer:drop-pdf', { token });
      },
      upload: (request) => call('transfer:upload', request),
      cancel: async (transferId) => {
        await call('transfer:cancel', { transfer_id: transferId });
      },
      download: (request) => call('transfer:download', request),
      open: (request) => call('transfer:open', request),
      preview: (request) => call('transfer:preview', request),
    },
    counter: {
      draftKey: () => call('counter:draft-key'),
      keepAttachment: (request) => call('counter:keep-attachment', request),
      stageAttachment: (request) => call('counter:stage-attachment', request),
      readAttachment: (request) => call('counter:read-attachment', request),
      removeAttachment: async (request) => {
        await call('counter:remove-attachment', request);
      },
    },
    updates: {
      state: () => call('updates:state'),
      check: () => call('updates:check'),
      restart: () => call('updates:restart'),
      answerRestart: async (answer) => {
        await call('updates:answer-restart', answer);
      },
      setChannel: (channel) => call('updates:set-channel', { channel }),
    },
    backups: {
      backUpNow: () => call('backups:back-up-now'),
      chooseRestore: () => call('backups:choose-restore'),
      restore: async (path) => {
        await call('backups:restore', { path });
      },
    },
    on(event, listener) {
      if (!isBridgeEvent(event)) throw new BridgeError({ code: 'ipc_unknown_channel', message: 'Validation error' });
      return transport.on(event, (payload) => listener(payload as never));
    },
  };
}
