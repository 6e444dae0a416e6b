import { verify } from '@node-rs/argon2';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_PERMISSIONS, GROUPS } from '../../src/shared/auth/permissions';
import { SERVICE_CATEGORY_BY_TYPE, SERVICE_DEGREE_OPTIONS, type ServiceType } from '../../src/shared/constants';
import { DOCUMENT_TYPES } from '../../src/shared/document-types';
import { countryCatalogue } from '../../src/server/db/country-catalogue';
import type { AppDatabase } from '../../src/server/db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/demo-accounts';
import { DEMO_LEGAL_REASON_COUNT, DEMO_NATIONAL_QUALIFICATION_COUNT } from '../../src/server/db/demo-decision-references';
import { RECOGNITION_OUTCOMES, RECOGNITION_SERVICES } from '../../src/shared/api/decision-references';
import { seedDatabase } from '../../src/server/db/seed';
import { ISSUING_EFFECTS } from '../../src/server/issued-document-rows';
import { DEMO_STAFF_COUNT, generateDemoStaff, seedDemoStaff } from '../../src/server/db/demo-staff';
import { serbianCyrillicToLatin } from '../../src/server/db/serbian-latin';
import { createPasswordHasher } from '../../src/server/password-hashing';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createRandom, generateApplication } from '../../src/server/db/application-generator';
import { insertApplications, loadServiceContext } from '../../src/server/db/application-loader';
import { demoPdf } from '../../src/server/db/demo-pdf';
import { openLocalStorage } from '../../src/server/storage/local-storage';
import { checkPdf } from '../../src/server/storage/pdf-check';
import { WORKFLOW_ACTIONS } from '../../src/shared/domain/application-workflow';

const hashPassword = createPasswordHasher(true).hash;

async function counts(db: AppDatabase) {
  const count = async (table: 'users' | 'groups' | 'permissions' | 'group_permissions' | 'user_groups' | 'countries' | 'services' | 'service_document_requirements' | 'system_settings') =>
    (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  const tables = ['users', 'groups', 'permissions', 'group_permissions', 'user_groups', 'countries', 'services', 'service_document_requirements', 'system_settings'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(table)])));
}

async function groupPermissions(db: AppDatabase, group: string): Promise<string[]> {
  const rows = await db
    .selectFrom('group_permissions as gp')
    .innerJoin('groups as g', 'g.id', 'gp.group_id')
    .innerJoin('permissions as p', 'p.id', 'gp.permission_id')
    .select(['p.app_label', 'p.codename'])
    .where('g.name', '=', group)
    .execute();
  return rows.map((row) => `${row.app_label}.${row.codename}`).sort();
}

describe('seed', () => {
  let database: TestDatabase;
  let db: AppDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.destroy());

  it('is idempotent: a second run adds nothing', async () => {
    const before = await counts(db);
    const summary = await seedDatabase(db, { demo: true, hashPassword });
    expect(summary).toEqual({ services: 0, permissions: 0, groups: 0, countries: 0, settings: 0, templates: 0, demoUsers: 0, demoApplications: 0 });
    expect(await counts(db)).toEqual(before);
  });

  it('keeps what an admin changed, and hands a new permission to the groups that hold it by default', async () => {
    await db.updateTable('services').set({ fee: '99.50' }).where('service_type', '=', 2).execute();
    const officers = await db.selectFrom('groups').select('id').where('name', '=', GROUPS.naricOfficers).executeTakeFirstOrThrow();
    const reports = await db.selectFrom('permissions').select('id').where('app_label', '=', 'reports').where('codename', '=', 'view_reports').executeTakeFirstOrThrow();
    await db.deleteFrom('group_permissions').where('group_id', '=', officers.id).where('permission_id', '=', reports.id).execute();
    // As if a release added reports.export_reports to the catalogue.
    await db.deleteFrom('permissions').where('app_label', '=', 'reports').where('codename', '=', 'export_reports').execute();

    const summary = await seedDatabase(db, { demo: true, hashPassword });
    expect(summary.permissions).toBe(1);

    const fee = await db.selectFrom('services').select('fee').where('service_type', '=', 2).executeTakeFirstOrThrow();
    expect(fee.fee).toBe('99.50');
    expect(await groupPermissions(db, GROUPS.naricOfficers)).not.toContain('reports.view_reports');
    for (const group of Object.keys(DEFAULT_GROUP_PERMISSIONS) as (keyof typeof DEFAULT_GROUP_PERMISSIONS)[]) {
      const holds = (await groupPermissions(db, group)).includes('reports.export_reports');
      expect(holds, group).toBe(DEFAULT_GROUP_PERMISSIONS[group].includes('reports.export_reports'));
    }
  });

  it('creates the five services of spec §1 with categories, degree options and document requirements', async () => {
    const services = await db.selectFrom('services').selectAll().orderBy('service_type').execute();
    expect(services.map((s) => s.service_type)).toEqual([1, 2, 3, 4, 5]);
    for (const service of services) {
      const type = service.service_type as ServiceType;
      expect(service.category).toBe(SERVICE_CATEGORY_BY_TYPE[type]);
      expect(service.degree_options).toEqual([...SERVICE_DEGREE_OPTIONS[type]]);
      const requirements = await db.selectFrom('service_document_requirements').selectAll().where('service_id', '=', service.id).execute();
      expect(requirements.length).toBeGreaterThan(1);
      expect(requirements.every((r) => (DOCUMENT_TYPES as readonly string[]).includes(r.document_type))).toBe(true);
      expect(requirements.find((r) => r.document_type === 'id_document')?.required).toBe(true);
    }
    expect(services.find((s) => s.service_type === 1)?.council_required).toBe(true);
  });

  it('seeds the default groups with their permissions and the staff 2FA setting off', async () => {
    for (const [group, permissions] of Object.entries(DEFAULT_GROUP_PERMISSIONS)) {
      if (group === GROUPS.naricOfficers) continue; // changed by the test above
      expect(await groupPermissions(db, group), group).toEqual([...new Set(permissions)].sort());
    }
    const setting = await db.selectFrom('system_settings').selectAll().where('key', '=', 'security.require_2fa_for_staff').executeTakeFirstOrThrow();
    expect(setting.value).toBe(false);
  });

  it('names every country in English, Albanian and Serbian Latin, Kosovo included', async () => {
    const countries = await db.selectFrom('countries').selectAll().execute();
    expect(countries.length).toBe(countryCatalogue().length);
    const byCode = new Map(countries.map((c) => [c.code.trim(), c]));
    expect(byCode.get('XK')).toMatchObject({ name_en: 'Kosovo', name_sq: 'Kosovë', name_sr: 'Kosovo' });
    expect(byCode.get('DE')).toMatchObject({ name_en: 'Germany', name_sq: 'Gjermani', name_sr: 'Nemačka' });
    expect(byCode.get('AL')).toMatchObject({ name_sq: 'Shqipëri', name_sr: 'Albanija' });
    expect(byCode.get('DJ')?.name_sr).toBe('Džibuti');
    expect(byCode.get('CH')?.name_sr).toBe('Švajcarska');
    expect(countries.filter((c) => /[\u0400-\u04FF]/.test(c.name_sr)).map((c) => c.code)).toEqual([]);
    expect(countries.filter((c) => c.name_sq === c.name_en).length).toBeLessThan(countries.length / 4);
  });

  it('adds back only a missing country and keeps a renamed one (the start reads codes, names only when needed)', async () => {
    // Countries no demo applicant comes from (applicants reference their country).
    await db.updateTable('countries').set({ name_en: 'Germany (renamed by an admin)' }).where('code', '=', 'DE').execute();
    await db.deleteFrom('countries').where('code', 'in', ['AQ', 'BV']).execute();

    const summary = await seedDatabase(db, { demo: true, hashPassword });
    expect(summary.countries).toBe(2);
    const names = new Map(
      (await db.selectFrom('countries').select(['code', 'name_en', 'name_sq', 'name_sr']).where('code', 'in', ['DE', 'AQ', 'BV']).execute()).map((c) => [c.code.trim(), c]),
    );
    expect(names.get('DE')?.name_en).toBe('Germany (renamed by an admin)');
    expect(names.get('AQ')).toMatchObject({ name_en: 'Antarctica', name_sq: 'Antarktidë', name_sr: 'Antarktik' });
    expect(names.get('BV')?.name_en).toBe('Bouvet Island');
    expect(names.get('BV')?.name_sr).not.toMatch(/[\u0400-\u04FF]/);
    expect((await seedDatabase(db, { demo: true, hashPassword })).countries).toBe(0);
    await db.updateTable('countries').set({ name_en: 'Germany' }).where('code', '=', 'DE').execute();
  });

  it('creates the demo accounts in their groups, with Argon2id hashes of the demo password', async () => {
    const users = await db
      .selectFrom('users as u')
      .innerJoin('user_groups as ug', 'ug.user_id', 'u.id')
      .innerJoin('groups as g', 'g.id', 'ug.group_id')
      .select(['u.username', 'u.password_hash', 'u.is_superuser', 'u.is_active', 'g.name as group'])
      .where('u.username', 'in', DEMO_ACCOUNTS.map((account) => account.username))
      .orderBy('u.id')
      .execute();
    // The demo's other users (council members, evaluators who fill councils and commissions) cannot sign in.
    const others = await db.selectFrom('users').select(['username', 'password_hash']).where('username', 'not in', DEMO_ACCOUNTS.map((account) => account.username)).execute();
    for (const other of others) expect(other.password_hash, other.username).toBe('');
    expect(users.map(({ username, group, is_superuser }) => ({ username, group, is_superuser }))).toEqual(
      DEMO_ACCOUNTS.map(({ username, group, is_superuser }) => ({ username, group, is_superuser })),
    );
    expect(new Set(users.map((u) => u.group))).toEqual(new Set(Object.values(GROUPS)));
    for (const user of users.slice(0, 2)) {
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verify(user.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(await verify(user.password_hash, 'wrong-password')).toBe(false);
    }
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(users.length);
  });

  it('adds the demo staff once: a few hundred generated colleagues in the staff groups, none of whom can sign in', async () => {
    const staff = generateDemoStaff(new Date());
    const rows = await db
      .selectFrom('users as u')
      .select(['u.username', 'u.first_name', 'u.last_name', 'u.password_hash', 'u.is_active', 'u.auth_source', 'u.directory_dn', 'u.two_factor_enabled', 'u.two_factor_secret', 'u.email_verified', 'u.last_login'])
      .select((eb) => eb.selectFrom('user_groups as ug').innerJoin('groups as g', 'g.id', 'ug.group_id').select((inner) => inner.fn.agg<string[]>('array_agg', ['g.name']).as('groups')).whereRef('ug.user_id', '=', 'u.id').as('groups'))
      .where('u.username', 'in', staff.map((member) => member.username))
      .execute();
    expect(rows).toHaveLength(DEMO_STAFF_COUNT);
    const byUsername = new Map(rows.map((row) => [row.username, row]));
    for (const member of staff) expect([...(byUsername.get(member.username)?.groups ?? [])].sort(), member.username).toEqual([...member.groups].sort());
    expect(rows.every((row) => row.password_hash === '')).toBe(true);
    expect(new Set(rows.flatMap((row) => row.groups ?? []))).toEqual(
      new Set([GROUPS.naricOfficers, GROUPS.documentVerifiers, GROUPS.paymentOfficers, GROUPS.councilMembers, GROUPS.evaluators, GROUPS.contentManagers, GROUPS.naricAdministrators]),
    );
    const share = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length / rows.length;
    expect(share((row) => !row.is_active)).toBeGreaterThan(0.04);
    expect(share((row) => !row.is_active)).toBeLessThan(0.15);
    expect(share((row) => !row.email_verified)).toBeGreaterThan(0.15);
    expect(share((row) => row.last_login !== null)).toBeGreaterThan(0.8);
    // Directory users carry their DN; two-factor is on without a secret (nobody can complete it).
    const directory = rows.filter((row) => row.auth_source === 'ldap');
    expect(directory.length).toBeGreaterThan(10);
    expect(directory.every((row) => row.directory_dn?.startsWith(`uid=${row.username},`))).toBe(true);
    const twoFactor = rows.filter((row) => row.two_factor_enabled);
    expect(twoFactor.length).toBeGreaterThan(30);
    expect(twoFactor.every((row) => row.two_factor_secret === null)).toBe(true);
    const names = rows.map((row) => `${row.first_name} ${row.last_name}`).join(' ');
    for (const letter of ['ë', 'ç', 'č', 'ć', 'đ', 'Đ', 'š', 'ž']) expect(names, letter).toContain(letter);
    expect(rows.every((row) => /^[a-z]+\.[a-z]+\d*$/.test(row.username))).toBe(true);
    expect(await seedDemoStaff(db)).toBe(0);
  });
});

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function pdfText(bytes: Buffer): Promise<string[]> {
  // The standard fonts' data as the package ships it: Helvetica's glyphs, not a fallback.
  const standardFontDataUrl = `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const page = await document.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).filter(Boolean);
  await document.destroy();
  return text;
}

describe('demo documents and certificates', () => {
  let database: TestDatabase;
  let db: AppDatabase;
  let root: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    root = await mkdtemp(join(tmpdir(), 'naric-seed-storage-'));
  });
  afterAll(async () => {
    await database.destroy();
    await rm(root, { recursive: true, force: true });
  });

  it('writes a one-page PDF per document through the storage, with its real size and SHA-256 on the row', async () => {
    const storage = await openLocalStorage(root);
    const { serviceIds, fees, policies } = await loadServiceContext(db);
    const random = createRandom(77);
    const applications = [0, 1, 2].map((index) => generateApplication(random, 990_000 + index, { seed: 77, now: new Date(), policies }));
    applications[0]!.applicant.first_name = 'Dušan';
    applications[0]!.applicant.last_name = 'Ilić';
    const written: string[] = [];
    const ids = await insertApplications(db, applications, { serviceIds, fees, officers: [], councils: [], files: { storage, written } });
    const rows = await db.selectFrom('application_documents').selectAll().where('application_id', 'in', ids).orderBy('id').execute();
    // The loader adds an exemption proof to an application that asked for an exemption.
    expect(rows.filter((row) => row.document_type !== 'exemption_proof')).toHaveLength(applications.reduce((sum, a) => sum + a.documents.length, 0));
    expect(written.sort()).toEqual(rows.map((row) => row.storage_key).sort());
    for (const row of rows) {
      const bytes = await streamBytes(storage.read(row.storage_key!));
      expect(row.media_type).toBe('application/pdf');
      expect(Number(row.size)).toBe(bytes.length);
      expect(bytes.length).toBeLessThan(4_096);
      expect(row.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(await checkPdf({ size: bytes.length, read: async (offset, length) => bytes.subarray(offset, offset + length) })).toBe('ok');
    }
    const first = rows.find((row) => row.application_id === ids[0])!;
    const text = await pdfText(await streamBytes(storage.read(first.storage_key!)));
    expect(text).toContain('Applicant: Dušan Ilić');
    expect(text).toContain(`Application: ${applications[0]!.reference}`);
  });

  it('keeps letters pdf.js must show exactly, escapes what PDF strings reserve', async () => {
    const bytes = demoPdf({ title: 'Đorđe Čačak (ë) \\ ç', lines: [['Š', 'ž Ć ć Ë €']], note: 'ok' });
    expect(await pdfText(bytes)).toEqual(['Đorđe Čačak (ë) \\ ç', 'Š: ž Ć ć Ë €', 'ok']);
  });

  it('issues the demo certificates of every approved application whose decision issues one, revoked when invalidated', async () => {
    const issuing = (action: string) =>
      action in WORKFLOW_ACTIONS && WORKFLOW_ACTIONS[action as keyof typeof WORKFLOW_ACTIONS].effects.some((effect) => ISSUING_EFFECTS[effect] !== undefined);
    const decided = await db
      .selectFrom('applications')
      .innerJoin('application_history', 'application_history.application_id', 'applications.id')
      .select(['applications.id', 'applications.invalidated', 'application_history.action'])
      .execute();
    const expected = new Map(decided.filter((row) => issuing(row.action)).map((row) => [row.id, row.invalidated]));
    // A decision changed on appeal into a recognising one issues its statement or certificate too,
    // whatever status the application was closed with (an appeal leaves the status as it was).
    const changedOnAppeal = await db
      .selectFrom('appeals')
      .innerJoin('recognition_decisions', 'recognition_decisions.id', 'appeals.new_decision_id')
      .select('appeals.application_id')
      .where('appeals.outcome', '=', 'changed')
      .where('recognition_decisions.outcome', '<>', 'non_recognition')
      .execute();
    for (const row of changedOnAppeal) expected.set(row.application_id, false);
    const onAppeal = new Set(changedOnAppeal.map((row) => row.application_id));
    expect(onAppeal.size).toBeGreaterThan(0);
    const issued = await db.selectFrom('issued_documents').innerJoin('applications', 'applications.id', 'issued_documents.application_id').select(['issued_documents.application_id', 'issued_documents.verification_code', 'issued_documents.revoked_at', 'issued_documents.holder_name', 'applications.applicant_name', 'applications.status', 'applications.service_type']).execute();
    expect(issued.length).toBeGreaterThan(20);
    expect(new Map(issued.map((row) => [row.application_id, row.revoked_at !== null]))).toEqual(expected);
    for (const row of issued) {
      expect(row.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(row.holder_name).toBe(row.applicant_name);
      if (!onAppeal.has(row.application_id)) expect(['approved', 'pre_university_recognition']).toContain(row.status);
      // Service 1's recognition statements, service 2's certificates, services 3 and 4's verification documents.
      expect([1, 2, 3, 4]).toContain(row.service_type);
    }
    expect(new Set(issued.map((row) => row.verification_code)).size).toBe(issued.length);
  });

  it('keeps a demo library of legal reasons for every service and outcome, and national qualifications on the degree levels list', async () => {
    const reasons = await db.selectFrom('legal_reasons').select(['article', 'services', 'outcomes', 'active']).execute();
    expect(reasons.length).toBe(DEMO_LEGAL_REASON_COUNT);
    for (const service of RECOGNITION_SERVICES) {
      for (const outcome of RECOGNITION_OUTCOMES) {
        const citable = reasons.filter((reason) => reason.active && reason.services.map(Number).includes(service) && reason.outcomes.includes(outcome));
        expect(citable.length, `service ${service}, ${outcome}`).toBeGreaterThan(0);
      }
    }
    const levels = new Set((await db.selectFrom('reference_values').select('code').where('list', '=', 'degree_levels').execute()).map((row) => row.code));
    const qualifications = await db.selectFrom('national_qualifications').select(['name_en', 'degree_level', 'eqf_level']).execute();
    expect(qualifications.length).toBe(DEMO_NATIONAL_QUALIFICATION_COUNT);
    for (const qualification of qualifications) expect(levels.has(qualification.degree_level), qualification.name_en).toBe(true);
    expect(new Set(qualifications.map((row) => row.eqf_level))).toEqual(new Set([4, 5, 6, 7, 8]));
  });

  it('leaves the demo documents metadata only when seeded without a storage (the test template)', async () => {
    const stored = await db.selectFrom('application_documents').select('id').where('storage_key', 'is not', null).where('application_id', '<', 400).execute();
    expect(stored).toEqual([]);
  });
});

describe('Serbian Cyrillic to Latin', () => {
  it.each([
    ['Немачка', 'Nemačka'],
    ['Љубљана', 'Ljubljana'],
    ['ЉУБЉАНА', 'LJUBLJANA'],
    ['Њујорк', 'Njujork'],
    ['Џибути', 'Džibuti'],
    ['ЏЕП', 'DŽEP'],
    ['Ђаковица и Ћуприја', 'Đakovica i Ćuprija'],
    ['Жабљак, Чачак, Шабац, Хрватска, Јапан', 'Žabljak, Čačak, Šabac, Hrvatska, Japan'],
    ['Конго - Киншаса (ДР)', 'Kongo - Kinšasa (DR)'],
    ['Already Latin 2026', 'Already Latin 2026'],
  ])('%s → %s', (cyrillic, latin) => {
    expect(serbianCyrillicToLatin(cyrillic)).toBe(latin);
  });
});
