/**
 * Rules shared by the calls that change an existing account: update (/user/saveOrUpdate with an
 * id), enable and disable (/user/enable, or isEnable on save), delete and password reset.
 * - never one's own account for disable, delete and reset (1003);
 * - never the last enabled super-admin (1011, disable and delete);
 * - a caller who does not hold the super-admin role may act only on accounts whose roles are all
 *   among the caller's own enabled roles (1003): otherwise a password reset would hand over a
 *   more powerful account, an update would rename or re-address it, an enable would revive it.
 */
import type { Kysely } from 'kysely';
import { Code, type Text } from '../../contract';
import { isSuperAdmin } from '../auth/grants';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import { linkInForce } from '../roles/linkInForce';
import { canDisableOrDeleteUser, lastSuperAdminAccount } from '../roles/superAdmin';
import { staffMessages } from './messages';

type Action = 'update' | 'enable' | 'disable' | 'delete' | 'reset' | 'endSessions';

/** Actions nobody takes on their own account. */
const SELF_MESSAGE: Partial<Record<Action, Text>> = {
  disable: staffMessages.disableSelf,
  delete: staffMessages.deleteSelf,
  reset: staffMessages.resetSelf,
};

/** Refuses with 1004 unless every id names an account. */
export async function requireAccounts(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  let found = 0;
  for (const part of chunks(ids)) found += (await db.selectFrom('user').select('id').where('id', 'in', part).execute()).length;
  if (found !== ids.length) throw new ApiError(Code.NOT_FOUND);
}

/** Checks `action` on the accounts `ids` (which exist) for `caller`; throws the refusal. */
export async function checkAccountAction(db: Kysely<Database>, caller: Pick<Caller, 'userId'>, ids: readonly number[], action: Action): Promise<void> {
  const selfMessage = SELF_MESSAGE[action];
  if (selfMessage && ids.includes(caller.userId)) throw new ApiError(Code.FORBIDDEN, selfMessage);
  if ((action === 'disable' || action === 'delete') && !(await canDisableOrDeleteUser(db, ids))) throw lastSuperAdminAccount();
  if (await isSuperAdmin(db, caller.userId)) return;
  // In parts: deleting a department checks every member, and a department may have thousands.
  for (const part of chunks(ids)) await refuseBeyondOwn(db, caller, part);
}

async function refuseBeyondOwn(db: Kysely<Database>, caller: Pick<Caller, 'userId'>, ids: readonly number[]): Promise<void> {
  // Links that have ended count on neither side: they grant nothing (server/roles/linkInForce.ts).
  const now = Date.now();
  const beyondOwn = await db
    .selectFrom('userRole as ur')
    .select('ur.roleId')
    .where('ur.userId', 'in', ids)
    .where(linkInForce('ur', now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('userRole as own')
            .innerJoin('role as r', 'r.id', 'own.roleId')
            .select('own.roleId')
            .where('own.userId', '=', caller.userId)
            .where('r.isEnable', '=', '1')
            .where(linkInForce('own', now))
            .whereRef('own.roleId', '=', 'ur.roleId'),
        ),
      ),
    )
    .executeTakeFirst();
  if (beyondOwn) throw new ApiError(Code.FORBIDDEN, staffMessages.accountBeyondOwn);
}

/** Ends the live sessions of the accounts, except `keepSessionId` (the caller's own). */
export async function revokeSessions(db: Kysely<Database>, userIds: readonly number[], keepSessionId?: number): Promise<void> {
  const revokedAt = Date.now();
  for (const part of chunks(userIds)) {
    let query = db.updateTable('session').set({ revokedAt }).where('userId', 'in', part).where('revokedAt', 'is', null);
    if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
    await query.execute();
  }
}
