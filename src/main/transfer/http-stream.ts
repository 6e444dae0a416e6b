import { createReadStream } from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PDF_MEDIA_TYPE } from '../../shared/api/documents';
import { API_TIMEOUT_MS } from '../../shared/constants';
import { ERROR_CODES } from '../../shared/errors';
import { failure, TransportFailure } from '../../shared/transport-failure';
import { transferRefusal as refusal } from '../../shared/transfer-rules';

// HTTP for file transfers, on node:http rather than fetch: measured on a 200 MB file to a local
// server, a node:http request fed by a 1 MiB file stream moved about 1.6 GB/s with no memory
// growth, fetch with a web stream body (duplex: 'half') about 0.9 GB/s and 50–190 MB of growth
// (bench/transfer.ts prints both). Every byte goes through a stream with backpressure, so memory
// stays flat whatever the file size.

/** Read size of the file stream; larger chunks mean fewer syscalls and much higher throughput. */
export const TRANSFER_CHUNK_BYTES = 1024 * 1024;
/** A transfer with no byte moving for this long has stalled. */
export const TRANSFER_IDLE_TIMEOUT_MS = API_TIMEOUT_MS;
/** An answer's JSON body is small; anything bigger is not an answer we read. */
const ANSWER_BODY_LIMIT = 1024 * 1024;

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, undefined when there is none or it is not JSON. */
  body: unknown;
}

function clientFor(url: URL) {
  if (url.protocol === 'https:') return https;
  if (url.protocol === 'http:') return http;
  throw failure(ERROR_CODES.networkError, { message: `Unsupported server address ${url.protocol}` });
}

/** Whatever failed while bytes moved, as a TransportFailure; an abort stays an abort. */
export function transferFailureOf(thrown: unknown, signal?: AbortSignal): unknown {
  if (signal?.aborted) return thrown;
  if (thrown instanceof TransportFailure) return thrown;
  return failure(ERROR_CODES.networkError);
}

export async function readAnswerBody(response: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > ANSWER_BODY_LIMIT) {
      response.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page is not an answer we can show.
    return undefined;
  }
}

export interface StreamUploadOptions {
  url: string;
  /** POST by default; the counter's staged uploads are a PUT to a key the client chose. */
  method?: 'POST' | 'PUT';
  headers: Record<string, string>;
  /**
   * Exactly `size` bytes are sent; a file that shrank or grew meanwhile is refused as changed.
   * `bytes` sends from memory instead (a counter attachment, decrypted only in memory).
   */
  file: { path: string; size: number } | { bytes: Uint8Array; size: number };
  signal: AbortSignal;
  /** Bytes handed to the connection so far. */
  onSent: (bytes: number) => void;
  chunkBytes?: number;
  idleTimeoutMs?: number;
}

function chunksOf(bytes: Uint8Array, chunkBytes: number): Readable {
  return Readable.from(
    (function* () {
      for (let start = 0; start < bytes.length; start += chunkBytes) yield Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(chunkBytes, bytes.length - start));
    })(),
  );
}

/** POSTs (or PUTs) a file as a raw application/pdf body and resolves with the server's answer. */
export function streamUpload(options: StreamUploadOptions): Promise<HttpAnswer> {
  const { file, signal, onSent } = options;
  const url = new URL(options.url);
  const client = clientFor(url);

  return new Promise<HttpAnswer>((resolve, reject) => {
    let settled = false;
    let answered = false;
    let bodySent = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };

    const request = client.request(url, {
      method: options.method ?? 'POST',
      headers: { ...options.headers, 'Content-Type': PDF_MEDIA_TYPE, 'Content-Length': String(file.size) },
      signal,
    });
    request.setTimeout(options.idleTimeoutMs ?? TRANSFER_IDLE_TIMEOUT_MS, () => request.destroy(failure(ERROR_CODES.timeout)));
    request.on('error', (thrown) => settle(() => reject(transferFailureOf(thrown, signal))));
    request.on('response', (response) => {
      answered = true;
      readAnswerBody(response).then(
        (body) => {
          // An early answer (401, 413, 415) ends the upload: the rest of the file is not wanted,
          // and a half-sent request must not go back to the connection pool.
          if (!bodySent) request.destroy();
          settle(() => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        },
        (thrown: unknown) => settle(() => reject(transferFailureOf(thrown, signal))),
      );
    });

    let sent = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        sent += chunk.length;
        onSent(sent);
        callback(null, chunk);
      },
      flush(callback) {
        callback(sent === file.size ? null : refusal('changed'));
      },
    });
    const chunkBytes = options.chunkBytes ?? TRANSFER_CHUNK_BYTES;
    const source = 'bytes' in file ? chunksOf(file.bytes, chunkBytes) : createReadStream(file.path, { highWaterMark: chunkBytes, start: 0, end: file.size - 1 });
    pipeline(source, counter, request).then(
      () => {
        bodySent = true;
      },
      (thrown: unknown) => {
        if (answered) return;
        request.destroy();
        settle(() => reject(transferFailureOf(thrown, signal)));
      },
    );
  });
}

export interface OpenDownloadOptions {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
  idleTimeoutMs?: number;
}

/** A GET whose body is left to the caller to stream; the idle time-out covers the whole body. */
export function openDownload(options: OpenDownloadOptions): Promise<IncomingMessage> {
  const url = new URL(options.url);
  const client = clientFor(url);
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = client.request(url, { method: 'GET', headers: options.headers, signal: options.signal });
    request.setTimeout(options.idleTimeoutMs ?? TRANSFER_IDLE_TIMEOUT_MS, () => request.destroy(failure(ERROR_CODES.timeout)));
    request.on('error', (thrown) => reject(transferFailureOf(thrown, options.signal)));
    request.on('response', resolve);
    request.end();
  });
}
