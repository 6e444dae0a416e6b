import { sql, type RawBuilder } from 'kysely';
import type { Language } from '../../shared/constants';
import type { LocalisedName } from '../../shared/localised-name';
import { foldedSql } from './accent-folding';

// Queries that join a council, commission or service select its three names under one prefix
// (`councils.name_en as council_name_en`, …); this gathers them back into the contract's shape.
// A left join's missing row gives empty names, which the screens never show (its id is null).

type PrefixedNames<Prefix extends string> = Record<`${Prefix}_en` | `${Prefix}_sq` | `${Prefix}_sr`, string | null>;

export function namesFrom<Prefix extends string>(row: PrefixedNames<Prefix>, prefix: Prefix): LocalisedName {
  return { name_en: row[`${prefix}_en`] ?? '', name_sq: row[`${prefix}_sq`] ?? '', name_sr: row[`${prefix}_sr`] ?? '' };
}

/** The name `table` shows a reader of `language` (English where not translated), for ordering lists. */
export function nameInSql(table: 'councils' | 'expert_commissions' | 'services' | 'national_qualifications', language: Language): RawBuilder<string> {
  return sql<string>`coalesce(nullif(${sql.ref(`${table}.name_${language}`)}, ''), ${sql.ref(`${table}.name_en`)})`;
}

/** `table`'s three names as one folded text, for a search that finds a name in any language. */
export function foldedNamesSql(table: 'councils' | 'expert_commissions' | 'services' | 'national_qualifications'): RawBuilder<unknown> {
  return foldedSql(sql`${sql.ref(`${table}.name_en`)} || ' ' || ${sql.ref(`${table}.name_sq`)} || ' ' || ${sql.ref(`${table}.name_sr`)}`);
}
