import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PDF_MEDIA_TYPE } from '../../shared/api/documents';
import { type ByteRange, type DocumentStorage, type StorageHealth, type TemporaryObject } from './document-storage';
import { meterUpload } from './metered-stream';
import type { S3StorageSettings } from '../config';

// Document storage in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, …), the same
// contract as the local folder. An upload streams into `incoming/<uuid>` through a multipart
// upload (parts of PART_BYTES, QUEUE_SIZE in flight: memory per upload stays below
// PART_BYTES × (QUEUE_SIZE + 1) whatever the file size), counted and hashed on the way; it is
// promoted to `objects/<uuid>` by a server-side copy only once complete and checked. A refused or
// broken upload aborts the multipart upload and deletes whatever was written. Keys are UUIDs,
// the same as the local folder's, so a database moves between backends with its files.

/** Where the bucket is and how to reach it (NARIC_S3_*, config.ts). */
export type S3Settings = Omit<S3StorageSettings, 'backend'>;

export interface S3Storage extends DocumentStorage {
  readonly backend: 's3';
  readonly bucket: string;
  /** The bucket key of a stored object (for operators and tests). */
  objectKey(key: string): string;
  /** Every key below the prefix (stored and temporary alike); for tests and operators. */
  listKeys(): Promise<string[]>;
}

export interface S3StorageOptions {
  /** A client of one's own (tests); otherwise one is made from the settings. */
  client?: S3Client;
  partBytes?: number;
  queueSize?: number;
}

/** S3's smallest multipart part is 5 MiB; 8 MiB parts make a 250 MB upload 32 parts. */
export const PART_BYTES = 8 * 1024 * 1024;
export const QUEUE_SIZE = 3;
/** The largest object a single server-side copy can make (the promotion of an upload). */
export const S3_COPY_LIMIT_BYTES = 5 * 1024 * 1024 * 1024;

export const S3_UNAVAILABLE = 'The document storage bucket is not writable.';

const KEY = /^[0-9a-f-]{36}$/;

export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer
    // CRC headers, and the SHA-256 of every upload is computed here anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

const isNotFound = (error: unknown) => {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

export function createS3Storage(settings: S3Settings, options: S3StorageOptions = {}): S3Storage {
  const client = options.client ?? new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;
  const partSize = options.partBytes ?? PART_BYTES;
  const queueSize = options.queueSize ?? QUEUE_SIZE;
  const prefix = settings.prefix;

  const objectKey = (key: string) => {
    // Keys are ours (UUIDs); anything else never reaches the bucket.
    if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    return `${prefix}objects/${key}`;
  };
  const incomingKey = () => `${prefix}incoming/${randomUUID()}`;

  const remove = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };
  const removeQuietly = (Key: string) => remove(Key).catch(() => {});

  async function getBody(Key: string, range?: { start: number; end: number }): Promise<Readable> {
    const answer = await client.send(new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
    if (!(answer.Body instanceof Readable)) throw new Error('The storage answered without a body.');
    return answer.Body;
  }

  async function readBytes(Key: string, offset: number, length: number, size: number): Promise<Buffer> {
    const end = Math.min(offset + length, size) - 1;
    if (offset >= size || end < offset) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of await getBody(Key, { start: offset, end })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  return {
    backend: 's3',
    bucket: Bucket,
    objectKey,

    async health(): Promise<StorageHealth> {
      // A real write, like the local folder's check: a bucket that exists but refuses writes is unavailable.
      const probe = `${prefix}.health/${randomUUID()}`;
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: 'ok' }));
        return { status: 'ok' };
      } catch {
        return { status: 'unavailable', detail: S3_UNAVAILABLE };
      } finally {
        await removeQuietly(probe);
      }
    },

    async writeTemporary(source: Readable, { maxBytes, idleTimeoutMs }): Promise<TemporaryObject> {
      const Key = incomingKey();
      const metered = meterUpload(source, maxBytes, idleTimeoutMs);
      // The metered stream's own error (too large, the client went away) is the one to report,
      // not the upload's wrapping of it.
      let streamError: unknown = null;
      metered.stream.once('error', (error) => {
        streamError = error;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: metered.stream, ContentType: PDF_MEDIA_TYPE },
        partSize,
        queueSize,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // A single-part upload may have landed before the failure was noticed.
        await removeQuietly(Key);
        throw streamError ?? error;
      }
      if (streamError) {
        await removeQuietly(Key);
        throw streamError;
      }
      const size = metered.size();
      const sha256 = metered.sha256();
      return {
        size,
        sha256,
        read: (offset, length) => readBytes(Key, offset, length, size),
        async keep() {
          const key = randomUUID();
          await client.send(new CopyObjectCommand({ Bucket, Key: objectKey(key), CopySource: encodeURI(`${Bucket}/${Key}`), ContentType: PDF_MEDIA_TYPE, MetadataDirective: 'REPLACE' }));
          await removeQuietly(Key);
          return key;
        },
        discard: () => remove(Key),
      };
    },

    async put(content: Buffer): Promise<string> {
      const key = randomUUID();
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: content, ContentType: PDF_MEDIA_TYPE }));
      return key;
    },

    read(key: string, range?: ByteRange): Readable {
      // The caller needs a stream now; the bucket's answer arrives later and is piped in.
      const out = new PassThrough({ highWaterMark: 1024 * 1024 });
      const Key = objectKey(key);
      getBody(Key, range).then(
        (body) => pipeline(body, out).catch((error: unknown) => out.destroy(error as Error)),
        (error: unknown) => out.destroy(error as Error),
      );
      return out;
    },

    async size(key: string): Promise<number> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) throw Object.assign(new Error(`No stored object ${key}.`), { code: 'ENOENT' });
        throw error;
      }
    },

    delete: (key: string) => remove(objectKey(key)),

    async listKeys(): Promise<string[]> {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
  };
}
