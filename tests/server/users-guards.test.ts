import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { USER_MESSAGES, userDetail, type UserDetail } from '../../src/shared/api/users';
import { GROUPS } from '../../src/shared/auth/permissions';
import { adminChangeRefusal } from '../../src/server/modules/users/user-guards';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The last active administrator (spec §2 "Users"): with exactly two administrators left,
// each deactivating the other at the same moment must not leave none. The guard serialises such
// changes with a lock and judges from what is committed after taking it.

let server: ServerFixture;
let adminId: number;
let naricAdminId: number;

const idOf = async (username: string) => (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const isActive = async (id: number) => (await server.db.selectFrom('users').select('is_active').where('id', '=', id).executeTakeFirstOrThrow()).is_active;

async function detail(id: number): Promise<UserDetail> {
  const answer = await server.app.inject({ method: 'GET', url: `/api/users/${id}/`, headers: await server.authorization('admin') });
  return userDetail.parse(answer.json());
}

const deactivation = (user: UserDetail) => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  username: user.username,
  gender: user.gender,
  groups: user.groups,
  is_active: false,
  email_verified: user.email_verified,
  two_factor_required: user.two_factor_required,
  version: user.version,
});

beforeAll(async () => {
  server = await createServerFixture();
  adminId = await idOf('admin');
  naricAdminId = await idOf('naric.admin');
});
afterAll(async () => server?.close());

beforeEach(async () => {
  // Exactly two active administrators: `admin` (superuser) and `naric.admin` (NARIC Administrators).
  await server.db
    .updateTable('users')
    .set({ is_active: false })
    .where('id', 'not in', [adminId, naricAdminId])
    .where((eb) =>
      eb.or([
        eb('is_superuser', '=', true),
        eb.exists(
          eb
            .selectFrom('user_groups as ug')
            .innerJoin('groups as g', 'g.id', 'ug.group_id')
            .select('ug.user_id')
            .whereRef('ug.user_id', '=', 'users.id')
            .where('g.name', 'in', [GROUPS.administrators, GROUPS.naricAdministrators]),
        ),
      ]),
    )
    .execute();
  await server.db.updateTable('users').set({ is_active: true }).where('id', 'in', [adminId, naricAdminId]).execute();
});

describe('the last two administrators', () => {
  it('deactivating each other at once over the API: exactly one succeeds', async () => {
    // Two administrators of the same rank: only a superuser may deactivate a superuser, so for
    // this race `admin` is an administrator by its group alone.
    await server.db.updateTable('users').set({ is_superuser: false }).where('id', '=', adminId).execute();
    onTestFinished(async () => {
      await server.db.updateTable('users').set({ is_superuser: true }).where('id', '=', adminId).execute();
    });
    const [admin, naricAdmin] = [await detail(adminId), await detail(naricAdminId)];
    const answers = await Promise.all([
      server.app.inject({ method: 'PATCH', url: `/api/users/${naricAdminId}/`, headers: await server.authorization('admin'), payload: deactivation(naricAdmin) }),
      server.app.inject({ method: 'PATCH', url: `/api/users/${adminId}/`, headers: await server.authorization('naric.admin'), payload: deactivation(admin) }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The other is refused: the last administrator (409), or its author was deactivated first (401).
    const refused = answers.find((answer) => answer.statusCode !== 200)!;
    expect([401, 409]).toContain(refused.statusCode);
    if (refused.statusCode === 409) expect(refused.json().detail).toBe(USER_MESSAGES.lastAdministrator);
    expect([await isActive(adminId), await isActive(naricAdminId)].filter(Boolean)).toHaveLength(1);
  });

  it('two transactions judging at once: the second waits for the first and refuses', async () => {
    let firstHoldsLock!: () => void;
    const locked = new Promise<void>((resolve) => (firstHoldsLock = resolve));
    let secondStarted = false;
    let secondJudgedBeforeCommit = false;
    let committed = false;

    const first = server.db.transaction().execute(async (trx) => {
      const refusals = await adminChangeRefusal(trx, { id: adminId }, [{ userId: naricAdminId, active: false }]);
      expect(refusals.size).toBe(0);
      firstHoldsLock();
      // Give the second transaction time to reach the lock and wait on it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondStarted).toBe(true);
      await trx.updateTable('users').set({ is_active: false }).where('id', '=', naricAdminId).execute();
      committed = true;
    });
    await locked;
    const second = server.db.transaction().execute(async (trx) => {
      secondStarted = true;
      const refusals = await adminChangeRefusal(trx, { id: naricAdminId }, [{ userId: adminId, active: false }]);
      secondJudgedBeforeCommit = !committed;
      if (refusals.size === 0) await trx.updateTable('users').set({ is_active: false }).where('id', '=', adminId).execute();
      return refusals;
    });
    const [, refusals] = await Promise.all([first, second]);
    expect(secondJudgedBeforeCommit).toBe(false);
    expect([...refusals]).toEqual([[adminId, 'last_administrator']]);
    expect(await isActive(adminId)).toBe(true);
    expect(await isActive(naricAdminId)).toBe(false);
  });
});

describe('many changes judged in order (bulk)', () => {
  it('refuses the actor’s own deactivation and keeps one administrator, whatever the order', async () => {
    const refusals = await server.db.transaction().execute((trx) =>
      adminChangeRefusal(trx, { id: adminId }, [
        { userId: naricAdminId, active: false },
        { userId: adminId, active: false },
      ]),
    );
    expect([...refusals]).toEqual([[adminId, 'self']]);
  });

  it('a demotion that would leave no active administrator is refused; one leaving another is not', async () => {
    // admin loses superuser for this case: the administrators are then both group members.
    await server.db.updateTable('users').set({ is_superuser: false }).where('id', '=', adminId).execute();
    try {
      const naric = await server.db.transaction().execute((trx) =>
        adminChangeRefusal(trx, { id: adminId }, [{ userId: naricAdminId, groups: [GROUPS.naricOfficers] }]),
      );
      expect(naric.size).toBe(0);
      // Taking naric.admin away and then (as naric.admin's own change would) admin: the second leaves none.
      const both = await server.db.transaction().execute((trx) =>
        adminChangeRefusal(trx, { id: naricAdminId }, [
          { userId: adminId, groups: [] },
          { userId: naricAdminId, active: true, groups: [GROUPS.naricAdministrators] },
        ]),
      );
      expect(both.size).toBe(0);
      const lastOne = await server.db.transaction().execute((trx) =>
        adminChangeRefusal(trx, { id: 999_999 }, [
          { userId: adminId, active: false },
          { userId: naricAdminId, active: false },
        ]),
      );
      expect([...lastOne]).toEqual([[naricAdminId, 'last_administrator']]);
    } finally {
      await server.db.updateTable('users').set({ is_superuser: true }).where('id', '=', adminId).execute();
    }
  });

  it('a superuser removing their own administrator groups keeps their rights: no refusal', async () => {
    const refusals = await server.db.transaction().execute((trx) => adminChangeRefusal(trx, { id: adminId }, [{ userId: adminId, groups: [] }]));
    expect(refusals.size).toBe(0);
    const answer = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${naricAdminId}/roles/`,
      headers: await server.authorization('naric.admin'),
      payload: { groups: [], version: (await detail(naricAdminId)).version },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe(USER_MESSAGES.selfDemote);
  });
});
