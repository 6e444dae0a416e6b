import type { ServerConfig } from '../config';
import type { DocumentStorage } from './document-storage';
import { openLocalStorage } from './local-storage';

// The storage backend the configuration names (NARIC_STORAGE): the local folder by default, or an
// S3-compatible bucket. The S3 client is loaded only when it is used.

export async function openDocumentStorage(config: Pick<ServerConfig, 'storage' | 'storageDir'>): Promise<DocumentStorage> {
  const settings = config.storage ?? { backend: 'local' };
  if (settings.backend === 'local') return openLocalStorage(config.storageDir);
  const { createS3Storage } = await import('./s3-storage');
  const { backend: _backend, ...s3 } = settings;
  return createS3Storage(s3);
}
