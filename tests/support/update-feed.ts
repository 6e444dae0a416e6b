import { configureRequestOptions, configureRequestUrl, HttpExecutor, type DownloadOptions } from 'builder-util-runtime';
import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type ClientRequest, type IncomingMessage, type RequestOptions, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebUpdater } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { publicKeyText, signManifest, type SigningOptions, type TrustedUpdateKey } from '../../src/main/updates/update-manifest';
import type { UpdateTimers } from '../../src/main/updates/update-controller';

// A local update feed served over node:http, and a real electron-updater updater (DebUpdater,
// whose installer is a .deb) reading it in Node with our own small HTTP executor.

export interface TestKey {
  keyId: string;
  privateKey: KeyObject;
  trusted: TrustedUpdateKey;
}

export function testKey(keyId: string): TestKey {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { keyId, privateKey, trusted: { key_id: keyId, public_key: publicKeyText(privateKey), comment: `test key ${keyId}` } };
}

export function sha512Base64(bytes: Buffer): string {
  return createHash('sha512').update(bytes).digest('base64');
}

/** The channel file electron-updater asks for on this machine (latest-linux, latest-linux-arm64 …). */
export function channelFile(channel: 'latest' | 'beta'): string {
  if (process.platform === 'darwin') return `${channel}-mac`;
  if (process.platform === 'win32') return channel;
  return `${channel}-linux${process.arch === 'x64' ? '' : `-${process.arch}`}`;
}

/** What electron-builder writes for a deb, before signing. */
export function builderManifest(version: string, installerName: string, installer: Buffer): string {
  const sha512 = sha512Base64(installer);
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${installerName}`,
    `    sha512: ${sha512}`,
    `    size: ${installer.length}`,
    `path: ${installerName}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-20T10:00:00.000Z'",
    '',
  ].join('\n');
}

export function signedManifest(text: string, key: TestKey, options: Partial<SigningOptions> & { channel: string; expires: Date }): string {
  return signManifest(text, { privateKey: key.privateKey, keyId: key.keyId, ...options });
}

export interface FeedFile {
  body: Buffer | string;
  status?: number;
}

export interface TestFeed {
  url: string;
  port: number;
  files: Map<string, FeedFile>;
  /** Paths asked for, in order (without the query). */
  requests: string[];
  stop(): Promise<void>;
  /** Listens again on the same port (after stop). */
  restart(): Promise<void>;
}

export async function startFeed(port = 0): Promise<TestFeed> {
  const files = new Map<string, FeedFile>();
  const requests: string[] = [];
  let server: Server;
  const listen = (onPort: number) =>
    new Promise<Server>((resolve, reject) => {
      const created = createServer((req, res) => {
        const path = decodeURIComponent(new URL(req.url ?? '/', 'http://feed').pathname.slice(1));
        requests.push(path);
        const file = files.get(path);
        if (!file) {
          res.writeHead(404).end('not found');
          return;
        }
        const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
        res.writeHead(file.status ?? 200, { 'content-length': body.length, 'content-type': 'application/octet-stream' }).end(body);
      });
      created.once('error', reject);
      created.listen(onPort, '127.0.0.1', () => resolve(created));
    });
  server = await listen(port);
  const actualPort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actualPort}/updates/`,
    port: actualPort,
    files,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    async restart() {
      server = await listen(actualPort);
    },
  };
}

/** builder-util-runtime's executor over node:http, with the download() electron-updater's updaters call. */
export class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        { destination, options, onCancel, callback: (error) => (error ? reject(error) : resolve(destination)), responseHandler: null },
        0,
      );
    });
  }
}

export interface TestApp {
  dir: string;
  adapter: AppAdapter;
  cacheDir: string;
  cleanup(): void;
}

export function testApp(version: string, feedUrl: string): TestApp {
  const dir = mkdtempSync(join(tmpdir(), 'naric-updates-'));
  mkdirSync(join(dir, 'user-data'));
  const appUpdateConfigPath = join(dir, 'app-update.yml');
  // What electron-builder writes beside a packaged app; electron-updater reads its cache folder name here.
  writeFileSync(appUpdateConfigPath, `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: naric-test-updater\n`);
  const adapter: AppAdapter = {
    version,
    name: 'naric-test',
    isPackaged: true,
    appUpdateConfigPath,
    userDataPath: join(dir, 'user-data'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  return { dir, adapter, cacheDir: join(dir, 'cache', 'naric-test-updater'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A real electron-updater updater for a .deb, reading the feed through node:http. */
export function testUpdater(app: TestApp): DebUpdater {
  const updater = new DebUpdater(null, app.adapter);
  (updater as unknown as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor = new NodeHttpExecutor();
  return updater;
}

/** Timers that run only when the test moves the clock. */
export class ManualClock implements UpdateTimers {
  private elapsed = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; run: () => void }>();

  constructor(private readonly start: Date) {}

  now = (): Date => new Date(this.start.getTime() + this.elapsed);

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.pending.set(id, { at: this.elapsed + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** How many timers wait, and when the next is due (ms from now). */
  nextDueIn(): number | null {
    const due = [...this.pending.values()].map((timer) => timer.at - this.elapsed);
    return due.length === 0 ? null : Math.min(...due);
  }

  /** Moves the clock, running each timer that comes due (in order). */
  advance(ms: number): void {
    const target = this.elapsed + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.elapsed = due[1].at;
      due[1].run();
    }
    this.elapsed = target;
  }
}

export function installerBytes(size = 200 * 1024): Buffer {
  return randomBytes(size);
}
