import { DEMO_ACCOUNTS } from '../../../src/server/db/demo-accounts';
import { DEFAULT_GROUP_PERMISSIONS } from '../../../src/shared/auth/permissions';
import { makeUser } from './fixtures';

// Each demo account as GET /api/auth/user/ describes it after the seed (src/server/db/seed.ts):
// its one group and that group's default permissions, read from the same catalogue the seed uses,
// so a change to a group's defaults reaches these tests without a copy to update.

export const DEMO_USERS = Object.fromEntries(
  DEMO_ACCOUNTS.map((account) => [
    account.username,
    makeUser({
      username: account.username,
      first_name: account.first_name,
      last_name: account.last_name,
      full_name: `${account.first_name} ${account.last_name}`,
      is_superuser: account.is_superuser,
      is_staff: account.is_staff,
      groups: [account.group],
      permissions: [...DEFAULT_GROUP_PERMISSIONS[account.group]],
    }),
  ]),
);

export const DEMO_USERNAMES = DEMO_ACCOUNTS.map((account) => account.username);
