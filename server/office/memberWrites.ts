/**
 * Moving staff in and out of organisation nodes and setting their supervisor flag. A member
 * belongs to at most one node; moving or removing them resets the flag, since supervising one
 * node says nothing about the next. Each call is all or nothing.
 *
 * Each changes the accounts it names, so each goes through the staff screens' account rule
 * (server/staff/accountRules.ts, action `update`) for every id: a caller without the super-admin
 * role places or flags only accounts whose roles are all their own (1003), as /user/saveOrUpdate.
 * And each holds the caller's data scope (server/scope): every account it names is in scope, and
 * a move's node too (1003 otherwise, as a missing grant). Removing needs no node: the member leaves
 * the caller's reach, which narrows it and widens nobody's.
 */
import type { Kysely } from 'kysely';
import { Code, type Locale } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import { requireOfficeInScope, requireStaffInScope } from '../scope/dataScope';
import { checkAccountAction } from '../staff/accountRules';
import { officeMessages } from './messages';
import { officeRepository, type OfficeRepository } from './repository';

type Who = Pick<Caller, 'userId'>;

/**
 * The staff are the caller's to change (1003): within their data scope, first, so that for a caller
 * with a narrower scope an unknown id is refused as one outside it is; then all exist (1004) and
 * their roles are the caller's.
 */
async function requireChangeable(trx: Kysely<Database>, repo: OfficeRepository, caller: Who, userIds: readonly number[], locale: Locale): Promise<void> {
  await requireStaffInScope(trx, caller.userId, userIds, locale);
  if ((await repo.countUsers(userIds)) !== userIds.length) throw new ApiError(Code.NOT_FOUND, officeMessages.staffMissing);
  await checkAccountAction(trx, caller, userIds, 'update');
}

/** Moves the staff `userIds` into the node, as plain members. */
export function addMembers(db: Kysely<Database>, caller: Who, officeId: number, userIds: readonly number[], locale: Locale): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    // Locked so that the node cannot be deleted before the move commits (PostgreSQL).
    if ((await repo.lockNodes([officeId])) === 0) throw new ApiError(Code.NOT_FOUND, officeMessages.officeMissing);
    await requireChangeable(trx, repo, caller, userIds, locale);
    await requireOfficeInScope(trx, caller.userId, officeId, locale);
    return repo.setMembership(userIds, officeId, 0);
  });
}

/** The staff leave their node and its supervisor flag. */
export function removeMembers(db: Kysely<Database>, caller: Who, userIds: readonly number[], locale: Locale): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    await requireChangeable(trx, repo, caller, userIds, locale);
    return repo.setMembership(userIds, null, 0);
  });
}

/** Sets the supervisor flag of staff who all belong to a node (1011 otherwise: the flag means nothing without one). */
export function setSupervisor(db: Kysely<Database>, caller: Who, userIds: readonly number[], adminFlag: 0 | 1, locale: Locale): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    await requireChangeable(trx, repo, caller, userIds, locale);
    if ((await repo.countUnplaced(userIds)) > 0) throw new ApiError(Code.CONFLICT, officeMessages.supervisorUnplaced);
    return repo.setAdminFlag(userIds, adminFlag);
  });
}
