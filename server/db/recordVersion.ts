/**
 * The record version (contract/recordVersion.ts) of the bespoke tables that keep one (staff
 * accounts, organisation nodes, menu/permission nodes, roles): spread `version: nextVersion(eb)`
 * into an update's `set` of every write of such a record.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import { chunks } from './chunks';
import type { Database } from './schema';

/** The tables whose rows carry a `version` column. */
export type VersionedTable = { [T in keyof Database]: Database[T] extends { version: unknown } ? T : never }[keyof Database];

export function nextVersion<T extends VersionedTable>(eb: ExpressionBuilder<Database, T>) {
  // The same column in each of them; typed through one so the sum is a number.
  return (eb as unknown as ExpressionBuilder<Database, 'user'>)('version', '+', 1);
}

/**
 * Moves the version of the rows `ids` of `table` without writing anything else: for a write that
 * changes what the record answers from another table (a role's grants).
 */
export async function moveVersions(db: Kysely<Database>, table: VersionedTable, ids: readonly number[]): Promise<void> {
  for (const part of chunks([...new Set(ids)])) {
    const rows = db as unknown as Kysely<Pick<Database, 'role'>>;
    await rows
      .updateTable(table as 'role')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', 'in', part)
      .execute();
  }
}
