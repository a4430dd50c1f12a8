/**
 * The super-admin role (key `superAdmin` of the base app) and the accounts holding it. The role
 * holds every node of the base app (auth/grants.ts); it must always exist, stay enabled, and be
 * held by at least one enabled account, by a link that does not end.
 */
import type { Kysely } from 'kysely';
import { Code } from '../../contract';
import { superAdminRoleId } from '../auth/grants';
import type { Database, EnableFlag } from '../db/schema';
import { ApiError } from '../errors';
import { roleMessages } from './messages';

const ENABLED: EnableFlag = '1';

/**
 * Ids of the enabled accounts holding the super-admin role by a link without an end: a link that
 * ends (contract/roleEnds.ts) keeps nobody a super-admin for good, so it does not count here.
 */
export async function superAdminAccountIds(db: Kysely<Database>): Promise<Set<number>> {
  const roleId = await superAdminRoleId(db);
  if (roleId === undefined) return new Set();
  const rows = await db
    .selectFrom('userRole as ur')
    .innerJoin('user as u', 'u.id', 'ur.userId')
    .select('u.id')
    .where('ur.roleId', '=', roleId)
    .where('ur.expiresAt', 'is', null)
    .where('u.isEnable', '=', ENABLED)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether the accounts `userIds` may be disabled or deleted (together): not when that would leave
 * no enabled super-admin account. The staff screens call it before /user/enable (isEnable 0) and
 * /user/delete; refuse with {@link lastSuperAdminAccount} when it answers false.
 */
export async function canDisableOrDeleteUser(db: Kysely<Database>, userIds: number | readonly number[]): Promise<boolean> {
  const leaving = new Set(typeof userIds === 'number' ? [userIds] : userIds);
  const holders = await superAdminAccountIds(db);
  const isLeavingHolder = [...holders].some((id) => leaving.has(id));
  return !isLeavingHolder || [...holders].some((id) => !leaving.has(id));
}

/** The refusal of disabling or deleting the last super-admin account (1011). */
export function lastSuperAdminAccount(): ApiError {
  return new ApiError(Code.CONFLICT, roleMessages.lastSuperAdminAccount);
}
