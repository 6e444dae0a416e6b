// Run by scripts/e2e-server.mjs (through tsx) before the server starts: migrates and seeds the
// e2e database as the server would, then adds the end-to-end tests' own accounts
// (tests/e2e/support/e2e-accounts.ts). The demo seed stays as it is; these accounts exist only
// in e2e databases.
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedDatabase } from '../src/server/db/seed';
import { createPasswordHasher } from '../src/server/password-hashing';
import { openDocumentStorage } from '../src/server/storage/open-storage';
import { createSecretBox } from '../src/server/modules/auth/secret-box';
import { createRandom, generateApplication } from '../src/server/db/application-generator';
import { insertApplications, loadServiceContext } from '../src/server/db/application-loader';
import { scriptedApplication } from '../src/server/db/demo-applications';
import { allE2eAccounts, E2E_PASSWORD, NEWS_WRITER_PURPOSE } from '../tests/e2e/support/e2e-accounts';
import { allE2eApplications } from '../tests/e2e/support/e2e-applications';
import { E2E_LEGAL_REASONS, E2E_NATIONAL_QUALIFICATIONS } from '../tests/e2e/support/e2e-decision-references';

const GROUP = 'NARIC Officers';

const config = loadConfig();
const db = await openDatabase(config);
try {
  const hasher = createPasswordHasher();
  await migrateToLatest(db);
  // The server's own storage (same config): the demo documents' PDFs are written at this first seed.
  const storage = await openDocumentStorage(config);
  await seedDatabase(db, { demo: config.demo, hashPassword: hasher.hash, storage });

  // The same secret key as the server (loadConfig keeps it in the data folder), so the server can
  // open the sealed TOTP secrets.
  const box = createSecretBox(config.jwtSecret);
  // One Argon2id hash for every account: they share the password, and hashing is slow on purpose.
  const passwordHash = await hasher.hash(E2E_PASSWORD);
  const accounts = allE2eAccounts();
  const created = await db
    .insertInto('users')
    .values(
      accounts.map((account) => ({
        username: account.username,
        email: `${account.username}@e2e.naric.example`,
        password_hash: passwordHash,
        first_name: account.firstName,
        last_name: account.lastName,
        is_staff: true,
        email_verified: true,
        two_factor_enabled: account.totpSecret !== null,
        two_factor_method: account.totpSecret === null ? null : 'totp',
        two_factor_secret: account.totpSecret === null ? null : box.seal(account.totpSecret),
        two_factor_required: account.twoFactorRequired,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .returning(['id', 'username'])
    .execute();
  const group = await db.selectFrom('groups').select('id').where('name', '=', GROUP).executeTakeFirstOrThrow();
  if (created.length > 0) {
    await db
      .insertInto('user_groups')
      .values(created.map((user) => ({ user_id: user.id, group_id: group.id })))
      .execute();
  }
  // The news writers may write news but not publish it (their changes to a published article await approval).
  const writers = created.filter((user) => user.username.startsWith(`e2e.${NEWS_WRITER_PURPOSE}.`));
  if (writers.length > 0) {
    const news = await db.selectFrom('permissions').select('id').where('app_label', '=', 'news').where('codename', 'in', ['view_news', 'change_news']).execute();
    await db
      .insertInto('user_permissions')
      .values(writers.flatMap((user) => news.map((permission) => ({ user_id: user.id, permission_id: permission.id }))))
      .execute();
  }
  console.info(`e2e accounts: ${created.length} created, ${accounts.length - created.length} already there`);

  const fixtures = allE2eApplications();
  const present = await db.selectFrom('applications').select('reference').where('reference', 'in', fixtures.map((f) => f.reference)).execute();
  const missing = fixtures.filter((fixture) => !present.some((row) => row.reference === fixture.reference));
  if (missing.length > 0) {
    const now = new Date();
    const { serviceIds, fees, policies } = await loadServiceContext(db);
    const random = createRandom(95_000);
    const applications = missing.map((fixture, index) => {
      const base = generateApplication(random, 950_000 + index, { seed: 95_000, now, policies });
      return { ...scriptedApplication(base, fixture, policies[fixture.service], now), assigned: false };
    });
    await insertApplications(db, applications, { serviceIds, fees, officers: [], councils: [], files: { storage, written: [] } });
  }
  console.info(`e2e applications: ${missing.length} created, ${fixtures.length - missing.length} already there`);

  // What the e2e recognition decisions cite (once: the articles are unique, the names looked up).
  await db.insertInto('legal_reasons').values(E2E_LEGAL_REASONS.map((reason) => ({ ...reason, services: [...reason.services], outcomes: [...reason.outcomes] }))).onConflict((conflict) => conflict.doNothing()).execute();
  const known = await db.selectFrom('national_qualifications').select('name_en').where('name_en', 'in', E2E_NATIONAL_QUALIFICATIONS.map((q) => q.name_en)).execute();
  const newQualifications = E2E_NATIONAL_QUALIFICATIONS.filter((q) => !known.some((row) => row.name_en === q.name_en));
  if (newQualifications.length > 0) await db.insertInto('national_qualifications').values(newQualifications).execute();
} finally {
  await db.destroy();
}
