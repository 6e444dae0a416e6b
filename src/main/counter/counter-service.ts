import { readFile } from 'node:fs/promises';
import type { User } from '../../shared/api/auth';
import { INTAKE_PATHS, stagedUpload } from '../../shared/api/intake';
import { ERROR_CODES } from '../../shared/errors';
import type {
  DraftKey,
  KeepAttachmentRequest,
  KeptAttachment,
  StageAttachmentOutcome,
  StageAttachmentRequest,
} from '../../shared/ipc/counter-contract';
import type { TransferProgress } from '../../shared/ipc/transfer-contract';
import { failure, transportErrorFromAnswer, TransportFailure } from '../../shared/transport-failure';
import { createProgressReporter, PROGRESS_INTERVAL_MS, transferRefusal as refusal } from '../../shared/transfer-rules';
import { apiUrl } from '../api-client';
import type { MainLog } from '../log';
import { streamUpload, TRANSFER_CHUNK_BYTES } from '../transfer/http-stream';
import { inspectLocalPdf, PDF_SIGNATURE } from '../transfer/local-pdf';
import type { TransferService } from '../transfer/transfer-service';
import type { AttachmentStore } from './attachment-store';
import type { DraftKeys } from './draft-keys';
import { draftOwner } from './owner';

// The counter:* calls of the desktop: the signed-in officer's drafts key, and the PDFs
// kept for their offline drafts, each answered only for the user signed in now. Files come from
// a transfer selection (chosen or dropped, already checked), are checked again, sealed and kept
// by the attachment store, and later staged on the server with the session's token.

export interface CounterServiceOptions {
  /** The signed-in user, or null (the auth service's). */
  currentUser: () => User | null;
  /** Which server users belong to (owner.ts serverIdentity). */
  serverIdentity: () => string;
  /** The API server's origin, for staging. */
  serverUrl: () => Promise<string>;
  keys: DraftKeys;
  /** Absent where main has no user-data folder: the attachment calls then refuse. */
  store: AttachmentStore | null;
  transfer: TransferService;
  emitProgress: (progress: TransferProgress) => void;
  log: MainLog;
  progressIntervalMs?: number;
  chunkBytes?: number;
}

export interface CounterService {
  draftKey(): Promise<DraftKey>;
  keepAttachment(request: KeepAttachmentRequest): Promise<KeptAttachment>;
  stageAttachment(request: StageAttachmentRequest): Promise<StageAttachmentOutcome>;
  readAttachment(attachmentId: string): Promise<{ data: Uint8Array<ArrayBuffer> }>;
  removeAttachment(attachmentId: string): Promise<void>;
}


export function createCounterService(options: CounterServiceOptions): CounterService {
  const { transfer, log } = options;

  async function signedIn(): Promise<DraftKey> {
    const user = options.currentUser();
    if (!user) throw failure(ERROR_CODES.notAuthenticated);
    return options.keys.keyFor(draftOwner(options.serverIdentity(), user.id));
  }

  function store(): AttachmentStore {
    if (!options.store) throw failure(ERROR_CODES.serverError, { message: 'Keeping files is not available here.' });
    return options.store;
  }

  return {
    draftKey: signedIn,

    async keepAttachment({ selection }) {
      const { owner, key } = await signedIn();
      const chosen = transfer.checkedSelection(selection);
      if (!chosen) throw refusal('unknown_selection');
      const maxBytes = await transfer.checkingLimit();
      // Checked again now: the file may have changed on disk since it was chosen.
      await inspectLocalPdf(chosen.path, maxBytes);
      let data: Buffer;
      try {
        data = await readFile(chosen.path);
      } catch {
        throw refusal('unreadable');
      }
      // What was read is what is kept: the checks apply to these bytes, not to an earlier look.
      if (data.length === 0) throw refusal('empty');
      if (data.length > maxBytes) throw refusal('too_large', maxBytes);
      if (!data.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) throw refusal('not_pdf');
      return store().keep(owner, key, { fileName: chosen.fileName, data });
    },

    async stageAttachment(request) {
      const { owner, key } = await signedIn();
      const kept = await store().open(owner, key, request.attachment_id);
      const tracked = transfer.track(request.transfer_id);
      const reporter = createProgressReporter({
        transferId: request.transfer_id,
        direction: 'upload',
        emit: options.emitProgress,
        intervalMs: options.progressIntervalMs ?? PROGRESS_INTERVAL_MS,
      });
      const size = kept.data.length;
      try {
        const path = `${INTAKE_PATHS.upload(request.upload_key)}?file_name=${encodeURIComponent(request.file_name)}`;
        const url = apiUrl(await options.serverUrl(), path);
        reporter.update(0, size);
        const answer = await transfer.authorized(
          (headers) =>
            streamUpload({
              url,
              method: 'PUT',
              headers: { ...headers, Accept: 'application/json' },
              file: { bytes: kept.data, size },
              signal: tracked.signal,
              onSent: (sent) => reporter.update(sent, size),
              chunkBytes: options.chunkBytes ?? TRANSFER_CHUNK_BYTES,
            }),
          (result) => result.status === 401,
        );
        if (answer.status < 200 || answer.status >= 300) throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.body));
        const staged = stagedUpload.safeParse(answer.body);
        if (!staged.success) {
          log.error('counter: the staging answer breaks the contract', { status: answer.status });
          throw failure(ERROR_CODES.serverError, { status: answer.status });
        }
        if (staged.data.sha256 !== kept.description.sha256 || staged.data.upload_key !== request.upload_key) {
          log.warn('counter: the server staged a different file', { upload_key: request.upload_key });
          // What arrived is not what was kept: it changed on the way.
          throw refusal('changed');
        }
        reporter.update(size, size);
        reporter.flush();
        return { outcome: 'staged', upload: staged.data };
      } catch (thrown) {
        if (tracked.signal.aborted) return { outcome: 'cancelled' };
        throw thrown;
      } finally {
        tracked.release();
      }
    },

    async readAttachment(attachmentId) {
      const { owner, key } = await signedIn();
      const { data } = await store().open(owner, key, attachmentId);
      // A plain Uint8Array (not a Buffer) is what crosses to the page unchanged; node:crypto's
      // output is never a SharedArrayBuffer.
      return { data: new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength) };
    },

    async removeAttachment(attachmentId) {
      const user = options.currentUser();
      if (!user) throw failure(ERROR_CODES.notAuthenticated);
      await store().remove(draftOwner(options.serverIdentity(), user.id), attachmentId);
    },
  };
}
