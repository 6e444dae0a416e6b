import { ALL_PERMISSIONS, DEFAULT_GROUP_PERMISSIONS, type GroupName } from '../../shared/auth/permissions';
import { seedDemoTwoFactor } from '../modules/auth/demo-two-factor';
import { countryCatalogue, countryCodes } from './country-catalogue';
import type { DocumentStorage } from '../storage/document-storage';
import type { AppDatabase } from './database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail } from './demo-accounts';
import { seedDemoApplications } from './demo-applications';
import { DEFAULT_TEMPLATES } from './document-template-catalogue';
import { seedDemoCouncilMeetings, seedDemoCouncils } from './demo-councils';
import { seedDemoCouncilDecisions } from './demo-council-decisions';
import { seedDemoExpertReviews } from './demo-expert-reviews';
import { seedDemoDeadlines } from './demo-deadlines';
import { seedDemoStaff } from './demo-staff';
import { seedDemoNotifications } from './demo-notifications';
import { seedDemoNews } from './demo-news';
import { seedDemoDecisionReferences } from './demo-decision-references';
import { seedDemoRecognitionDecisions } from './demo-recognition-decisions';
import { seedDemoAppeals } from './demo-appeals';
import { seedDemoPersonalData } from './demo-personal-data';
import { seedDemoInstitutions } from './demo-reference';
import { seedDemoAuthenticity } from './demo-authenticity';
import { seedDemoConfirmationRequests } from './demo-confirmation-requests';
import { seedDemoSpecimens } from './demo-specimens';
import { seedDemoSettings } from './demo-settings';
import { seedCountryMemberships } from './country-memberships';
import { seedNotificationTemplates } from '../notices/default-templates';
import { seedHolidayCalendar } from './holiday-calendar';
import { seedServiceCatalogue } from './service-catalogue';

// Idempotent: run at every start. It only ever adds what is missing, so whatever an admin
// changed afterwards (a service's fee, a group's permissions, a country's name) is kept.

export const DEFAULT_SYSTEM_SETTINGS: Record<string, unknown> = {
  'security.require_2fa_for_staff': false,
};

export interface SeedOptions {
  /** Demo mode: also create the demo accounts of demo-accounts.ts. */
  demo: boolean;
  /** Argon2id hashing (the auth module's password hasher). */
  hashPassword: (password: string) => Promise<string>;
  /**
   * Where the demo documents' PDFs are written, once, when the demo caseload is first seeded.
   * Without it (the server tests' template database) demo documents are metadata only.
   */
  storage?: DocumentStorage;
}

export interface SeedSummary {
  services: number;
  permissions: number;
  groups: number;
  countries: number;
  settings: number;
  templates: number;
  demoUsers: number;
  demoApplications: number;
}

export async function seedDatabase(db: AppDatabase, options: SeedOptions): Promise<SeedSummary> {
  // Hash outside the transaction: Argon2id is slow on purpose and PGlite has one connection.
  const demoHashes = new Map<string, string>();
  if (options.demo) {
    const existing = await db.selectFrom('users').select('username').execute();
    const taken = new Set(existing.map((user) => user.username.toLowerCase()));
    for (const account of DEMO_ACCOUNTS) {
      if (!taken.has(account.username)) demoHashes.set(account.username, await options.hashPassword(DEMO_PASSWORD));
    }
  }

  return db.transaction().execute(async (trx) => {
    const services = await seedServiceCatalogue(trx);
    const { permissions, groups } = await seedGroupsAndPermissions(trx);
    const settings = await seedSettings(trx);
    const countries = await seedCountries(trx);
    await seedCountryMemberships(trx);
    const templates = await seedDocumentTemplates(trx);
    const demoUsers = options.demo ? await seedDemoUsers(trx, demoHashes) : 0;
    if (options.demo) await seedDemoTwoFactor(trx);
    if (options.demo) await seedDemoCouncils(trx);
    const demoApplications = options.demo ? await seedDemoApplications(trx, options.storage) : 0;
    // Kosovo's holidays once (first start); in demo mode the deadline configurations and the open applications' deadlines.
    await seedHolidayCalendar(trx);
    if (options.demo) await seedDemoDeadlines(trx);
    // Meetings of the councils, expert commissions and reviews, then the councils' decisions.
    if (options.demo) await seedDemoCouncilMeetings(trx, options.storage);
    if (options.demo) await seedDemoExpertReviews(trx, options.storage);
    if (options.demo) await seedDemoCouncilDecisions(trx);
    // A few hundred generated staff, so user administration has a real office to show.
    if (options.demo) await seedDemoStaff(trx);
    // The notification templates' built-in texts as version 1 (every mode); the demo's notifications.
    await seedNotificationTemplates(trx);
    if (options.demo) await seedDemoNotifications(trx);
    // The demo's news articles.
    if (options.demo) await seedDemoNews(trx);
    // Institutions in Kosovo and the neighbouring countries, one merged duplicate.
    if (options.demo) await seedDemoInstitutions(trx);
    // Their dossiers: accreditation periods, contacts, checks, and a diploma mill on the watch list.
    if (options.demo) await seedDemoAuthenticity(trx);
    // Diploma specimens of two of them, with their genuine documents drawn as diplomas.
    if (options.demo) await seedDemoSpecimens(trx, options.storage);
    // A confirmation request waiting for the institution and one it answered.
    if (options.demo) await seedDemoConfirmationRequests(trx);
    // The legal reasons and national reference qualifications recognition decisions are built from.
    if (options.demo) await seedDemoDecisionReferences(trx);
    // The general settings and this year's office closed days, saved by the demo administrator.
    if (options.demo) await seedDemoSettings(trx);
    // Last: the decided recognitions' structured decisions cite the reference data's legal reasons and national qualifications.
    if (options.demo) await seedDemoRecognitionDecisions(trx);
    // After them: a few appeals against those decisions (one late, one upheld, one changed).
    if (options.demo) await seedDemoAppeals(trx);
    // Two applications past their retention (one under legal hold) and an erasure request waiting.
    if (options.demo) await seedDemoPersonalData(trx);
    return { services, permissions, groups, countries, settings, templates, demoUsers, demoApplications };
  });
}

function permissionParts(permission: string) {
  const [app_label, codename] = permission.split('.');
  return { app_label, codename, name: `Can ${codename.replaceAll('_', ' ')}` };
}

/**
 * A group gets its default permissions when the group is new, and a permission is handed to
 * the groups that hold it by default when the permission is new (a later release added it).
 * An admin's later removal of a default permission therefore sticks.
 */
async function seedGroupsAndPermissions(db: AppDatabase): Promise<{ permissions: number; groups: number }> {
  const existingPermissions = await db.selectFrom('permissions').select(['app_label', 'codename']).execute();
  const knownPermissions = new Set(existingPermissions.map((p) => `${p.app_label}.${p.codename}`));
  const newPermissions = ALL_PERMISSIONS.filter((permission) => !knownPermissions.has(permission));
  if (newPermissions.length > 0) {
    await db
      .insertInto('permissions')
      .values(newPermissions.map(permissionParts))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  const groupNames = Object.keys(DEFAULT_GROUP_PERMISSIONS) as GroupName[];
  const knownGroups = new Set((await db.selectFrom('groups').select('name').execute()).map((g) => g.name));
  const newGroups = groupNames.filter((name) => !knownGroups.has(name));
  if (newGroups.length > 0) {
    await db
      .insertInto('groups')
      .values(newGroups.map((name) => ({ name })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  const permissionIds = new Map(
    (await db.selectFrom('permissions').select(['id', 'app_label', 'codename']).execute()).map((p) => [
      `${p.app_label}.${p.codename}`,
      p.id,
    ]),
  );
  // The groups the access rules name are never renamed or deleted by administrators.
  await db.updateTable('groups').set({ builtin: true }).where('name', 'in', groupNames).where('builtin', '=', false).execute();
  const groupIds = new Map((await db.selectFrom('groups').select(['id', 'name']).execute()).map((g) => [g.name, g.id]));
  const grants = groupNames.flatMap((group) =>
    DEFAULT_GROUP_PERMISSIONS[group]
      .filter((permission) => newGroups.includes(group) || newPermissions.includes(permission))
      .map((permission) => ({ group_id: groupIds.get(group)!, permission_id: permissionIds.get(permission)! })),
  );
  if (grants.length > 0) {
    await db
      .insertInto('group_permissions')
      .values(grants)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  return { permissions: newPermissions.length, groups: newGroups.length };
}

async function seedSettings(db: AppDatabase): Promise<number> {
  const created = await db
    .insertInto('system_settings')
    .values(Object.entries(DEFAULT_SYSTEM_SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .onConflict((conflict) => conflict.doNothing())
    .returning('key')
    .execute();
  return created.length;
}

/** Version 1 of each template whose kind and language have none yet. */
async function seedDocumentTemplates(db: AppDatabase): Promise<number> {
  const present = await db.selectFrom('document_templates').select(['kind', 'language']).execute();
  const missing = DEFAULT_TEMPLATES.filter((t) => !present.some((p) => p.kind === t.kind && p.language === t.language));
  if (missing.length === 0) return 0;
  await db.insertInto('document_templates').values(missing.map((t) => ({ ...t, version: 1 }))).execute();
  return missing.length;
}

/**
 * The countries whose code is missing. The names (three languages of i18n-iso-countries) are
 * only built when one is: a start on a seeded database reads the codes and stops there.
 */
async function seedCountries(db: AppDatabase): Promise<number> {
  const present = new Set((await db.selectFrom('countries').select('code').execute()).map((country) => country.code.trim()));
  if (countryCodes().every((code) => present.has(code))) return 0;
  const created = await db
    .insertInto('countries')
    .values(countryCatalogue().filter((country) => !present.has(country.code)))
    .onConflict((conflict) => conflict.doNothing())
    .returning('code')
    .execute();
  return created.length;
}

async function seedDemoUsers(db: AppDatabase, hashes: ReadonlyMap<string, string>): Promise<number> {
  const accounts = DEMO_ACCOUNTS.filter((account) => hashes.has(account.username));
  if (accounts.length === 0) return 0;
  const created = await db
    .insertInto('users')
    .values(
      accounts.map((account) => ({
        username: account.username,
        email: demoEmail(account.username),
        password_hash: hashes.get(account.username)!,
        first_name: account.first_name,
        last_name: account.last_name,
        is_superuser: account.is_superuser,
        is_staff: account.is_staff,
        gender: account.gender,
        country: 'XK',
        phone: `+383 44 100 ${String(100 + DEMO_ACCOUNTS.indexOf(account))}`,
        email_verified: true,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .returning(['id', 'username'])
    .execute();
  const groupIds = new Map((await db.selectFrom('groups').select(['id', 'name']).execute()).map((g) => [g.name, g.id]));
  const memberships = created.map((user) => ({
    user_id: user.id,
    group_id: groupIds.get(DEMO_ACCOUNTS.find((account) => account.username === user.username)!.group)!,
  }));
  if (memberships.length > 0) await db.insertInto('user_groups').values(memberships).execute();
  return created.length;
}
