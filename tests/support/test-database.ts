import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type AppDatabase, type DatabaseDriver } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedDatabase } from '../../src/server/db/seed';
import { createPasswordHasher } from '../../src/server/password-hashing';

// Each test file gets its own database, copied from a template that is migrated and seeded (demo
// mode) once per run: on PostgreSQL when NARIC_TEST_DATABASE_URL (an admin URL) is set, with
// CREATE DATABASE … TEMPLATE; otherwise on PGlite, by copying the template's data folder.

export type TestTemplate =
  | { driver: 'postgres'; adminUrl: string; name: string }
  | { driver: 'pglite'; dir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    naricTestTemplate: TestTemplate;
  }
}

export interface TestDatabase {
  db: AppDatabase;
  driver: DatabaseDriver;
  /** What a ServerConfig needs to reach this database. */
  location: { databaseUrl: string | null; pgliteDir: string };
  destroy(): Promise<void>;
}

const uniqueSuffix = () => `${process.pid}_${randomBytes(4).toString('hex')}`;

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrates and seeds (with the demo accounts) a database that tests copy. */
export async function fillTemplate(db: AppDatabase): Promise<void> {
  await migrateToLatest(db);
  // Cheap Argon2 parameters: the hashes verify the same way, only faster. No storage: each test's
  // storage folder is its own, so the template's demo documents are metadata only (has_file
  // false) and a test that needs a file uploads it; the demo certificates are rows (their PDF is
  // rendered into the test's storage on first download).
  await seedDatabase(db, { demo: true, hashPassword: createPasswordHasher(true).hash });
}

export async function createTemplate(): Promise<{ template: TestTemplate; dispose(): Promise<void> }> {
  const adminUrl = process.env.NARIC_TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `naric_tpl_${uniqueSuffix()}`;
    await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"`));
    const db = openPostgres(databaseUrlFor(adminUrl, name));
    try {
      await fillTemplate(db);
    } finally {
      await db.destroy();
    }
    return {
      template: { driver: 'postgres', adminUrl, name },
      dispose: () => withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
    };
  }
  const root = await mkdtemp(join(tmpdir(), 'naric-test-template-'));
  const dir = join(root, 'db');
  const db = await openPglite(dir);
  try {
    await fillTemplate(db);
  } finally {
    await db.destroy();
  }
  return { template: { driver: 'pglite', dir }, dispose: () => rm(root, { recursive: true, force: true }) };
}

let localTemplate: Promise<TestTemplate> | undefined;

/** The run's template (global-setup.ts), or one made in this worker when run without it. */
function currentTemplate(): Promise<TestTemplate> {
  const provided = inject('naricTestTemplate');
  if (provided) return Promise.resolve(provided);
  localTemplate ??= createTemplate().then(({ template, dispose }) => {
    process.once('beforeExit', () => void dispose());
    return template;
  });
  return localTemplate;
}

const OBJECT_IN_USE = '55006';

export interface DatabaseCopy {
  driver: DatabaseDriver;
  location: { databaseUrl: string | null; pgliteDir: string };
  /** Removes the copy; close every connection to it first. */
  dispose(): Promise<void>;
}

/** A fresh copy of the template, not opened: for code that opens the database itself (startServer). */
export async function copyTemplateDatabase(): Promise<DatabaseCopy> {
  const template = await currentTemplate();
  if (template.driver === 'postgres') {
    const name = `naric_test_${uniqueSuffix()}`;
    await withAdminClient(template.adminUrl, async (client) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.query(`create database "${name}" template "${template.name}"`);
          return;
        } catch (error) {
          // Another worker may be copying the template this very moment.
          if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    });
    return {
      driver: 'postgres',
      location: { databaseUrl: databaseUrlFor(template.adminUrl, name), pgliteDir: '' },
      dispose: () =>
        withAdminClient(template.adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
    };
  }
  const root = await mkdtemp(join(tmpdir(), 'naric-test-db-'));
  const pgliteDir = join(root, 'db');
  await cp(template.dir, pgliteDir, { recursive: true });
  return {
    driver: 'pglite',
    location: { databaseUrl: null, pgliteDir },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const copy = await copyTemplateDatabase();
  const { databaseUrl, pgliteDir } = copy.location;
  const db = databaseUrl ? openPostgres(databaseUrl) : await openPglite(pgliteDir);
  return {
    db,
    driver: copy.driver,
    location: copy.location,
    destroy: async () => {
      await db.destroy();
      await copy.dispose();
    },
  };
}
