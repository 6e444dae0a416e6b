import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { SPECIMEN_PATHS, type Specimen, type SpecimenComparison } from '../../src/shared/api/diploma-specimens';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { DEMO_SPECIMENS, specimenPdf } from '../../src/server/db/demo-specimens';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Diploma specimens: versions kept on every edit and new file, numbering formats refused when
// they cannot be run safely, the demo's specimens found for an application of their institution
// (by its diploma date), a comparison kept with the version, the features, the number's check,
// who and when. Every endpoint × demo group at the end.

let server: ServerFixture;
let tirana: number;
let tiranaApplication: number;
let diploma: number;

type Method = 'GET' | 'POST' | 'PUT';
async function call(method: Method, url: string, username: string | null, payload?: object | Buffer, headers: Record<string, string> = {}) {
  const auth = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${url}`, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
}

const fields = (overrides: object = {}) => ({
  qualification: 'Master diploma',
  issued_from: '2015-01-01',
  issued_to: null,
  security_features: ['Dry seal', 'Red serial number'],
  number_pattern: '^AB\\d{6}$',
  signatories: ['Rector'],
  notes: null,
  ...overrides,
});

beforeAll(async () => {
  server = await createServerFixture();
  tirana = (await server.db.selectFrom('institutions').select('id').where('name_en', '=', 'University of Tirana').executeTakeFirstOrThrow()).id;
  // An application of the University of Tirana with its original diploma, graduated in 2020.
  const row = await server.db
    .selectFrom('applications')
    .innerJoin('application_documents as d', 'd.application_id', 'applications.id')
    .select(['applications.id', 'd.id as document_id'])
    .where('applications.institution_name', '=', 'University of Tirana')
    .where('d.document_type', '=', 'original_diploma')
    .orderBy('applications.id')
    .executeTakeFirstOrThrow();
  tiranaApplication = row.id;
  diploma = row.document_id;
  await server.db.updateTable('education_info').set({ graduation_date: '2020-07-10' }).where('application_id', '=', tiranaApplication).execute();
});
afterAll(async () => server?.close());

describe('the specimen library', () => {
  it('keeps every version: an edit and a new file each write the next one, the old ones stay readable', async () => {
    const created = await call('POST', SPECIMEN_PATHS.list, 'verifier', { institution_id: tirana, ...fields() });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json<Specimen>();
    expect(first.current).toMatchObject({ version: 1, number_pattern: '^AB\\d{6}$', file: null, created_by_name: 'Teuta Morina' });

    const edited = await call('PUT', SPECIMEN_PATHS.detail(first.id), 'admin', { version: 1, ...fields({ security_features: ['Dry seal', 'Red serial number', 'Hologram'] }) });
    expect(edited.statusCode, edited.body).toBe(200);
    const pdf = Buffer.from(await specimenPdf(DEMO_SPECIMENS[0]!));
    const uploaded = await call('PUT', `${SPECIMEN_PATHS.file(first.id)}?version=2&file_name=genuine.pdf`, 'verifier', pdf, { 'content-type': 'application/pdf' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const detail = (await call('GET', SPECIMEN_PATHS.detail(first.id), 'verifier')).json<Specimen>();
    expect(detail.versions.map((version) => version.version)).toEqual([3, 2, 1]);
    expect(detail.current).toMatchObject({ version: 3, security_features: ['Dry seal', 'Red serial number', 'Hologram'], file: { file_name: 'genuine.pdf', size: pdf.length } });
    expect(detail.versions[2]).toMatchObject({ security_features: ['Dry seal', 'Red serial number'], file: null });

    // The version seen is stale: refused, nothing written.
    const stale = await call('PUT', SPECIMEN_PATHS.detail(first.id), 'admin', { version: 2, ...fields() });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('specimen_stale');
    const file = await call('GET', SPECIMEN_PATHS.versionFile(detail.current.id), 'verifier');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect((await call('GET', SPECIMEN_PATHS.versionFile(detail.versions[2]!.id), 'verifier')).statusCode).toBe(404);
  });

  it('takes an image of the diploma as the genuine document: checked by its bytes, re-encoded without its metadata, sent back with its own type', async () => {
    const created = (await call('POST', SPECIMEN_PATHS.list, 'verifier', { institution_id: tirana, ...fields({ qualification: 'Bachelor diploma (scan)' }) })).json<Specimen>();
    // A JPEG carrying an EXIF comment: the stored copy keeps the pixels only.
    const photo = await sharp({ create: { width: 400, height: 283, channels: 3, background: { r: 240, g: 232, b: 210 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { ImageDescription: 'applicant-supplied note' } } })
      .toBuffer();
    expect(photo.includes(Buffer.from('applicant-supplied note'))).toBe(true);
    const uploaded = await call('PUT', `${SPECIMEN_PATHS.file(created.id)}?version=1&file_name=diploma-front.jpg`, 'verifier', photo, { 'content-type': 'image/jpeg' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const version = uploaded.json<Specimen>().current;
    expect(version).toMatchObject({ version: 2, file: { file_name: 'diploma-front.jpg', media_type: 'image/jpeg', active_content: [] } });
    const file = await call('GET', SPECIMEN_PATHS.versionFile(version.id), 'verifier');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.includes(Buffer.from('applicant-supplied note'))).toBe(false);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(400);
    // A PNG is an image too; the PDF versions before it keep their type.
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const second = await call('PUT', `${SPECIMEN_PATHS.file(created.id)}?version=2&file_name=diploma-back.png`, 'admin', png, { 'content-type': 'image/png' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<Specimen>().current.file).toMatchObject({ media_type: 'image/png' });

    // Bytes that are not a PNG or JPEG, whatever the Content-Type says: 415, nothing written.
    const notImage = await call('PUT', `${SPECIMEN_PATHS.file(created.id)}?version=3`, 'verifier', Buffer.from('GIF89a not really'), { 'content-type': 'image/png' });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().code).toBe('specimen_file_type');
    const empty = await call('PUT', `${SPECIMEN_PATHS.file(created.id)}?version=3`, 'verifier', Buffer.alloc(0), { 'content-type': 'image/jpeg' });
    expect(empty.statusCode).toBe(400);
    // A stale version is refused before the image is read.
    const stale = await call('PUT', `${SPECIMEN_PATHS.file(created.id)}?version=1`, 'verifier', png, { 'content-type': 'image/png' });
    expect(stale.statusCode).toBe(412);
    expect((await call('GET', SPECIMEN_PATHS.detail(created.id), 'verifier')).json<Specimen>().current.version).toBe(3);
  });

  it('refuses numbering formats that do not compile or repeat a repeating group, and a period that ends before it starts', async () => {
    for (const [pattern, code] of [
      ['(a+)+', 'specimen_pattern_nested'],
      ['^(\\d*)*$', 'specimen_pattern_nested'],
      ['AB[0-9', 'specimen_pattern_invalid'],
    ] as const) {
      const answer = await call('POST', SPECIMEN_PATHS.list, 'admin', { institution_id: tirana, ...fields({ number_pattern: pattern }) });
      expect(answer.statusCode, pattern).toBe(400);
      expect(answer.body).toContain(code);
    }
    expect((await call('POST', SPECIMEN_PATHS.list, 'admin', { institution_id: tirana, ...fields({ number_pattern: `A${'\\d'.repeat(60)}` }) })).statusCode).toBe(400);
    const reversed = await call('POST', SPECIMEN_PATHS.list, 'admin', { institution_id: tirana, ...fields({ issued_to: '2010-01-01' }) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('specimen_period_reversed');
  });

  it('lists the demo specimens, Tirana’s with two versions', async () => {
    const list = (await call('GET', `${SPECIMEN_PATHS.list}?search=Tirana`, 'verifier')).json<{ results: { id: number; current: { version: number } }[] }>();
    const demo = list.results.find((item) => item.current.version === 2);
    expect(demo).toBeDefined();
    const detail = (await call('GET', SPECIMEN_PATHS.detail(demo!.id), 'verifier')).json<Specimen>();
    expect(detail.versions[1]!.security_features.length).toBe(detail.versions[0]!.security_features.length - 1);
  });
});

describe('comparing a document with its specimen', () => {
  it('finds the specimens of the application’s institution whose period holds the diploma’s date', async () => {
    const answer = (await call('GET', SPECIMEN_PATHS.application(tiranaApplication), 'officer')).json<{ specimens: Specimen[] }>();
    const qualifications = answer.specimens.map((item) => item.current.qualification);
    expect(qualifications).toContain(DEMO_SPECIMENS[0]!.qualification);
    // A period ending before the diploma's date does not match.
    const old = await call('POST', SPECIMEN_PATHS.list, 'admin', { institution_id: tirana, ...fields({ qualification: 'Old diploma', issued_from: '1990-01-01', issued_to: '2000-12-31' }) });
    expect(old.statusCode).toBe(201);
    const again = (await call('GET', SPECIMEN_PATHS.application(tiranaApplication), 'officer')).json<{ specimens: Specimen[] }>();
    expect(again.specimens.map((item) => item.current.qualification)).not.toContain('Old diploma');
  });

  it('keeps the comparison on the document: the version, the features found, the number and its check, who and when', async () => {
    const { specimens } = (await call('GET', SPECIMEN_PATHS.application(tiranaApplication), 'officer')).json<{ specimens: Specimen[] }>();
    const demo = specimens.find((item) => item.current.qualification === DEMO_SPECIMENS[0]!.qualification)!;
    const before = Date.now();
    const saved = await call('POST', SPECIMEN_PATHS.comparisons(diploma), 'verifier', { specimen_version_id: demo.current.id, features_present: [0, 2], number_typed: ' UT-2019/04127 ' });
    expect(saved.statusCode, saved.body).toBe(201);
    const comparison = saved.json<SpecimenComparison>();
    expect(comparison).toMatchObject({ document_id: diploma, specimen_version: 2, number_typed: 'UT-2019/04127', number_matches: true, compared_by_name: 'Teuta Morina' });
    expect(comparison.features.map((feature) => feature.present)).toEqual([true, false, true, false, false]);
    expect(Date.parse(comparison.compared_at)).toBeGreaterThanOrEqual(before - 1000);

    const wrong = (await call('POST', SPECIMEN_PATHS.comparisons(diploma), 'officer', { specimen_version_id: demo.current.id, features_present: [], number_typed: 'UT-19/4127' })).json<SpecimenComparison>();
    expect(wrong).toMatchObject({ number_matches: false, compared_by_name: 'Blerta Gashi' });
    const shown = (await call('GET', SPECIMEN_PATHS.application(tiranaApplication), 'officer')).json<{ comparisons: SpecimenComparison[] }>();
    expect(shown.comparisons.filter((row) => row.document_id === diploma).map((row) => row.id)).toEqual([wrong.id, comparison.id]);
    const audit = await server.db.selectFrom('audit_log').select('action').where('action', '=', 'document.specimen_compared').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a specimen of another institution and a feature the version does not list', async () => {
    const belgrade = (await call('GET', `${SPECIMEN_PATHS.list}?search=Belgrade`, 'verifier')).json<{ results: Specimen[] }>().results[0]!;
    const other = await call('POST', SPECIMEN_PATHS.comparisons(diploma), 'verifier', { specimen_version_id: belgrade.current.id, features_present: [] });
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('specimen_not_matching');
    const { specimens } = (await call('GET', SPECIMEN_PATHS.application(tiranaApplication), 'verifier')).json<{ specimens: Specimen[] }>();
    const unknown = await call('POST', SPECIMEN_PATHS.comparisons(diploma), 'verifier', { specimen_version_id: specimens[0]!.current.id, features_present: [29] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('specimen_feature_unknown');
  });
});

describe('endpoints × demo groups', () => {
  const VERIFIERS = new Set(['admin', 'naric.admin', 'officer', 'verifier']);

  it('signed out: 401 everywhere', async () => {
    const pdf = Buffer.from(await specimenPdf(DEMO_SPECIMENS[1]!));
    for (const [method, url, payload, headers] of [
      ['GET', SPECIMEN_PATHS.list],
      ['POST', SPECIMEN_PATHS.list, { institution_id: tirana, ...fields() }],
      ['GET', SPECIMEN_PATHS.detail(1)],
      ['PUT', SPECIMEN_PATHS.detail(1), { version: 1, ...fields() }],
      ['PUT', `${SPECIMEN_PATHS.file(1)}?version=1`, pdf, { 'content-type': 'application/pdf' }],
      ['GET', SPECIMEN_PATHS.versionFile(1)],
      ['GET', SPECIMEN_PATHS.application(tiranaApplication)],
      ['POST', SPECIMEN_PATHS.comparisons(diploma), { specimen_version_id: 1, features_present: [] }],
    ] as const) {
      expect((await call(method, url, null, payload, headers)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each(DEMO_ACCOUNTS.map((account) => account.username))('%s', async (username) => {
    const verifies = VERIFIERS.has(username);
    const failures: string[] = [];
    const expect_ = async (method: Method, url: string, expected: number, payload?: object | Buffer, headers?: Record<string, string>) => {
      const answer = await call(method, url, username, payload, headers);
      if (answer.statusCode !== expected) failures.push(`${method} ${url}: expected ${expected}, got ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      return answer;
    };
    const seen = await call('GET', APPLICATION_PATHS.detail(tiranaApplication), username);
    await expect_('GET', SPECIMEN_PATHS.list, verifies ? 200 : 403);
    const created = await expect_('POST', SPECIMEN_PATHS.list, verifies ? 201 : 403, { institution_id: tirana, ...fields({ qualification: `Access ${username}` }) });
    const id = verifies ? created.json<Specimen>().id : 1;
    await expect_('GET', SPECIMEN_PATHS.detail(id), verifies ? 200 : 403);
    await expect_('PUT', SPECIMEN_PATHS.detail(id), verifies ? 200 : 403, { version: 1, ...fields({ qualification: `Access ${username}` }) });
    const pdf = Buffer.from(await specimenPdf(DEMO_SPECIMENS[1]!));
    const uploaded = await expect_('PUT', `${SPECIMEN_PATHS.file(id)}?version=2`, verifies ? 200 : 403, pdf, { 'content-type': 'application/pdf' });
    await expect_('GET', SPECIMEN_PATHS.versionFile(verifies ? uploaded.json<Specimen>().current.id : 1), verifies ? 200 : 403);
    // The same route with an image of the diploma: the same rule, before the image is read.
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#ffffff' } }).png().toBuffer();
    await expect_('PUT', `${SPECIMEN_PATHS.file(id)}?version=3`, verifies ? 200 : 403, png, { 'content-type': 'image/png' });
    await expect_('GET', SPECIMEN_PATHS.application(tiranaApplication), verifies ? seen.statusCode : 403);
    const versionId = verifies ? created.json<Specimen>().current.id : 1;
    await expect_('POST', SPECIMEN_PATHS.comparisons(diploma), verifies ? (seen.statusCode === 200 ? 201 : 404) : 403, { specimen_version_id: versionId, features_present: [0], number_typed: 'AB123456' });
    expect(failures).toEqual([]);
  });
});
