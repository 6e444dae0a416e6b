import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAttachmentStore } from '../../../../src/main/counter/attachment-store';
import { createCounterService, type CounterService } from '../../../../src/main/counter/counter-service';
import { createDraftKeys, draftKeyAccount } from '../../../../src/main/counter/draft-keys';
import { draftOwner, serverIdentity } from '../../../../src/main/counter/owner';
import { createTransferService, type TransferService } from '../../../../src/main/transfer/transfer-service';
import type { Keyring } from '../../../../src/main/vault';
import type { User } from '../../../../src/shared/api/auth';
import type { SessionPersistence } from '../../../../src/shared/ipc/contract';
import type { TransferProgress } from '../../../../src/shared/ipc/transfer-contract';
import { transportErrorOf } from '../../../../src/shared/transport-failure';
import { officer } from '../auth-fixtures';
import { recordingLog, type RecordedLog } from '../fakes';

// The desktop's counter calls over real parts: a temporary user-data folder, a keyring kept in a
// Map, the real transfer service, and a real HTTP server on the loopback answering the upload
// limits and the staging PUT.

const officerB: User = { ...officer, id: 8, username: 'second', full_name: 'Besa Gashi', first_name: 'Besa', last_name: 'Gashi' };
const FILE_NAME = 'Drita Berisha diploma.pdf';

function pdfBytes(marker: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

interface StagingCall {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type StagingMode = 'ok' | 'wrong-sha' | 'fail-500' | 'conflict' | 'hold';

async function startStagingServer() {
  const state = { mode: 'ok' as StagingMode, calls: [] as StagingCall[], validToken: 'good', onHold: [] as (() => void)[] };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      state.calls.push(call);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (call.url === '/api/documents/limits/') return send(200, { max_upload_bytes: 10_000, accepted_media_types: ['application/pdf'] });
      const staging = /^\/api\/applications\/intake\/uploads\/([0-9a-f-]{36})\/\?file_name=(.*)$/.exec(call.url);
      if (!staging || call.method !== 'PUT') return send(404, { detail: 'Not found.' });
      if (call.headers.authorization !== `Bearer ${state.validToken}`) return send(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
      if (state.mode === 'hold') return void state.onHold.push(() => response.destroy());
      if (state.mode === 'fail-500') return send(500, { detail: 'Internal server error' });
      if (state.mode === 'conflict') return send(409, { detail: 'This upload key already holds a different file.' });
      const hash = state.mode === 'wrong-sha' ? sha256(Buffer.from('something else')) : sha256(call.body);
      send(201, { upload_key: staging[1], file_name: decodeURIComponent(staging[2]!), size: call.body.length, sha256: hash, application_id: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function mapKeyring(entries = new Map<string, string>()): Keyring & { entries: Map<string, string> } {
  return {
    entries,
    get: async (account) => entries.get(account) ?? null,
    set: async (account, secret) => void entries.set(account, secret),
    delete: async (account) => void entries.delete(account),
  };
}

interface Desk {
  counter: CounterService;
  transfer: TransferService;
  server: Awaited<ReturnType<typeof startStagingServer>>;
  keyring: ReturnType<typeof mapKeyring>;
  userData: string;
  folder: string;
  log: RecordedLog;
  progress: TransferProgress[];
  signIn(user: User | null): void;
  token: { value: string; refreshes: number };
  /** A PDF on disk, chosen through the transfer service like a dropped file. */
  choose(data?: Buffer, name?: string): Promise<{ selection: string; path: string; data: Buffer }>;
  restart(): Desk;
}

async function desk(options: { persistence?: SessionPersistence; keyring?: ReturnType<typeof mapKeyring>; openFile?: typeof open } = {}): Promise<Desk> {
  const server = await startStagingServer();
  cleanups.push(server.close);
  const userData = await mkdtemp(join(tmpdir(), 'naric-counter-'));
  const folder = await mkdtemp(join(tmpdir(), 'naric-counter-chosen-'));
  cleanups.push(() => rm(userData, { recursive: true, force: true }));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const keyring = options.keyring ?? mapKeyring();
  let user: User | null = officer;
  const token = { value: 'good', refreshes: 0 };
  const progress: TransferProgress[] = [];

  const build = (): Desk => {
    const log = recordingLog();
    const transfer = createTransferService({
      serverUrl: async () => server.url,
      accessToken: async () => token.value,
      refreshAccess: async () => {
        token.refreshes += 1;
        token.value = server.state.validToken;
        return { access: token.value };
      },
      emitProgress: (event) => progress.push(event),
      log,
      progressIntervalMs: 0,
    });
    const counter = createCounterService({
      currentUser: () => user,
      serverIdentity: () => serverIdentity(server.url),
      serverUrl: async () => server.url,
      keys: createDraftKeys({ keyring, persistence: async () => options.persistence ?? 'keychain', log }),
      store: createAttachmentStore({ root: join(userData, 'counter'), log, ...(options.openFile ? { openFile: options.openFile } : {}) }),
      transfer,
      emitProgress: (event) => progress.push(event),
      log,
      progressIntervalMs: 0,
      chunkBytes: 64,
    });
    const self: Desk = {
      counter,
      transfer,
      server,
      keyring,
      userData,
      folder,
      log,
      progress,
      token,
      signIn: (next) => {
        user = next;
      },
      async choose(data = pdfBytes(randomUUID()), name = FILE_NAME) {
        const path = join(await mkdtemp(join(folder, 'pick-')), name);
        await writeFile(path, data);
        const selection = await transfer.dropPdf(transfer.registerDrop(path));
        return { selection: selection.selection, path, data };
      },
      restart: build,
    };
    return self;
  };
  return build();
}

async function refusal(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  const error = transportErrorOf(thrown);
  if (!error) throw new Error(`expected a transport error, got ${String(thrown)}`);
  return error;
}

async function keptFiles(userData: string): Promise<string[]> {
  const root = join(userData, 'counter');
  const found: string[] = [];
  for (const owner of await readdir(root).catch(() => [] as string[])) {
    for (const name of await readdir(join(root, owner))) found.push(join(owner, name));
  }
  return found;
}

const stageRequest = (attachmentId: string, uploadKey = randomUUID()) => ({
  transfer_id: `t-${randomUUID()}`,
  attachment_id: attachmentId,
  upload_key: uploadKey,
  file_name: FILE_NAME,
});

describe('counter drafts key (desktop)', () => {
  it('is refused with nobody signed in, made once per user, and kept in the keychain under the owner id', async () => {
    const d = await desk();
    d.signIn(null);
    expect((await refusal(d.counter.draftKey())).code).toBe('not_authenticated');

    d.signIn(officer);
    const [first, concurrent] = await Promise.all([d.counter.draftKey(), d.counter.draftKey()]);
    expect(concurrent).toEqual(first);
    expect(first.owner).toBe(draftOwner(serverIdentity(d.server.url), officer.id));
    expect(first.owner).toMatch(/^[0-9a-f]{32}$/);
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.key, 'base64url')).toHaveLength(32);
    expect(d.keyring.entries.get(draftKeyAccount(first.owner))).toBe(first.key);

    d.signIn(officerB);
    const second = await d.counter.draftKey();
    expect(second.owner).not.toBe(first.owner);
    expect(second.key).not.toBe(first.key);

    // A restart of the app finds the same key in the keychain.
    const restarted = d.restart();
    restarted.signIn(officer);
    expect(await restarted.counter.draftKey()).toEqual(first);
  });

  it('belongs to a server too: the same user id on another server is another owner; the embedded server keeps one name', () => {
    expect(draftOwner(serverIdentity('https://naric.example/'), 7)).not.toBe(draftOwner(serverIdentity('https://other.example'), 7));
    expect(serverIdentity('https://naric.example/api/')).toBe('https://naric.example');
    expect(serverIdentity(null)).toBe('embedded');
  });

  it('without a keychain lives in memory only, with a warning, and never touches the keyring', async () => {
    const d = await desk({ persistence: 'memory' });
    const key = await d.counter.draftKey();
    expect(await d.counter.draftKey()).toEqual(key);
    expect(d.keyring.entries.size).toBe(0);
    expect(d.log.entries.some((entry) => entry.level === 'warn' && entry.message.includes('kept in memory'))).toBe(true);
  });

  it('is not replaced when the keychain cannot be read (drafts saved with the old one stay readable later)', async () => {
    const keyring = mapKeyring();
    const d = await desk({ keyring });
    const key = await d.counter.draftKey();
    const broken = d.restart();
    keyring.get = async () => {
      throw new Error('the keyring is locked');
    };
    expect((await refusal(broken.counter.draftKey())).code).toBe('server_error');
    expect(keyring.entries.get(draftKeyAccount(key.owner))).toBe(key.key);
  });
});

describe('counter attachments (desktop)', () => {
  it('keeps a chosen PDF sealed at rest: the file holds neither the PDF bytes nor its name, and reads back whole', async () => {
    const d = await desk();
    const marker = `marker-${randomUUID()}`;
    const chosen = await d.choose(pdfBytes(marker));
    const kept = await d.counter.keepAttachment({ selection: chosen.selection });
    expect(kept).toMatchObject({ file_name: FILE_NAME, size: chosen.data.length, sha256: sha256(chosen.data) });
    expect(kept.attachment_id).toMatch(/^[0-9a-f-]{36}$/);

    const { owner } = await d.counter.draftKey();
    expect(await keptFiles(d.userData)).toEqual([join(owner, `${kept.attachment_id}.pdf.enc`)]);
    const onDisk = await readFile(join(d.userData, 'counter', owner, `${kept.attachment_id}.pdf.enc`));
    expect(onDisk.includes(Buffer.from(marker))).toBe(false);
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(onDisk.includes(Buffer.from('Drita'))).toBe(false);
    expect(onDisk.includes(Buffer.from('diploma'))).toBe(false);

    const read = await d.counter.readAttachment(kept.attachment_id);
    expect(read.data).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(read.data).equals(chosen.data)).toBe(true);

    // The app restarted: the same user reads the same file with the key from the keychain.
    const restarted = d.restart();
    expect(Buffer.from((await restarted.counter.readAttachment(kept.attachment_id)).data).equals(chosen.data)).toBe(true);
  });

  it('checks the file again when keeping it: one replaced by a non-PDF after it was chosen is refused, an unknown selection too', async () => {
    const d = await desk();
    const chosen = await d.choose();
    await writeFile(chosen.path, Buffer.from('GIF89a not a pdf at all'));
    expect(await refusal(d.counter.keepAttachment({ selection: chosen.selection }))).toMatchObject({ code: 'unsupported_file_type', body: { reason: 'not_pdf' } });
    expect(await refusal(d.counter.keepAttachment({ selection: 'no-such-selection' }))).toMatchObject({ body: { reason: 'unknown_selection' } });
    const grown = await d.choose();
    await writeFile(grown.path, Buffer.concat([grown.data, Buffer.alloc(20_000)]));
    expect(await refusal(d.counter.keepAttachment({ selection: grown.selection }))).toMatchObject({ code: 'payload_too_large' });
    expect(await keptFiles(d.userData)).toEqual([]);
  });

  it('keeps one user’s files from another: user B cannot read, stage or remove user A’s attachment', async () => {
    const d = await desk();
    const chosen = await d.choose();
    const kept = await d.counter.keepAttachment({ selection: chosen.selection });
    const ownerA = (await d.counter.draftKey()).owner;

    d.signIn(officerB);
    const ownerB = (await d.counter.draftKey()).owner;
    expect(await refusal(d.counter.readAttachment(kept.attachment_id))).toMatchObject({ code: 'not_found', body: { reason: 'not_found' } });
    expect((await refusal(d.counter.stageAttachment(stageRequest(kept.attachment_id)))).code).toBe('not_found');
    await d.counter.removeAttachment(kept.attachment_id);
    expect(d.server.state.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    // Even A's file copied into B's folder does not open for B: it is sealed to its owner.
    await mkdir(join(d.userData, 'counter', ownerB), { recursive: true });
    await cp(join(d.userData, 'counter', ownerA, `${kept.attachment_id}.pdf.enc`), join(d.userData, 'counter', ownerB, `${kept.attachment_id}.pdf.enc`));
    expect(await refusal(d.counter.readAttachment(kept.attachment_id))).toMatchObject({ code: 'validation_error', body: { reason: 'damaged' } });

    d.signIn(officer);
    expect(Buffer.from((await d.counter.readAttachment(kept.attachment_id)).data).equals(chosen.data)).toBe(true);
    d.signIn(null);
    expect((await refusal(d.counter.readAttachment(kept.attachment_id))).code).toBe('not_authenticated');
    expect((await refusal(d.counter.removeAttachment(kept.attachment_id))).code).toBe('not_authenticated');
  });

  it('refuses a kept file changed on disk (read and stage), and sends nothing', async () => {
    const d = await desk();
    const kept = await d.counter.keepAttachment({ selection: (await d.choose()).selection });
    const { owner } = await d.counter.draftKey();
    const path = join(d.userData, 'counter', owner, `${kept.attachment_id}.pdf.enc`);
    const sealed = await readFile(path);
    sealed[sealed.length - 40] ^= 0x01;
    await writeFile(path, sealed);
    expect(await refusal(d.counter.readAttachment(kept.attachment_id))).toMatchObject({ code: 'validation_error', body: { reason: 'damaged' } });
    expect(await refusal(d.counter.stageAttachment(stageRequest(kept.attachment_id)))).toMatchObject({ code: 'validation_error', body: { reason: 'damaged' } });
    await writeFile(path, sealed.subarray(0, 10));
    expect((await refusal(d.counter.readAttachment(kept.attachment_id))).code).toBe('validation_error');
    expect(d.server.state.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('removes a kept file; removing it again (or one never kept) is fine', async () => {
    const d = await desk();
    const kept = await d.counter.keepAttachment({ selection: (await d.choose()).selection });
    await d.counter.removeAttachment(kept.attachment_id);
    await d.counter.removeAttachment(kept.attachment_id);
    await d.counter.removeAttachment(randomUUID());
    expect(await keptFiles(d.userData)).toEqual([]);
    expect((await refusal(d.counter.readAttachment(kept.attachment_id))).code).toBe('not_found');
  });

  it('answers a full disk in words and leaves no partial file', async () => {
    const fullDisk = (async (...args: Parameters<typeof open>) => {
      const handle = await open(...args);
      return new Proxy(handle, {
        get(target, property, receiver) {
          if (property !== 'writeFile') return Reflect.get(target, property, receiver) as unknown;
          return async (data: Buffer) => {
            await target.write(data.subarray(0, 10));
            throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          };
        },
      });
    }) as typeof open;
    const d = await desk({ openFile: fullDisk });
    const chosen = await d.choose();
    const error = await refusal(d.counter.keepAttachment({ selection: chosen.selection }));
    expect(error).toMatchObject({ code: 'validation_error', message: 'There is not enough storage space to keep this file.', body: { reason: 'no_space' } });
    expect(await keptFiles(d.userData)).toEqual([]);
  });

  it('answers a folder it cannot write to in words', async () => {
    const d = await desk();
    await writeFile(join(d.userData, 'counter'), 'a file where the folder should be');
    const error = await refusal(d.counter.keepAttachment({ selection: (await d.choose()).selection }));
    expect(error).toMatchObject({ code: 'validation_error', body: { reason: 'not_kept' } });
  });

  it('keeps files while the server is unreachable: choosing falls back to the upload limit last known', async () => {
    const d = await desk();
    await d.transfer.limits();
    await d.server.close();
    const chosen = await d.choose();
    const kept = await d.counter.keepAttachment({ selection: chosen.selection });
    expect(kept.sha256).toBe(sha256(chosen.data));
    // The limit the server published (10 000 bytes) still applies offline.
    const large = Buffer.concat([pdfBytes('large'), Buffer.alloc(20_000)]);
    expect((await refusal(d.choose(large))).code).toBe('payload_too_large');
  });
});

describe('counter staging (desktop)', () => {
  it('PUTs the decrypted bytes to the staging key with the token and reports progress; the server’s hash matches', async () => {
    const d = await desk();
    const chosen = await d.choose(Buffer.concat([pdfBytes('stage'), Buffer.alloc(500, 7)]));
    const kept = await d.counter.keepAttachment({ selection: chosen.selection });
    const request = stageRequest(kept.attachment_id);
    const outcome = await d.counter.stageAttachment(request);
    expect(outcome).toEqual({
      outcome: 'staged',
      upload: { upload_key: request.upload_key, file_name: FILE_NAME, size: chosen.data.length, sha256: kept.sha256, application_id: null },
    });
    const put = d.server.state.calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe(`/api/applications/intake/uploads/${request.upload_key}/?file_name=${encodeURIComponent(FILE_NAME)}`);
    expect(put.headers['content-type']).toBe('application/pdf');
    expect(put.headers.authorization).toBe('Bearer good');
    expect(put.body.equals(chosen.data)).toBe(true);
    const events = d.progress.filter((event) => event.transfer_id === request.transfer_id);
    expect(events.length).toBeGreaterThan(2);
    expect(events.at(-1)).toEqual({ transfer_id: request.transfer_id, direction: 'upload', loaded: chosen.data.length, total: chosen.data.length });
  });

  it('refreshes an expired token once and sends again', async () => {
    const d = await desk();
    const kept = await d.counter.keepAttachment({ selection: (await d.choose()).selection });
    d.token.value = 'expired';
    expect((await d.counter.stageAttachment(stageRequest(kept.attachment_id))).outcome).toBe('staged');
    expect(d.token.refreshes).toBe(1);
    expect(d.server.state.calls.filter((call) => call.method === 'PUT').map((call) => call.headers.authorization)).toEqual(['Bearer expired', 'Bearer good']);
  });

  it('refuses a staged file whose hash is not the kept one', async () => {
    const d = await desk();
    const kept = await d.counter.keepAttachment({ selection: (await d.choose()).selection });
    d.server.state.mode = 'wrong-sha';
    expect(await refusal(d.counter.stageAttachment(stageRequest(kept.attachment_id)))).toMatchObject({ code: 'validation_error', body: { reason: 'changed' } });
  });

  it('answers transport failures as the usual transport errors: 5xx, 4xx, and no server at all', async () => {
    const d = await desk();
    const kept = await d.counter.keepAttachment({ selection: (await d.choose()).selection });
    d.server.state.mode = 'fail-500';
    expect(await refusal(d.counter.stageAttachment(stageRequest(kept.attachment_id)))).toMatchObject({ code: 'server_error', status: 500 });
    d.server.state.mode = 'conflict';
    expect(await refusal(d.counter.stageAttachment(stageRequest(kept.attachment_id)))).toMatchObject({ code: 'conflict', status: 409 });
    await d.server.close();
    expect((await refusal(d.counter.stageAttachment(stageRequest(kept.attachment_id)))).code).toBe('network_error');
  });

  it('stops on transfer:cancel and answers cancelled; the id is free again afterwards', async () => {
    const d = await desk();
    const kept = await d.counter.keepAttachment({ selection: (await d.choose()).selection });
    d.server.state.mode = 'hold';
    const request = stageRequest(kept.attachment_id);
    const staging = d.counter.stageAttachment(request);
    await expect.poll(() => d.server.state.onHold.length).toBe(1);
    expect(d.transfer.cancel(request.transfer_id)).toBe(true);
    expect(await staging).toEqual({ outcome: 'cancelled' });
    for (const release of d.server.state.onHold) release();
    d.server.state.mode = 'ok';
    expect((await d.counter.stageAttachment(request)).outcome).toBe('staged');
  });
});
