/**
 * PostgreSQL: the audit log, the login log and `traffic_hour` become tables range-partitioned by
 * month on their time column (../partitions.ts), so retention drops whole months instead of
 * deleting rows. SQLite: nothing (retention deletes in small batches there: server/audit/retention.ts).
 *
 * Per table: renamed aside, a partitioned table made like it, a partition per month holding rows,
 * the rows copied, the id sequence handed over (ids keep rising), the old table dropped; then its
 * primary key (with the partition key added when it lacks it: PostgreSQL requires it of a unique
 * index on a partitioned table) and EVERY other index it had when this ran, read from pg_indexes,
 * so indexes added by migrations numbered before this one come along without being named here.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { addMonths, ensureMonths, monthOf, PARTITIONED_TABLES, type PartitionedTable } from '../partitions';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `create unique index … (a, b)` with `column` added to its key columns (balanced parentheses after USING). */
export function withKeyColumn(definition: string, column: string): string {
  const using = /\sUSING\s+\w+\s*\(/i.exec(definition);
  if (!using) throw new Error(`Cannot read the columns of: ${definition}`);
  const open = using.index + using[0].length - 1;
  let depth = 0;
  for (let i = open; i < definition.length; i++) {
    if (definition[i] === '(') depth++;
    else if (definition[i] === ')' && --depth === 0) return `${definition.slice(0, i)}, ${quote(column)}${definition.slice(i)}`;
  }
  throw new Error(`Cannot read the columns of: ${definition}`);
}

/** A text[] as the driver answers it: an array, or its literal `{a,b}`. */
const names = (value: string[] | string): string[] => (Array.isArray(value) ? value : value.replace(/^\{|\}$/g, '').split(',').filter(Boolean));

interface IndexRow {
  name: string;
  definition: string;
  isUnique: boolean;
  isPrimary: boolean;
  columns: string[] | string;
}

async function partition(db: Kysely<unknown>, table: PartitionedTable): Promise<void> {
  const aside = `${table.name}_unpartitioned`;
  const { rows: indexes } = await sql<IndexRow>`
    select ic.relname as name, pg_get_indexdef(x.indexrelid) as definition, x.indisunique as "isUnique", x.indisprimary as "isPrimary",
      array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n) join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n) as columns
    from pg_index x join pg_class ic on ic.oid = x.indexrelid
    where x.indrelid = to_regclass(${table.name})
    order by ic.relname`.execute(db);
  const { rows: constraints } = await sql<{ name: string; definition: string }>`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = to_regclass(${table.name}) and contype = 'p'`.execute(db);
  const { rows: sequences } = await sql<{ sequence: string | null }>`
    select pg_get_serial_sequence(${table.name}, 'id') as sequence from pg_attribute where attrelid = to_regclass(${table.name}) and attname = 'id'`.execute(db);
  const sequence = sequences[0]?.sequence ?? null;
  const primary = constraints[0];

  await sql.raw(`alter table ${quote(table.name)} rename to ${quote(aside)}`).execute(db);
  await sql
    .raw(`create table ${quote(table.name)} (like ${quote(aside)} including defaults including constraints including storage including comments) partition by range (${quote(table.column)})`)
    .execute(db);
  const column = sql.raw(quote(table.column));
  // The months holding rows (a month of rows is one key range; reading distinct months, not keys).
  const monthExpression =
    table.key === 'hour'
      ? sql`(${column} / 10000)`
      : sql`(extract(year from to_timestamp(${column} / 1000.0) at time zone 'UTC') * 100 + extract(month from to_timestamp(${column} / 1000.0) at time zone 'UTC'))::bigint`;
  const { rows: months } = await sql<{ month: number }>`select distinct ${monthExpression} as month from ${sql.table(aside)}`.execute(db);
  // And the months around now (the server's start makes the rest: server/audit/retention.ts).
  const current = monthOf(PARTITIONED_TABLES[0]!, Date.now());
  await ensureMonths(db, table, [...months.map((r) => Number(r.month)), addMonths(current, -1), current, addMonths(current, 1)]);
  await sql.raw(`insert into ${quote(table.name)} select * from ${quote(aside)}`).execute(db);
  if (sequence) await sql.raw(`alter sequence ${sequence} owned by ${quote(table.name)}.id`).execute(db);
  await sql.raw(`drop table ${quote(aside)}`).execute(db);

  if (primary) {
    const columns = names(indexes.find((i) => i.isPrimary)?.columns ?? []);
    const list = [...columns, ...(columns.includes(table.column) ? [] : [table.column])];
    await sql.raw(`alter table ${quote(table.name)} add constraint ${quote(primary.name)} primary key (${list.map(quote).join(', ')})`).execute(db);
  }
  for (const index of indexes.filter((i) => !i.isPrimary)) {
    // Read before the rename, the definition names the table by the name the new one has again.
    const definition = index.isUnique && !names(index.columns).includes(table.column) ? withKeyColumn(index.definition, table.column) : index.definition;
    await sql.raw(definition).execute(db);
  }
  await sql.raw(`analyze ${quote(table.name)}`).execute(db);
}

export function logPartitions(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const table of PARTITIONED_TABLES) await partition(db, table);
    },
  };
}
