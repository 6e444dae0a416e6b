import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

// The Kysely types (db/schema.ts, and db/auth-tables.ts for the auth module's tables) against the
// migrated database: a column a migration adds but the types lack is invisible to the queries, and
// a column the types name that no migration made fails only when a query first touches it. The
// types are read with the TypeScript compiler, the database from information_schema.

const TYPE_SOURCES = [
  { file: fileURLToPath(new URL('../../src/server/db/schema.ts', import.meta.url)), name: 'Database' },
  { file: fileURLToPath(new URL('../../src/server/db/auth-tables.ts', import.meta.url)), name: 'AuthTables' },
];

/** Kysely's own bookkeeping, not the application's tables. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

type Kind = 'number' | 'string' | 'boolean' | 'date' | 'bytes' | 'array' | 'object' | 'unknown';

interface DeclaredColumn {
  kinds: Set<Kind>;
  nullable: boolean;
  /** How the type reads, for the failure message. */
  text: string;
}

/** What a database type is read as (database.ts sets int8 to number, numeric and date to text). */
const READ_AS: Readonly<Record<string, ReadonlySet<Kind>>> = {
  smallint: new Set(['number']),
  integer: new Set(['number']),
  bigint: new Set(['number']),
  numeric: new Set(['string']),
  text: new Set(['string']),
  'character varying': new Set(['string']),
  character: new Set(['string']),
  uuid: new Set(['string']),
  date: new Set(['string']),
  'timestamp with time zone': new Set(['date']),
  boolean: new Set(['boolean']),
  bytea: new Set(['bytes']),
  ARRAY: new Set(['array']),
  // A full-text vector reads as its text form ('word':1 …); the code only searches it.
  tsvector: new Set(['string']),
  // JSON holds any shape; the types say which one the code writes.
  jsonb: new Set(['object', 'array', 'string', 'number', 'boolean', 'unknown']),
};

const members = (type: ts.Type): readonly ts.Type[] => (type.isUnion() ? type.types : [type]);

/** What a column reads as: Kysely keeps it in ColumnType's `__select__` (Generated too), member by member of a union (`Timestamp | null`). */
function selectedMembers(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): ts.Type[] {
  return members(type).flatMap((member) => {
    const selected = member.getProperty('__select__');
    return selected ? members(checker.getTypeOfSymbolAtLocation(selected, at)) : [member];
  });
}

function kindsOf(checker: ts.TypeChecker, types: readonly ts.Type[]): { kinds: Set<Kind>; nullable: boolean } {
  const kinds = new Set<Kind>();
  let nullable = false;
  for (const member of types) {
    const flags = member.getFlags();
    if (flags & ts.TypeFlags.Null) nullable = true;
    else if (flags & ts.TypeFlags.Undefined) continue;
    else if (flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) kinds.add('unknown');
    else if (flags & ts.TypeFlags.NumberLike) kinds.add('number');
    else if (flags & ts.TypeFlags.StringLike) kinds.add('string');
    else if (flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
    else if (checker.isArrayType(member) || checker.isTupleType(member)) kinds.add('array');
    else {
      const name = member.getSymbol()?.getName();
      kinds.add(name === 'Date' ? 'date' : name === 'Buffer' || name === 'Uint8Array' ? 'bytes' : 'object');
    }
  }
  return { kinds, nullable };
}

/** Every table and column the types declare, each column as its select type reads it. */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const program = ts.createProgram(
    TYPE_SOURCES.map((source) => source.file),
    { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, resolveJsonModule: true, types: ['node'] },
  );
  const checker = program.getTypeChecker();
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const source of TYPE_SOURCES) {
    const file = program.getSourceFile(source.file);
    const declaration = file?.statements.find(
      (statement): statement is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
        (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name.text === source.name,
    );
    if (!declaration) throw new Error(`${source.name} is not declared in ${source.file}`);
    for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(declaration.name))) {
      const columns = new Map<string, DeclaredColumn>();
      for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbolAtLocation(table, declaration))) {
        const declared = checker.getTypeOfSymbolAtLocation(column, declaration);
        columns.set(column.getName(), { ...kindsOf(checker, selectedMembers(checker, declared, declaration)), text: checker.typeToString(declared) });
      }
      tables.set(table.getName(), columns);
    }
  }
  return tables;
}

interface DatabaseColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

describe('db/schema.ts and the migrated database', () => {
  let database: TestDatabase;
  let actual: Map<string, Map<string, DatabaseColumn>>;
  let declared: Map<string, Map<string, DeclaredColumn>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { rows } = await sql<DatabaseColumn>`
      select c.table_name, c.column_name, c.data_type, c.is_nullable, c.is_generated
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`.execute(database.db);
    actual = new Map();
    for (const row of rows) {
      if (MIGRATOR_TABLES.has(row.table_name)) continue;
      if (!actual.has(row.table_name)) actual.set(row.table_name, new Map());
      actual.get(row.table_name)!.set(row.column_name, row);
    }
    declared = declaredTables();
  }, 120_000);
  afterAll(() => database?.destroy());

  it('reads the types (a broken reading would compare nothing)', () => {
    expect(declared.get('users')?.get('username')).toMatchObject({ kinds: new Set(['string']), nullable: false });
    expect(declared.get('users')?.get('last_login')).toMatchObject({ kinds: new Set(['date']), nullable: true });
    expect(declared.get('refresh_tokens')?.get('user_id')).toMatchObject({ kinds: new Set(['number']), nullable: false });
    expect(actual.get('users')?.get('username')).toMatchObject({ data_type: 'text', is_nullable: 'NO' });
  });

  it('every table and column of the types exists, with a type and nullability that read alike', () => {
    const problems: string[] = [];
    for (const [table, columns] of declared) {
      const existing = actual.get(table);
      if (!existing) {
        problems.push(`${table}: no such table`);
        continue;
      }
      for (const [name, column] of columns) {
        const found = existing.get(name);
        if (!found) {
          problems.push(`${table}.${name}: no such column`);
          continue;
        }
        const allowed = READ_AS[found.data_type];
        if (!allowed) problems.push(`${table}.${name}: database type ${found.data_type} has no reading in this test`);
        else if ([...column.kinds].some((kind) => !allowed.has(kind))) problems.push(`${table}.${name}: ${found.data_type} typed as ${column.text}`);
        // `unknown` says nothing of null (it holds it), and information_schema lists a generated
        // column as nullable whatever its expression yields: neither is compared.
        const comparable = !column.kinds.has('unknown') && found.is_generated !== 'ALWAYS';
        if (comparable && column.nullable !== (found.is_nullable === 'YES')) {
          problems.push(`${table}.${name}: ${found.is_nullable === 'YES' ? 'nullable' : 'not null'} in the database, typed as ${column.text}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every table and column of the database is in the types', () => {
    const problems: string[] = [];
    for (const [table, columns] of actual) {
      const known = declared.get(table);
      if (!known) {
        problems.push(`${table}: table missing from db/schema.ts`);
        continue;
      }
      for (const name of columns.keys()) if (!known.has(name)) problems.push(`${table}.${name}: column missing from db/schema.ts`);
    }
    expect(problems).toEqual([]);
  });
});
