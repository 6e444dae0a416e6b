import { z } from 'zod';
import { clientKey, stagedUpload } from '../api/intake';
import { uploadFileName } from '../api/documents';
import { transferId } from './transfer-contract';

// Counter intake, the part of the bridge that keeps a signed-in officer's offline
// drafts safe: the per-user key their drafts are encrypted with, and the scanned PDFs attached
// to them. In the desktop main keeps the key in the OS keychain and the PDFs, encrypted, in the
// user-data folder; the browser shell keeps both in the browser's storage. The page never sees a
// path, and only the signed-in user's own key and attachments are ever answered.

/**
 * The signed-in user's drafts key: 32 random bytes (base64url) for AES-GCM, created on first use.
 * `owner` is an opaque id (a hash of the server and the user id) that drafts are indexed under,
 * so stored records name no person.
 */
export const draftKey = z.object({
  owner: z.string().regex(/^[0-9a-f]{32,64}$/),
  key: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type DraftKey = z.infer<typeof draftKey>;

/** An opaque id for a kept attachment (main or the browser shell chose it). */
export const attachmentId = z.string().regex(/^[0-9a-f-]{36}$/, 'Invalid format');

/** A PDF kept for a draft, checked (PDF signature, not empty, within the upload limit). */
export const keptAttachment = z.object({
  attachment_id: attachmentId,
  file_name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type KeptAttachment = z.infer<typeof keptAttachment>;

/** Keep a file the user just chose or dropped (a transfer selection) for a draft. */
export const keepAttachmentRequest = z.object({ selection: z.string().min(1).max(100) });
export type KeepAttachmentRequest = z.input<typeof keepAttachmentRequest>;

/**
 * Upload a kept attachment to the server's staging (INTAKE_PATHS.upload(upload_key)), with
 * `transfer:progress` events for `transfer_id`. The file's sha256 must equal the one kept
 * (a kept copy that no longer opens or matches is refused, `damaged`), and the server's answer
 * must carry the same hash (else `changed`). Refusals of kept files carry a TransferRefusal
 * body: `no_space` / `not_kept` when keeping fails, `not_found` when the file is not there.
 */
export const stageAttachmentRequest = z.object({
  transfer_id: transferId,
  attachment_id: attachmentId,
  upload_key: clientKey,
  file_name: uploadFileName,
});
export type StageAttachmentRequest = z.input<typeof stageAttachmentRequest>;

export const stageAttachmentOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('staged'), upload: stagedUpload }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type StageAttachmentOutcome = z.infer<typeof stageAttachmentOutcome>;

export const attachmentRequest = z.object({ attachment_id: attachmentId });
export type AttachmentRequest = z.input<typeof attachmentRequest>;

/** The attachment's bytes for the page's PDF viewer (decrypted; bounded by the upload limit). */
export const attachmentContent = z.object({ data: z.instanceof(Uint8Array) });
