/**
 * What differs between the two databases beyond column types (./columnTypes.ts), the driver
 * (./postgresClient.ts, ./sqliteDialect.ts) and the migrations' own branches: asked here, not by
 * testing adapter classes where a query is built.
 */
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder } from 'kysely';

export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Holds `keys` until the transaction `trx` ends, so writers of the same keys take turns. PostgreSQL
 * only: SQLite runs one write transaction at a time already.
 */
export async function lockForTransaction(trx: Pick<Kysely<unknown>, 'getExecutor'>, ...keys: [number] | [number, number]): Promise<void> {
  if (!isPostgres(trx)) return;
  await (keys.length === 1 ? sql`select pg_advisory_xact_lock(${keys[0]})` : sql`select pg_advisory_xact_lock(${keys[0]}, ${keys[1]})`).execute(trx);
}

/**
 * The first part of a record key stored as `a:b` (the audit log's key of a join table, e.g.
 * user_role's `userId:roleId`); the whole text when it has no `:`.
 */
export function firstKeyPart(db: Pick<Kysely<unknown>, 'getExecutor'>, key: Expression<string | null>): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`split_part(${key}, ':', 1)` : sql<string>`(case when instr(${key}, ':') > 0 then substr(${key}, 1, instr(${key}, ':') - 1) else ${key} end)`;
}
