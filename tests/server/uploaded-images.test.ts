import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sqServer from '../../locales/sq/server.json';
import { IMAGE_LIMITS, IMAGE_MESSAGES } from '../../src/shared/api/images';
import { NEWS_PATHS, newsArticle } from '../../src/shared/api/news';
import { SETTINGS_PATHS, letterheadLogo } from '../../src/shared/api/settings';
import { declaredImageSize } from '../../src/server/uploaded-images';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The office's uploaded images (the letterhead logo, news covers) go through one check
// (src/server/uploaded-images.ts): a file declaring more pixels than IMAGE_LIMITS is refused from
// its header, before any decoding (a few kilobytes that would decode into gigabytes), and what is
// kept is the server's own encoding, without the uploader's metadata.

let server: ServerFixture;

async function send(username: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: Buffer | object, headers: Record<string, string> = {}) {
  return server.app.inject({ method, url: `/api${path}`, headers: { ...(await server.authorization(username)), ...headers }, ...(payload !== undefined ? { payload: payload as unknown as string } : {}) });
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A well-formed PNG header declaring width × height, with a little compressed data: a few hundred bytes. */
function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A JPEG whose frame header declares width × height, then a little scan data. */
function jpegBomb(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]), Buffer.alloc(2048), Buffer.from([0xff, 0xd9])]);
}
/** A lossless WebP header (VP8L) declaring width × height (at most 16384 a side). */
function webpBomb(width: number, height: number): Buffer {
  const vp8l = Buffer.alloc(5 + 64);
  vp8l[0] = 0x2f;
  vp8l.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.from([vp8l.length, 0, 0, 0]), vp8l]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, Buffer.from('WEBP', 'latin1'), chunk]);
}

const SECRET = 'Secret GPS 42.6629N 21.1655E';
/** A real photo-like JPEG carrying EXIF (with a text we look for) and a comment. */
const jpegWithMetadata = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Copyright: SECRET, ImageDescription: SECRET } })
    .toBuffer();
const pngWithMetadata = () =>
  sharp({ create: { width: 240, height: 80, channels: 4, background: { r: 10, g: 40, b: 120, alpha: 1 } } })
    .png()
    .withExif({ IFD0: { Copyright: SECRET } })
    .toBuffer();

let coverArticle: () => Promise<{ id: number; version: number }>;

beforeAll(async () => {
  server = await createServerFixture();
  coverArticle = async () => {
    const texts = { title: `Cover ${Math.random()}`, summary: 'Summary', body: 'Body' };
    const created = await send('content', 'POST', NEWS_PATHS.list, { translations: { en: texts, sq: texts, sr: texts }, tags: ['test'] });
    expect(created.statusCode, created.body).toBe(201);
    return newsArticle.parse(created.json());
  };
  // Signed in and warmed up once, so the timings below are the uploads' own.
  await send('admin', 'GET', SETTINGS_PATHS.logo);
  await coverArticle();
});
afterAll(async () => server?.close());

describe('declared sizes are read from the header', () => {
  it('for PNG, JPEG and WebP, real and forged', async () => {
    expect(declaredImageSize(pngBomb(60000, 60000), 'image/png')).toEqual({ width: 60000, height: 60000 });
    expect(declaredImageSize(jpegBomb(60000, 60000), 'image/jpeg')).toEqual({ width: 60000, height: 60000 });
    expect(declaredImageSize(webpBomb(16000, 16000), 'image/webp')).toEqual({ width: 16000, height: 16000 });
    expect(declaredImageSize(await jpegWithMetadata(), 'image/jpeg')).toEqual({ width: 320, height: 200 });
    const webp = await sharp({ create: { width: 33, height: 17, channels: 3, background: '#336699' } }).webp().toBuffer();
    expect(declaredImageSize(webp, 'image/webp')).toEqual({ width: 33, height: 17 });
    const lossless = await sharp({ create: { width: 33, height: 17, channels: 3, background: '#336699' } }).webp({ lossless: true }).toBuffer();
    expect(declaredImageSize(lossless, 'image/webp')).toEqual({ width: 33, height: 17 });
  });
});

interface Target {
  name: string;
  upload(bytes: Buffer, headers?: Record<string, string>): ReturnType<typeof send>;
  /** The stored bytes, once an upload succeeded. */
  stored(answer: Awaited<ReturnType<typeof send>>): Promise<Buffer>;
}

const TARGETS: Target[] = [
  {
    name: 'letterhead logo',
    upload: async (bytes, headers = {}) => {
      const { version } = letterheadLogo.parse((await send('admin', 'GET', SETTINGS_PATHS.logo)).json());
      return send('admin', 'PUT', `${SETTINGS_PATHS.logo}?version=${version}`, bytes, { 'content-type': 'image/png', ...headers });
    },
    stored: async () => (await send('admin', 'GET', SETTINGS_PATHS.logoFile)).rawPayload,
  },
  {
    name: 'news cover',
    upload: async (bytes, headers = {}) => {
      const article = await coverArticle();
      return send('content', 'PUT', `${NEWS_PATHS.cover(article.id)}?version=${article.version}`, bytes, { 'content-type': 'image/png', ...headers });
    },
    stored: async (answer) => (await send('content', 'GET', NEWS_PATHS.cover(answer.json().id))).rawPayload,
  },
];

describe.each(TARGETS)('$name', (target) => {
  it.each([
    ['PNG', () => pngBomb(60000, 60000)],
    ['JPEG', () => jpegBomb(60000, 60000)],
    ['PNG wider than allowed', () => pngBomb(IMAGE_LIMITS.maxWidth + 1, 10)],
    ['JPEG over the pixel count', () => jpegBomb(4096, 4000)],
  ])('refuses a %s declaring too many pixels from its header, fast (413 with the limits), storing nothing', async (_kind, make) => {
    const bytes = make();
    expect(bytes.length).toBeLessThan(100_000);
    const started = performance.now();
    const answer = await target.upload(bytes);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(answer.statusCode, answer.body).toBe(413);
    expect(answer.json()).toMatchObject({
      code: 'image_too_many_pixels',
      detail: IMAGE_MESSAGES.tooManyPixels,
      max_width: IMAGE_LIMITS.maxWidth,
      max_height: IMAGE_LIMITS.maxHeight,
      max_pixels: IMAGE_LIMITS.maxPixels,
    });
  });

  it('says so in the caller’s language', async () => {
    const answer = await target.upload(pngBomb(60000, 60000), { 'accept-language': 'sq' });
    expect(answer.json().detail).toBe(sqServer.images.messages.tooManyPixels);
  });

  it.each([
    ['JPEG', jpegWithMetadata, 'image/jpeg'],
    ['PNG', pngWithMetadata, 'image/png'],
  ])('stores a %s as the server re-encoded it, without its metadata', async (_kind, make, mediaType) => {
    const original = await make();
    expect(original.includes(Buffer.from(SECRET))).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const answer = await target.upload(original);
    expect(answer.statusCode, answer.body).toBe(200);
    const stored = await target.stored(answer);
    expect(stored.equals(original)).toBe(false);
    expect(stored.includes(Buffer.from(SECRET))).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: mediaType === 'image/png' ? 'png' : 'jpeg', width: (await sharp(original).metadata()).width });
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses what only starts like an image (415) and an image that does not decode (400)', async () => {
    const signatureOnly = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    expect((await target.upload(signatureOnly)).statusCode).toBe(415);
    const truncated = (await jpegWithMetadata()).subarray(0, 400);
    const answer = await target.upload(truncated);
    expect([400, 415], answer.body).toContain(answer.statusCode);
  });
});
