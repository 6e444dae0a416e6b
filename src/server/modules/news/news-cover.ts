import type { Readable } from 'node:stream';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { NEWS_LIMITS, NEWS_MESSAGES, type CoverMediaType } from '../../../shared/api/news';
import { ERROR_CODES } from '../../../shared/errors';
import { ApiError, fieldError } from '../../errors';
import { UploadStalledError, UploadTooLargeError, type DocumentStorage } from '../../storage/document-storage';
import type { Cover } from './news-store';

// A cover image goes where documents go (the same storage: a local folder or S3), streamed into
// a temporary object and kept only once its first bytes say it is a PNG, JPEG or WebP image,
// whatever the request's Content-Type claimed. Too large: 413; anything else: 415.

export const coverTooLarge = () =>
  new ApiError(HTTP_STATUS.payloadTooLarge, ERROR_CODES.payloadTooLarge, NEWS_MESSAGES.coverTooLarge, { extra: { max_upload_bytes: NEWS_LIMITS.coverBytes } });
export const coverUnsupported = () => new ApiError(415, ERROR_CODES.unsupportedFileType, NEWS_MESSAGES.coverType);

/** The image type the bytes begin with, or null. */
export function imageSignature(head: Buffer): CoverMediaType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export async function receiveCover(storage: DocumentStorage, content: Readable, idleTimeoutMs: number): Promise<Cover> {
  let object;
  try {
    object = await storage.writeTemporary(content, { maxBytes: NEWS_LIMITS.coverBytes, idleTimeoutMs });
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw coverTooLarge();
    if (error instanceof UploadStalledError) throw new ApiError(408, ERROR_CODES.timeout, 'The upload stopped arriving. Check the connection and send the file again.');
    throw error;
  }
  if (object.size === 0) {
    await object.discard();
    throw fieldError('file', NEWS_MESSAGES.coverEmpty);
  }
  const mediaType = imageSignature(await object.read(0, 12));
  if (!mediaType) {
    await object.discard();
    throw coverUnsupported();
  }
  return { key: await object.keep(), media_type: mediaType, size: object.size, sha256: object.sha256 };
}
