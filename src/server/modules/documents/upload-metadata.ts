import { documentUploadQuery } from '../../../shared/api/documents';
import { fieldErrors } from '../../errors';

/** The upload's fields (query or multipart fields), checked; the file name in NFC. */
export function parseMetadata(metadata: Record<string, unknown>) {
  const parsed = documentUploadQuery.safeParse(metadata);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
    throw fieldErrors(fields);
  }
  return { ...parsed.data, file_name: parsed.data.file_name.normalize('NFC') };
}

