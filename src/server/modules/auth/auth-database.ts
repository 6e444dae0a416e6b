import type { Kysely, Transaction } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import type { AuthTables } from '../../db/auth-tables';

export type AuthSchema = Database & AuthTables;
export type AuthDatabase = Kysely<AuthSchema>;
export type AuthTransaction = Transaction<AuthSchema>;

/** The app's database seen with the auth tables of migration 0002 as well. */
export function authDatabase(db: AppDatabase): AuthDatabase {
  return db.withTables<AuthTables>();
}
