/**
 * A role's data scope (contract/dataScope.ts RoleDataScope): read and saved apart from the role's
 * fields, like its grants, and versioned with the role (a save moves the role's `version`; 1012
 * when it moved since the read). The rules of a save, in the order they are checked:
 * - the role exists (1004); the version named is the role's (1012);
 * - the super-admin role always reaches all (1011);
 * - nobody changes the scope of a role they hold (1003), as with its grants;
 * - the scope is one of DATA_SCOPES; a chosen scope names 1..SCOPE_OFFICES_MAX existing nodes (1001);
 * - a caller whose own scope is not all may only give or take chosen nodes (with their groups) or
 *   self that lie within their own scope (1003): the scope they set and the one it replaces. A
 *   scope relative to the holder's department could reach beyond the caller's, so it is refused.
 * Storing: no row for all (a role without one reaches all), else the scope and its chosen nodes.
 */
import type { Kysely } from 'kysely';
import { Code, DATA_SCOPES, DataScope, dataScopeError, format, ruleMessages, type Locale, type RoleDataScope } from '../../contract';
import { superAdminRoleId } from '../auth/grants';
import { isStorableId } from '../crud/storableId';
import { moveVersions } from '../db/recordVersion';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import { isStale, StaleRecord, staleVersionRefusal } from '../http/staleVersion';
import { staffScopeOf } from '../scope/dataScope';
import { roleMessages } from './messages';
import { holdsRole } from './roleGrants';

export interface RoleDataScopeChange {
  roleId: number;
  dataScope: number;
  officeIds: readonly number[];
  expectedVersion?: number;
}

type Executor = Kysely<Database>;

/** The role's scope as stored (none: all; the super-admin role: all), or undefined when the role does not exist. */
export async function readRoleDataScope(db: Executor, roleId: number): Promise<RoleDataScope | undefined> {
  if (!isStorableId(roleId)) return undefined;
  const role = await db
    .selectFrom('role as r')
    .leftJoin('roleDataScope as ds', 'ds.roleId', 'r.id')
    .select(['r.id', 'r.version', 'ds.dataScope'])
    .where('r.id', '=', roleId)
    .executeTakeFirst();
  if (!role) return undefined;
  const version = Number(role.version);
  if (role.dataScope === null || role.dataScope === DataScope.ALL || role.id === (await superAdminRoleId(db))) return { roleId, dataScope: DataScope.ALL, officeIds: [], version };
  // Nodes deleted since are no longer part of it.
  const offices =
    role.dataScope === DataScope.CHOSEN
      ? await db.selectFrom('roleScopeOffice as so').innerJoin('office as o', 'o.id', 'so.officeId').select('o.id').where('so.roleId', '=', roleId).orderBy('o.id').execute()
      : [];
  return { roleId, dataScope: role.dataScope as DataScope, officeIds: offices.map((row) => row.id), version };
}

function invalid(name: string, message: string): ApiError {
  return new ApiError(Code.VALIDATION_FAILED, message, { fields: { [name]: message } });
}

/** The nodes a scope's chosen nodes cover: themselves and the groups under them. */
async function coveredNodes(db: Executor, officeIds: readonly number[]): Promise<number[]> {
  if (!officeIds.length) return [];
  const rows = await db
    .selectFrom('office as o')
    .select('o.id')
    .where((eb) => eb.or([eb('o.id', 'in', [...officeIds]), eb('o.parentId', 'in', [...officeIds])]))
    .execute();
  return rows.map((row) => row.id);
}

/** Refuses (1003) a scope given or taken beyond the caller's own scope (see the file's comment). */
async function requireOwnScope(db: Executor, callerId: number, scopes: ReadonlyArray<Pick<RoleDataScope, 'dataScope' | 'officeIds'>>): Promise<void> {
  const own = await staffScopeOf(db, callerId);
  if (own.all) return;
  for (const scope of scopes) {
    if (scope.dataScope === DataScope.SELF) continue;
    const within = scope.dataScope === DataScope.CHOSEN && (await coveredNodes(db, scope.officeIds)).every((id) => own.officeIds.includes(id));
    if (!within) throw new ApiError(Code.FORBIDDEN, roleMessages.scopeBeyondOwn);
  }
}

export async function saveRoleDataScope(db: Executor, caller: Pick<Caller, 'userId'>, change: RoleDataScopeChange, locale: Locale): Promise<void> {
  try {
    await db.transaction().execute((trx) => writeRoleDataScope(trx, caller, change, locale));
  } catch (error) {
    // Read after the rollback: the transaction's connection is the only one on SQLite.
    if (error instanceof StaleRecord) throw staleVersionRefusal(await readRoleDataScope(db, change.roleId));
    throw error;
  }
}

async function writeRoleDataScope(trx: Executor, caller: Pick<Caller, 'userId'>, { roleId, dataScope, officeIds, expectedVersion }: RoleDataScopeChange, locale: Locale): Promise<void> {
  if (!isStorableId(roleId)) throw new ApiError(Code.NOT_FOUND, roleMessages.roleMissing);
  // A no-op update takes the role's row lock: saves of one role run one after the other.
  const locked = await trx
    .updateTable('role')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', roleId)
    .executeTakeFirst();
  if (locked.numUpdatedRows === 0n) throw new ApiError(Code.NOT_FOUND, roleMessages.roleMissing);
  const current = (await readRoleDataScope(trx, roleId))!;
  if (isStale(current, expectedVersion)) throw new StaleRecord(roleId);
  if (roleId === (await superAdminRoleId(trx))) throw new ApiError(Code.CONFLICT, roleMessages.superAdminScopeFixed);
  if (await holdsRole(trx, caller.userId, roleId)) throw new ApiError(Code.FORBIDDEN, roleMessages.ownRoleScope);

  if (!DATA_SCOPES.some((option) => option.value === dataScope)) throw invalid('dataScope', format(ruleMessages.choice[locale], { label: 'dataScope' }));
  const chosen = dataScope === DataScope.CHOSEN ? [...new Set(officeIds)].sort((a, b) => a - b) : [];
  // The dialog's rule of the chosen nodes (contract/dataScope.ts), then what only the database knows.
  const refused = dataScopeError({ dataScope, officeIds: chosen }, locale);
  if (refused) throw invalid('officeIds', refused);
  if (dataScope === DataScope.CHOSEN) {
    const found = chosen.every(isStorableId) ? await trx.selectFrom('office').select('id').where('id', 'in', chosen).execute() : [];
    if (found.length !== chosen.length) throw invalid('officeIds', roleMessages.scopeOfficeMissing[locale]);
  }

  const unchanged = current.dataScope === dataScope && current.officeIds.join() === chosen.join();
  if (unchanged) return;
  await requireOwnScope(trx, caller.userId, [current, { dataScope: dataScope as DataScope, officeIds: chosen }]);

  await trx.deleteFrom('roleScopeOffice').where('roleId', '=', roleId).execute();
  await trx.deleteFrom('roleDataScope').where('roleId', '=', roleId).execute();
  if (dataScope !== DataScope.ALL) await trx.insertInto('roleDataScope').values({ roleId, dataScope }).execute();
  if (chosen.length) await trx.insertInto('roleScopeOffice').values(chosen.map((officeId) => ({ roleId, officeId }))).execute();
  await moveVersions(trx, 'role', [roleId]);
}

/** Removes the scope rows of deleted roles (inside the delete's transaction). */
export async function deleteRoleDataScopes(trx: Executor, roleIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('roleScopeOffice').where('roleId', 'in', [...roleIds]).execute();
  await trx.deleteFrom('roleDataScope').where('roleId', 'in', [...roleIds]).execute();
}
