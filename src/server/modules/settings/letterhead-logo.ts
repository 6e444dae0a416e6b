import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { LOGO_MAX_BYTES, LOGO_MEDIA_TYPES, type LetterheadLogo } from '../../../shared/api/settings';
import type { AppDatabase } from '../../db/database';
import { ApiError, fieldError } from '../../errors';
import { checkImage } from '../../uploaded-images';
import { staleSettings, type Actor } from './settings-store';
import { recordAudit } from '../../shared/audit';

// The letterhead's logo: a PNG or JPEG of at most 512 KB and 4096 × 4096 pixels, known
// by its first bytes whatever the request's Content-Type says, stored as the server re-encoded it
// (uploaded-images.ts), and only kept when pdf-lib can draw it (a file that
// merely starts like a PNG would otherwise break every PDF issued after it). Kept in its own
// row (migration 0018); every change is one transaction with its audit entry, 412 when stale.

export const logoTooLarge = () =>
  new ApiError(HTTP_STATUS.payloadTooLarge, 'settings_logo_too_large', undefined, { extra: { max_upload_bytes: LOGO_MAX_BYTES } });
export const logoUnsupported = () => new ApiError(415, 'settings_logo_type');

export interface LogoImage {
  bytes: Buffer;
  mediaType: 'image/png' | 'image/jpeg';
}

/** Reads the body up to the limit (413 beyond it: the caller drains the rest), then checks the image. */
export async function receiveLogo(content: Readable): Promise<LogoImage> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > LOGO_MAX_BYTES) throw logoTooLarge();
    chunks.push(bytes);
  }
  const received = Buffer.concat(chunks);
  if (received.length === 0) throw fieldError('file', 'image_empty');
  // Type, declared size (before decoding) and a fresh encoding: uploaded-images.ts.
  const image = await checkImage(received, LOGO_MEDIA_TYPES, logoUnsupported);
  const bytes = image.bytes;
  const mediaType = image.mediaType as LogoImage['mediaType'];
  // pdf-lib loads with the first logo, not while the server starts.
  const { PDFDocument } = await import('pdf-lib');
  try {
    const pdf = await PDFDocument.create();
    await (mediaType === 'image/png' ? pdf.embedPng(bytes) : pdf.embedJpg(bytes));
  } catch {
    throw logoUnsupported();
  }
  return { bytes, mediaType };
}

export async function readLogoState(db: AppDatabase): Promise<LetterheadLogo> {
  const row = await db
    .selectFrom('letterhead_logo')
    .leftJoin('users', 'users.id', 'letterhead_logo.updated_by_id')
    .select(['letterhead_logo.version', 'letterhead_logo.media_type', 'letterhead_logo.byte_size', 'letterhead_logo.sha256', 'letterhead_logo.updated_at', 'users.username'])
    .where('letterhead_logo.id', '=', 1)
    .executeTakeFirst();
  if (!row) return { version: 0, logo: null, updated_at: null, updated_by: null };
  return {
    version: row.version,
    logo: row.media_type && row.byte_size && row.sha256 ? { media_type: row.media_type, size: row.byte_size, sha256: row.sha256 } : null,
    updated_at: new Date(row.updated_at).toISOString(),
    updated_by: row.username ?? null,
  };
}

export async function readLogoFile(db: AppDatabase): Promise<LogoImage | null> {
  const row = await db.selectFrom('letterhead_logo').select(['content', 'media_type']).where('id', '=', 1).executeTakeFirst();
  return row?.content && row.media_type ? { bytes: Buffer.from(row.content), mediaType: row.media_type } : null;
}

/** Sets (an image) or removes (null) the logo, if `version` is still the stored one; audited. */
export async function saveLogo(db: AppDatabase, version: number, image: LogoImage | null, actor: Actor): Promise<LetterheadLogo> {
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('letterhead_logo').select(['version', 'sha256']).where('id', '=', 1).forUpdate().executeTakeFirst();
    if ((current?.version ?? 0) !== version) throw staleSettings();
    const columns = image
      ? { content: image.bytes, media_type: image.mediaType, byte_size: image.bytes.length, sha256: createHash('sha256').update(image.bytes).digest('hex') }
      : { content: null, media_type: null, byte_size: null, sha256: null };
    if (!current) {
      if (!image) return; // Nothing to remove, nothing to record.
      await trx.insertInto('letterhead_logo').values({ id: 1, ...columns, updated_by_id: actor.id }).execute();
    } else {
      await trx
        .updateTable('letterhead_logo')
        .set((eb) => ({ ...columns, version: eb('version', '+', 1), updated_at: new Date(), updated_by_id: actor.id }))
        .where('id', '=', 1)
        .execute();
    }
    await recordAudit(trx, {
      actorId: actor.id,
      action: image ? 'settings.logo_set' : 'settings.logo_removed',
      entityType: 'system_settings',
      entityId: 'logo',
      details: { version: (current?.version ?? 0) + 1, before: current?.sha256 ?? null, after: columns.sha256, media_type: columns.media_type, size: columns.byte_size },
      ip: actor.ip,
    });
  });
  return readLogoState(db);
}
