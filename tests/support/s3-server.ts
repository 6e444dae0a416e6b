import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/storage/s3-storage';

// An S3-compatible server for tests (s3rver: S3's REST API over a folder, multipart uploads,
// ranges and server-side copies included), on a free port, with one empty bucket.

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Settings for the S3 backend against this server. */
  settings(prefix?: string): S3Settings;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'naric-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'naric-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: (prefix = '') => ({
      endpoint,
      region: 'us-east-1',
      bucket,
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix,
      forcePathStyle: true,
    }),
    close: async () => {
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
