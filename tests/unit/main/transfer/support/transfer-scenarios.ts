import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeBenchPdf } from '../../../../../bench/pdf-generator';
import { createTransferService, type TransferService, type TransferShell } from '../../../../../src/main/transfer/transfer-service';
import { DOCUMENT_PATHS } from '../../../../../src/shared/api/documents';
import { IPC_EVENTS } from '../../../../../src/shared/ipc/contract';
import type { TransferProgress } from '../../../../../src/shared/ipc/transfer-contract';
import { transportErrorOf } from '../../../../../src/shared/transport-failure';
import { startCuttingProxy, type CuttingProxy } from './cutting-proxy';

// What the desktop's transfer service must do against a server that speaks the documents
// contract, with real files on disk: refuse before sending, stream up with progress, cancel with
// nothing stored, stream down with resume after a dropped connection, dialogs and the viewer.

export interface TransferTestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** An application the officer may see and add documents to. */
  applicationId: number;
  /** The published upload limit. */
  limit: number;
  /** officer: may see the application; outsider: a signed-in user who may not. */
  tokenFor(user: 'officer' | 'outsider'): Promise<string>;
  documentCount(): Promise<number>;
  /** Every file the server's storage holds (stored documents and temporary objects alike). */
  storedFiles(): Promise<string[]>;
  /** `METHOD /path` of requests the client dropped. */
  abortedRequests(): string[];
  /** `METHOD /path` of every request received. */
  requests(): string[];
}

const MiB = 1024 * 1024;
const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

export function transferServiceScenarios(serverUnderTest: () => TransferTestServer): void {
  let server: TransferTestServer;
  let proxy: CuttingProxy;
  let files: string;
  let officerToken: string;

  beforeAll(async () => {
    server = serverUnderTest();
    proxy = await startCuttingProxy({ host: '127.0.0.1', port: server.port });
    files = await mkdtemp(join(tmpdir(), 'naric-transfer-test-'));
    officerToken = await server.tokenFor('officer');
  });

  afterAll(async () => {
    await proxy?.close();
    await rm(files, { recursive: true, force: true });
  });

  function service(overrides: { accessToken?: () => Promise<string | null>; refreshAccess?: () => Promise<{ access: string }>; via?: 'proxy' | 'direct'; emitProgress?: (event: TransferProgress) => void } = {}) {
    const events: TransferProgress[] = [];
    const transfer: TransferService = createTransferService({
      serverUrl: async () => (overrides.via === 'proxy' ? proxy.url : server.origin),
      accessToken: overrides.accessToken ?? (async () => officerToken),
      refreshAccess: overrides.refreshAccess ?? (() => Promise.reject(new Error('no refresh expected'))),
      emitProgress: (event) => {
        events.push(event);
        overrides.emitProgress?.(event);
      },
      log: quietLog,
      // Every chunk reports, so the scenarios see progress on small files too.
      progressIntervalMs: 0,
      downloadRetryDelayMs: () => 0,
    });
    return { transfer, events };
  }

  async function pdf(name: string, bytes: number): Promise<string> {
    const path = join(files, name);
    await writeBenchPdf(path, bytes);
    return path;
  }

  const sha256 = async (path: string) => createHash('sha256').update(await readFile(path)).digest('hex');
  const refusalOf = async (promise: Promise<unknown>) => transportErrorOf(await promise.then(() => null, (error: unknown) => error));
  const target = () => ({ type: 'application_document', application_id: server.applicationId, document_type: 'additional_document', kind: 'copy' }) as const;
  const isMonotonic = (events: TransferProgress[]) => events.every((event, i) => i === 0 || event.loaded >= events[i - 1].loaded);
  const uploadsSent = () => server.requests().filter((line) => line === `POST /api${DOCUMENT_PATHS.upload(server.applicationId)}`).length;

  describe('transfer service: refused before sending', () => {
    it('a renamed non-PDF, an empty file and a file over the published limit never reach the server', async () => {
      const { transfer } = service();
      const png = join(files, 'photo.pdf');
      await writeFile(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
      const empty = join(files, 'empty.pdf');
      await writeFile(empty, '');
      const huge = join(files, 'huge.pdf');
      await writeFile(huge, '%PDF-1.7\n');
      await truncate(huge, server.limit + 1);
      const before = uploadsSent();

      expect(await refusalOf(transfer.dropPdf(transfer.registerDrop(png)))).toMatchObject({ code: 'unsupported_file_type', body: { reason: 'not_pdf' } });
      expect(await refusalOf(transfer.dropPdf(transfer.registerDrop(empty)))).toMatchObject({ code: 'validation_error', body: { reason: 'empty' } });
      expect(await refusalOf(transfer.dropPdf(transfer.registerDrop(huge)))).toMatchObject({ code: 'payload_too_large', body: { reason: 'too_large', max_upload_bytes: server.limit } });
      expect(uploadsSent()).toBe(before);
    });

    it('a file that became something else after it was chosen is refused at upload time', async () => {
      const { transfer } = service();
      const path = await pdf('swapped.pdf', 64 * 1024);
      const { selection } = await transfer.dropPdf(transfer.registerDrop(path));
      await writeFile(path, 'GIF89a not a pdf');
      const before = uploadsSent();
      expect(await refusalOf(transfer.upload({ transfer_id: 'swapped-0001', selection, target: target() }))).toMatchObject({ body: { reason: 'not_pdf' } });
      expect(uploadsSent()).toBe(before);
    });
  });

  describe('transfer service: upload', () => {
    it('streams a PDF and answers the stored document, with progress that only goes up and ends at the size', async () => {
      const { transfer, events } = service();
      const path = await pdf('Diplomë e përkthyer.pdf', 3 * MiB);
      const size = (await stat(path)).size;
      const { selection, file_name } = await transfer.dropPdf(transfer.registerDrop(path));
      expect(file_name).toBe('Diplomë e përkthyer.pdf');

      const outcome = await transfer.upload({ transfer_id: 'upload-0001', selection, target: target() });
      expect(outcome).toMatchObject({ outcome: 'uploaded', document: { application_id: server.applicationId, size, kind: 'copy', document_type: 'additional_document' } });
      if (outcome.outcome !== 'uploaded') return;
      expect(outcome.document.sha256).toBe(await sha256(path));
      expect(events.length).toBeGreaterThan(2);
      expect(isMonotonic(events)).toBe(true);
      expect(events.at(-1)).toEqual({ transfer_id: 'upload-0001', direction: 'upload', loaded: size, total: size });
      for (const event of events) IPC_EVENTS['transfer:progress'].parse(event);

      // A selection uploads once.
      expect(await refusalOf(transfer.upload({ transfer_id: 'upload-0002', selection, target: target() }))).toMatchObject({ body: { reason: 'unknown_selection' } });
    });

    it('with an expired token it refreshes once (shared by the limit check and the upload) and sends the file once', async () => {
      // Like the vault: the token held is the last one the refresh gave.
      let held = 'expired-or-forged';
      const refreshAccess = vi.fn(async () => ({ access: (held = officerToken) }));
      const { transfer } = service({ accessToken: async () => held, refreshAccess });
      const { selection } = await transfer.dropPdf(transfer.registerDrop(await pdf('retry.pdf', 256 * 1024)));
      const before = uploadsSent();
      await expect(transfer.upload({ transfer_id: 'upload-0401', selection, target: target() })).resolves.toMatchObject({ outcome: 'uploaded' });
      expect(refreshAccess).toHaveBeenCalledTimes(1);
      expect(uploadsSent()).toBe(before + 1);
    });

    it('a 401 to the upload itself: one refresh, and the file is sent again in full', async () => {
      // The token goes bad between the limit check and the upload (it expired, or was revoked).
      let calls = 0;
      const refreshAccess = vi.fn(async () => ({ access: officerToken }));
      const { transfer } = service({ accessToken: async () => (++calls >= 3 ? 'revoked-token' : officerToken), refreshAccess });
      const path = await pdf('revoked.pdf', 2 * MiB);
      const { selection } = await transfer.dropPdf(transfer.registerDrop(path));
      const before = uploadsSent();
      const outcome = await transfer.upload({ transfer_id: 'upload-0402', selection, target: target() });
      expect(outcome).toMatchObject({ outcome: 'uploaded', document: { size: (await stat(path)).size, sha256: await sha256(path) } });
      expect(refreshAccess).toHaveBeenCalledTimes(1);
      expect(uploadsSent()).toBe(before + 2);
    });

    it('cancelled mid-way: the call answers cancelled and the server keeps no row and no file', async () => {
      const documentsBefore = await server.documentCount();
      const filesBefore = await server.storedFiles();
      const abortsBefore = server.abortedRequests().length;
      const path = await pdf('cancelled.pdf', Math.min(48 * MiB, server.limit - MiB));
      const size = (await stat(path)).size;
      // Cancelled from the progress callback, as the renderer's button would, once 4 MiB are out.
      const { transfer, events } = service({
        emitProgress: (event) => {
          if (event.loaded >= 4 * MiB) transfer.cancel('cancel-0001');
        },
      });
      const { selection } = await transfer.dropPdf(transfer.registerDrop(path));
      await expect(transfer.upload({ transfer_id: 'cancel-0001', selection, target: target() })).resolves.toEqual({ outcome: 'cancelled' });
      expect(Math.max(...events.map((event) => event.loaded))).toBeLessThan(size);
      expect(transfer.cancel('cancel-0001')).toBe(false);

      // The server notices the dropped request on its own schedule; then nothing of it remains.
      await vi.waitFor(() => expect(server.abortedRequests().length).toBeGreaterThan(abortsBefore), { timeout: 10_000 });
      await vi.waitFor(async () => expect((await server.storedFiles()).sort()).toEqual(filesBefore.sort()), { timeout: 10_000 });
      expect(await server.documentCount()).toBe(documentsBefore);
    });
  });

  describe('transfer service: download', () => {
    let documentId: number;
    let source: string;
    let digest: string;

    beforeAll(async () => {
      const { transfer } = service();
      source = await pdf('Vërtetim – Đorđević.pdf', 8 * MiB);
      digest = await sha256(source);
      const { selection } = await transfer.dropPdf(transfer.registerDrop(source));
      const outcome = await transfer.upload({ transfer_id: 'seed-upload-01', selection, target: target() });
      if (outcome.outcome !== 'uploaded') throw new Error('could not seed a document');
      documentId = outcome.document.id;
    });

    it('resumes with Range after the connection drops, and the file is byte for byte the stored one', async () => {
      const { transfer, events } = service({ via: 'proxy' });
      const destination = join(files, 'resumed.pdf');
      const before = proxy.bytesFromServer();
      const cutsBefore = proxy.cuts();
      proxy.cutNextAnswerAfter(3 * MiB);
      const outcome = await transfer.downloadTo({ transfer_id: 'download-0001', document_id: documentId, file_name: 'x.pdf', sha256: digest }, destination);

      const size = (await stat(source)).size;
      expect(outcome).toEqual({ outcome: 'saved', file_name: 'resumed.pdf', size });
      expect(await sha256(destination)).toBe(digest);
      expect(proxy.cuts()).toBe(cutsBefore + 1);
      // Resumed, not restarted: the bytes before the cut crossed the wire once.
      expect(proxy.bytesFromServer() - before).toBeLessThan(size + 3 * MiB - 64 * 1024);
      expect(isMonotonic(events)).toBe(true);
      expect(events.at(-1)).toMatchObject({ loaded: size, total: size, direction: 'download' });
      await expect(stat(`${destination}.part`)).rejects.toThrow();
    });

    it('leaves neither the file nor a .part when the bytes do not match the expected SHA-256', async () => {
      const { transfer } = service();
      const destination = join(files, 'mismatch.pdf');
      const failure = await refusalOf(transfer.downloadTo({ transfer_id: 'download-0002', document_id: documentId, file_name: 'x.pdf', sha256: '0'.repeat(64) }, destination));
      expect(failure).toMatchObject({ code: 'server_error', message: 'The downloaded file does not match the stored document.' });
      await expect(stat(destination)).rejects.toThrow();
      await expect(stat(`${destination}.part`)).rejects.toThrow();
    });

    it("answers the server's refusal for a document the user may not see, and writes nothing", async () => {
      const outsider = await server.tokenFor('outsider');
      const { transfer } = service({ accessToken: async () => outsider });
      const destination = join(files, 'forbidden.pdf');
      const failure = await refusalOf(transfer.downloadTo({ transfer_id: 'download-0003', document_id: documentId, file_name: 'x.pdf' }, destination));
      expect([403, 404]).toContain(failure?.status);
      await expect(stat(destination)).rejects.toThrow();
      await expect(stat(`${destination}.part`)).rejects.toThrow();
    });

    it('saves where the dialog says, opens a temporary copy with the viewer, and a closed dialog moves nothing', async () => {
      const saveTo = join(files, 'chosen.pdf');
      const opened: string[] = [];
      const chooseSaveTarget = vi.fn<TransferShell['chooseSaveTarget']>().mockResolvedValueOnce(null).mockResolvedValueOnce(saveTo);
      const previewDir = join(files, 'viewer');
      const events: TransferProgress[] = [];
      const transfer = createTransferService({
        serverUrl: async () => server.origin,
        accessToken: async () => officerToken,
        refreshAccess: () => Promise.reject(new Error('no refresh expected')),
        emitProgress: (event) => events.push(event),
        shell: { choosePdf: async () => source, chooseSaveTarget, openPath: async (path) => void opened.push(path) },
        previewDir,
        log: quietLog,
      });
      const request = { transfer_id: 'dialog-0001', document_id: documentId, file_name: 'Vërtetim: Đorđević', sha256: digest };

      await expect(transfer.download(request)).resolves.toEqual({ outcome: 'cancelled', file_name: 'Vërtetim_ Đorđević.pdf', size: 0 });
      expect(events).toEqual([]);
      await expect(transfer.download(request)).resolves.toMatchObject({ outcome: 'saved', file_name: 'chosen.pdf' });
      expect(chooseSaveTarget).toHaveBeenLastCalledWith('Vërtetim_ Đorđević.pdf');
      expect(await sha256(saveTo)).toBe(digest);

      await expect(transfer.open({ ...request, transfer_id: 'dialog-0002' })).resolves.toMatchObject({ outcome: 'opened', file_name: 'Vërtetim_ Đorđević.pdf' });
      expect(opened).toHaveLength(1);
      expect(opened[0].startsWith(previewDir)).toBe(true);
      expect(await sha256(opened[0])).toBe(digest);

      await expect(transfer.choosePdf()).resolves.toMatchObject({ file_name: 'Vërtetim – Đorđević.pdf' });
    });
  });
}
