import { ERROR_CODES, type ErrorCode } from './errors';
import type { TransferProgress, TransferRefusal, TransferRefusalReason } from './ipc/transfer-contract';
import { failure, type TransportFailure } from './transport-failure';

// Rules both transfer implementations follow (the desktop's main process and the browser shell):
// what a refused file looks like, how a limit is written, and how progress is paced.

/** The first bytes of every PDF; a renamed image or office file does not start with them. */
export const PDF_SIGNATURE_TEXT = '%PDF-';

const CODE_BY_REASON: Record<TransferRefusalReason, ErrorCode> = {
  not_found: ERROR_CODES.validation,
  not_a_file: ERROR_CODES.validation,
  unreadable: ERROR_CODES.validation,
  empty: ERROR_CODES.validation,
  not_pdf: ERROR_CODES.unsupportedFileType,
  too_large: ERROR_CODES.payloadTooLarge,
  changed: ERROR_CODES.validation,
  unknown_selection: ERROR_CODES.validation,
  no_space: ERROR_CODES.validation,
  not_kept: ERROR_CODES.validation,
  damaged: ERROR_CODES.validation,
};

const DETAIL_BY_REASON: Record<TransferRefusalReason, string> = {
  not_found: 'The file does not exist (any more).',
  not_a_file: 'This is not a file.',
  unreadable: 'The file cannot be read.',
  empty: 'The file is empty.',
  not_pdf: 'Unsupported file type',
  too_large: 'File too large',
  changed: 'The file changed while it was being sent. Choose it again.',
  unknown_selection: 'Choose the file again.',
  no_space: 'There is not enough storage space to keep this file.',
  not_kept: 'This file could not be kept on this computer.',
  damaged: 'The copy of this file kept for the draft is damaged. Attach the document again.',
};

/** Megabytes as people read them on a limit: 25, 0.5, 12.5 (MiB, like the file managers). */
export function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
}

/** A file refused before anything was sent, with the reason (and the limit) in its body. */
export function transferRefusal(reason: TransferRefusalReason, maxUploadBytes?: number): TransportFailure {
  const body: TransferRefusal = { detail: DETAIL_BY_REASON[reason], reason };
  if (reason === 'too_large' && maxUploadBytes !== undefined) {
    body.max_upload_bytes = maxUploadBytes;
    body.detail = `File too large (the limit is ${megabytes(maxUploadBytes)} MB).`;
  }
  return failure(CODE_BY_REASON[reason], { body, message: body.detail });
}

export interface ProgressReporter {
  /** Bytes moved so far, and the total when known. */
  update(loaded: number, total: number | null): void;
  /** Sends the last figure now, whatever the interval. */
  flush(): void;
}

export interface ProgressReporterOptions {
  transferId: string;
  direction: TransferProgress['direction'];
  emit: (progress: TransferProgress) => void;
  intervalMs?: number;
  now?: () => number;
}

/** Ten events a second at most: enough for a smooth bar, few enough to cost nothing over IPC. */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * Progress for the page: at most one event per interval, never a smaller `loaded` than the last
 * one sent (a download that has to restart holds its bar until it is past where it was), and
 * the final figure on flush.
 */
export function createProgressReporter(options: ProgressReporterOptions): ProgressReporter {
  const { transferId, direction, emit, intervalMs = PROGRESS_INTERVAL_MS, now = () => Date.now() } = options;
  let lastSentAt = -Infinity;
  let sent: { loaded: number; total: number | null } | null = null;
  let pending: { loaded: number; total: number | null } | null = null;

  function send(figure: { loaded: number; total: number | null }) {
    if (sent && (figure.loaded < sent.loaded || (figure.loaded === sent.loaded && figure.total === sent.total))) return;
    sent = figure;
    lastSentAt = now();
    emit({ transfer_id: transferId, direction, loaded: figure.loaded, total: figure.total });
  }

  return {
    update(loaded, total) {
      pending = { loaded, total };
      if (now() - lastSentAt >= intervalMs) {
        send(pending);
        pending = null;
      }
    },
    flush() {
      if (pending) send(pending);
      pending = null;
    },
  };
}
