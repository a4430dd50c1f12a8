/**
 * Moving staff in and out of organisation nodes and setting their supervisor flag. A member
 * belongs to at most one node; moving or removing them resets the flag, since supervising one
 * node says nothing about the next. Each call is all or nothing.
 *
 * Each changes the accounts it names, so each goes through the staff screens' account rule
 * (server/staff/accountRules.ts, action `update`) for every id: a caller without the super-admin
 * role places or flags only accounts whose roles are all their own (1003), as /user/saveOrUpdate.
 */
import type { Kysely } from 'kysely';
import { Code } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import { checkAccountAction } from '../staff/accountRules';
import { officeMessages } from './messages';
import { officeRepository, type OfficeRepository } from './repository';

type Who = Pick<Caller, 'userId'>;

/** The staff all exist (1004) and are the caller's to change (1003). */
async function requireChangeable(trx: Kysely<Database>, repo: OfficeRepository, caller: Who, userIds: readonly number[]): Promise<void> {
  if ((await repo.countUsers(userIds)) !== userIds.length) throw new ApiError(Code.NOT_FOUND, officeMessages.staffMissing);
  await checkAccountAction(trx, caller, userIds, 'update');
}

/** Moves the staff `userIds` into the node, as plain members. */
export function addMembers(db: Kysely<Database>, caller: Who, officeId: number, userIds: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    // Locked so that the node cannot be deleted before the move commits (PostgreSQL).
    if ((await repo.lockNodes([officeId])) === 0) throw new ApiError(Code.NOT_FOUND, officeMessages.officeMissing);
    await requireChangeable(trx, repo, caller, userIds);
    return repo.setMembership(userIds, officeId, 0);
  });
}

/** The staff leave their node and its supervisor flag. */
export function removeMembers(db: Kysely<Database>, caller: Who, userIds: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    await requireChangeable(trx, repo, caller, userIds);
    return repo.setMembership(userIds, null, 0);
  });
}

/** Sets the supervisor flag of staff who all belong to a node (1011 otherwise: the flag means nothing without one). */
export function setSupervisor(db: Kysely<Database>, caller: Who, userIds: readonly number[], adminFlag: 0 | 1): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    await requireChangeable(trx, repo, caller, userIds);
    if ((await repo.countUnplaced(userIds)) > 0) throw new ApiError(Code.CONFLICT, officeMessages.supervisorUnplaced);
    return repo.setAdminFlag(userIds, adminFlag);
  });
}
