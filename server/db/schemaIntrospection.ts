/**
 * What a table looks like in the database: its columns (with their defaults, which Kysely's
 * introspector does not give) and its indexes. The catalogue queries differ by dialect and live
 * here only; names are the stored (snake_case) ones.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './database';

export interface ColumnShape {
  name: string;
  type: string;
  isNullable: boolean;
  /** The default as the database writes it back (e.g. `'S'` or `0`), null without one. */
  defaultValue: string | null;
}

export interface IndexShape {
  name: string;
  /** In index order; an expression is `(expression)`. */
  columns: string[];
  isUnique: boolean;
}

function raw(handle: DatabaseHandle): Kysely<unknown> {
  // Without the CamelCasePlugin: the catalogues answer snake_case names that must stay as they are.
  return handle.db.withoutPlugins() as unknown as Kysely<unknown>;
}

export async function tableColumns(handle: DatabaseHandle, table: string): Promise<ColumnShape[]> {
  const db = raw(handle);
  if (handle.dialect === 'postgres') {
    const { rows } = await sql<{ name: string; type: string; length: number | null; nullable: string; dflt: string | null }>`
      select column_name as name, data_type as type, character_maximum_length as length, is_nullable as nullable, column_default as dflt
      from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
    return rows
      .map((r) => ({ name: r.name, type: r.length ? `${r.type}(${r.length})` : r.type, isNullable: r.nullable === 'YES', defaultValue: r.dflt }))
      .sort(byName);
  }
  const { rows } = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
    select name, type, "notnull", dflt_value, pk from pragma_table_info(${table})`.execute(db);
  // SQLite lets an integer primary key hold null in its catalogue; it never does.
  return rows.map((r) => ({ name: r.name, type: r.type.toLowerCase(), isNullable: r.notnull === 0 && r.pk === 0, defaultValue: r.dflt_value })).sort(byName);
}

export async function tableIndexes(handle: DatabaseHandle, table: string): Promise<IndexShape[]> {
  const db = raw(handle);
  if (handle.dialect === 'postgres') {
    const { rows } = await sql<{ name: string; is_unique: boolean; column_name: string | null }>`
      select i.relname as name, ix.indisunique as is_unique, a.attname as column_name
      from pg_index ix
      join pg_class t on t.oid = ix.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_class i on i.oid = ix.indexrelid
      cross join lateral unnest(ix.indkey::int2[]) with ordinality as k(attnum, ord)
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum and k.attnum > 0
      where n.nspname = current_schema() and t.relname = ${table}
      order by i.relname, k.ord`.execute(db);
    const indexes = new Map<string, IndexShape>();
    for (const row of rows) {
      const index = indexes.get(row.name) ?? { name: row.name, columns: [], isUnique: row.is_unique };
      index.columns.push(row.column_name ?? '(expression)');
      indexes.set(row.name, index);
    }
    return [...indexes.values()].sort(byName);
  }
  const { rows } = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list(${table})`.execute(db);
  const indexes: IndexShape[] = [];
  for (const row of rows) {
    const { rows: columns } = await sql<{ name: string | null }>`select name from pragma_index_info(${row.name}) order by seqno`.execute(db);
    indexes.push({ name: row.name, columns: columns.map((c) => c.name ?? '(expression)'), isUnique: row.unique === 1 });
  }
  return indexes.sort(byName);
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
