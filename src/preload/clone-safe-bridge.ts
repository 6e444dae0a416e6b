import type { NaricBridge } from '../shared/bridge';
import type { TransportError } from '../shared/errors';

// Electron's contextBridge copies a rejected Error with its message only (electron/electron#25596),
// so a BridgeError would reach the page without its TransportError. Plain objects are copied whole,
// so across the bridge a failure travels as `{ name: 'BridgeError', message, error }`. The page reads
// either form with `transportErrorOf` (src/shared/transport-failure.ts).

export interface ClonedBridgeError {
  name: 'BridgeError';
  message: string;
  error: TransportError;
}

function toCloneable(thrown: unknown): unknown {
  if (typeof thrown === 'object' && thrown !== null && 'error' in thrown) {
    const { error, message } = thrown as { error: TransportError; message?: unknown };
    const cloned: ClonedBridgeError = { name: 'BridgeError', message: typeof message === 'string' ? message : error.message, error };
    return cloned;
  }
  return thrown;
}

function wrap<F extends (...args: never[]) => unknown>(fn: F): F {
  return ((...args: Parameters<F>) => {
    const result = fn(...args);
    return result instanceof Promise ? result.catch((thrown: unknown) => Promise.reject(toCloneable(thrown))) : result;
  }) as F;
}

/** The same bridge, with every rejection turned into a plain object that survives contextBridge. */
export function cloneSafeBridge(bridge: NaricBridge): NaricBridge {
  return {
    app: { info: wrap(bridge.app.info) },
    settings: { get: wrap(bridge.settings.get), set: wrap(bridge.settings.set) },
    system: { health: wrap(bridge.system.health) },
    auth: {
      restore: wrap(bridge.auth.restore),
      login: wrap(bridge.auth.login),
      verifyTwoFactor: wrap(bridge.auth.verifyTwoFactor),
      setupTwoFactor: wrap(bridge.auth.setupTwoFactor),
      confirmTwoFactor: wrap(bridge.auth.confirmTwoFactor),
      refresh: wrap(bridge.auth.refresh),
      changePassword: wrap(bridge.auth.changePassword),
      logout: wrap(bridge.auth.logout),
    },
    external: { open: wrap(bridge.external.open) },
    transfer: {
      limits: wrap(bridge.transfer.limits),
      choosePdf: wrap(bridge.transfer.choosePdf),
      dropPdf: wrap(bridge.transfer.dropPdf),
      upload: wrap(bridge.transfer.upload),
      cancel: wrap(bridge.transfer.cancel),
      download: wrap(bridge.transfer.download),
      open: wrap(bridge.transfer.open),
      preview: wrap(bridge.transfer.preview),
    },
    counter: {
      draftKey: wrap(bridge.counter.draftKey),
      keepAttachment: wrap(bridge.counter.keepAttachment),
      stageAttachment: wrap(bridge.counter.stageAttachment),
      readAttachment: wrap(bridge.counter.readAttachment),
      removeAttachment: wrap(bridge.counter.removeAttachment),
    },
    updates: {
      state: wrap(bridge.updates.state),
      check: wrap(bridge.updates.check),
      restart: wrap(bridge.updates.restart),
      answerRestart: wrap(bridge.updates.answerRestart),
      setChannel: wrap(bridge.updates.setChannel),
    },
    backups: {
      backUpNow: wrap(bridge.backups.backUpNow),
      chooseRestore: wrap(bridge.backups.chooseRestore),
      restore: wrap(bridge.backups.restore),
    },
    on: bridge.on,
  };
}
