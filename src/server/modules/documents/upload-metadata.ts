import { documentUploadQuery } from '../../../shared/api/documents';
import { parseUploadFields } from '../../uploads';

/** The upload's fields (query or multipart fields), checked; the file name in NFC. */
export function parseMetadata(metadata: Record<string, unknown>) {
  return parseUploadFields(documentUploadQuery, metadata);
}
