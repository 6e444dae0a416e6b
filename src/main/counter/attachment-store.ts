import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ERROR_CODES } from '../../shared/errors';
import type { KeptAttachment } from '../../shared/ipc/counter-contract';
import { failure, type TransportFailure } from '../../shared/transport-failure';
import { transferRefusal as refusal } from '../../shared/transfer-rules';
import type { MainLog } from '../log';
import { DamagedAttachment, openAttachment, sealAttachment, sha256Hex, type OpenedAttachment } from './sealed-attachment';

// Where the desktop keeps the PDFs of offline drafts: `<root>/<owner>/<attachment id>.pdf.enc`,
// one folder per owner id, each file sealed (sealed-attachment.ts). A file is written to a
// temporary name, flushed and renamed, so a crash or a full disk leaves either the whole file or
// none; the temporary one is removed on failure.

export interface AttachmentStoreOptions {
  /** The counter folder, e.g. `<userData>/counter`. */
  root: string;
  log: MainLog;
  now?: () => Date;
  newId?: () => string;
  /** node:fs/promises' open by default; tests pass one whose writes fail like a full disk. */
  openFile?: typeof open;
}

export interface AttachmentStore {
  keep(owner: string, draftKey: string, file: { fileName: string; data: Buffer }): Promise<KeptAttachment>;
  /** The attachment's description and bytes; `not_found` when it is not this owner's, `validation_error` when damaged. */
  open(owner: string, draftKey: string, attachmentId: string): Promise<OpenedAttachment>;
  /** Removes it; nothing to remove is fine. */
  remove(owner: string, attachmentId: string): Promise<void>;
}

// Refusals carry a transfer refusal reason (no_space, not_kept, damaged, not_found), which the
// page translates like any other refusal of a file.
export const GONE_MESSAGE = 'The file kept for this draft is no longer on this computer. Attach the document again.';

const OWNER = /^[0-9a-f]{32,64}$/;
const ATTACHMENT = /^[0-9a-f-]{36}$/;
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

function errnoOf(thrown: unknown): string | undefined {
  return typeof thrown === 'object' && thrown !== null ? (thrown as { code?: string }).code : undefined;
}

function writeFailure(thrown: unknown): TransportFailure {
  return refusal(DISK_FULL_CODES.has(errnoOf(thrown) ?? '') ? 'no_space' : 'not_kept');
}

export function createAttachmentStore(options: AttachmentStoreOptions): AttachmentStore {
  const { root, log } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => randomUUID());
  const openFile = options.openFile ?? open;

  // The contract's schemas already allow only these characters; checked again because they become paths.
  function pathOf(owner: string, attachmentId: string): { folder: string; file: string } {
    if (!OWNER.test(owner) || !ATTACHMENT.test(attachmentId)) throw failure(ERROR_CODES.notFound);
    const folder = join(root, owner);
    return { folder, file: join(folder, `${attachmentId}.pdf.enc`) };
  }

  async function writeAtomically(folder: string, file: string, sealed: Buffer): Promise<void> {
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const handle = await openFile(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(sealed);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, file);
    } catch (thrown) {
      await rm(temporary, { force: true }).catch(() => {});
      log.error('counter: an attachment could not be written', { code: errnoOf(thrown) });
      throw writeFailure(thrown);
    }
  }

  return {
    async keep(owner, draftKey, { fileName, data }) {
      const attachmentId = newId();
      const { folder, file } = pathOf(owner, attachmentId);
      const description = { file_name: fileName, size: data.length, sha256: sha256Hex(data), created_at: now().toISOString() };
      await writeAtomically(folder, file, sealAttachment({ draftKey, owner, attachmentId }, description, data));
      return { attachment_id: attachmentId, file_name: description.file_name, size: description.size, sha256: description.sha256 };
    },

    async open(owner, draftKey, attachmentId) {
      const { file } = pathOf(owner, attachmentId);
      let sealed: Buffer;
      try {
        sealed = await readFile(file);
      } catch (thrown) {
        // not_found, whether it was removed or is another user's: nothing tells the two apart.
        if (errnoOf(thrown) === 'ENOENT') throw failure(ERROR_CODES.notFound, { message: GONE_MESSAGE, body: { detail: GONE_MESSAGE, reason: 'not_found' } });
        log.error('counter: an attachment could not be read', { code: errnoOf(thrown) });
        throw failure(ERROR_CODES.serverError, { message: 'The file kept for this draft could not be read.' });
      }
      try {
        return openAttachment({ draftKey, owner, attachmentId }, sealed);
      } catch (thrown) {
        if (!(thrown instanceof DamagedAttachment)) throw thrown;
        log.warn('counter: a kept attachment does not open', { reason: thrown.message });
        throw refusal('damaged');
      }
    },

    async remove(owner, attachmentId) {
      const { file } = pathOf(owner, attachmentId);
      await rm(file, { force: true });
    },
  };
}
