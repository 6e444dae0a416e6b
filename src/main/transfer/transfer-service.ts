import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DOCUMENT_PATHS, uploadLimitsAnswer, type UploadLimits } from '../../shared/api/documents';
import { ERROR_CODES } from '../../shared/errors';
import {
  downloadFileType,
  downloadPath,
  downloadRequest as downloadRequestSchema,
  uploadedOutcome,
  uploadPath,
  uploadTarget as uploadTargetSchema,
  type DownloadOutcome,
  type DownloadRequest,
  type PdfSelection,
  type PreviewOutcome,
  type TransferProgress,
  type UploadOutcome,
  type UploadRequest,
} from '../../shared/ipc/transfer-contract';
import { failure, transportErrorFromAnswer, TransportFailure } from '../../shared/transport-failure';
import { createProgressReporter, PROGRESS_INTERVAL_MS, transferRefusal as refusal } from '../../shared/transfer-rules';
import { apiUrl } from '../api-client';
import type { MainLog } from '../log';
import { downloadToFile, type ResumeFrom } from './download-file';
import { openDownload, readAnswerBody, streamUpload, TRANSFER_CHUNK_BYTES } from './http-stream';
import { createDropTokens, type DropTokens } from './drop-tokens';
import { inspectLocalPdf, type LocalPdf } from './local-pdf';
import { localFileName } from './local-file-name';

// The desktop's file transfers: PDFs chosen in a native dialog or dropped on the window are
// checked here and streamed from disk to the server; documents stream from the server to a file
// the user chose or to a temporary file for the system viewer. The page only holds selection
// ids, names, sizes and progress. Electron is behind `TransferShell` (electron-transfer-shell.ts).

/** What the service needs of the desktop: dialogs and the system viewer. */
export interface TransferShell {
  /** The native open dialog, PDFs only; the chosen absolute path, or null. */
  choosePdf(): Promise<string | null>;
  /** The native save dialog, suggesting `fileName`; the chosen absolute path, or null. */
  chooseSaveTarget(fileName: string): Promise<string | null>;
  /** Opens a file with the system's viewer (shell.openPath); rejects when it could not. */
  openPath(path: string): Promise<void>;
}

export interface TransferServiceOptions {
  /** The API server's origin (http://127.0.0.1:8000). */
  serverUrl: () => Promise<string>;
  /** The session's current access token (the vault's copy). */
  accessToken: () => Promise<string | null>;
  /** One refresh after a 401, shared with every other caller (the auth service's). */
  refreshAccess: () => Promise<{ access: string }>;
  emitProgress: (progress: TransferProgress) => void;
  /** Absent where there are no dialogs (tests, a harness): choose, save and open then refuse. */
  shell?: TransferShell;
  /** Where temporary copies for the system viewer go; a folder of its own below the OS temp folder by default. */
  previewDir?: string;
  log: MainLog;
  progressIntervalMs?: number;
  chunkBytes?: number;
  /** How long the upload limits are trusted before asking the server again. */
  limitsTtlMs?: number;
  downloadRetryDelayMs?: (retry: number) => number;
  /** The one-time tokens that stand for dropped files' paths. */
  dropTokens?: DropTokens;
}

export interface TransferService {
  limits(): Promise<UploadLimits>;
  choosePdf(): Promise<PdfSelection | null>;
  /** Registers the path the preload read from a dropped File; answers a one-time token for `dropPdf`. */
  registerDrop(path: string): string;
  /** The dropped file behind a token from `registerDrop` (once), checked like a chosen one. */
  dropPdf(token: string): Promise<PdfSelection>;
  upload(request: UploadRequest): Promise<UploadOutcome>;
  /** True when a transfer of that id was running and is now stopped. */
  cancel(transferId: string): boolean;
  /** Save dialog, then a download to the chosen file. */
  download(request: DownloadRequest): Promise<DownloadOutcome>;
  /** A download to a temporary file, handed to the system viewer. */
  open(request: DownloadRequest): Promise<DownloadOutcome>;
  /** A download to a temporary file whose bytes go to the page's viewer; the file is removed at once. */
  preview(request: DownloadRequest): Promise<PreviewOutcome>;
  /** A download straight to `destination` (no dialog): the bench, tests, and the two above. */
  downloadTo(request: DownloadRequest, destination: string): Promise<DownloadOutcome>;
  /** Stops every transfer (quitting). */
  cancelAll(): void;
  /** How many uploads and downloads are running (an update never restarts the app under one). */
  inProgress(): number;
  // For the counter's kept attachments (src/main/counter), which reuse selections, limits,
  // cancellation and authenticated calls rather than copy them.
  /** The checked file behind a selection this service made, or null. */
  checkedSelection(selection: string): LocalPdf | null;
  /**
   * The upload limit to check a file against: the server's, or while it cannot be reached the
   * last one it published (else its default), so files can be chosen at an offline counter.
   */
  checkingLimit(): Promise<number>;
  /** Registers a transfer id so `cancel` stops it; `release` when it ends. */
  track(transferId: string): { signal: AbortSignal; release(): void };
  /** An authenticated call with the session's token, one refresh and one retry after a 401. */
  authorized<T>(attempt: (headers: Record<string, string>) => Promise<T>, isUnauthorized: (result: T) => boolean): Promise<T>;
}

const MAX_SELECTIONS = 50;
/** An access token closer than this to its expiry is refreshed before a transfer starts. */
const TOKEN_MARGIN_MS = 60_000;
const LIMITS_TTL_MS = 60_000;
/**
 * The server's default limit (NARIC_MAX_UPLOAD_BYTES), used only when the server has not been
 * reachable since the app started; the server checks every file again when it arrives.
 */
export const OFFLINE_UPLOAD_LIMIT_BYTES = 250 * 1024 * 1024;
const UNREACHABLE: ReadonlySet<string> = new Set([ERROR_CODES.networkError, ERROR_CODES.timeout]);
/** Viewer copies older than this are removed when the next one is made. */
const PREVIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Whether a JWT's `exp` is within `marginMs` from now; a token that is not a readable JWT is left to the server. */
export function expiresWithin(token: string, marginMs: number, now = Date.now()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 - now < marginMs;
  } catch {
    return false;
  }
}

function noShell(): TransportFailure {
  return failure(ERROR_CODES.serverError, { message: 'File dialogs are not available here.' });
}

export function createTransferService(options: TransferServiceOptions): TransferService {
  const { log } = options;
  const selections = new Map<string, LocalPdf>();
  const running = new Map<string, AbortController>();
  let cachedLimits: { value: UploadLimits; at: number } | null = null;
  const previewRoot = options.previewDir ?? join(tmpdir(), 'naric-backoffice-viewer');
  const dropTokens = options.dropTokens ?? createDropTokens();

  const authorization = (token: string | null): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

  /**
   * Runs an authenticated call; on a 401, one shared refresh and one retry (spec §8). A token
   * about to expire is refreshed first: a server that refuses a large upload halfway may close
   * the connection before its 401 can be read.
   */
  async function withAccess<T>(attempt: (headers: Record<string, string>) => Promise<T>, isUnauthorized: (result: T) => boolean): Promise<T> {
    let token = await options.accessToken();
    if (token && expiresWithin(token, TOKEN_MARGIN_MS)) token = (await options.refreshAccess()).access;
    const first = await attempt(authorization(token));
    if (!isUnauthorized(first)) return first;
    const { access } = await options.refreshAccess();
    return attempt(authorization(access));
  }

  async function fetchLimits(): Promise<UploadLimits> {
    const url = apiUrl(await options.serverUrl(), DOCUMENT_PATHS.limits);
    const controller = new AbortController();
    const answer = await withAccess(
      async (headers) => {
        const response = await openDownload({ url, headers: { ...headers, Accept: 'application/json' }, signal: controller.signal });
        return { status: response.statusCode ?? 0, body: await readAnswerBody(response) };
      },
      (result) => result.status === 401,
    );
    if (answer.status !== 200) throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.body));
    const parsed = uploadLimitsAnswer.safeParse(answer.body);
    if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: answer.status });
    return parsed.data;
  }

  async function limits(fresh = false): Promise<UploadLimits> {
    const ttl = options.limitsTtlMs ?? LIMITS_TTL_MS;
    if (!fresh && cachedLimits && performance.now() - cachedLimits.at < ttl) return cachedLimits.value;
    const value = await fetchLimits();
    cachedLimits = { value, at: performance.now() };
    return value;
  }

  async function checkingLimit(): Promise<number> {
    try {
      return (await limits()).max_upload_bytes;
    } catch (thrown) {
      if (!(thrown instanceof TransportFailure) || !UNREACHABLE.has(thrown.error.code)) throw thrown;
      return cachedLimits?.value.max_upload_bytes ?? OFFLINE_UPLOAD_LIMIT_BYTES;
    }
  }

  async function select(path: string): Promise<PdfSelection> {
    const file = await inspectLocalPdf(path, await checkingLimit());
    const selection = randomUUID();
    selections.set(selection, file);
    // Selections that were never uploaded are forgotten, oldest first.
    for (const key of selections.keys()) {
      if (selections.size <= MAX_SELECTIONS) break;
      selections.delete(key);
    }
    return { selection, file_name: file.fileName, size: file.size };
  }

  function begin(transferId: string): AbortController {
    if (running.has(transferId)) throw failure(ERROR_CODES.conflict, { message: 'A transfer with this id is already running.' });
    const controller = new AbortController();
    running.set(transferId, controller);
    return controller;
  }

  async function upload(request: UploadRequest): Promise<UploadOutcome> {
    const chosen = selections.get(request.selection);
    if (!chosen) throw refusal('unknown_selection');
    const target = uploadTargetSchema.parse(request.target);
    const controller = begin(request.transfer_id);
    const reporter = createProgressReporter({
      transferId: request.transfer_id,
      direction: 'upload',
      emit: options.emitProgress,
      intervalMs: options.progressIntervalMs ?? PROGRESS_INTERVAL_MS,
    });
    try {
      // Checked again now: the file may have changed since it was chosen, the limit too.
      const file = await inspectLocalPdf(chosen.path, (await limits(true)).max_upload_bytes);
      const url = apiUrl(await options.serverUrl(), uploadPath(target, chosen.fileName));
      reporter.update(0, file.size);
      const answer = await withAccess(
        (headers) =>
          streamUpload({
            url,
            headers: { ...headers, Accept: 'application/json' },
            file,
            signal: controller.signal,
            onSent: (sent) => reporter.update(sent, file.size),
            chunkBytes: options.chunkBytes ?? TRANSFER_CHUNK_BYTES,
          }),
        (result) => result.status === 401,
      );
      if (answer.status < 200 || answer.status >= 300) throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.body));
      const uploaded = uploadedOutcome(target, answer.body);
      if (!uploaded) {
        log.error('transfer: the upload answer breaks the contract', { status: answer.status });
        throw failure(ERROR_CODES.serverError, { status: answer.status });
      }
      reporter.update(file.size, file.size);
      reporter.flush();
      selections.delete(request.selection);
      return uploaded;
    } catch (thrown) {
      if (controller.signal.aborted) return { outcome: 'cancelled' };
      throw thrown;
    } finally {
      running.delete(request.transfer_id);
    }
  }

  async function downloadTo(request: DownloadRequest, destination: string): Promise<DownloadOutcome> {
    const parsed = downloadRequestSchema.parse(request);
    const controller = begin(parsed.transfer_id);
    const reporter = createProgressReporter({
      transferId: parsed.transfer_id,
      direction: 'download',
      emit: options.emitProgress,
      intervalMs: options.progressIntervalMs ?? PROGRESS_INTERVAL_MS,
    });
    let url: string | null = null;

    const openContent = async (resume: ResumeFrom | null): Promise<IncomingMessage> => {
      url ??= apiUrl(await options.serverUrl(), downloadPath(parsed));
      const contentUrl = url;
      const response = await withAccess(
        async (headers) => {
          const rangeHeaders: Record<string, string> = resume ? { Range: `bytes=${resume.from}-`, 'If-Range': resume.ifRange } : {};
          const opened = await openDownload({ url: contentUrl, headers: { ...headers, ...rangeHeaders }, signal: controller.signal });
          if (opened.statusCode === 401) opened.resume();
          return opened;
        },
        (opened) => opened.statusCode === 401,
      );
      const status = response.statusCode ?? 0;
      if (status === 200 || status === 206) return response;
      throw new TransportFailure(transportErrorFromAnswer(status, await readAnswerBody(response)));
    };

    try {
      const { size } = await downloadToFile({
        open: openContent,
        destination,
        signal: controller.signal,
        onProgress: (loaded, total) => reporter.update(loaded, total),
        sha256: parsed.sha256 ?? null,
        ...(options.downloadRetryDelayMs ? { retryDelayMs: options.downloadRetryDelayMs } : {}),
      });
      reporter.flush();
      return { outcome: 'saved', file_name: basename(destination), size };
    } catch (thrown) {
      if (controller.signal.aborted) return { outcome: 'cancelled', file_name: localFileName(parsed.file_name, undefined, downloadFileType(parsed)), size: 0 };
      throw thrown;
    } finally {
      running.delete(parsed.transfer_id);
    }
  }

  async function removeOldPreviews(): Promise<void> {
    let entries: string[];
    try {
      entries = await readdir(previewRoot);
    } catch {
      return;
    }
    const now = Date.now();
    for (const entry of entries) {
      const path = join(previewRoot, entry);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > PREVIEW_MAX_AGE_MS) await rm(path, { recursive: true, force: true }).catch(() => {});
    }
  }

  return {
    limits: () => limits(),
    async choosePdf() {
      if (!options.shell) throw noShell();
      const path = await options.shell.choosePdf();
      return path === null ? null : select(path);
    },
    registerDrop: (path) => dropTokens.issue(path),
    async dropPdf(token) {
      const path = dropTokens.redeem(token);
      // Never a path from the page: only one registered at a drop, and only once.
      if (path === null) throw refusal('unknown_selection');
      return select(path);
    },
    upload,
    cancel(transferId) {
      const controller = running.get(transferId);
      if (!controller) return false;
      controller.abort();
      return true;
    },
    async download(request) {
      if (!options.shell) throw noShell();
      const fileName = localFileName(request.file_name, undefined, downloadFileType(request));
      const destination = await options.shell.chooseSaveTarget(fileName);
      if (destination === null) return { outcome: 'cancelled', file_name: fileName, size: 0 };
      return downloadTo(request, destination);
    },
    async open(request) {
      if (!options.shell) throw noShell();
      await removeOldPreviews();
      await mkdir(previewRoot, { recursive: true, mode: 0o700 });
      // A folder per copy: two documents of the same name never overwrite each other.
      const folder = await mkdtemp(join(previewRoot, 'doc-'));
      const outcome = await downloadTo(request, join(folder, localFileName(request.file_name, undefined, downloadFileType(request))));
      if (outcome.outcome !== 'saved') {
        await rm(folder, { recursive: true, force: true });
        return outcome;
      }
      await options.shell.openPath(join(folder, outcome.file_name));
      return { ...outcome, outcome: 'opened' };
    },
    async preview(request) {
      await mkdir(previewRoot, { recursive: true, mode: 0o700 });
      const folder = await mkdtemp(join(previewRoot, 'view-'));
      try {
        const outcome = await downloadTo(request, join(folder, 'preview.pdf'));
        if (outcome.outcome !== 'saved') return { outcome: 'cancelled' };
        const bytes = await readFile(join(folder, 'preview.pdf'));
        // A plain Uint8Array (not a Buffer) is what crosses to the page unchanged.
        return { outcome: 'previewed', data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    downloadTo,
    cancelAll() {
      for (const controller of running.values()) controller.abort();
    },
    inProgress: () => running.size,
    checkedSelection: (selection) => selections.get(selection) ?? null,
    checkingLimit,
    track(transferId) {
      const controller = begin(transferId);
      return {
        signal: controller.signal,
        release: () => {
          if (running.get(transferId) === controller) running.delete(transferId);
        },
      };
    },
    authorized: withAccess,
  };
}
