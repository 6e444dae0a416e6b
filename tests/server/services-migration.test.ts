import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openPostgres, type AppDatabase } from '../../src/server/db/database';
import { createMigrator, migrateToLatest } from '../../src/server/db/migrate';
import { SERVICE_CATALOGUE, seedServiceCatalogue } from '../../src/server/db/service-catalogue';
import { workflowStagesOf } from '../../src/shared/domain/service-stages';
import { databaseUrlFor } from '../support/test-database';

// Migration 0007 on a database of the previous release: services keep their rows (English texts
// move to *_en, the former single fee becomes a price table charging it in every case),
// applications get their service's fee and requirements as their snapshot, and the seed then
// gives untouched catalogue services their Albanian and Serbian texts while an admin's own text
// is kept.

const adminUrl = process.env.NARIC_TEST_DATABASE_URL;
const name = `naric_services_migration_${process.pid}_${Date.now()}`;
let db: AppDatabase | undefined;

afterAll(async () => {
  await db?.destroy();
  if (!adminUrl) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.end();
});

it.skipIf(!adminUrl)('keeps the services and applications of the previous release', async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  db = openPostgres(databaseUrlFor(adminUrl!, name));

  const { error } = await createMigrator(db).migrateTo('0006-auth-sessions');
  expect(error).toBeUndefined();
  const verification = SERVICE_CATALOGUE.find((s) => s.service_type === 3)!;
  await sql`insert into services (service_type, category, name, description, fee, processing_time_days, requirements)
    values (3, 'kosovo_verification', ${verification.name.en}, ${verification.description.en}, 12.50, 15, 'Own requirements text'),
           (2, 'pre_university', 'Our own pre-university name', '', 20, 30, '')`.execute(db);
  await sql`insert into service_document_requirements (service_id, document_type, required, description)
    select id, 'id_document', true, 'Identity card or passport of the applicant.' from services where service_type = 3`.execute(db);
  await sql`insert into applicants (first_name, last_name, email) values ('Arta', 'Krasniqi', 'arta@example.org')`.execute(db);
  await sql`insert into applications (reference, service_id, service_type, status, applicant_id, applicant_name)
    select 'NARIC-2026-000001', s.id, 3, 'submitted', a.id, 'Arta Krasniqi' from services s, applicants a where s.service_type = 3`.execute(db);

  expect(await migrateToLatest(db)).toContain('0007-services');

  const services = await db.selectFrom('services').selectAll().orderBy('service_type').execute();
  const [preUniversity, kosovo] = services;
  expect(kosovo).toMatchObject({
    name_en: verification.name.en,
    name_sq: verification.name.en,
    requirements_en: 'Own requirements text',
    fee: '12.50',
    version: 1,
    price_table: { kind: 'document_count', prices: { one_or_fewer: '12.50', more_than_one: '12.50' }, degree_prices: {} },
  });
  expect(kosovo!.workflow_stages).toEqual(workflowStagesOf(3));
  expect(preUniversity!.price_table).toEqual({
    kind: 'diploma_transcript',
    prices: { diploma_only: '20.00', transcript_only: '20.00', both: '20.00' },
    degree_prices: {},
  });

  const application = await db.selectFrom('applications').select(['quoted_fee', 'fee_quote', 'document_requirements']).executeTakeFirstOrThrow();
  expect(application).toEqual({
    quoted_fee: '12.50',
    fee_quote: null,
    document_requirements: [
      {
        document_type: 'id_document',
        required: true,
        description_en: 'Identity card or passport of the applicant.',
        description_sq: 'Identity card or passport of the applicant.',
        description_sr: 'Identity card or passport of the applicant.',
      },
    ],
  });

  // The seed: three missing catalogue services added; the untouched texts of service 3 translated,
  // its own requirements text and the admin's pre-university name kept as they were.
  expect(await db.transaction().execute((trx) => seedServiceCatalogue(trx))).toBe(3);
  const after = await db.selectFrom('services').selectAll().where('service_type', 'in', [2, 3]).orderBy('service_type').execute();
  expect(after[1]).toMatchObject({ name_sq: verification.name.sq, name_sr: verification.name.sr, requirements_sq: 'Own requirements text' });
  expect(after[0]).toMatchObject({ name_en: 'Our own pre-university name', name_sq: 'Our own pre-university name' });
  const requirement = await db.selectFrom('service_document_requirements').select(['description_sq']).where('document_type', '=', 'id_document').where('service_id', '=', after[1]!.id).executeTakeFirstOrThrow();
  expect(requirement.description_sq).toBe('Letërnjoftimi ose pasaporta e aplikuesit.');
  expect(await db.transaction().execute((trx) => seedServiceCatalogue(trx))).toBe(0);

  // And back: the previous release's columns again, the rows still there.
  const down = await createMigrator(db).migrateTo('0006-auth-sessions');
  expect(down.error).toBeUndefined();
  const restored = await sql<{ name: string }>`select name from services where service_type = 3`.execute(db);
  expect(restored.rows.map((row) => row.name)).toEqual([verification.name.en]);
});
