import { sql, type RawBuilder } from 'kysely';

// How a person (a row of `users`) is named wherever a list or a record shows who did something:
// "First Last", or the username when the account has no name (service accounts, directory
// accounts before their first sync). One rule, in SQL for queries and in JavaScript for rows
// already read, so a name reads the same on every screen.

const column = (alias: string | undefined, name: string) => sql.ref(alias === undefined ? name : `${alias}.${name}`);

/** "First Last" of the users row under `alias` (unqualified columns without one); null when both are blank. */
export const fullNameSql = (alias?: string): RawBuilder<string | null> =>
  sql<string | null>`nullif(trim(${column(alias, 'first_name')} || ' ' || ${column(alias, 'last_name')}), '')`;

/** "First Last", else the username, of the users row under `alias` (type it `<string | null>` when the row is left-joined). */
export const displayNameSql = <T extends string | null = string>(alias?: string): RawBuilder<T> =>
  sql<T>`coalesce(${fullNameSql(alias)}, ${column(alias, 'username')})`;

/** The same rule for a row already read: "First Last", else the username, else ''. */
export function displayName(firstName: string | null, lastName: string | null, username?: string | null): string {
  return `${firstName ?? ''} ${lastName ?? ''}`.trim() || (username ?? '');
}
