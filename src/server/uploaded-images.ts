import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { IMAGE_LIMITS } from '../shared/api/images';
import { HTTP_STATUS } from '../shared/api/drf';
import { ApiError } from './errors';
import { UploadStalledError, UploadTooLargeError, type DocumentStorage } from './storage/document-storage';
import { uploadStalled } from './uploads';

// One check for every image the office uploads (the letterhead's logo, news covers), before it
// is stored: the type from the first bytes (whatever the Content-Type said), the size the header
// declares (read without decoding: a decompression bomb is refused in microseconds), then a full
// decode and a fresh encoding by the server. Only the re-encoded pixels are kept: no metadata
// (EXIF with GPS positions, comments, colour profiles with payloads), nothing appended after the
// image, nothing a later reader could trip on. The orientation EXIF asked for is applied first,
// so a phone photo keeps standing upright without it.

export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface CheckedImage {
  bytes: Buffer;
  mediaType: ImageMediaType;
  width: number;
  height: number;
}

export const imageTooLarge = (declared: { width: number; height: number }) =>
  new ApiError(HTTP_STATUS.payloadTooLarge, 'image_too_many_pixels', undefined, {
    extra: { max_width: IMAGE_LIMITS.maxWidth, max_height: IMAGE_LIMITS.maxHeight, max_pixels: IMAGE_LIMITS.maxPixels, width: declared.width, height: declared.height },
  });
export const imageUnreadable = () => new ApiError(HTTP_STATUS.badRequest, 'image_unreadable');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes begin with, or null. */
export function imageSignature(head: Buffer): ImageMediaType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

// JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): not C4 (DHT), C8 (JPG), CC (DAC).
const JPEG_FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/** The width and height the header declares, read without decoding a pixel; null when there is no readable header. */
export function declaredImageSize(bytes: Buffer, mediaType: ImageMediaType): { width: number; height: number } | null {
  if (mediaType === 'image/png') {
    // The signature, then the IHDR chunk: length (4), type (4), width (4), height (4).
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (mediaType === 'image/jpeg') return jpegSize(bytes);
  return webpSize(bytes);
}

const withinLimits = ({ width, height }: { width: number; height: number }) =>
  width > 0 && height > 0 && width <= IMAGE_LIMITS.maxWidth && height <= IMAGE_LIMITS.maxHeight && width * height <= IMAGE_LIMITS.maxPixels;

/**
 * The upload checked and re-encoded in its own format: `unsupported()` (the caller's 415) for a
 * type not in `accepted` or without a readable header, 413 with the limits for a declared size
 * beyond them, 400 for an image that does not decode.
 */
export async function checkImage(bytes: Buffer, accepted: readonly ImageMediaType[], unsupported: () => Error): Promise<CheckedImage> {
  const mediaType = imageSignature(bytes);
  if (!mediaType || !accepted.includes(mediaType)) throw unsupported();
  const declared = declaredImageSize(bytes, mediaType);
  if (!declared) throw unsupported();
  if (!withinLimits(declared)) throw imageTooLarge(declared);
  try {
    // limitInputPixels again in the decoder: a file whose later frames disagree with its header stops there too.
    const pipeline = sharp(bytes, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error', animated: false }).rotate();
    const encoded =
      mediaType === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : mediaType === 'image/jpeg'
          ? pipeline.jpeg({ quality: 90, mozjpeg: true })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    if (!withinLimits(info)) throw imageTooLarge(info);
    return { bytes: data, mediaType, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw imageUnreadable();
  }
}

/**
 * An uploaded image received whole: streamed to a temporary object within `maxBytes`, refused
 * when empty, checked and re-encoded by checkImage, and only the server's encoding stored. The
 * caller names its own refusals for too large, empty and an unsupported type.
 */
export async function receiveImage(
  storage: DocumentStorage,
  content: Readable,
  options: { maxBytes: number; idleTimeoutMs: number; accepted: readonly ImageMediaType[]; tooLarge: () => Error; empty: () => Error; unsupported: () => Error },
): Promise<{ key: string; mediaType: ImageMediaType; size: number; sha256: string }> {
  let object;
  try {
    object = await storage.writeTemporary(content, { maxBytes: options.maxBytes, idleTimeoutMs: options.idleTimeoutMs });
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw options.tooLarge();
    if (error instanceof UploadStalledError) throw uploadStalled();
    throw error;
  }
  if (object.size === 0) {
    await object.discard();
    throw options.empty();
  }
  let image;
  try {
    image = await checkImage(await object.read(0, object.size), options.accepted, options.unsupported);
  } finally {
    await object.discard();
  }
  const key = await storage.put(image.bytes);
  return { key, mediaType: image.mediaType, size: image.bytes.length, sha256: createHash('sha256').update(image.bytes).digest('hex') };
}
