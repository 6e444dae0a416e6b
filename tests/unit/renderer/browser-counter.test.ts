// @vitest-environment node
// Node's own Blob, File and structuredClone: fake-indexeddb clones values the way a browser's
// IndexedDB does, which happy-dom's Blob does not survive (a real browser's does).
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { createHash, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserBridge } from '../../../src/renderer/platform/browser-bridge';
import {
  COUNTER_FILES_DATABASE,
  COUNTER_KEYS_DATABASE,
  createBrowserCounter,
} from '../../../src/renderer/platform/browser-counter';
import { createBrowserTransfer } from '../../../src/renderer/platform/browser-transfer';
import type { User } from '../../../src/shared/api/auth';
import { ERROR_CODES } from '../../../src/shared/errors';
import type { TransferProgress } from '../../../src/shared/ipc/transfer-contract';
import { failure, transportErrorOf } from '../../../src/shared/transport-failure';
import { makeUser } from './fixtures';

// The browser shell's counter calls over fake-indexeddb (the real IndexedDB API in Node), the
// real WebCrypto, the real browser transfers, and an XMLHttpRequest the test answers.

const ORIGIN = 'http://web-shell.test';
const FILE_NAME = 'Drita Berisha diploma.pdf';
const LIMIT = 64 * 1024;

const pdfBytes = (marker: string, padding = 200) => {
  const head = new TextEncoder().encode(`%PDF-1.7\n% ${marker}\n`);
  const bytes = new Uint8Array(head.length + padding);
  bytes.set(head);
  for (let i = head.length; i < bytes.length; i += 1) bytes[i] = i % 251;
  return bytes;
};
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const contains = (haystack: Uint8Array, needle: string) => Buffer.from(haystack).includes(Buffer.from(needle));

/** An XMLHttpRequest the test answers. */
class ScriptedXhr {
  static made: ScriptedXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Blob | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    ScriptedXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Blob) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

async function sentXhr(index: number): Promise<ScriptedXhr> {
  await vi.waitFor(() => {
    if (!ScriptedXhr.made[index]?.body) throw new Error('not sent yet');
  });
  return ScriptedXhr.made[index]!;
}

/** Answers a staging PUT like the server: the bytes' hash, or another one when told to. */
async function answerStaging(xhr: ScriptedXhr, options: { wrongHash?: boolean } = {}) {
  const bytes = new Uint8Array(await xhr.body!.arrayBuffer());
  const match = /\/applications\/intake\/uploads\/([0-9a-f-]{36})\/\?file_name=(.*)$/.exec(xhr.url)!;
  xhr.answer(201, {
    upload_key: match[1],
    file_name: decodeURIComponent(match[2]!),
    size: bytes.length,
    sha256: options.wrongHash ? sha256(new Uint8Array([1])) : sha256(bytes),
    application_id: null,
  });
  return bytes;
}

function setup(options: { limitsOffline?: boolean } = {}) {
  let user: User | null = makeUser({ id: 7 });
  let access = 'access-1';
  const events: TransferProgress[] = [];
  const refresh = vi.fn(async () => {
    access = 'access-2';
    return { access };
  });
  const transfer = createBrowserTransfer({
    baseUrl: '/api',
    request: async () => {
      if (options.limitsOffline) throw failure(ERROR_CODES.networkError);
      return { status: 200, data: { max_upload_bytes: LIMIT, accepted_media_types: ['application/pdf'] } };
    },
    accessToken: () => access,
    refresh,
    emit: (event) => events.push(event),
    createXhr: () => new ScriptedXhr() as unknown as XMLHttpRequest,
    progressIntervalMs: 0,
  });
  const counter = createBrowserCounter({ currentUser: () => user, apiOrigin: () => ORIGIN, baseUrl: '/api', transfer });
  return {
    counter,
    transfer,
    events,
    refresh,
    signIn(next: User | null) {
      user = next;
    },
    async keep(data = pdfBytes(randomUUID()), name = FILE_NAME) {
      const { selection } = await transfer.dropPdf(new File([data], name, { type: 'application/pdf' }));
      return { kept: await counter.keepAttachment({ selection }), data };
    },
  };
}

const stageRequest = (attachmentId: string) => ({
  transfer_id: `t-${randomUUID()}`,
  attachment_id: attachmentId,
  upload_key: randomUUID(),
  file_name: FILE_NAME,
});

async function refusal(promise: Promise<unknown>) {
  const error = transportErrorOf(await promise.then(() => null, (thrown: unknown) => thrown));
  if (!error) throw new Error('expected a transport error');
  return error;
}

/** The raw rows, read with a connection of the test's own. */
async function rows(database: string, table: string): Promise<Record<string, unknown>[]> {
  if (!(await Dexie.exists(database))) return [];
  const db = new Dexie(database);
  await db.open();
  try {
    return (await db.table(table).toArray()) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

afterEach(async () => {
  ScriptedXhr.made = [];
  await Dexie.delete(COUNTER_KEYS_DATABASE);
  await Dexie.delete(COUNTER_FILES_DATABASE);
});

describe('browser counter: drafts key', () => {
  it('is refused with nobody signed in, made once per user, kept in its own database, and the same after a reload', async () => {
    const desk = setup();
    desk.signIn(null);
    expect((await refusal(desk.counter.draftKey())).code).toBe('not_authenticated');

    desk.signIn(makeUser({ id: 7 }));
    const [first, concurrent] = await Promise.all([desk.counter.draftKey(), desk.counter.draftKey()]);
    expect(concurrent).toEqual(first);
    // The same opaque id the desktop computes: sha256 of "<server>|<user id>", 32 hex characters.
    expect(first.owner).toBe(sha256(new TextEncoder().encode(`${ORIGIN}|7`)).slice(0, 32));
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    desk.signIn(makeUser({ id: 8 }));
    const second = await desk.counter.draftKey();
    expect(second.owner).not.toBe(first.owner);
    expect(second.key).not.toBe(first.key);

    const stored = await rows(COUNTER_KEYS_DATABASE, 'keys');
    expect(stored.map((row) => row.owner).sort()).toEqual([first.owner, second.owner].sort());

    // A reload: a new bridge over the same browser storage.
    const reloaded = setup();
    expect(await reloaded.counter.draftKey()).toEqual(first);
  });
});

describe('browser counter: kept attachments', () => {
  it('keeps a PDF sealed as a Blob: the stored row holds neither its bytes nor its name, and reads back whole', async () => {
    const desk = setup();
    const marker = `marker-${randomUUID()}`;
    const { kept, data } = await desk.keep(pdfBytes(marker));
    expect(kept).toMatchObject({ file_name: FILE_NAME, size: data.length, sha256: sha256(data) });

    const [row, ...others] = await rows(COUNTER_FILES_DATABASE, 'files');
    expect(others).toEqual([]);
    expect(Object.keys(row!).sort()).toEqual(['attachment_id', 'owner', 'sealed']);
    expect(row!.owner).toBe((await desk.counter.draftKey()).owner);
    expect(row!.sealed).toBeInstanceOf(Blob);
    const sealed = new Uint8Array(await (row!.sealed as Blob).arrayBuffer());
    expect(contains(sealed, marker)).toBe(false);
    expect(contains(sealed, '%PDF')).toBe(false);
    expect(contains(sealed, 'Drita')).toBe(false);

    const read = await desk.counter.readAttachment({ attachment_id: kept.attachment_id });
    expect(Array.from(read.data)).toEqual(Array.from(data));
    // After a reload too.
    expect(Array.from((await setup().counter.readAttachment({ attachment_id: kept.attachment_id })).data)).toEqual(Array.from(data));
  });

  it('refuses what is not a PDF or is over the limit, and an unknown selection', async () => {
    const desk = setup();
    expect(await refusal(desk.counter.keepAttachment({ selection: 'nothing' }))).toMatchObject({ body: { reason: 'unknown_selection' } });
    expect((await refusal(desk.keep(pdfBytes('big', LIMIT + 1)))).code).toBe('payload_too_large');
    expect(await rows(COUNTER_FILES_DATABASE, 'files')).toEqual([]);
  });

  it('keeps one user’s files from another: user B cannot read, stage or remove user A’s attachment', async () => {
    const desk = setup();
    const { kept, data } = await desk.keep();
    desk.signIn(makeUser({ id: 8 }));
    expect((await refusal(desk.counter.readAttachment({ attachment_id: kept.attachment_id }))).code).toBe('not_found');
    expect((await refusal(desk.counter.stageAttachment(stageRequest(kept.attachment_id)))).code).toBe('not_found');
    await desk.counter.removeAttachment({ attachment_id: kept.attachment_id });
    expect(ScriptedXhr.made).toEqual([]);
    desk.signIn(makeUser({ id: 7 }));
    expect(Array.from((await desk.counter.readAttachment({ attachment_id: kept.attachment_id })).data)).toEqual(Array.from(data));
    desk.signIn(null);
    expect((await refusal(desk.counter.removeAttachment({ attachment_id: kept.attachment_id }))).code).toBe('not_authenticated');
  });

  it('refuses a stored file that was changed, or moved to another owner', async () => {
    const desk = setup();
    const { kept } = await desk.keep();
    const db = new Dexie(COUNTER_FILES_DATABASE);
    await db.open();
    const row = (await db.table('files').get(kept.attachment_id)) as { sealed: Blob; owner: string };
    const bytes = new Uint8Array(await row.sealed.arrayBuffer());
    bytes[bytes.length - 30] ^= 1;
    await db.table('files').update(kept.attachment_id, { sealed: new Blob([bytes]) });
    expect(await refusal(desk.counter.readAttachment({ attachment_id: kept.attachment_id }))).toMatchObject({ code: 'validation_error', body: { reason: 'damaged' } });

    // An intact file relabelled as user B's does not open for B: the owner is sealed in.
    const { kept: other } = await desk.keep();
    desk.signIn(makeUser({ id: 8 }));
    await db.table('files').update(other.attachment_id, { owner: (await desk.counter.draftKey()).owner });
    db.close();
    expect(await refusal(desk.counter.readAttachment({ attachment_id: other.attachment_id }))).toMatchObject({ code: 'validation_error', body: { reason: 'damaged' } });
  });

  it('removes a kept file; removing it again is fine', async () => {
    const desk = setup();
    const { kept } = await desk.keep();
    await desk.counter.removeAttachment({ attachment_id: kept.attachment_id });
    await desk.counter.removeAttachment({ attachment_id: kept.attachment_id });
    expect(await rows(COUNTER_FILES_DATABASE, 'files')).toEqual([]);
  });

  it('answers a full storage quota in words, and the files already kept stay', async () => {
    const desk = setup();
    const { kept, data } = await desk.keep();
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const error = await refusal(desk.keep());
      expect(error).toMatchObject({ code: 'validation_error', body: { reason: 'no_space' } });
    } finally {
      add.mockRestore();
    }
    expect(await rows(COUNTER_FILES_DATABASE, 'files')).toHaveLength(1);
    expect(Array.from((await desk.counter.readAttachment({ attachment_id: kept.attachment_id })).data)).toEqual(Array.from(data));
  });

  it('keeps files while the server is unreachable (the upload limit falls back)', async () => {
    const desk = setup({ limitsOffline: true });
    const { kept, data } = await desk.keep();
    expect(kept.sha256).toBe(sha256(data));
  });
});

describe('browser counter: staging', () => {
  it('PUTs the decrypted bytes with the token and progress, and answers the staged file', async () => {
    const desk = setup();
    const { kept, data } = await desk.keep();
    const request = stageRequest(kept.attachment_id);
    const staging = desk.counter.stageAttachment(request);
    const xhr = await sentXhr(0);
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(`/api/applications/intake/uploads/${request.upload_key}/?file_name=${encodeURIComponent(FILE_NAME)}`);
    expect(xhr.headers.Authorization).toBe('Bearer access-1');
    expect(xhr.headers['Content-Type']).toBe('application/pdf');
    const sent = await answerStaging(xhr);
    expect(Array.from(sent)).toEqual(Array.from(data));
    expect(await staging).toEqual({
      outcome: 'staged',
      upload: { upload_key: request.upload_key, file_name: FILE_NAME, size: data.length, sha256: kept.sha256, application_id: null },
    });
    expect(desk.events.at(-1)).toEqual({ transfer_id: request.transfer_id, direction: 'upload', loaded: data.length, total: data.length });
  });

  it('refreshes an expired token once and sends again', async () => {
    const desk = setup();
    const { kept } = await desk.keep();
    const staging = desk.counter.stageAttachment(stageRequest(kept.attachment_id));
    (await sentXhr(0)).answer(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    const retry = await sentXhr(1);
    expect(retry.headers.Authorization).toBe('Bearer access-2');
    await answerStaging(retry);
    expect((await staging).outcome).toBe('staged');
    expect(desk.refresh).toHaveBeenCalledTimes(1);
  });

  it('refuses a staged file whose hash is not the kept one, and answers transport failures as transport errors', async () => {
    const desk = setup();
    const { kept } = await desk.keep();
    const wrong = desk.counter.stageAttachment(stageRequest(kept.attachment_id));
    await answerStaging(await sentXhr(0), { wrongHash: true });
    expect(await refusal(wrong)).toMatchObject({ code: 'validation_error', body: { reason: 'changed' } });

    const failing = desk.counter.stageAttachment(stageRequest(kept.attachment_id));
    (await sentXhr(1)).answer(503, { detail: 'Service unavailable' });
    expect(await refusal(failing)).toMatchObject({ code: 'server_error', status: 503 });

    const unreachable = desk.counter.stageAttachment(stageRequest(kept.attachment_id));
    (await sentXhr(2)).onerror?.();
    expect((await refusal(unreachable)).code).toBe('network_error');
  });

  it('stops on cancel and answers cancelled', async () => {
    const desk = setup();
    const { kept } = await desk.keep();
    const request = stageRequest(kept.attachment_id);
    const staging = desk.counter.stageAttachment(request);
    await sentXhr(0);
    await desk.transfer.cancel(request.transfer_id);
    expect(await staging).toEqual({ outcome: 'cancelled' });
  });
});

describe('browser bridge: the counter follows the session', () => {
  it('answers the signed-in user’s key after sign-in and refuses after sign-out', async () => {
    const user = makeUser({ id: 11 });
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), ORIGIN).pathname;
      if (path === '/api/auth/admin/login/') return new Response(JSON.stringify({ access: 'a', user }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      return new Response(null, { status: 204 });
    });
    const storage = new Map<string, string>();
    const bridge = createBrowserBridge({
      fetch,
      cookies: () => '',
      locks: null,
      baseUrl: `${ORIGIN}/api`,
      storage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => void storage.set(key, value) } as Storage,
    });
    expect((await refusal(bridge.counter.draftKey())).code).toBe('not_authenticated');
    await bridge.auth.login({ username: 'officer', password: 'right password' });
    const key = await bridge.counter.draftKey();
    expect(key.owner).toBe(sha256(new TextEncoder().encode(`${ORIGIN}|11`)).slice(0, 32));
    await bridge.auth.logout();
    expect((await refusal(bridge.counter.draftKey())).code).toBe('not_authenticated');
  });
});
