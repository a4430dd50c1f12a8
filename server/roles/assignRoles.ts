/**
 * Replacing a staff member's roles, for /user/saveOrUpdate (`roleIds`, and `roleEnds`: when each
 * link ends, contract/roleEnds.ts) of the staff screens. The rules, in the order they are checked:
 * - the account exists (1004) and every role exists (1001 on `roleIds`);
 * - a change is made only to an account in the caller's data scope (1003);
 * - an end is set only for a role being assigned and lies in the future (1001 on `roleEnds`);
 * - nobody changes their own roles, super-admin included (1003); saving oneself with the same
 *   roles and ends is no change and goes through;
 * - a caller who does not hold the super-admin role may only assign, remove or change the end of
 *   roles they hold themselves (enabled, by a link in force), and gives a link no later end than
 *   their own link to that role has (1003): temporary access is never passed on for longer;
 * - the last enabled super-admin account keeps the super-admin role, without an end (1011).
 * A link that has ended counts as absent: assigning its role again is adding it. The ended row
 * itself is left to the sweep (./roleEndSweep.ts) unless its role is assigned again.
 * Runs in the caller's transaction when given one (e.g. the one that creates the account), else in
 * its own.
 */
import type { Kysely } from 'kysely';
import { Code, DEFAULT_LOCALE, roleEndMessages, type Locale, type Text } from '../../contract';
import { isSuperAdmin, superAdminRoleId } from '../auth/grants';
import { isStorableId } from '../crud/storableId';
import type { Database, EnableFlag } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import { linkInForce } from './linkInForce';
import { roleMessages } from './messages';
import { requireStaffInScope } from '../scope/dataScope';
import { canDisableOrDeleteUser } from './superAdmin';

const ENABLED: EnableFlag = '1';

/** Role id → when its link ends (epoch ms), null for no end. A role left out keeps its end (none when new). */
export type RoleEnds = ReadonlyMap<number, number | null>;

export interface AssignOptions {
  ends?: RoleEnds;
  /** The request's time: ends are compared with it. */
  now?: number;
}

/** `roleIds` undefined: the roles stay as they are (only `ends` may change). */
export async function assignRoles(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  userId: number,
  roleIds: readonly number[] | undefined,
  locale: Locale = DEFAULT_LOCALE,
  options: AssignOptions = {},
): Promise<void> {
  const run = (trx: Kysely<Database>) => assign(trx, caller, userId, roleIds, locale, options.ends ?? new Map(), options.now ?? Date.now());
  if (db.isTransaction) return run(db);
  return db.transaction().execute(run);
}

function roleEndsError(message: Text, locale: Locale): ApiError {
  return new ApiError(Code.VALIDATION_FAILED, message[locale], { fields: { roleEnds: message[locale] } });
}

async function assign(
  trx: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  userId: number,
  roleIds: readonly number[] | undefined,
  locale: Locale,
  ends: RoleEnds,
  now: number,
): Promise<void> {
  const user = isStorableId(userId) ? await trx.selectFrom('user').select('id').where('id', '=', userId).executeTakeFirst() : undefined;
  if (!user) throw new ApiError(Code.NOT_FOUND, roleMessages.userMissing);

  const stored = await trx.selectFrom('userRole').select(['roleId', 'expiresAt']).where('userId', '=', userId).execute();
  const endOfStored = (end: number | null) => (end === null ? null : Number(end));
  const current = new Map(stored.filter((r) => r.expiresAt === null || Number(r.expiresAt) > now).map((r) => [r.roleId, endOfStored(r.expiresAt)]));
  const ended = new Set(stored.filter((r) => !current.has(r.roleId)).map((r) => r.roleId));

  const wanted = new Set(roleIds ?? current.keys());
  if (roleIds !== undefined) {
    const storable = [...wanted].filter(isStorableId);
    const existing = storable.length ? await trx.selectFrom('role').select('id').where('id', 'in', storable).execute() : [];
    if (existing.length !== wanted.size) {
      const message = roleMessages.roleIdsInvalid[locale];
      throw new ApiError(Code.VALIDATION_FAILED, message, { fields: { roleIds: message } });
    }
  }
  for (const [roleId, end] of ends) {
    if (!wanted.has(roleId)) throw roleEndsError(roleEndMessages.notLinked, locale);
    if (end !== null && end <= now) throw roleEndsError(roleEndMessages.mustBeFuture, locale);
  }

  const endOf = (roleId: number): number | null => (ends.has(roleId) ? ends.get(roleId)! : (current.get(roleId) ?? null));
  const added = [...wanted].filter((id) => !current.has(id));
  const removed = [...current.keys()].filter((id) => !wanted.has(id));
  // A kept role whose end changes is a change of that link, under the same rules as adding it.
  const reEnded = [...wanted].filter((id) => current.has(id) && current.get(id) !== endOf(id));
  if (added.length + removed.length + reEnded.length === 0) return;
  if (caller.userId === userId) throw new ApiError(Code.FORBIDDEN, roleMessages.ownRoles);
  await requireStaffInScope(trx, caller.userId, [userId], locale);

  const given = new Map([...added, ...reEnded].map((id) => [id, endOf(id)]));
  await requireOwnRoles(trx, caller, [...added, ...removed, ...reEnded], { given, now });

  const superAdmin = await superAdminRoleId(trx);
  const losesLastingSuperAdmin = superAdmin !== undefined && (removed.includes(superAdmin) || (reEnded.includes(superAdmin) && endOf(superAdmin) !== null));
  if (losesLastingSuperAdmin && !(await canDisableOrDeleteUser(trx, userId))) {
    throw new ApiError(Code.CONFLICT, roleMessages.lastSuperAdmin);
  }

  if (removed.length) await trx.deleteFrom('userRole').where('userId', '=', userId).where('roleId', 'in', removed).execute();
  const inserted = added.filter((id) => !ended.has(id));
  if (inserted.length) await trx.insertInto('userRole').values(inserted.map((roleId) => ({ userId, roleId, expiresAt: endOf(roleId) }))).execute();
  // A role assigned again over its ended link, and a kept role with a new end: the row's end moves.
  for (const roleId of [...added.filter((id) => ended.has(id)), ...reEnded]) {
    await trx.updateTable('userRole').set({ expiresAt: endOf(roleId) }).where('userId', '=', userId).where('roleId', '=', roleId).execute();
  }
}

/**
 * A caller without the super-admin role adds, removes or changes the end of only roles they hold
 * (enabled, by a link in force): 1003 otherwise. `given`: the links being given (added or with a
 * new end) and their ends, none of which may outlast the caller's own link to that role.
 */
export async function requireOwnRoles(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  changed: readonly number[],
  { given, now = Date.now() }: { given?: ReadonlyMap<number, number | null>; now?: number } = {},
): Promise<void> {
  if (changed.length === 0 || (await isSuperAdmin(db, caller.userId, now))) return;
  const own = await db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .select(['r.id', 'ur.expiresAt'])
    .where('ur.userId', '=', caller.userId)
    .where('r.isEnable', '=', ENABLED)
    .where(linkInForce('ur', now))
    .execute();
  const ownEnds = new Map(own.map((r) => [r.id, r.expiresAt === null ? null : Number(r.expiresAt)]));
  if (changed.some((id) => !ownEnds.has(id))) throw new ApiError(Code.FORBIDDEN, roleMessages.rolesBeyondOwn);
  for (const [id, end] of given ?? []) {
    const ownEnd = ownEnds.get(id)!;
    if (ownEnd !== null && (end === null || end > ownEnd)) throw new ApiError(Code.FORBIDDEN, roleMessages.endBeyondOwn);
  }
}
