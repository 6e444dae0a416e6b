import type { Readable } from 'node:stream';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { SPECIMEN_IMAGE_MAX_BYTES, SPECIMEN_IMAGE_TYPES } from '../../../shared/api/diploma-specimens';
import { ApiError, fieldError, refuse } from '../../errors';
import type { DocumentStorage } from '../../storage/document-storage';
import { receiveImage } from '../../uploaded-images';
import { MB } from '../../uploads';
import type { SpecimenFileInput } from './specimen-store';

// A specimen's genuine document as an image (a scan or photograph of the diploma). It is taken in
// like every uploaded image (uploaded-images.ts): streamed into a temporary object, its type read
// from its first bytes whatever the Content-Type said, its declared size checked before decoding,
// then decoded and re-encoded by the server; only that encoding is stored. Too large: 413; not a
// PNG or JPEG: 415 specimen_file_type;
// undecodable: 400.

const imageTooLarge = () =>
  refuse(HTTP_STATUS.payloadTooLarge, 'upload_too_large', { limit: SPECIMEN_IMAGE_MAX_BYTES / MB }, { extra: { max_upload_bytes: SPECIMEN_IMAGE_MAX_BYTES } });
const notAnImage = () => new ApiError(415, 'specimen_file_type');

/** Whether a request's Content-Type announces a specimen image (the bytes decide in the end). */
export function isSpecimenImageType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return (SPECIMEN_IMAGE_TYPES as readonly string[]).includes(type ?? '');
}

export async function receiveSpecimenImage(storage: DocumentStorage, content: Readable, idleTimeoutMs: number, fileName: string): Promise<SpecimenFileInput> {
  const image = await receiveImage(storage, content, { maxBytes: SPECIMEN_IMAGE_MAX_BYTES, idleTimeoutMs, accepted: SPECIMEN_IMAGE_TYPES, tooLarge: imageTooLarge, empty: () => fieldError('file', 'upload_empty'), unsupported: notAnImage });
  // An image carries nothing a viewer runs (its re-encoding kept pixels only).
  return { key: image.key, fileName, size: image.size, sha256: image.sha256, activeContent: [], mediaType: image.mediaType as SpecimenFileInput['mediaType'] };
}
