import type { NaricBridge } from '../../shared/bridge';
import type { IpcEvent, IpcEventPayload } from '../../shared/ipc/contract';
import { chunkLoader } from '../lib/chunk-loader';
import { mayHaveCookieSession, readBrowserSettings } from './browser-session-probe';

export interface DeferredBrowserBridgeOptions {
  /** The real bridge (browser-bridge.ts), fetched on first use. */
  load(): Promise<NaricBridge>;
  /** Where the language is kept. */
  storage?: Storage;
  /** The page-readable cookies (document.cookie); tests pass their own. */
  cookies?: () => string;
}

type Listener = (payload: never) => void;

/**
 * The web shell's bridge as the first screen gets it: the real one (its session client, file
 * transfers and the zod schemas that check every answer) is a chunk of its own, fetched the first
 * time a call needs it, and every call then goes to it unchanged. The two things startup asks
 * before the sign-in form is drawn are answered here without it, the same way the real bridge
 * answers them: the saved language, and a session restore when no cookie session can exist
 * (the XSRF-TOKEN cookie is absent, so the real bridge would answer null without asking the
 * server). A failed fetch of the chunk rejects as a network error, and the next call tries again.
 */
export function createDeferredBrowserBridge(options: DeferredBrowserBridgeOptions): NaricBridge {
  const storage = options.storage ?? globalThis.localStorage;
  const cookies = options.cookies ?? (() => (typeof document === 'undefined' ? '' : document.cookie));
  const listeners = new Map<IpcEvent, Set<Listener>>();
  const forwarded = new Set<IpcEvent>();
  let loaded: NaricBridge | null = null;

  const fanOut = <E extends IpcEvent>(event: E) => (payload: IpcEventPayload<E>) => {
    for (const listener of listeners.get(event) ?? []) (listener as (payload: IpcEventPayload<E>) => void)(payload);
  };
  // The real bridge emits its events only once it exists: subscribing then loses none.
  const forward = (bridge: NaricBridge, event: IpcEvent) => {
    if (forwarded.has(event)) return;
    forwarded.add(event);
    bridge.on(event, fanOut(event));
  };

  const real = chunkLoader(async () => {
    const bridge = await options.load();
    loaded = bridge;
    for (const event of listeners.keys()) forward(bridge, event);
    return bridge;
  });

  return {
    app: { info: () => real().then((bridge) => bridge.app.info()) },
    settings: {
      get: async () => readBrowserSettings(storage),
      set: (patch) => real().then((bridge) => bridge.settings.set(patch)),
    },
    system: { health: () => real().then((bridge) => bridge.system.health()) },
    auth: {
      restore: () => (mayHaveCookieSession(cookies) ? real().then((bridge) => bridge.auth.restore()) : Promise.resolve(null)),
      login: (request) => real().then((bridge) => bridge.auth.login(request)),
      verifyTwoFactor: (request) => real().then((bridge) => bridge.auth.verifyTwoFactor(request)),
      setupTwoFactor: (request) => real().then((bridge) => bridge.auth.setupTwoFactor(request)),
      confirmTwoFactor: (request) => real().then((bridge) => bridge.auth.confirmTwoFactor(request)),
      refresh: () => real().then((bridge) => bridge.auth.refresh()),
      changePassword: (request) => real().then((bridge) => bridge.auth.changePassword(request)),
      logout: () => real().then((bridge) => bridge.auth.logout()),
    },
    external: { open: (url) => real().then((bridge) => bridge.external.open(url)) },
    transfer: {
      limits: () => real().then((bridge) => bridge.transfer.limits()),
      choosePdf: () => real().then((bridge) => bridge.transfer.choosePdf()),
      dropPdf: (file) => real().then((bridge) => bridge.transfer.dropPdf(file)),
      upload: (request) => real().then((bridge) => bridge.transfer.upload(request)),
      cancel: (transferId) => real().then((bridge) => bridge.transfer.cancel(transferId)),
      download: (request) => real().then((bridge) => bridge.transfer.download(request)),
      open: (request) => real().then((bridge) => bridge.transfer.open(request)),
      preview: (request) => real().then((bridge) => bridge.transfer.preview(request)),
    },
    counter: {
      draftKey: () => real().then((bridge) => bridge.counter.draftKey()),
      keepAttachment: (request) => real().then((bridge) => bridge.counter.keepAttachment(request)),
      stageAttachment: (request) => real().then((bridge) => bridge.counter.stageAttachment(request)),
      readAttachment: (request) => real().then((bridge) => bridge.counter.readAttachment(request)),
      removeAttachment: (request) => real().then((bridge) => bridge.counter.removeAttachment(request)),
    },
    updates: {
      state: () => real().then((bridge) => bridge.updates.state()),
      check: () => real().then((bridge) => bridge.updates.check()),
      restart: () => real().then((bridge) => bridge.updates.restart()),
      answerRestart: (answer) => real().then((bridge) => bridge.updates.answerRestart(answer)),
      setChannel: (channel) => real().then((bridge) => bridge.updates.setChannel(channel)),
    },
    backups: {
      backUpNow: () => real().then((bridge) => bridge.backups.backUpNow()),
      chooseRestore: () => real().then((bridge) => bridge.backups.chooseRestore()),
      restore: (path) => real().then((bridge) => bridge.backups.restore(path)),
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(event, set);
      if (loaded) forward(loaded, event);
      return () => {
        set.delete(listener as Listener);
      };
    },
  };
}
