import { test as base, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDesktopCore, type DesktopCoreOptions } from '../../../src/main/desktop-core';
import type { Keyring } from '../../../src/main/vault';
import { e2eServerUrl } from './e2e-servers';

// The desktop project: the real preload bridge in the page, its invoke carried by exposeBinding
// to the real main-process router in this process. Only Electron's transport, the OS keychain
// (an in-memory keyring here; tests/vault covers the real one) and the native open/save dialogs
// (answered from `dialogs`) are substituted.

let bridgeScript: Promise<string> | undefined;
function bundledBridge(): Promise<string> {
  bridgeScript ??= build({
    stdin: {
      contents: `import { createBridge } from './src/preload/bridge-factory';
        const listeners = new Map();
        window.__naricEmit = (event, payload) => (listeners.get(event) ?? []).forEach((l) => l(payload));
        window.naric = createBridge({
          invoke: (channel, arg) => window.__naricInvoke(channel, arg),
          on: (event, listener) => { listeners.set(event, [...(listeners.get(event) ?? []), listener]); return () => listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener)); },
        });`,
      resolveDir: resolve(import.meta.dirname, '../../..'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
  }).then((result) => result.outputFiles[0].text);
  return bridgeScript;
}

export interface DesktopMain {
  calls: { channel: string; ok: boolean }[];
  /** What the native dialogs answer: the PDF the user picks, the folder saves go to, what was opened. */
  dialogs: { pdfToChoose: string | null; saveDirectory: string; opened: string[] };
  settingsStore: { value: unknown };
  /** What main keeps in the OS keychain (account → secret): admin_token, admin_refresh_token, counter_draft_key:<owner>. */
  keychain: Map<string, string>;
  /** The app's user-data folder (the counter's kept PDFs are below it, in counter/); it outlives a page like the keychain. */
  userData: string;
  /**
   * Main's way to the server (its NARIC_API_URL is a forwarder to the test server). While
   * `offline` is true, main cannot reach the server: new connections are reset and open ones
   * are cut (fetch and node:http alike fail as a network error). The page's own requests are
   * not affected: block them with page.route.
   */
  network: { offline: boolean; url: string };
  /** Main's updater for this page; without it updates are off, as in an unpackaged run. */
  createUpdates?: DesktopCoreOptions['createUpdates'];
}

/** A TCP forwarder to `target` (host:port) that can play an unreachable server. */
async function startNetworkSwitch(target: URL) {
  const open = new Set<Socket>();
  let offline = false;
  const cutAll = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };
  const server = createServer((incoming) => {
    if (offline) {
      incoming.resetAndDestroy();
      return;
    }
    const outgoing = connect(Number(target.port), target.hostname);
    for (const [socket, other] of [
      [incoming, outgoing],
      [outgoing, incoming],
    ] as const) {
      open.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        open.delete(socket);
        other.destroy();
      });
    }
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const network = {
    url: `http://127.0.0.1:${port}`,
    get offline() {
      return offline;
    },
    set offline(value: boolean) {
      offline = value;
      if (value) cutAll();
    },
  };
  const close = () =>
    new Promise<void>((resolve) => {
      cutAll();
      server.close(() => resolve());
    });
  return { network, close };
}

/**
 * Starts "main" for a page: a new createDesktopCore over `main`'s settings store, keychain and
 * user-data folder, which outlive it like config.json, the OS keychain and the folder outlive the app. A second call with the
 * same `main` for a new page is a restart of the desktop app.
 */
export async function installDesktopBridge(page: Page, baseURL: string, main: DesktopMain) {
  const secrets = main.keychain;
  const keyring: Keyring = {
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => void secrets.set(account, secret),
    delete: async (account) => void secrets.delete(account),
  };
  const core = createDesktopCore({
    settingsStore: { read: () => main.settingsStore.value, write: (value) => void (main.settingsStore.value = value) },
    env: { NARIC_API_URL: main.network.url },
    keyring,
    startEmbedded: () => Promise.reject(new Error('the harness uses the test server')),
    trustedOrigins: [`${baseURL}/`],
    pageApiBaseUrl: `${baseURL}/api`,
    version: 'e2e',
    os: process.platform,
    openExternal: async () => {},
    sendEvent: (event, payload) => void page.evaluate(([e, p]) => (window as unknown as { __naricEmit(e: unknown, p: unknown): void }).__naricEmit(e, p), [event, payload] as const).catch(() => {}),
    log: { info: () => {}, warn: () => {}, error: () => {} } as never,
    transferShell: {
      choosePdf: async () => main.dialogs.pdfToChoose,
      chooseSaveTarget: async (fileName) => join(main.dialogs.saveDirectory, fileName),
      openPath: async (path) => void main.dialogs.opened.push(path),
    },
    checkResponses: true,
    userDataDir: main.userData,
    ...(main.createUpdates ? { createUpdates: main.createUpdates } : {}),
  });
  await page.exposeBinding('__naricInvoke', async ({ frame }, channel: string, arg: unknown) => {
    const result = await core.router.handle(channel as never, arg, { url: frame.url() } as never);
    main.calls.push({ channel, ok: (result as { ok: boolean }).ok });
    return result;
  });
  await page.addInitScript({ content: await bundledBridge() });
}

export const test = base.extend<{ shell: 'web' | 'desktop'; desktopMain: DesktopMain }>({
  shell: ['web', { option: true }],
  // This worker's own server (e2e-servers.ts). Playwright reads a fixture's dependencies from its
  // first parameter's pattern, so it must be an (empty) object pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => use(e2eServerUrl(testInfo.parallelIndex)),
  desktopMain: async ({ baseURL }, use) => {
    const saveDirectory = await mkdtemp(join(tmpdir(), 'naric-e2e-saves-'));
    const userData = await mkdtemp(join(tmpdir(), 'naric-e2e-user-data-'));
    const { network, close } = await startNetworkSwitch(new URL(baseURL!));
    await use({ calls: [], settingsStore: { value: undefined }, keychain: new Map(), userData, network, dialogs: { pdfToChoose: null, saveDirectory, opened: [] } });
    await close();
    await rm(saveDirectory, { recursive: true, force: true });
    await rm(userData, { recursive: true, force: true });
  },
  page: async ({ page, shell, baseURL, desktopMain }, use) => {
    if (shell === 'desktop') await installDesktopBridge(page, baseURL!, desktopMain);
    await use(page);
  },
});
export { expect } from '@playwright/test';
