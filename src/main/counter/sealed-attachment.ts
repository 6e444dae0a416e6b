import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

// The layout of a kept attachment on disk, one file holding everything:
//   "NCA1" | iv (12 bytes) | AES-256-GCM ciphertext | tag (16 bytes)
// The plaintext is a 4-byte length, a small JSON description (file name, size, sha256, when it
// was kept), then the PDF's bytes: the file name is personal data, so it is sealed with the rest
// rather than written beside it. The owner and attachment id are authenticated data, so a file
// copied into another user's folder or renamed to another id does not open. The AES key is
// derived from the user's drafts key (HKDF), never the drafts key itself, so the renderer's
// draft records and main's files never share a key.

const MAGIC = Buffer.from('NCA1', 'latin1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const LENGTH_BYTES = 4;
const HKDF_INFO = Buffer.from('naric counter attachments v1', 'utf8');

export const attachmentDescription = z.object({
  file_name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  created_at: z.string(),
});
export type AttachmentDescription = z.infer<typeof attachmentDescription>;

export interface OpenedAttachment {
  description: AttachmentDescription;
  data: Buffer;
}

/** Thrown when a sealed file does not open: altered, truncated, another owner's, or another key. */
export class DamagedAttachment extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DamagedAttachment';
  }
}

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function fileKey(draftKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(draftKey, 'base64url'), Buffer.alloc(0), HKDF_INFO, 32));
}

function associatedData(owner: string, attachmentId: string): Buffer {
  return Buffer.from(`naric-counter-attachment|${owner}|${attachmentId}`, 'utf8');
}

export function sealAttachment(
  input: { draftKey: string; owner: string; attachmentId: string },
  description: AttachmentDescription,
  data: Uint8Array,
): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', fileKey(input.draftKey), iv);
  cipher.setAAD(associatedData(input.owner, input.attachmentId));
  const meta = Buffer.from(JSON.stringify(description), 'utf8');
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32BE(meta.length);
  const parts = [cipher.update(length), cipher.update(meta), cipher.update(data), cipher.final()];
  return Buffer.concat([MAGIC, iv, ...parts, cipher.getAuthTag()]);
}

export function openAttachment(input: { draftKey: string; owner: string; attachmentId: string }, sealed: Buffer): OpenedAttachment {
  if (sealed.length < MAGIC.length + IV_BYTES + LENGTH_BYTES + TAG_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new DamagedAttachment('not a sealed attachment');
  }
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(sealed.length - TAG_BYTES);
  const body = sealed.subarray(MAGIC.length + IV_BYTES, sealed.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', fileKey(input.draftKey), iv);
  decipher.setAAD(associatedData(input.owner, input.attachmentId));
  decipher.setAuthTag(tag);
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new DamagedAttachment('authentication failed');
  }
  const metaLength = plain.readUInt32BE(0);
  if (LENGTH_BYTES + metaLength > plain.length) throw new DamagedAttachment('bad description length');
  let description: AttachmentDescription;
  try {
    description = attachmentDescription.parse(JSON.parse(plain.subarray(LENGTH_BYTES, LENGTH_BYTES + metaLength).toString('utf8')));
  } catch {
    throw new DamagedAttachment('bad description');
  }
  const data = plain.subarray(LENGTH_BYTES + metaLength);
  // The tag already proves the bytes are the ones sealed; the hash proves they are the ones described.
  if (data.length !== description.size || sha256Hex(data) !== description.sha256) throw new DamagedAttachment('hash mismatch');
  return { description, data };
}
