/**
 * Moving staff in and out of organisation nodes and setting their supervisor flag. A member
 * belongs to at most one node; moving or removing them resets the flag, since supervising one
 * node says nothing about the next. Each call is all or nothing.
 */
import type { Kysely } from 'kysely';
import { Code } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { officeMessages } from './messages';
import { officeRepository } from './repository';

function staffMissing(): ApiError {
  return new ApiError(Code.NOT_FOUND, officeMessages.staffMissing);
}

/** Moves the staff `userIds` into the node, as plain members. */
export function addMembers(db: Kysely<Database>, officeId: number, userIds: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    // Locked so that the node cannot be deleted before the move commits (PostgreSQL).
    if ((await repo.lockNodes([officeId])) === 0) throw new ApiError(Code.NOT_FOUND, officeMessages.officeMissing);
    if ((await repo.countUsers(userIds)) !== userIds.length) throw staffMissing();
    return repo.setMembership(userIds, officeId, 0);
  });
}

/** The staff leave their node and its supervisor flag. */
export function removeMembers(db: Kysely<Database>, userIds: readonly number[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    if ((await repo.countUsers(userIds)) !== userIds.length) throw staffMissing();
    return repo.setMembership(userIds, null, 0);
  });
}

/** Sets the supervisor flag of staff who all belong to a node (1011 otherwise: the flag means nothing without one). */
export function setSupervisor(db: Kysely<Database>, userIds: readonly number[], adminFlag: 0 | 1): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    if ((await repo.countUsers(userIds)) !== userIds.length) throw staffMissing();
    if ((await repo.countUnplaced(userIds)) > 0) throw new ApiError(Code.CONFLICT, officeMessages.supervisorUnplaced);
    return repo.setAdminFlag(userIds, adminFlag);
  });
}
