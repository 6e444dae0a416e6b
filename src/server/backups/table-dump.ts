import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';

// A logical copy of every table that reads back exactly, on PGlite and on PostgreSQL alike: each
// row travels as its own record literal (`t::text`), which is PostgreSQL's canonical text form of
// every type (numbers, timestamps with their offset, bytea, JSON, arrays), and comes back through
// a cast to the table's row type. A binary data-folder copy (PGlite's dumpDataDir) would only
// restore onto the same engine and version; this one also moves a desktop's data to a server.
//
// Session settings that shape the text are fixed on both sides so one dump reads the same
// anywhere. The migrator's own tables stay out: the schema version travels in the manifest and
// the migrator rebuilds its bookkeeping when the restore migrates to that version.

const SKIPPED_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
const ROWS_PER_READ = 5000;
const ROWS_PER_WRITE = 2000;

type Executor = AppDatabase | Transaction<Database>;

export interface TableShape {
  name: string;
  /** Columns a row is inserted with (generated ones are computed again). */
  columns: string[];
}

/** Fixes the text form of values for the rest of the transaction. */
export async function fixTextSettings(trx: Transaction<Database>): Promise<void> {
  await sql`set local timezone = 'UTC'`.execute(trx);
  await sql`set local datestyle = 'ISO, YMD'`.execute(trx);
  await sql`set local intervalstyle = 'postgres'`.execute(trx);
  await sql`set local extra_float_digits = 1`.execute(trx);
}

const ident = (name: string) => sql.id(name);

/** The public schema's tables, by name. */
export async function tableShapes(db: Executor): Promise<TableShape[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.relname as table_name, a.attname as column_name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attgenerated = ''
    order by c.relname, a.attnum`.execute(db);
  const shapes = new Map<string, TableShape>();
  for (const row of columns) {
    if (SKIPPED_TABLES.has(row.table_name)) continue;
    const shape = shapes.get(row.table_name) ?? { name: row.table_name, columns: [] };
    shape.columns.push(row.column_name);
    shapes.set(row.table_name, shape);
  }
  return [...shapes.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

async function foreignKeys(trx: Transaction<Database>): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = 'public' order by c.relname, k.conname`.execute(trx);
  return rows;
}

/**
 * Runs `load` with the foreign keys taken off and put back after: the tables' keys form cycles
 * (a payment and its receipt document point at each other), so no table order loads them one by
 * one. Putting a key back checks every row against it, so a copy that breaks one still fails.
 * Dropping and adding constraints needs only ownership of the tables, unlike turning
 * PostgreSQL's foreign-key triggers off (superuser).
 */
export async function withoutForeignKeys<T>(trx: Transaction<Database>, load: () => Promise<T>): Promise<T> {
  const keys = await foreignKeys(trx);
  for (const key of keys) await sql`alter table ${ident(key.table)} drop constraint ${ident(key.name)}`.execute(trx);
  const result = await load();
  for (const key of keys) await sql`alter table ${ident(key.table)} add constraint ${ident(key.name)} ${sql.raw(key.definition)}`.execute(trx);
  return result;
}

export interface SequenceValue {
  name: string;
  /** null: never used (the next value is its start). */
  last_value: number | null;
}

export async function sequenceValues(db: Executor): Promise<SequenceValue[]> {
  const { rows } = await sql<{ name: string; last_value: string | number | null }>`
    select sequencename as name, last_value from pg_sequences where schemaname = 'public' order by sequencename`.execute(db);
  return rows.map((row) => ({ name: row.name, last_value: row.last_value === null ? null : Number(row.last_value) }));
}

/** The newest migration the database has run, or null for an empty one. */
export async function schemaVersion(db: Executor): Promise<string | null> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
    return rows[0]?.name ?? null;
  } catch {
    return null;
  }
}

/** Every row of `table` as its record literal, read in slices along the physical order. */
export async function* tableRows(trx: Transaction<Database>, table: string): AsyncIterable<string[]> {
  let after = '(0,0)';
  for (;;) {
    const { rows } = await sql<{ position: string; row: string }>`
      select ctid::text as position, t::text as row from ${ident(table)} t
      where ctid > ${after}::tid order by ctid limit ${ROWS_PER_READ}`.execute(trx);
    if (rows.length === 0) return;
    yield rows.map((row) => row.row);
    after = rows[rows.length - 1]!.position;
    if (rows.length < ROWS_PER_READ) return;
  }
}

/** One line of a table file: the record literal as a JSON string. */
export const rowLine = (row: string) => `${JSON.stringify(row)}\n`;

export interface DumpedTable {
  name: string;
  rows: number;
  bytes: number;
  sha256: string;
}

/** Writes a table's rows through `write` as lines; returns their count, size and hash. */
export async function dumpTable(trx: Transaction<Database>, table: string, write: (chunk: Buffer) => Promise<void>): Promise<DumpedTable> {
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  for await (const slice of tableRows(trx, table)) {
    const chunk = Buffer.from(slice.map(rowLine).join(''), 'utf8');
    hash.update(chunk);
    rows += slice.length;
    bytes += chunk.length;
    await write(chunk);
  }
  return { name: table, rows, bytes, sha256: hash.digest('hex') };
}

/** Empties every table (a restore replaces everything, ids included). */
export async function emptyTables(trx: Transaction<Database>, shapes: readonly TableShape[]): Promise<void> {
  if (shapes.length === 0) return;
  await sql`truncate ${sql.join(shapes.map((shape) => ident(shape.name)))} restart identity cascade`.execute(trx);
}

/**
 * Inserts rows given as record literals. The table's own triggers are off meanwhile: they would
 * recompute what the copy already holds.
 */
export async function loadTable(trx: Transaction<Database>, shape: TableShape, rows: AsyncIterable<string>): Promise<number> {
  const columns = sql.join(shape.columns.map((column) => ident(column)));
  const fields = sql.join(shape.columns.map((column) => sql`(r).${ident(column)}`));
  await sql`alter table ${ident(shape.name)} disable trigger user`.execute(trx);
  let count = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await sql`insert into ${ident(shape.name)} (${columns}) overriding system value
      select ${fields} from (select x::${ident(shape.name)} as r from unnest(${batch}::text[]) with ordinality as u(x, n) order by n) s`.execute(trx);
    count += batch.length;
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= ROWS_PER_WRITE) await flush();
  }
  await flush();
  await sql`alter table ${ident(shape.name)} enable trigger user`.execute(trx);
  return count;
}

export async function restoreSequences(trx: Transaction<Database>, sequences: readonly SequenceValue[]): Promise<void> {
  for (const sequence of sequences) {
    if (sequence.last_value === null) await sql`select setval(${sequence.name}::regclass, 1, false)`.execute(trx);
    else await sql`select setval(${sequence.name}::regclass, ${sequence.last_value}::bigint, true)`.execute(trx);
  }
}
