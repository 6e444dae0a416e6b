import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type NaricApp } from '../../src/server/app';
import { requirePermission, requireUser, signAccessToken } from '../../src/server/auth-context';
import { openPostgres, type AppDatabase } from '../../src/server/db/database';
import { GROUPS } from '../../src/shared/auth/permissions';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The signed-in user is kept per instance (signed-in-users.ts); a deactivation or a withdrawn
// permission must still be refused on the very next request, on the instance that made the change
// and on another one on the same PostgreSQL database. The change is written from a third
// connection, as another instance or a job would.

function guardedRoutes(app: NaricApp) {
  app.register(
    async (scope) => {
      scope.get('/whoami/', { preHandler: requireUser() }, async () => ({ ok: true }));
      scope.get('/decide/', { preHandler: requirePermission('applications.decide_application') }, async () => ({ ok: true }));
    },
    { prefix: '/api' },
  );
}

describe('the signed-in user kept per instance', () => {
  let server: ServerFixture;
  let other: NaricApp | null = null;
  let otherDb: AppDatabase | null = null;
  let writer: AppDatabase;
  let authorization: { authorization: string };
  let userId: number;

  beforeAll(async () => {
    server = await createServerFixture();
    guardedRoutes(server.app);
    const { databaseUrl } = server.config;
    // PGlite is one process's database: the second instance exists only on PostgreSQL.
    if (databaseUrl) {
      otherDb = openPostgres(databaseUrl);
      other = buildApp({ db: otherDb, config: server.config, storage: server.storage });
      guardedRoutes(other);
      writer = openPostgres(databaseUrl);
    } else {
      writer = server.db;
    }
    userId = (await server.db.selectFrom('users').select('id').where('username', '=', 'agency').executeTakeFirstOrThrow()).id;
    authorization = { authorization: `Bearer ${await signAccessToken(server.config, userId)}` };
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.destroy();
    if (writer !== server.db) await writer.destroy();
    await server.close();
  });

  const instances = () => [server.app, ...(other ? [other] : [])];
  const statuses = async (url: string) =>
    Promise.all(instances().map(async (app) => (await app.inject({ url, headers: authorization })).statusCode));
  const expectEverywhere = async (url: string, status: number) => {
    // Twice: the first answer may read the database, the second comes from what was kept.
    expect(await statuses(url)).toEqual(instances().map(() => status));
    expect(await statuses(url)).toEqual(instances().map(() => status));
  };

  it('a deactivation refuses the next request on every instance, a reactivation admits it again', async () => {
    await expectEverywhere('/api/whoami/', 200);
    await writer.updateTable('users').set({ is_active: false }).where('id', '=', userId).execute();
    await expectEverywhere('/api/whoami/', 401);
    for (const app of instances()) expect((await app.inject({ url: '/api/whoami/', headers: authorization })).json()).toMatchObject({ code: 'account_inactive' });
    await writer.updateTable('users').set({ is_active: true }).where('id', '=', userId).execute();
    await expectEverywhere('/api/whoami/', 200);
  });

  it("a permission withdrawn from the user's group, or the group from the user, is refused on the next request", async () => {
    const group = await writer.selectFrom('groups').select('id').where('name', '=', GROUPS.agencyOfficers).executeTakeFirstOrThrow();
    const permission = await writer
      .selectFrom('permissions')
      .select('id')
      .where('app_label', '=', 'applications')
      .where('codename', '=', 'decide_application')
      .executeTakeFirstOrThrow();
    await expectEverywhere('/api/decide/', 200);

    await writer.deleteFrom('group_permissions').where('group_id', '=', group.id).where('permission_id', '=', permission.id).execute();
    await expectEverywhere('/api/decide/', 403);
    await writer.insertInto('group_permissions').values({ group_id: group.id, permission_id: permission.id }).execute();
    await expectEverywhere('/api/decide/', 200);

    await writer.deleteFrom('user_groups').where('user_id', '=', userId).where('group_id', '=', group.id).execute();
    await expectEverywhere('/api/decide/', 403);
    await writer.insertInto('user_groups').values({ user_id: userId, group_id: group.id }).execute();
    await expectEverywhere('/api/decide/', 200);
  });
});
