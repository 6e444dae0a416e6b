import pg from 'pg';
import { NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type AppDatabase } from '../../src/server/db/database';
import { createMigrator, migrateToLatest, MIGRATIONS } from '../../src/server/db/migrate';
import { seedDatabase } from '../../src/server/db/seed';
import { databaseUrlFor } from '../support/test-database';

// Fresh, empty databases on each driver: the migrations and the seed must run on both.

const adminUrl = process.env.NARIC_TEST_DATABASE_URL;
const fakeHash = async (password: string) => `not-a-real-hash:${password.length}`;

async function freshPostgres(): Promise<{ db: AppDatabase; drop(): Promise<void> }> {
  const name = `naric_migrations_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const db = openPostgres(databaseUrlFor(adminUrl!, name));
  return {
    db,
    drop: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

const drivers = [
  { driver: 'pglite', open: async () => ({ db: await openPglite(), drop: async () => {} }), skip: false },
  { driver: 'postgres', open: freshPostgres, skip: !adminUrl },
] as const;

describe.each(drivers)('migrations on $driver', ({ open, skip }) => {
  let handle: { db: AppDatabase; drop(): Promise<void> } | undefined;
  afterAll(async () => {
    await handle?.db.destroy().catch(() => {});
    await handle?.drop();
  });

  // Every migration up, all down and up again: on PGlite that alone is ~30 s on a busy 2-core machine.
  it.skipIf(skip)('migrate, seed without demo data, roll back and migrate again', { timeout: 120_000 }, async () => {
    handle = await open();
    const { db } = handle;

    expect(await migrateToLatest(db)).toEqual(Object.keys(MIGRATIONS));
    expect(await migrateToLatest(db)).toEqual([]);

    const summary = await seedDatabase(db, { demo: false, hashPassword: fakeHash });
    expect(summary).toMatchObject({ services: 5, groups: 10, settings: 1, templates: 12, demoUsers: 0, demoApplications: 0 });
    expect(summary.countries).toBeGreaterThanOrEqual(250);
    const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(users.n).toBe(0);

    // Constraints hold the shared enumerations and case-insensitive uniqueness.
    await db.insertInto('users').values({ username: 'Officer', email: 'Officer@Example.org' }).execute();
    await expect(db.insertInto('users').values({ username: 'officer', email: 'other@example.org' }).execute()).rejects.toThrow();
    await expect(db.insertInto('users').values({ username: 'other', email: 'officer@example.org' }).execute()).rejects.toThrow();
    await expect(
      sql`insert into users (username, email, gender) values ('x', 'x@example.org', 'unknown')`.execute(db),
    ).rejects.toThrow();
    await expect(
      db.insertInto('notification_outbox').values({ kind: 'email', subject: 's', message: 'm' }).execute(),
    ).rejects.toThrow();

    // Precedents (0032): a programme's key ignores accents, case and word order; the reasons' full
    // text (a generated tsvector with a GIN index) matches folded words, on both drivers.
    const precedents = await sql<{ key: string; empty: string | null; found: boolean; missed: boolean }>`select
      decision_programme_key('Máster  of ECONOMICS, Tiranë') as key,
      decision_programme_key('  ') as empty,
      to_tsvector('simple'::regconfig, decision_fold('Praktika klinike mungon plotësisht')) @@ plainto_tsquery('simple'::regconfig, decision_fold('PLOTESISHT praktika')) as found,
      to_tsvector('simple'::regconfig, decision_fold('Praktika klinike')) @@ plainto_tsquery('simple'::regconfig, decision_fold('teori')) as missed`.execute(db);
    expect(precedents.rows[0]).toEqual({ key: 'economics master of tirane', empty: null, found: true, missed: false });

    const { error, results } = await createMigrator(db).migrateTo(NO_MIGRATIONS);
    expect(error).toBeUndefined();
    expect(results?.every((result) => result.direction === 'Down' && result.status === 'Success')).toBe(true);
    const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'users'`.execute(db);
    expect(tables.rows[0].n).toBe(0);
    expect(await migrateToLatest(db)).toEqual(Object.keys(MIGRATIONS));
  });
});
