/**
 * The record version (contract/recordVersion.ts) of the bespoke tables that keep one (staff
 * accounts, organisation nodes, menu/permission nodes, roles): spread `version: nextVersion(eb)`
 * into an update's `set` of every write of such a record.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema';

/** The tables whose rows carry a `version` column. */
export type VersionedTable = { [T in keyof Database]: Database[T] extends { version: unknown } ? T : never }[keyof Database];

export function nextVersion<T extends VersionedTable>(eb: ExpressionBuilder<Database, T>) {
  // The same column in each of them; typed through one so the sum is a number.
  return (eb as unknown as ExpressionBuilder<Database, 'user'>)('version', '+', 1);
}
