/**
 * /user/enable, /user/resetPwd and /user/delete: all-or-nothing over `ids`, inside one
 * transaction. Disabling, deleting and resetting end the members' live sessions at once. Enable
 * and delete may name, instead of ids, every member the list's filters select (`{match, expected}`).
 * Only staff in the caller's data scope (server/scope/dataScope.ts): a named id outside it, or
 * missing for a caller with a narrower scope, is refused with 1003.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Code, MAX_RESET_IDS, PASSWORD_HASH_PATTERN, RESET_IDS_OVER_LIMIT, type Locale } from '../../contract';
import { hashPassword } from '../auth/passwords';
import { isWeakPasswordHash } from '../auth/weakPasswords';
import { targetIds } from '../crud/bulkMatch';
import { isStorableId } from '../crud/storableId';
import { chunks } from '../db/chunks';
import type { Database, EnableFlag } from '../db/schema';
import { ApiError } from '../errors';
import { requestParams, requiredIds, textParam } from '../http/params';
import { callerOf } from '../http/requestContext';
import { checkAccountAction, requireAccounts, revokeSessions } from './accountRules';
import type { StaffList } from './listQuery';
import { staffMessages } from './messages';
import { nextVersion } from '../db/userVersion';
import { requireStaffInScope, staffScopeOf } from '../scope/dataScope';

/** `ids` as a request names them; an id beyond the stored range names no account (1004). */
function namedAccountIds(value: unknown, locale: Locale): number[] {
  const ids = requiredIds(value, locale);
  if (!ids.every(isStorableId)) throw new ApiError(Code.NOT_FOUND);
  return ids;
}

/**
 * The accounts a call acts on: its `ids`, or every member its `match` selects as the person list
 * reads them, confirmed by `expected` (server/crud/bulkMatch.ts).
 */
export function accountTargets(db: Kysely<Database>, staffList: Pick<StaffList, 'matchingIds'>) {
  return async (request: FastifyRequest): Promise<number[]> => {
    const { userId } = callerOf(request);
    const matched = async (match: Record<string, unknown>, limit: number) => staffList.matchingIds(match, request.locale, limit, await staffScopeOf(db, userId));
    let named = false;
    const ids = await targetIds(requestParams(request), request.locale, matched, (value) => {
      named = true;
      return namedAccountIds(value, request.locale);
    });
    // Every matching account is read within the scope; named ones are checked (1003 before 1004).
    if (named) await requireStaffInScope(db, userId, ids, request.locale);
    return ids;
  };
}

function refusal(field: string, message: { 'zh-CN': string; 'en-US': string }, request: FastifyRequest): ApiError {
  const text = message[request.locale];
  return new ApiError(Code.VALIDATION_FAILED, text, { fields: { [field]: text } });
}

export function accountActions(db: Kysely<Database>, staffList: Pick<StaffList, 'matchingIds'>) {
  const targets = accountTargets(db, staffList);
  return {
    async enable(request: FastifyRequest): Promise<void> {
      const caller = callerOf(request);
      const ids = await targets(request);
      const flag = textParam(requestParams(request).isEnable);
      if (flag !== '1' && flag !== '0') throw refusal('isEnable', staffMessages.enableFlag, request);
      const isEnable: EnableFlag = flag;
      await db.transaction().execute(async (trx) => {
        // Checked again where it is written: an account may have moved out of scope since.
        await requireStaffInScope(trx, caller.userId, ids, request.locale);
        await requireAccounts(trx, ids);
        await checkAccountAction(trx, caller, ids, isEnable === '0' ? 'disable' : 'enable');
        for (const part of chunks(ids)) await trx.updateTable('user').set((eb) => ({ isEnable, version: nextVersion(eb) })).where('id', 'in', part).execute();
        if (isEnable === '0') await revokeSessions(trx, ids);
      });
    },

    async resetPassword(request: FastifyRequest): Promise<void> {
      const caller = callerOf(request);
      const ids = namedAccountIds(requestParams(request).ids, request.locale);
      if (ids.length > MAX_RESET_IDS) throw refusal('ids', RESET_IDS_OVER_LIMIT, request);
      const pwd = textParam(requestParams(request).pwd);
      if (pwd === undefined || !PASSWORD_HASH_PATTERN.test(pwd)) throw refusal('pwd', staffMessages.passwordMalformed, request);
      if (isWeakPasswordHash(pwd)) throw refusal('pwd', staffMessages.weakPassword, request);
      await requireStaffInScope(db, caller.userId, ids, request.locale);
      // Every account must exist and be the caller's to reset before any (slow) hashing.
      await requireAccounts(db, ids);
      await checkAccountAction(db, caller, ids, 'reset');
      // One salt per account, one hash at a time: the other hashing threads stay free for logins.
      const hashes: string[] = [];
      while (hashes.length < ids.length) hashes.push(await hashPassword(pwd));
      // Checked again inside the transaction: the accounts may have changed while hashing.
      await db.transaction().execute(async (trx) => {
        // Checked again where it is written: an account may have moved out of scope since.
        await requireStaffInScope(trx, caller.userId, ids, request.locale);
        await requireAccounts(trx, ids);
        await checkAccountAction(trx, caller, ids, 'reset');
        for (const [i, id] of ids.entries()) {
          await trx.updateTable('user').set({ passwordHash: hashes[i]!, mustChangePassword: 1 }).where('id', '=', id).execute();
        }
        await revokeSessions(trx, ids);
      });
    },

    async remove(request: FastifyRequest): Promise<void> {
      const caller = callerOf(request);
      const ids = await targets(request);
      await db.transaction().execute(async (trx) => {
        // Checked again where it is written: an account may have moved out of scope since.
        await requireStaffInScope(trx, caller.userId, ids, request.locale);
        await requireAccounts(trx, ids);
        await checkAccountAction(trx, caller, ids, 'delete');
        // Roles and sessions go with the account (foreign keys cascade).
        for (const part of chunks(ids)) await trx.deleteFrom('user').where('id', 'in', part).execute();
      });
    },
  };
}
