/**
 * Replacing a staff member's roles, for /user/saveOrUpdate (`roleIds`) of the staff screens. The
 * rules, in the order they are checked:
 * - the account exists (1004) and every role exists (1001 on `roleIds`);
 * - a change is made only to an account in the caller's data scope (1003);
 * - nobody changes their own roles, super-admin included (1003); saving oneself with the same
 *   roles is no change and goes through;
 * - a caller who does not hold the super-admin role may only assign or remove roles they hold
 *   themselves (enabled): every role added or removed must be one of theirs (1003);
 * - the last enabled super-admin account keeps the super-admin role (1011).
 * Runs in the caller's transaction when given one (e.g. the one that creates the account), else in
 * its own.
 */
import type { Kysely } from 'kysely';
import { Code, DEFAULT_LOCALE, type Locale } from '../../contract';
import { isSuperAdmin, superAdminRoleId } from '../auth/grants';
import { isStorableId } from '../crud/storableId';
import type { Database, EnableFlag } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import { roleMessages } from './messages';
import { requireStaffInScope } from '../scope/dataScope';
import { canDisableOrDeleteUser } from './superAdmin';

const ENABLED: EnableFlag = '1';

export async function assignRoles(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  userId: number,
  roleIds: readonly number[],
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  if (db.isTransaction) return assign(db, caller, userId, roleIds, locale);
  return db.transaction().execute((trx) => assign(trx, caller, userId, roleIds, locale));
}

async function assign(trx: Kysely<Database>, caller: Pick<Caller, 'userId'>, userId: number, roleIds: readonly number[], locale: Locale): Promise<void> {
  const user = isStorableId(userId) ? await trx.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst() : undefined;
  if (!user) throw new ApiError(Code.NOT_FOUND, roleMessages.userMissing);

  const wanted = new Set(roleIds);
  const storable = [...wanted].filter(isStorableId);
  const existing = storable.length ? await trx.selectFrom('role').select('id').where('id', 'in', storable).execute() : [];
  if (existing.length !== wanted.size) {
    const message = roleMessages.roleIdsInvalid[locale];
    throw new ApiError(Code.VALIDATION_FAILED, message, { fields: { roleIds: message } });
  }

  const current = new Set((await trx.selectFrom('userRole').select('roleId').where('userId', '=', userId).execute()).map((r) => r.roleId));
  const added = [...wanted].filter((id) => !current.has(id));
  const removed = [...current].filter((id) => !wanted.has(id));
  if (added.length + removed.length === 0) return;
  if (caller.userId === userId) throw new ApiError(Code.FORBIDDEN, roleMessages.ownRoles);
  await requireStaffInScope(trx, caller.userId, [userId], locale);

  await requireOwnRoles(trx, caller, [...added, ...removed]);

  const superAdmin = await superAdminRoleId(trx);
  if (superAdmin !== undefined && removed.includes(superAdmin) && !(await canDisableOrDeleteUser(trx, userId))) {
    throw new ApiError(Code.CONFLICT, roleMessages.lastSuperAdmin);
  }

  if (removed.length) await trx.deleteFrom('userRole').where('userId', '=', userId).where('roleId', 'in', removed).execute();
  if (added.length) await trx.insertInto('userRole').values(added.map((roleId) => ({ userId, roleId }))).execute();
}

/** A caller without the super-admin role adds or removes only roles they hold (enabled): 1003 otherwise. */
export async function requireOwnRoles(db: Kysely<Database>, caller: Pick<Caller, 'userId'>, changed: readonly number[]): Promise<void> {
  if (changed.length === 0 || (await isSuperAdmin(db, caller.userId))) return;
  const own = await db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', caller.userId)
    .where('r.isEnable', '=', ENABLED)
    .execute();
  const ownIds = new Set(own.map((r) => r.id));
  if (changed.some((id) => !ownIds.has(id))) throw new ApiError(Code.FORBIDDEN, roleMessages.rolesBeyondOwn);
}
