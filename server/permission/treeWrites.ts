/**
 * The writes of the menu/permission tree, each in one transaction holding its app's lock:
 * saving a node (create or update) under the rules of the app's menu reading (contract/menu.ts
 * `readingRules`, read under the lock, so a reading cannot change beneath a save), and deleting
 * nodes with their descendants and grants. Grants are read from the database on every request (auth/grants.ts),
 * so what these change holds from the very next request.
 */
import type { Kysely } from 'kysely';
import {
  canSitUnder,
  Code,
  format,
  hasMenuType,
  isDirectoryType,
  isMenuPathTaken,
  isTopLevelType,
  MENU_PATH_DUPLICATE,
  MenuType,
  PAGE_CODE_DUPLICATE,
  readingRules,
  ROOT_ID,
  ruleMessages,
  type Locale,
  type MenuReading,
  type Text,
} from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { isStale, StaleRecord, staleVersionRefusal } from '../http/staleVersion';
import { permissionMessages } from './messages';
import { permissionRepository, type PermissionRecord, type PermissionRepository } from './repository';
import { checkNodeDelete, checkNodeSave, type TreeWriter } from './writePolicy';

/** A validated node as a route hands it over. */
export interface NodeDraft {
  menuType: MenuType;
  appId: number;
  parentId: number;
  name: string;
  path: string;
  url: string;
  icon: string;
  /** Absent (directories: the form has none): kept on update, empty on create. */
  code?: string;
  /** Absent (elements: the form has none): kept on update unless the parent changes, else last among the siblings. */
  sort?: number;
}

/** Labels of the fields that cannot change on update, from the entity the route validated with. */
export interface FixedFieldLabels {
  menuType: Text;
  appId: Text;
}

function fieldRefusal(code: Code, field: string, message: string): ApiError {
  return new ApiError(code, message, { fields: { [field]: message } });
}

function readOnly(field: keyof FixedFieldLabels, labels: FixedFieldLabels, locale: Locale): ApiError {
  return fieldRefusal(Code.VALIDATION_FAILED, field, format(ruleMessages.readOnly[locale], { label: labels[field][locale] }));
}

/**
 * The type is one of the reading's; the parent exists in the same app, has a type this node may sit
 * under in the reading, and (on update) is not the node or below it.
 */
async function checkPlacement(repo: PermissionRepository, reading: MenuReading, draft: NodeDraft, id: number | undefined, locale: Locale): Promise<void> {
  if (!hasMenuType(reading, draft.menuType)) throw fieldRefusal(Code.VALIDATION_FAILED, 'menuType', permissionMessages.typeNotInReading[locale]);
  const placement = readingRules[reading].placement[draft.menuType]!;
  const refuse = (message: Text, code: Code = Code.VALIDATION_FAILED) => fieldRefusal(code, 'parentId', message[locale]);
  if (isTopLevelType(reading, draft.menuType)) {
    if (draft.parentId !== ROOT_ID) throw refuse(placement);
    return;
  }
  if (draft.parentId === ROOT_ID) throw refuse(placement);
  const parent = await repo.findNode(draft.parentId);
  if (!parent) throw refuse(permissionMessages.parentMissing);
  if (parent.appId !== draft.appId) throw refuse(permissionMessages.parentInOtherApp);
  if (id !== undefined && (parent.id === id || (await repo.descendantIds([id])).includes(parent.id))) {
    throw refuse(permissionMessages.cycle, Code.CONFLICT);
  }
  if (!canSitUnder(reading, draft.menuType, parent.menuType)) throw refuse(placement);
}

/**
 * At most one home page per app (in a reading that has one); page-element codes (the console's
 * button codes) and directory paths (what the console routes by) unique per app.
 */
async function checkUniqueness(repo: PermissionRepository, reading: MenuReading, draft: NodeDraft, id: number | undefined, locale: Locale): Promise<void> {
  const { directoryTypes, homeType } = readingRules[reading];
  if (isDirectoryType(reading, draft.menuType) && isMenuPathTaken(await repo.nodesOfApp(draft.appId, directoryTypes), { appId: draft.appId, path: draft.path, id }, reading)) {
    throw fieldRefusal(Code.DUPLICATE, 'path', MENU_PATH_DUPLICATE[locale]);
  }
  if (homeType !== undefined && draft.menuType === homeType) {
    const homeId = await repo.homeIdOf(draft.appId, homeType);
    if (homeId !== undefined && homeId !== id) throw fieldRefusal(Code.DUPLICATE, 'menuType', permissionMessages.homeExists[locale]);
  }
  if (draft.menuType === MenuType.PAGE_ELEMENT && draft.code !== undefined) {
    const ownerId = await repo.pageCodeOwnerId(draft.appId, draft.code);
    if (ownerId !== undefined && ownerId !== id) throw fieldRefusal(Code.DUPLICATE, 'code', PAGE_CODE_DUPLICATE[locale]);
  }
}

/**
 * Creates the node (no id) or updates it for `caller`; throws the refusal of the first rule it
 * breaks (writePolicy.ts first: who may write which node), storing nothing. An update naming the
 * version it was read at is written only while the node holds it, else 1012 with the node as its
 * detail answers it.
 */
export async function saveNode(
  db: Kysely<Database>,
  caller: TreeWriter,
  draft: NodeDraft,
  id: number | undefined,
  labels: FixedFieldLabels,
  locale: Locale,
  expectedVersion?: number,
): Promise<PermissionRecord> {
  try {
    return await writeNode(db, caller, draft, id, labels, locale, expectedVersion);
  } catch (error) {
    // Read after the rollback: the transaction's connection is the only one on SQLite.
    if (error instanceof StaleRecord) throw staleVersionRefusal(await permissionRepository(db).findNode(error.id));
    throw error;
  }
}

function writeNode(
  db: Kysely<Database>,
  caller: TreeWriter,
  draft: NodeDraft,
  id: number | undefined,
  labels: FixedFieldLabels,
  locale: Locale,
  expectedVersion: number | undefined,
): Promise<PermissionRecord> {
  return db.transaction().execute(async (trx) => {
    const repo = permissionRepository(trx);
    if (!(await repo.lockApp(draft.appId))) throw fieldRefusal(Code.VALIDATION_FAILED, 'appId', permissionMessages.appMissing[locale]);
    const reading = (await repo.appReading(draft.appId))!;
    const existing = id === undefined ? undefined : await repo.findNode(id);
    if (id !== undefined) {
      if (!existing) throw new ApiError(Code.NOT_FOUND);
      // Changed since it was read: the user compares before anything else is said of their values.
      if (isStale(existing, expectedVersion)) throw new StaleRecord(existing.id);
      if (existing.menuType !== draft.menuType) throw readOnly('menuType', labels, locale);
      if (existing.appId !== draft.appId) throw readOnly('appId', labels, locale);
    }
    await checkNodeSave(trx, caller, draft, existing);
    await checkPlacement(repo, reading, draft, id, locale);
    await checkUniqueness(repo, reading, draft, id, locale);

    const isMoved = existing !== undefined && existing.parentId !== draft.parentId;
    const sort = draft.sort ?? (existing && !isMoved ? existing.sort : await repo.nextSort(draft.appId, draft.parentId));
    const { menuType, appId, parentId, name, path, url, icon } = draft;
    const values = { menuType, appId, parentId, name, path, url, icon, sort, code: draft.code ?? existing?.code ?? '' };
    if (!existing) return repo.insert(values);
    // Nothing changed: nothing is written, and the version stays (as a declared resource's save).
    if (Object.entries(values).every(([key, value]) => existing[key as keyof typeof values] === value)) return existing;
    const updated = await repo.update(existing.id, values, expectedVersion);
    if (!updated) throw new StaleRecord(existing.id);
    return updated;
  });
}

/**
 * Deletes the nodes with all their descendants and every grant of them for `caller`, or nothing
 * at all when one id does not exist (undefined) or the caller may not (1003). Answers how many
 * nodes went.
 */
export function deleteTrees(db: Kysely<Database>, caller: TreeWriter, ids: readonly number[]): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const repo = permissionRepository(trx);
    // Locked in id order, as every write locks, so two deletes never wait on each other in a circle.
    for (const appId of await repo.appsOf(ids)) await repo.lockApp(appId);
    if ((await repo.countExisting(ids)) !== ids.length) return undefined;
    const going = [...ids, ...(await repo.descendantIds(ids))];
    await checkNodeDelete(trx, caller, going);
    return repo.deleteNodes(going);
  });
}
