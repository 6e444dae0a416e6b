import { DOCUMENT_PATHS, PDF_MEDIA_TYPE, uploadLimitsAnswer, type UploadLimits } from '../../shared/api/documents';
import type { SessionRequest } from '../../shared/auth/session-client';
import type { NaricBridge } from '../../shared/bridge';
import { API_TIMEOUT_MS, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '../../shared/constants';
import { ERROR_CODES } from '../../shared/errors';
import {
  DOWNLOAD_FILE_TYPES,
  downloadFileType,
  downloadPath,
  downloadRequest as downloadRequestSchema,
  uploadedOutcome,
  uploadPath,
  uploadTarget as uploadTargetSchema,
  type DownloadOutcome,
  type DownloadRequest,
  type PdfSelection,
  type TransferProgress,
  type UploadRequest,
} from '../../shared/ipc/transfer-contract';
import { failure, transportErrorFromAnswer, TransportFailure } from '../../shared/transport-failure';
import { createProgressReporter, PDF_SIGNATURE_TEXT, PROGRESS_INTERVAL_MS, transferRefusal } from '../../shared/transfer-rules';
import { readCookie } from '../lib/cookies';
import { BLOB_URL_LIFETIME_MS, saveBlob as saveWithLink } from '../lib/save-file';
import { readBody } from '../lib/transport-error';

// File transfers of the browser shell, behind the same bridge as the desktop's. A file comes from
// a file input or a drop and is checked here (signature, not empty, within the limit). Uploads
// go with XMLHttpRequest, the one browser API with upload progress, sending the File itself (the
// browser streams it from disk). Downloads stream with fetch, with progress, resume after a
// dropped connection (Range + If-Range), and end as a Blob saved through a download link (or
// shown in a new tab): a page cannot write to a file of its own choosing, so the browser holds the
// document until it is saved, where the desktop streams it straight to disk.

type Transfer = NaricBridge['transfer'];

/**
 * What the counter's kept attachments (browser-counter.ts) reuse rather than copy: the files
 * behind selections, the limit to check them against, and an authenticated upload with progress
 * and cancellation.
 */
export interface BrowserTransferParts {
  /** The File behind a selection this shell made, or null. */
  selectedFile(selection: string): File | null;
  /** The server's upload limit, or while it cannot be reached the last one it published (else its default). */
  checkingLimit(): Promise<number>;
  /** Sends `body` with the session's token (one refresh after a 401), progress events, and `cancel(transferId)`. */
  sendTracked(request: { transferId: string; url: string; method: 'PUT' | 'POST'; body: Blob }): Promise<{ status: number; body: unknown } | 'cancelled'>;
}

/**
 * The server's default limit (NARIC_MAX_UPLOAD_BYTES), used only when the server has not answered
 * since the page loaded; the server checks every file again when it arrives.
 */
export const OFFLINE_UPLOAD_LIMIT_BYTES = 250 * 1024 * 1024;

/** What the viewer needs of the window it opens; `window.open`'s answer has it. */
export interface ViewerWindow {
  location: { href: string };
  close(): void;
}

export interface BrowserTransferOptions {
  /** The API base, e.g. /api. */
  baseUrl: string;
  /** JSON calls (the limits). */
  request: SessionRequest;
  accessToken: () => string | null;
  /** One shared refresh after a 401 (the session client's). */
  refresh: () => Promise<{ access: string }>;
  emit: (progress: TransferProgress) => void;
  fetch?: typeof fetch;
  createXhr?: () => XMLHttpRequest;
  /** Shows the file picker; resolves with the chosen file, or null when it was closed. */
  pickFile?: () => Promise<File | null>;
  /** Hands a finished download to the browser (an `<a download>` click by default). */
  saveBlob?: (blob: Blob, fileName: string) => void;
  /** Opens the window the PDF will show in, before the download (a popup needs the click). */
  openViewer?: () => ViewerWindow | null;
  progressIntervalMs?: number;
  maxRetries?: number;
}

const MAX_RETRIES = 3;

class Cancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'Cancelled';
  }
}

/** The native file picker, through a hidden input; 'cancel' fires when it is closed. */
export function pickFileWithInput(doc: Document = document): Promise<File | null> {
  return new Promise((resolve) => {
    const input = doc.createElement('input');
    input.type = 'file';
    input.accept = `${PDF_MEDIA_TYPE},.pdf`;
    input.style.display = 'none';
    const done = (file: File | null) => {
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => done(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => done(null), { once: true });
    doc.body.append(input);
    input.click();
  });
}

/** `bytes 100-199/1000` → start 100, total 1000. */
function contentRange(header: string | null): { start: number; total: number | null } | null {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim()) : null;
  return match ? { start: Number(match[1]), total: match[3] === '*' ? null : Number(match[3]) } : null;
}

/** The name with its kind's extension (a PDF's ".pdf"; a report export's own). */
function downloadName(request: DownloadRequest): string {
  const extension = downloadFileType(request);
  return request.file_name.toLowerCase().endsWith(`.${extension}`) ? request.file_name : `${request.file_name}.${extension}`;
}

async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createBrowserTransfer(options: BrowserTransferOptions): Transfer & BrowserTransferParts {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  const pickFile = options.pickFile ?? (() => pickFileWithInput());
  const saveBlob = options.saveBlob ?? saveWithLink;
  const openViewer = options.openViewer ?? (() => window.open('', '_blank'));
  const maxRetries = options.maxRetries ?? MAX_RETRIES;
  const intervalMs = options.progressIntervalMs ?? PROGRESS_INTERVAL_MS;
  const selections = new Map<string, File>();
  const running = new Map<string, () => void>();
  let lastLimit: number | null = null;

  function headers(token: string | null): Record<string, string> {
    const result: Record<string, string> = {};
    if (token) result.Authorization = `Bearer ${token}`;
    const xsrf = readCookie(XSRF_COOKIE_NAME);
    if (xsrf) result[XSRF_HEADER_NAME] = xsrf;
    return result;
  }

  async function limits(): Promise<UploadLimits> {
    const call = (accessToken: string | null) =>
      options.request('GET', DOCUMENT_PATHS.limits, undefined, { timeoutMs: API_TIMEOUT_MS, ...(accessToken ? { accessToken } : {}) });
    let answer = await call(options.accessToken());
    if (answer.status === 401) answer = await call((await options.refresh()).access);
    if (answer.status !== 200) throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.data));
    const parsed = uploadLimitsAnswer.safeParse(answer.data);
    if (!parsed.success) throw failure(ERROR_CODES.serverError, { status: answer.status });
    lastLimit = parsed.data.max_upload_bytes;
    return parsed.data;
  }

  /** Files can be chosen at an offline counter: an unreachable server falls back to the last known limit. */
  async function checkingLimit(): Promise<number> {
    try {
      return (await limits()).max_upload_bytes;
    } catch (thrown) {
      const code = thrown instanceof TransportFailure ? thrown.error.code : null;
      if (code !== ERROR_CODES.networkError && code !== ERROR_CODES.timeout) throw thrown;
      return lastLimit ?? OFFLINE_UPLOAD_LIMIT_BYTES;
    }
  }

  async function select(file: unknown): Promise<PdfSelection> {
    if (!(file instanceof Blob) || typeof (file as File).name !== 'string') throw transferRefusal('not_a_file');
    const chosen = file as File;
    if (chosen.size === 0) throw transferRefusal('empty');
    const max = await checkingLimit();
    if (chosen.size > max) throw transferRefusal('too_large', max);
    let head: string;
    try {
      head = new TextDecoder('latin1').decode(await chosen.slice(0, PDF_SIGNATURE_TEXT.length).arrayBuffer());
    } catch {
      throw transferRefusal('unreadable');
    }
    if (head !== PDF_SIGNATURE_TEXT) throw transferRefusal('not_pdf');
    const selection = crypto.randomUUID();
    selections.set(selection, chosen);
    return { selection, file_name: chosen.name, size: chosen.size };
  }

  function begin(transferId: string, abort: () => void): void {
    if (running.has(transferId)) throw failure(ERROR_CODES.conflict, { message: 'A transfer with this id is already running.' });
    running.set(transferId, abort);
  }

  function sendFile(
    url: string,
    file: Blob,
    token: string | null,
    onProgress: (loaded: number) => void,
    register: (abort: () => void) => void,
    method: 'POST' | 'PUT' = 'POST',
  ) {
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const xhr = createXhr();
      xhr.open(method, url);
      for (const [name, value] of Object.entries({ ...headers(token), 'Content-Type': PDF_MEDIA_TYPE, Accept: 'application/json' })) {
        xhr.setRequestHeader(name, value);
      }
      xhr.upload.onprogress = (event) => onProgress(event.loaded);
      xhr.onload = () => {
        let body: unknown;
        try {
          body = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: xhr.status, body });
      };
      xhr.onerror = () => reject(failure(ERROR_CODES.networkError));
      xhr.ontimeout = () => reject(failure(ERROR_CODES.timeout));
      xhr.onabort = () => reject(new Cancelled());
      register(() => xhr.abort());
      xhr.send(file);
    });
  }

  async function upload(request: UploadRequest) {
    const file = selections.get(request.selection);
    if (!file) throw transferRefusal('unknown_selection');
    const target = uploadTargetSchema.parse(request.target);
    const url = `${options.baseUrl}${uploadPath(target, file.name)}`;

    let abortCurrent: () => void = () => {};
    let cancelled = false;
    begin(request.transfer_id, () => {
      cancelled = true;
      abortCurrent();
    });
    const reporter = createProgressReporter({ transferId: request.transfer_id, direction: 'upload', emit: options.emit, intervalMs });
    const register = (abort: () => void) => {
      abortCurrent = abort;
      if (cancelled) abort();
    };
    try {
      const { max_upload_bytes: max } = await limits();
      if (file.size > max) throw transferRefusal('too_large', max);
      if (cancelled) return { outcome: 'cancelled' as const };
      reporter.update(0, file.size);
      const progress = (loaded: number) => reporter.update(Math.min(loaded, file.size), file.size);
      let answer = await sendFile(url, file, options.accessToken(), progress, register);
      if (answer.status === 401) answer = await sendFile(url, file, (await options.refresh()).access, progress, register);
      if (answer.status < 200 || answer.status >= 300) throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.body));
      const uploaded = uploadedOutcome(target, answer.body);
      if (!uploaded) throw failure(ERROR_CODES.serverError, { status: answer.status });
      reporter.update(file.size, file.size);
      reporter.flush();
      selections.delete(request.selection);
      return uploaded;
    } catch (thrown) {
      if (cancelled || thrown instanceof Cancelled) return { outcome: 'cancelled' as const };
      throw thrown;
    } finally {
      running.delete(request.transfer_id);
    }
  }

  /** Streams a document into memory with progress, resuming after a dropped connection. */
  async function fetchDocument(request: DownloadRequest, signal: AbortSignal): Promise<Blob> {
    const parsed = downloadRequestSchema.parse(request);
    const url = `${options.baseUrl}${downloadPath(parsed)}`;
    const reporter = createProgressReporter({ transferId: parsed.transfer_id, direction: 'download', emit: options.emit, intervalMs });
    let chunks: Uint8Array[] = [];
    let received = 0;
    let total: number | null = null;
    let validator: string | null = null;
    let retries = 0;

    const retryOrThrow = (thrown: unknown) => {
      if (signal.aborted) throw new Cancelled();
      if (retries >= maxRetries || (thrown instanceof TransportFailure && thrown.error.code !== ERROR_CODES.networkError)) {
        throw thrown instanceof TransportFailure ? thrown : failure(ERROR_CODES.networkError);
      }
      retries += 1;
    };
    const open = async (rangeHeaders: Record<string, string>) => {
      const once = (token: string | null) => doFetch(url, { headers: { ...headers(token), ...rangeHeaders }, credentials: 'same-origin', signal });
      let response = await once(options.accessToken());
      if (response.status === 401) response = await once((await options.refresh()).access);
      return response;
    };

    for (;;) {
      const resume = received > 0 && validator ? { Range: `bytes=${received}-`, 'If-Range': validator } : null;
      let response: Response;
      try {
        response = await open(resume ?? {});
      } catch (thrown) {
        retryOrThrow(thrown);
        continue;
      }
      if (response.status !== 200 && response.status !== 206) {
        throw new TransportFailure(transportErrorFromAnswer(response.status, await readBody(response)));
      }
      const range = response.status === 206 && resume ? contentRange(response.headers.get('Content-Range')) : null;
      if (response.status === 206 && (!range || range.start !== received)) {
        // Not the bytes asked for: start again from the first byte.
        await response.body?.cancel().catch(() => {});
        chunks = [];
        received = 0;
        validator = null;
        retryOrThrow(failure(ERROR_CODES.networkError));
        continue;
      }
      if (range) {
        total = range.total ?? total;
      } else {
        chunks = [];
        received = 0;
        const length = Number(response.headers.get('Content-Length'));
        total = Number.isSafeInteger(length) && response.headers.has('Content-Length') ? length : null;
        const etag = response.headers.get('ETag');
        validator = etag && !etag.startsWith('W/') ? etag : null;
      }
      if (!response.body) throw failure(ERROR_CODES.serverError);
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          received += value.length;
          reporter.update(received, total);
        }
        break;
      } catch (thrown) {
        retryOrThrow(thrown);
      }
    }
    if (total !== null && received !== total) throw failure(ERROR_CODES.networkError, { message: 'The download was incomplete.' });
    reporter.flush();
    const blob = new Blob(chunks as BlobPart[], { type: DOWNLOAD_FILE_TYPES[downloadFileType(parsed)] });
    if (parsed.sha256 && (await sha256Hex(blob)) !== parsed.sha256) {
      throw failure(ERROR_CODES.serverError, { message: 'The downloaded file does not match the stored document.' });
    }
    return blob;
  }

  async function runDownload(
    request: DownloadRequest,
    deliver: (blob: Blob, fileName: string) => DownloadOutcome['outcome'],
    undelivered?: () => void,
  ): Promise<DownloadOutcome> {
    const fileName = downloadName(request);
    const controller = new AbortController();
    begin(request.transfer_id, () => controller.abort());
    try {
      const blob = await fetchDocument(request, controller.signal);
      return { outcome: deliver(blob, fileName), file_name: fileName, size: blob.size };
    } catch (thrown) {
      undelivered?.();
      if (controller.signal.aborted || thrown instanceof Cancelled) return { outcome: 'cancelled', file_name: fileName, size: 0 };
      throw thrown;
    } finally {
      running.delete(request.transfer_id);
    }
  }

  async function sendTracked(request: { transferId: string; url: string; method: 'PUT' | 'POST'; body: Blob }) {
    let abortCurrent: () => void = () => {};
    let cancelled = false;
    begin(request.transferId, () => {
      cancelled = true;
      abortCurrent();
    });
    const size = request.body.size;
    const reporter = createProgressReporter({ transferId: request.transferId, direction: 'upload', emit: options.emit, intervalMs });
    const register = (abort: () => void) => {
      abortCurrent = abort;
      if (cancelled) abort();
    };
    try {
      reporter.update(0, size);
      const progress = (loaded: number) => reporter.update(Math.min(loaded, size), size);
      let answer = await sendFile(request.url, request.body, options.accessToken(), progress, register, request.method);
      if (answer.status === 401) answer = await sendFile(request.url, request.body, (await options.refresh()).access, progress, register, request.method);
      if (answer.status >= 200 && answer.status < 300) {
        reporter.update(size, size);
        reporter.flush();
      }
      return answer;
    } catch (thrown) {
      if (cancelled || thrown instanceof Cancelled) return 'cancelled' as const;
      throw thrown;
    } finally {
      running.delete(request.transferId);
    }
  }

  return {
    selectedFile: (selection) => selections.get(selection) ?? null,
    checkingLimit,
    sendTracked,
    limits,
    async choosePdf() {
      const file = await pickFile();
      return file === null ? null : select(file);
    },
    dropPdf: (file) => select(file),
    upload,
    async cancel(transferId) {
      running.get(transferId)?.();
    },
    download: (request) =>
      runDownload(request, (blob, fileName) => {
        saveBlob(blob, fileName);
        return 'saved';
      }),
    open(request) {
      // Opened now, while the click still counts as the user's: a popup opened later is blocked.
      const viewer = openViewer();
      return runDownload(
        request,
        (blob, fileName) => {
          if (!viewer) {
            saveBlob(blob, fileName);
            return 'saved';
          }
          const url = URL.createObjectURL(blob);
          viewer.location.href = url;
          setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
          return 'opened';
        },
        () => viewer?.close(),
      );
    },
    async preview(request) {
      const controller = new AbortController();
      begin(request.transfer_id, () => controller.abort());
      try {
        const blob = await fetchDocument(request, controller.signal);
        return { outcome: 'previewed', data: new Uint8Array(await blob.arrayBuffer()) };
      } catch (thrown) {
        if (controller.signal.aborted || thrown instanceof Cancelled) return { outcome: 'cancelled' };
        throw thrown;
      } finally {
        running.delete(request.transfer_id);
      }
    },
  };
}
