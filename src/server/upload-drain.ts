import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

// A refused upload whose body is still arriving. Closing the connection at once makes the
// server's TCP stack answer the client's next bytes with a reset, and a client still sending
// often loses the refusal (413, 400, 415) that was already on its way. So the rest is read and
// thrown away while the answer goes out; a client that keeps sending past DRAIN_LIMIT_BYTES
// after being refused has its connection closed.

export const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Reads the unread rest of the request and discards it. `content` is the stream the upload was
 * read from when it is not the request itself (a multipart file part): it is resumed too, so the
 * form parser goes on consuming the request.
 */
export function drainUnreadBody(raw: IncomingMessage, content?: Readable, limitBytes = DRAIN_LIMIT_BYTES): void {
  if (raw.destroyed || raw.readableEnded || raw.complete) {
    content?.resume();
    return;
  }
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limitBytes) raw.socket?.destroy();
  });
  content?.resume();
  raw.resume();
}
