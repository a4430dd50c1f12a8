/**
 * The writes of the organisation tree, each in one transaction. The tree has two levels:
 * departments at the top (parent 0) and groups under a department. A group never sits under
 * another group: the organisation is a department tree with the groups as its children, and both
 * screens show exactly those two levels (so a move can never make a cycle either).
 */
import type { Kysely } from 'kysely';
import { Code, format, officeEntity, OfficeType, ruleMessages, type Locale, type Text } from '../../contract';
import { isSiblingNameTaken, OFFICE_NAME_DUPLICATE } from '../../contract/entities/office';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { isStale, StaleRecord, staleVersionRefusal } from '../http/staleVersion';
import type { Caller } from '../http/requestContext';
import { inStaffScope, outOfScope, staffScopeOf } from '../scope/dataScope';
import { checkAccountAction } from '../staff/accountRules';
import { officeMessages } from './messages';
import { officeRepository, type OfficeKind, type OfficeRecord, type OfficeRepository } from './repository';

/** A validated node as the route hands it over; `parentId` absent for "none". */
export interface OfficeDraft {
  type: OfficeKind;
  parentId?: number;
  name: string;
  remark?: string;
}

function refusal(field: string, message: string): ApiError {
  return new ApiError(Code.VALIDATION_FAILED, message, { fields: { [field]: message } });
}

/** A department has no parent; a group's parent exists and is a department. Answers the parent id to store. */
async function placement(repo: OfficeRepository, draft: OfficeDraft, locale: Locale): Promise<number> {
  const refuse = (message: Text) => refusal('parentId', message[locale]);
  if (draft.type === OfficeType.DEPARTMENT) {
    if (draft.parentId !== undefined) throw refuse(officeMessages.departmentParent);
    return 0;
  }
  if (draft.parentId === undefined) {
    throw refusal('parentId', format(ruleMessages.requiredSelect[locale], { label: officeEntity.fields.parentId.label[locale] }));
  }
  // Locked so that the parent cannot be deleted before this save commits (PostgreSQL).
  if ((await repo.lockNodes([draft.parentId])) === 0) throw refuse(officeMessages.parentMissing);
  const parent = await repo.findNode(draft.parentId);
  if (!parent) throw refuse(officeMessages.parentMissing);
  if (parent.type !== OfficeType.DEPARTMENT) throw refuse(officeMessages.groupPlacement);
  return parent.id;
}

/**
 * Creates the node (no id) or updates it; throws the refusal of the first rule it breaks, storing
 * nothing. An update naming the version it was read at is written only while the node holds it,
 * else 1012 with the node as /office/detail answers it.
 */
export async function saveOffice(db: Kysely<Database>, draft: OfficeDraft, id: number | undefined, locale: Locale, expectedVersion?: number): Promise<OfficeRecord> {
  try {
    return await writeOffice(db, draft, id, locale, expectedVersion);
  } catch (error) {
    // Read after the rollback: the transaction's connection is the only one on SQLite.
    if (error instanceof StaleRecord) throw staleVersionRefusal(await officeRepository(db).findNode(error.id));
    throw error;
  }
}

function writeOffice(db: Kysely<Database>, draft: OfficeDraft, id: number | undefined, locale: Locale, expectedVersion: number | undefined): Promise<OfficeRecord> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    // The node is locked first, so a delete running at the same time goes wholly before or after.
    const existing = id === undefined || (await repo.lockNodes([id])) === 0 ? undefined : await repo.findNode(id);
    if (id !== undefined) {
      if (!existing) throw new ApiError(Code.NOT_FOUND, officeMessages.officeMissing);
      // Changed since it was read: the user compares before anything else is said of their values.
      if (isStale(existing, expectedVersion)) throw new StaleRecord(existing.id);
      if (existing.type !== draft.type) {
        throw refusal('type', format(ruleMessages.readOnly[locale], { label: officeEntity.fields.type.label[locale] }));
      }
    }
    const parentId = await placement(repo, draft, locale);
    await repo.lockSiblingNames(parentId);
    if (isSiblingNameTaken(await repo.children(parentId), { parentId, name: draft.name, id: existing?.id })) {
      const message = OFFICE_NAME_DUPLICATE[draft.type][locale];
      throw new ApiError(Code.DUPLICATE, message, { fields: { name: message } });
    }
    const values = { type: draft.type, parentId, name: draft.name, remark: draft.remark ?? null };
    if (!existing) return repo.insert(values);
    // Nothing changed: nothing is written, and the version stays (as a declared resource's save).
    if (Object.entries(values).every(([key, value]) => existing[key as keyof typeof values] === value)) return existing;
    const updated = await repo.update(existing.id, values, expectedVersion);
    if (!updated) throw new StaleRecord(existing.id);
    return updated;
  });
}

/** Refuses (1003) when a member of `nodes` is outside the caller's data scope: asked of the database, not of a list of ids. */
async function requireMembersInScope(trx: Kysely<Database>, callerId: number, nodes: readonly number[]): Promise<void> {
  const scope = await staffScopeOf(trx, callerId);
  if (scope.all) return;
  for (const part of chunks(nodes)) {
    const outside = await trx
      .selectFrom('user as u')
      .select('u.id')
      .where('u.officeId', 'in', part)
      .where((eb) => eb.not(inStaffScope(eb, scope, 'u.id', 'u.officeId')))
      .executeTakeFirst();
    if (outside) throw outOfScope();
  }
}

/**
 * Deletes the nodes with all their descendants, unplacing their members, or nothing at all when
 * one id does not exist (undefined). Answers how many nodes went. Unplacing a member changes their
 * account, so the members go through the staff screens' account rule and the caller's data scope
 * as a removal would (1003).
 */
export function deleteOffices(db: Kysely<Database>, caller: Pick<Caller, 'userId'>, ids: readonly number[]): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const repo = officeRepository(trx);
    if ((await repo.lockNodes(ids)) !== ids.length) return undefined;
    const descendants = await repo.descendantIds(ids);
    await repo.lockNodes(descendants);
    const nodes = [...ids, ...descendants];
    const members: Array<{ id: number }> = [];
    for (const part of chunks(nodes)) members.push(...(await trx.selectFrom('user').select('id').where('officeId', 'in', part).execute()));
    if (members.length > 0) await checkAccountAction(trx, caller, members.map((m) => m.id), 'update');
    await requireMembersInScope(trx, caller.userId, nodes);
    return repo.deleteNodes(nodes);
  });
}
