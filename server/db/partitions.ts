/**
 * PostgreSQL: the audit log, the login log and `traffic_hour` are range-partitioned by month
 * (migration 0029). A partition is `<table>_p<YYYYMM>` in its table's schema; there is no default
 * partition (see the README's "Retention without locks": a default partition holding rows would
 * block creating its month, and forbids DETACH ... CONCURRENTLY).
 *
 * Locks: a month is made as a plain table and ATTACHed (SHARE UPDATE EXCLUSIVE on the parent: reads
 * and writes go on), never CREATE TABLE ... PARTITION OF (ACCESS EXCLUSIVE). A month is dropped
 * after DETACH ... CONCURRENTLY, which waits for the readers of the month instead of blocking
 * everyone behind them.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

export type PartitionedTableName = 'audit_log' | 'login_log' | 'traffic_hour';

export interface PartitionedTable {
  name: PartitionedTableName;
  /** The partition key. */
  column: string;
  /** `instant`: epoch ms, months of UTC; `hour`: the YYYYMMDDHH calendar key of the statistics' zone. */
  key: 'instant' | 'hour';
}

export const PARTITIONED_TABLES: readonly PartitionedTable[] = [
  { name: 'audit_log', column: 'changed_at', key: 'instant' },
  { name: 'login_log', column: 'attempted_at', key: 'instant' },
  { name: 'traffic_hour', column: 'hour', key: 'hour' },
];

export function partitionedTable(name: PartitionedTableName): PartitionedTable {
  return PARTITIONED_TABLES.find((t) => t.name === name)!;
}

/** YYYYMM plus `count` months (negative: back). */
export function addMonths(month: number, count: number): number {
  const index = Math.floor(month / 100) * 12 + (month % 100) - 1 + count;
  return Math.floor(index / 12) * 100 + (index % 12) + 1;
}

/** The month (YYYYMM) a key value falls in. */
export function monthOf(table: PartitionedTable, value: number): number {
  if (table.key === 'hour') return Math.floor(value / 10_000);
  const date = new Date(value);
  return date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;
}

/** The month's bounds as key values: from (included) to (excluded). */
export function monthBounds(table: PartitionedTable, month: number): [number, number] {
  const next = addMonths(month, 1);
  if (table.key === 'hour') return [month * 10_000, next * 10_000];
  const start = (m: number) => Date.UTC(Math.floor(m / 100), (m % 100) - 1, 1);
  return [start(month), start(next)];
}

export const partitionName = (table: PartitionedTable, month: number) => `${table.name}_p${month}`;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface Partition {
  name: string;
  month: number;
  /** Left half-detached by an interrupted DETACH ... CONCURRENTLY. */
  detachPending: boolean;
}

/** The schema of the table the search path finds (tests run one schema per file). */
async function schemaOf(db: Kysely<unknown>, table: PartitionedTable): Promise<string> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = to_regclass(${table.name})`.execute(db);
  if (!rows[0]) throw new Error(`No table ${table.name} on the search path`);
  return rows[0].schema;
}

/** The table's monthly partitions (pg_inherits), oldest first; partitions not named by month are left out. */
export async function partitionsOf(db: Kysely<unknown>, table: PartitionedTable): Promise<Partition[]> {
  const { rows } = await sql<{ name: string; pending: boolean }>`
    select c.relname as name, i.inhdetachpending as pending
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${table.name})`.execute(db);
  const pattern = new RegExp(`^${table.name}_p(\\d{6})$`);
  return rows
    .flatMap((r) => {
      const match = pattern.exec(r.name);
      return match ? [{ name: r.name, month: Number(match[1]), detachPending: r.pending }] : [];
    })
    .sort((a, b) => a.month - b.month);
}

/** Servers sharing a database take turns making partitions (per schema and table). */
const PARTITION_LOCK = 742_029;

/**
 * Makes the months that have no partition yet. Each in a short transaction of its own: the table
 * made plain, then attached (the parent's indexes are built on it, empty).
 */
export async function ensureMonths(db: Kysely<unknown>, table: PartitionedTable, months: Iterable<number>): Promise<string[]> {
  const have = new Set((await partitionsOf(db, table)).map((p) => p.month));
  const missing = [...new Set(months)].filter((m) => !have.has(m)).sort((a, b) => a - b);
  if (missing.length === 0) return [];
  const schema = quote(await schemaOf(db, table));
  const parent = `${schema}.${quote(table.name)}`;
  const made: string[] = [];
  for (const month of missing) {
    const name = partitionName(table, month);
    const [from, to] = monthBounds(table, month);
    const make = async (trx: Kysely<unknown>) => {
      await sql`select pg_advisory_xact_lock(${PARTITION_LOCK}, hashtext(current_schema() || ${table.name}))`.execute(trx);
      const { rows } = await sql<{ found: boolean }>`
        select exists (select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = to_regclass(${table.name}) and c.relname = ${name}) as found`.execute(trx);
      if (rows[0]?.found) return;
      await sql.raw(`create table ${schema}.${quote(name)} (like ${parent} including defaults including constraints)`).execute(trx);
      await sql.raw(`alter table ${parent} attach partition ${schema}.${quote(name)} for values from (${from}) to (${to})`).execute(trx);
      made.push(name);
    };
    // Inside a migration (one transaction already), as part of it.
    await (db.isTransaction ? make(db) : db.transaction().execute(make));
  }
  return made;
}

/** Makes the partitions of every month from `fromMonth` to `toMonth` (both included). */
export async function ensureMonthRange(db: Kysely<unknown>, table: PartitionedTable, fromMonth: number, toMonth: number): Promise<string[]> {
  const months: number[] = [];
  for (let m = fromMonth; m <= toMonth; m = addMonths(m, 1)) months.push(m);
  return ensureMonths(db, table, months);
}

/** Makes the months `values` (key values) fall in; SQLite: nothing to make. */
export async function ensureMonthsFor(db: Kysely<Database>, name: PartitionedTableName, values: Iterable<number>): Promise<void> {
  if (!isPostgres(db)) return;
  const table = partitionedTable(name);
  await ensureMonths(db as unknown as Kysely<unknown>, table, [...values].map((v) => monthOf(table, v)));
}

/**
 * Detaches a partition without blocking the parent's readers and writers, then drops it. A
 * partition a stopped server left half-detached is finished first.
 */
export async function dropPartition(db: Kysely<unknown>, table: PartitionedTable, partition: Partition): Promise<void> {
  const schema = quote(await schemaOf(db, table));
  const parent = `${schema}.${quote(table.name)}`;
  const child = `${schema}.${quote(partition.name)}`;
  // Outside any transaction: CONCURRENTLY runs as two transactions of its own.
  await sql.raw(`alter table ${parent} detach partition ${child} ${partition.detachPending ? 'finalize' : 'concurrently'}`).execute(db);
  await sql.raw(`drop table ${child}`).execute(db);
}

/** Deletes the rows before `cutoff` from one partition (the month a retention cutoff falls in). */
export async function trimPartition(db: Kysely<unknown>, table: PartitionedTable, partition: Partition, cutoff: number): Promise<number> {
  const schema = quote(await schemaOf(db, table));
  const result = await sql.raw(`delete from ${schema}.${quote(partition.name)} where ${quote(table.column)} < ${Math.floor(cutoff)}`).execute(db);
  return Number(result.numAffectedRows ?? 0);
}
