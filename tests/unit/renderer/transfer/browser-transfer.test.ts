import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserBridge } from '../../../../src/renderer/platform/browser-bridge';
import { createBrowserTransfer, type BrowserTransferOptions, type ViewerWindow } from '../../../../src/renderer/platform/browser-transfer';
import type { TransferProgress } from '../../../../src/shared/ipc/transfer-contract';
import { transportErrorOf } from '../../../../src/shared/transport-failure';
import { makeUser } from '../fixtures';

// The browser shell's transfers: checks before sending, XHR upload with progress and abort,
// fetch download with progress and resume. The network is faked at the browser's own APIs
// (XMLHttpRequest, fetch); everything above them is the real code.

const LIMIT = 1024 * 1024;
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const pdfBytes = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  for (let i = 9; i < size; i += 1) bytes[i] = i % 251;
  return bytes;
};
const pdfFile = (size = 4096, name = 'diploma.pdf') => new File([pdfBytes(size)], name, { type: 'application/pdf' });

const storedDocument = (overrides: Record<string, unknown> = {}) => ({
  id: 41,
  has_file: true,
  active_content: [],
  file_name: 'diploma.pdf',
  document_type: 'original_diploma',
  kind: 'original',
  size: 4096,
  uploaded_at: '2026-01-02T10:00:00Z',
  status: 'pending',
  review_notes: null,
  reviewed_by: null,
  reviewed_at: null,
  application_id: 7,
  application_reference: 'NARIC-2026-00007',
  sha256: null,
  media_type: 'application/pdf',
  uploaded_by: { id: 3, full_name: 'Ana Krasniqi' },
  ...overrides,
});

/** An XMLHttpRequest the test drives: it records what was sent and answers when told. */
class ScriptedXhr {
  static made: ScriptedXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
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
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** Resolves once the test's XHR number `index` has been sent. */
async function sentXhr(index: number): Promise<ScriptedXhr> {
  await vi.waitFor(() => {
    if (!ScriptedXhr.made[index]?.body) throw new Error('not sent yet');
  });
  return ScriptedXhr.made[index];
}

function setup(overrides: Partial<BrowserTransferOptions> = {}) {
  const events: TransferProgress[] = [];
  const calls: string[] = [];
  let access = 'access-1';
  const refresh = vi.fn(async () => {
    access = 'access-2';
    return { access };
  });
  const transfer = createBrowserTransfer({
    baseUrl: '/api',
    request: async (method, path, _body, options) => {
      calls.push(`${method} ${path} ${options.accessToken ?? ''}`);
      return { status: 200, data: { max_upload_bytes: LIMIT, accepted_media_types: ['application/pdf'] } };
    },
    accessToken: () => access,
    refresh,
    emit: (progress) => events.push(progress),
    createXhr: () => new ScriptedXhr() as unknown as XMLHttpRequest,
    progressIntervalMs: 100,
    ...overrides,
  });
  return { transfer, events, calls, refresh };
}

afterEach(() => {
  ScriptedXhr.made = [];
  vi.useRealTimers();
});

const refusalOf = async (promise: Promise<unknown>) => transportErrorOf(await promise.then(() => null, (error: unknown) => error));

describe('browser transfers: checks before sending', () => {
  it('refuses a renamed non-PDF, an empty file and a file over the limit, sending nothing', async () => {
    const { transfer } = setup();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'scan.pdf', { type: 'application/pdf' });
    expect(await refusalOf(transfer.dropPdf(png))).toMatchObject({ code: 'unsupported_file_type', body: { reason: 'not_pdf' } });
    expect(await refusalOf(transfer.dropPdf(new File([], 'empty.pdf')))).toMatchObject({ code: 'validation_error', body: { reason: 'empty' } });
    expect(await refusalOf(transfer.dropPdf(pdfFile(LIMIT + 1)))).toMatchObject({
      code: 'payload_too_large',
      body: { reason: 'too_large', max_upload_bytes: LIMIT },
      message: 'File too large (the limit is 1 MB).',
    });
    expect(await refusalOf(transfer.dropPdf({ name: 'x.pdf', size: 10, type: 'application/pdf' }))).toMatchObject({ body: { reason: 'not_a_file' } });
    expect(ScriptedXhr.made).toHaveLength(0);
  });

  it('accepts a PDF exactly at the limit and hands back a selection, not the file', async () => {
    const { transfer } = setup();
    const selection = await transfer.dropPdf(pdfFile(LIMIT, 'Diplomë e përkthyer.pdf'));
    expect(selection).toEqual({ selection: expect.any(String), file_name: 'Diplomë e përkthyer.pdf', size: LIMIT });
  });

  it('refuses an unknown selection', async () => {
    const { transfer } = setup();
    const upload = transfer.upload({ transfer_id: 'transfer-0001', selection: 'never-made', target: { type: 'application_document', application_id: 7, document_type: 'original_diploma' } });
    expect(await refusalOf(upload)).toMatchObject({ body: { reason: 'unknown_selection' } });
  });

  it('asks the file picker and treats a closed picker as no choice', async () => {
    const pickFile = vi.fn<() => Promise<File | null>>().mockResolvedValueOnce(null).mockResolvedValueOnce(pdfFile());
    const { transfer } = setup({ pickFile });
    await expect(transfer.choosePdf()).resolves.toBeNull();
    await expect(transfer.choosePdf()).resolves.toMatchObject({ file_name: 'diploma.pdf', size: 4096 });
  });
});

describe('browser transfers: upload', () => {
  const target = { type: 'application_document', application_id: 7, document_type: 'original_diploma', kind: 'translation' } as const;

  it('sends the File itself as application/pdf with the token, reports progress in order and returns the stored document', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { transfer, events } = setup();
    const file = pdfFile(4096, 'Diplomë.pdf');
    const { selection } = await transfer.dropPdf(file);
    const done = transfer.upload({ transfer_id: 'transfer-0001', selection, target });
    const xhr = await sentXhr(0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/applications/7/documents/?document_type=original_diploma&kind=translation&file_name=Diplom%C3%AB.pdf');
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer access-1', 'Content-Type': 'application/pdf' });
    expect(xhr.body).toBe(file);
    for (const loaded of [1024, 2048, 3072, 4096]) {
      vi.advanceTimersByTime(100);
      xhr.progress(loaded, 4096);
    }
    xhr.answer(201, storedDocument());
    await expect(done).resolves.toEqual({ outcome: 'uploaded', document: storedDocument() });

    const loaded = events.map((event) => event.loaded);
    expect(loaded).toEqual([0, 1024, 2048, 3072, 4096]);
    expect(events.every((event) => event.transfer_id === 'transfer-0001' && event.direction === 'upload' && event.total === 4096)).toBe(true);
  });

  it('paces progress to ten events a second and always sends the last one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { transfer, events } = setup();
    const { selection } = await transfer.dropPdf(pdfFile(4096));
    const done = transfer.upload({ transfer_id: 'transfer-0002', selection, target });
    const xhr = await sentXhr(0);
    for (let loaded = 64; loaded <= 4096; loaded += 64) xhr.progress(loaded, 4096);
    xhr.answer(201, storedDocument());
    await done;
    expect(events.map((event) => event.loaded)).toEqual([0, 4096]);
  });

  it('refreshes once after a 401 and sends again with the new token', async () => {
    const { transfer, refresh } = setup();
    const { selection } = await transfer.dropPdf(pdfFile());
    const done = transfer.upload({ transfer_id: 'transfer-0003', selection, target });
    (await sentXhr(0)).answer(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    const retry = await sentXhr(1);
    expect(retry.headers.Authorization).toBe('Bearer access-2');
    retry.answer(201, storedDocument());
    await expect(done).resolves.toMatchObject({ outcome: 'uploaded' });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('cancels: the request is aborted and the call answers cancelled', async () => {
    const { transfer } = setup();
    const { selection } = await transfer.dropPdf(pdfFile());
    const done = transfer.upload({ transfer_id: 'transfer-0004', selection, target });
    const xhr = await sentXhr(0);
    xhr.progress(1024, 4096);
    await transfer.cancel('transfer-0004');
    expect(xhr.aborted).toBe(true);
    await expect(done).resolves.toEqual({ outcome: 'cancelled' });
  });

  it("shows the server's refusal (413) as a transport error with its message", async () => {
    const { transfer } = setup();
    const { selection } = await transfer.dropPdf(pdfFile());
    const done = transfer.upload({ transfer_id: 'transfer-0005', selection, target });
    (await sentXhr(0)).answer(413, { detail: 'File too large (limit 1 MB).', code: 'payload_too_large' });
    expect(await refusalOf(done)).toMatchObject({ code: 'payload_too_large', status: 413, message: 'File too large (limit 1 MB).' });
  });
});

/** A body that sends `bytes`, but fails after `cutAfter` of them when given. */
function streamOf(bytes: Uint8Array, cutAfter?: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const end = Math.min(offset + 1000, bytes.length, cutAfter ?? Infinity);
      if (cutAfter !== undefined && offset >= cutAfter) {
        controller.error(new TypeError('network error'));
        return;
      }
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, end));
      offset = end;
    },
  });
}

describe('browser transfers: download', () => {
  const content = pdfBytes(10_000);
  const request = { transfer_id: 'download-0001', document_id: 41, file_name: 'Diplomë' };

  it('saves a report export under its own name and media type (XLSX), from the export’s download path', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const urls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(zip, { status: 200, headers: { 'Content-Length': String(zip.length) } });
    });
    const saved: { blob: Blob; name: string }[] = [];
    const { transfer } = setup({ fetch: fetch as unknown as typeof globalThis.fetch, saveBlob: (blob, name) => saved.push({ blob, name }) });
    await expect(transfer.download({ transfer_id: 'download-0009', source: 'report_export', document_id: 31, file_name: 'fees-2026.xlsx' })).resolves.toEqual({
      outcome: 'saved',
      file_name: 'fees-2026.xlsx',
      size: zip.length,
    });
    expect(new URL(urls[0]!, 'http://naric.test').pathname).toBe('/api/reports/exports/31/download/');
    expect(saved[0]!.name).toBe('fees-2026.xlsx');
    expect(saved[0]!.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // Any other source stays a PDF, whatever its name says.
    await transfer.download({ transfer_id: 'download-0010', document_id: 41, file_name: 'table.xlsx' });
    expect(saved[1]!.name).toBe('table.xlsx.pdf');
  });

  it('resumes after a dropped connection with Range and If-Range, and saves the whole file', async () => {
    const seen: Record<string, string>[] = [];
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const given = new Headers(init?.headers);
      const headers = Object.fromEntries(['authorization', 'range', 'if-range'].filter((name) => given.has(name)).map((name) => [name, given.get(name) ?? '']));
      seen.push(headers);
      if (seen.length === 1) {
        return new Response(streamOf(content, 4000), { status: 200, headers: { 'Content-Length': '10000', ETag: '"v1"', 'Accept-Ranges': 'bytes' } });
      }
      const from = Number(/bytes=(\d+)-/.exec(headers.range)?.[1]);
      return new Response(streamOf(content.slice(from)), {
        status: 206,
        headers: { 'Content-Range': `bytes ${from}-9999/10000`, 'Content-Length': String(10_000 - from), ETag: '"v1"' },
      });
    });
    const saved: { blob: Blob; name: string }[] = [];
    const { transfer, events } = setup({ fetch: fetch as unknown as typeof globalThis.fetch, saveBlob: (blob, name) => saved.push({ blob, name }) });

    await expect(transfer.download(request)).resolves.toEqual({ outcome: 'saved', file_name: 'Diplomë.pdf', size: 10_000 });
    expect(seen[0]).toMatchObject({ authorization: 'Bearer access-1' });
    expect(seen[1]).toMatchObject({ range: 'bytes=4000-', 'if-range': '"v1"' });
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(content);
    expect(saved[0].name).toBe('Diplomë.pdf');
    const loaded = events.map((event) => event.loaded);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(loaded.at(-1)).toBe(10_000);
  });

  it('starts again from the first byte when the server answers the resume with the whole (changed) file', async () => {
    const changed = pdfBytes(8_000).map((byte, i) => (i < 9 ? byte : (byte + 1) % 256));
    let call = 0;
    const fetch = vi.fn(async () => {
      call += 1;
      if (call === 1) return new Response(streamOf(content, 3000), { status: 200, headers: { 'Content-Length': '10000', ETag: '"v1"' } });
      return new Response(streamOf(changed), { status: 200, headers: { 'Content-Length': '8000', ETag: '"v2"' } });
    });
    const saved: Blob[] = [];
    const { transfer } = setup({ fetch: fetch as unknown as typeof globalThis.fetch, saveBlob: (blob) => saved.push(blob) });
    await expect(transfer.download(request)).resolves.toMatchObject({ outcome: 'saved', size: 8_000 });
    expect(new Uint8Array(await saved[0].arrayBuffer())).toEqual(changed);
  });

  it('refuses a file that does not match the expected SHA-256', async () => {
    const fetch = vi.fn(async () => new Response(streamOf(content), { status: 200, headers: { 'Content-Length': '10000' } }));
    const saveBlob = vi.fn();
    const { transfer } = setup({ fetch: fetch as unknown as typeof globalThis.fetch, saveBlob });
    const failure = await refusalOf(transfer.download({ ...request, sha256: 'a'.repeat(64) }));
    expect(failure).toMatchObject({ code: 'server_error', message: 'The downloaded file does not match the stored document.' });
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('gives up after the retries and never saves a part', async () => {
    const fetch = vi.fn(async () => new Response(streamOf(content, 500), { status: 200, headers: { 'Content-Length': '10000' } }));
    const saveBlob = vi.fn();
    const { transfer } = setup({ fetch: fetch as unknown as typeof globalThis.fetch, saveBlob, maxRetries: 2 });
    expect(await refusalOf(transfer.download(request))).toMatchObject({ code: 'network_error' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('reports a 404 as not found', async () => {
    const fetch = vi.fn(async () => json(404, { detail: 'Not found.' }));
    const { transfer } = setup({ fetch: fetch as unknown as typeof globalThis.fetch });
    expect(await refusalOf(transfer.download(request))).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('opens the viewer window first and shows the PDF in it; a cancel closes it', async () => {
    const viewer: ViewerWindow & { closed: boolean } = { location: { href: '' }, closed: false, close: () => void (viewer.closed = true) };
    const fetch = vi.fn(async () => new Response(streamOf(content), { status: 200, headers: { 'Content-Length': '10000' } }));
    const { transfer } = setup({ fetch: fetch as unknown as typeof globalThis.fetch, openViewer: () => viewer });
    await expect(transfer.open(request)).resolves.toMatchObject({ outcome: 'opened', size: 10_000 });
    expect(viewer.location.href).toMatch(/^blob:/);

    const second: ViewerWindow & { closed: boolean } = { location: { href: '' }, closed: false, close: () => void (second.closed = true) };
    let release: () => void = () => {};
    const slowFetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          release = () => reject(new DOMException('aborted', 'AbortError'));
          init?.signal?.addEventListener('abort', () => release());
        }),
    );
    const slow = setup({ fetch: slowFetch as unknown as typeof globalThis.fetch, openViewer: () => second });
    const pending = slow.transfer.open({ ...request, transfer_id: 'download-0002' });
    await vi.waitFor(() => expect(slowFetch).toHaveBeenCalled());
    await slow.transfer.cancel('download-0002');
    await expect(pending).resolves.toMatchObject({ outcome: 'cancelled' });
    expect(second.closed).toBe(true);
  });
});

describe('browser bridge wiring', () => {
  it('uses the signed-in access token and delivers progress as transfer:progress events', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://web-shell.test').pathname;
      if (path === '/api/auth/admin/login/') return json(200, { access: 'access-1', refresh: 'refresh-1', user: makeUser() });
      if (path === '/api/documents/limits/') {
        expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-1');
        return json(200, { max_upload_bytes: LIMIT, accepted_media_types: ['application/pdf'] });
      }
      return json(404, { detail: 'Not found.' });
    });
    const bridge = createBrowserBridge({ fetch: fetch as unknown as typeof globalThis.fetch, transfer: { createXhr: () => new ScriptedXhr() as unknown as XMLHttpRequest } });
    await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });
    const events: TransferProgress[] = [];
    bridge.on('transfer:progress', (event) => events.push(event));

    await expect(bridge.transfer.limits()).resolves.toEqual({ max_upload_bytes: LIMIT, accepted_media_types: ['application/pdf'] });
    const { selection } = await bridge.transfer.dropPdf(pdfFile());
    const done = bridge.transfer.upload({ transfer_id: 'transfer-0100', selection, target: { type: 'application_document', application_id: 7, document_type: 'id_document' } });
    const xhr = await sentXhr(0);
    expect(xhr.headers.Authorization).toBe('Bearer access-1');
    xhr.answer(201, storedDocument({ document_type: 'id_document' }));
    await expect(done).resolves.toMatchObject({ outcome: 'uploaded', document: { document_type: 'id_document' } });
    expect(events.at(-1)).toEqual({ transfer_id: 'transfer-0100', direction: 'upload', loaded: 4096, total: 4096 });
  });
});
