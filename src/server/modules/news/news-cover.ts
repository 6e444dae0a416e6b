import type { Readable } from 'node:stream';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { COVER_MEDIA_TYPES, NEWS_LIMITS } from '../../../shared/api/news';
import { ApiError, fieldError } from '../../errors';
import { receiveImage } from '../../uploaded-images';
import type { DocumentStorage } from '../../storage/document-storage';
import type { Cover } from './news-store';

// A cover image goes where documents go (the same storage: a local folder or S3), streamed into
// a temporary object, and stored only as the server re-encoded it once its first bytes say it is
// a PNG, JPEG or WebP image (whatever the request's Content-Type claimed) of a size within
// IMAGE_LIMITS (uploaded-images.ts). Too large: 413; not such an image: 415; undecodable: 400.

export const coverTooLarge = () =>
  new ApiError(HTTP_STATUS.payloadTooLarge, 'news_cover_too_large', undefined, { extra: { max_upload_bytes: NEWS_LIMITS.coverBytes } });
export const coverUnsupported = () => new ApiError(415, 'news_cover_type');

export async function receiveCover(storage: DocumentStorage, content: Readable, idleTimeoutMs: number): Promise<Cover> {
  // Only the server's own encoding is kept (uploaded-images.ts).
  const image = await receiveImage(storage, content, { maxBytes: NEWS_LIMITS.coverBytes, idleTimeoutMs, accepted: COVER_MEDIA_TYPES, tooLarge: coverTooLarge, empty: () => fieldError('file', 'image_empty'), unsupported: coverUnsupported });
  return { key: image.key, media_type: image.mediaType, size: image.size, sha256: image.sha256 };
}
