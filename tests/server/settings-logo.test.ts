import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enServer from '../../locales/en/server.json';
import sqServer from '../../locales/sq/server.json';
import { ISSUANCE_PATHS } from '../../src/shared/api/issuance';
import { LOGO_MAX_BYTES, SETTINGS_PATHS, letterheadLogo, type LetterheadLogo } from '../../src/shared/api/settings';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The letterhead logo: a PNG or JPEG of at most 512 KB, known by its signature,
// re-encoded by the server and only kept when it can be drawn (413/415 otherwise, nothing saved), 412 when stale, audited; the
// next PDF draws it at the top left, removing it gives back the same bytes as before.

let server: ServerFixture;

const send = async (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Buffer, headers: Record<string, string> = {}) =>
  server.app.inject({ method, url: `/api${url}`, headers: { ...(await server.authorization('admin')), ...(payload ? { 'content-type': 'image/png' } : {}), ...headers }, ...(payload ? { payload } : {}) });

const state = async (): Promise<LetterheadLogo> => letterheadLogo.parse((await send('GET', SETTINGS_PATHS.logo)).json());

async function imagesDrawn(bytes: Buffer): Promise<number> {
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const operators = await (await document.getPage(1)).getOperatorList();
  await document.destroy();
  return operators.fnArray.filter((operator) => operator === OPS.paintImageXObject).length;
}

async function verdictPreview(): Promise<Buffer> {
  const template = await server.db.selectFrom('document_templates').select('id').where('kind', '=', 'verdict').orderBy('id').executeTakeFirstOrThrow();
  const answer = await server.app.inject({ method: 'GET', url: `/api${ISSUANCE_PATHS.templatePreview(template.id)}`, headers: await server.authorization('content') });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.rawPayload;
}

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('the letterhead logo', () => {
  it('refuses what is not a drawable PNG or JPEG, or is too large, and saves nothing', async () => {
    const before = await state();
    const png = await QRCode.toBuffer('NARIC', { type: 'png', width: 120 });
    const cases: [Buffer, number][] = [
      [Buffer.from('not an image at all'), 415],
      [Buffer.concat([png.subarray(0, 8), Buffer.from('broken after the signature')]), 415],
      [Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]), 415],
      [Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES)]), 413],
    ];
    for (const [bytes, status] of cases) {
      const answer = await send('PUT', `${SETTINGS_PATHS.logo}?version=${before.version}`, bytes);
      expect(answer.statusCode, answer.body).toBe(status);
    }
    const refused = await send('PUT', `${SETTINGS_PATHS.logo}?version=${before.version}`, Buffer.from('text'), { 'accept-language': 'sq' });
    expect(refused.json().detail).toBe(sqServer.settings.messages.logoType);
    expect(await state()).toEqual(before);
  });

  it('is drawn on the next PDF once set, and removing it gives back the same bytes', async () => {
    const without = await verdictPreview();
    expect(await imagesDrawn(without)).toBe(0);
    const png = await QRCode.toBuffer('NARIC logo', { type: 'png', width: 200 });

    const set = await send('PUT', `${SETTINGS_PATHS.logo}?version=${(await state()).version}`, png);
    expect(set.statusCode, set.body).toBe(200);
    const saved = letterheadLogo.parse(set.json());
    expect(saved).toMatchObject({ logo: { media_type: 'image/png' }, updated_by: 'admin' });
    const file = await send('GET', SETTINGS_PATHS.logoFile);
    expect(file.headers['content-type']).toBe('image/png');
    // Kept as the server re-encoded it (uploaded-images.ts): the same picture, its own bytes.
    expect(saved.logo!.size).toBe(file.rawPayload.length);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'png', width: (await sharp(png).metadata()).width });

    const withLogo = await verdictPreview();
    expect(await imagesDrawn(withLogo)).toBe(1);
    expect((await verdictPreview()).equals(withLogo)).toBe(true);

    const stale = await send('DELETE', `${SETTINGS_PATHS.logo}?version=${saved.version - 1}`);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().detail).toBe(enServer.settings.messages.stale);
    const removed = await send('DELETE', `${SETTINGS_PATHS.logo}?version=${saved.version}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(letterheadLogo.parse(removed.json())).toMatchObject({ version: saved.version + 1, logo: null });
    expect((await send('GET', SETTINGS_PATHS.logoFile)).statusCode).toBe(404);
    expect((await verdictPreview()).equals(without)).toBe(true);

    const audit = await server.db.selectFrom('audit_log').select(['action', 'details']).where('entity_type', '=', 'system_settings').where('entity_id', '=', 'logo').orderBy('id').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['settings.logo_set', 'settings.logo_removed']);
  });
});
