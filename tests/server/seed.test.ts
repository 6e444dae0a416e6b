import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_PERMISSIONS, GROUPS } from '../../src/shared/auth/permissions';
import { SERVICE_CATEGORY_BY_TYPE, SERVICE_DEGREE_OPTIONS, type ServiceType } from '../../src/shared/constants';
import { DOCUMENT_TYPES } from '../../src/shared/document-types';
import { countryCatalogue } from '../../src/server/db/country-catalogue';
import type { AppDatabase } from '../../src/server/db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/demo-accounts';
import { seedDatabase } from '../../src/server/db/seed';
import { serbianCyrillicToLatin } from '../../src/server/db/serbian-latin';
import { createPasswordHasher } from '../../src/server/modules/auth/password-hashing';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

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

  it('creates the demo accounts in their groups, with Argon2id hashes of the demo password', async () => {
    const users = await db
      .selectFrom('users as u')
      .innerJoin('user_groups as ug', 'ug.user_id', 'u.id')
      .innerJoin('groups as g', 'g.id', 'ug.group_id')
      .select(['u.username', 'u.password_hash', 'u.is_superuser', 'u.is_active', 'g.name as group'])
      .orderBy('u.id')
      .execute();
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
