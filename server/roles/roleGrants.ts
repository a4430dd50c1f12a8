/**
 * Replacing a role's grants within one app (/rolePermission/save), in one transaction holding the
 * role's row lock. The rules, in the order they are checked:
 * - the role exists and belongs to the app (1004);
 * - the super-admin role's grants are fixed: it holds the whole base app anyway (1011);
 * - nobody changes the grants of a role they hold themselves, super-admin included (1003);
 * - every id is a node of the app (1001);
 * - a caller who does not hold the super-admin role may only grant or revoke nodes granted to
 *   themselves: every id added or removed must be in their own granted set (1003). Grants of the
 *   role the caller does not hold may stay as they are. The same rule (`requireOwnGrants`) guards
 *   switching a role on or off and deleting it (./rolePolicy.ts).
 */
import type { Kysely } from 'kysely';
import { Code, DEFAULT_LOCALE, type Locale } from '../../contract';
import { grantedPermissionIds, isSuperAdmin, superAdminRoleId } from '../auth/grants';
import { linkInForce } from './linkInForce';
import { isStorableId } from '../crud/storableId';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { moveVersions } from '../db/recordVersion';
import { ApiError } from '../errors';
import { isStale, StaleRecord, staleVersionRefusal } from '../http/staleVersion';
import type { Caller } from '../http/requestContext';
import { requirePreviewedVersion } from './grantsVersion';
import { roleMessages } from './messages';

export interface RoleGrantsChange {
  appId: number;
  roleId: number;
  /** The complete new set of the role's nodes in the app (checked nodes and half-checked parents). */
  permissionIds: readonly number[];
  /** The role's version the grants were read at, if the caller names it. */
  expectedVersion?: number;
  /** The grants version a preview of this change was computed at (./grantsVersion.ts), if the caller names it. */
  grantsVersion?: number;
}


/** Every id of `ids` that `allowed` lacks. */
function outside(ids: Iterable<number>, allowed: ReadonlySet<number>): number[] {
  return [...ids].filter((id) => !allowed.has(id));
}

/**
 * The rule every change of what a role grants goes through (its grants here; switching it on or
 * off and deleting it in ./rolePolicy.ts): a caller who does not hold the super-admin role may only
 * give or take away nodes that one of their own enabled roles grants them (1003). `nodeIds`: the
 * nodes the change gives or takes away.
 */
export async function requireOwnGrants(db: Kysely<Database>, caller: Pick<Caller, 'userId'>, nodeIds: readonly number[]): Promise<void> {
  if (nodeIds.length === 0 || (await isSuperAdmin(db, caller.userId))) return;
  const own = new Set((await grantedPermissionIds(db, caller.userId).execute()).map((row) => row.id));
  if (outside(nodeIds, own).length > 0) throw new ApiError(Code.FORBIDDEN, roleMessages.grantsBeyondOwn);
}

/** Every node the roles grant (explicitly: the super-admin role's implicit grants are not rows). */
export async function grantsOfRoles(db: Kysely<Database>, roleIds: readonly number[]): Promise<number[]> {
  const found = new Set<number>();
  for (const part of chunks(roleIds)) {
    for (const row of await db.selectFrom('rolePermission').select('permissionId').where('roleId', 'in', part).execute()) found.add(row.permissionId);
  }
  return [...found];
}

/** Whether the user holds the role (enabled or not), by a link in force. */
export async function holdsRole(db: Kysely<Database>, userId: number, roleId: number, now = Date.now()): Promise<boolean> {
  const row = await db.selectFrom('userRole').select('roleId').where('userId', '=', userId).where('roleId', '=', roleId).where(linkInForce('userRole', now)).executeTakeFirst();
  return row !== undefined;
}

/**
 * The role's grants are versioned as one unit with the role: a change of them moves the role's
 * `version` (contract/recordVersion.ts). A save naming the version the role was read at is written
 * only while the role holds it, else 1012 with the role as it stands and its grants in the app.
 */
export async function saveRoleGrants(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  change: RoleGrantsChange,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  try {
    await writeRoleGrants(db, caller, change, locale);
  } catch (error) {
    // Read after the rollback: the transaction's connection is the only one on SQLite.
    if (error instanceof StaleRecord) throw staleVersionRefusal(await roleWithGrants(db, change.roleId, change.appId));
    throw error;
  }
}

/** The role's row with its grants in the app (`permissionIds`): what a stale grants save answers. */
export async function roleWithGrants(db: Kysely<Database>, roleId: number, appId: number): Promise<object | undefined> {
  const role = await db.selectFrom('role').selectAll().where('id', '=', roleId).executeTakeFirst();
  if (!role) return undefined;
  const granted = await db
    .selectFrom('rolePermission as rp')
    .innerJoin('permission as p', 'p.id', 'rp.permissionId')
    .select('p.id')
    .where('rp.roleId', '=', roleId)
    .where('p.appId', '=', appId)
    .orderBy('p.id')
    .execute();
  return { ...role, version: Number(role.version), permissionIds: granted.map((row) => row.id) };
}

function writeRoleGrants(db: Kysely<Database>, caller: Pick<Caller, 'userId'>, change: RoleGrantsChange, locale: Locale): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await requirePreviewedVersion(trx, change.grantsVersion);
    await applyRoleGrants(trx, caller, change, locale);
  });
}

/**
 * The grants save's checks and writes, inside the caller's transaction: the save's, and the grant
 * preview's (server/roles/grantPreview.ts), which rolls it back.
 */
export async function applyRoleGrants(
  trx: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  { appId, roleId, permissionIds, expectedVersion }: RoleGrantsChange,
  locale: Locale,
): Promise<void> {
  {
    if (!isStorableId(roleId) || !isStorableId(appId)) throw new ApiError(Code.NOT_FOUND, roleMessages.roleMissing);
    // A no-op update takes the role's row lock: saves of one role's grants run one after the other.
    const locked = await trx
      .updateTable('role')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', roleId)
      .executeTakeFirst();
    if (locked.numUpdatedRows === 0n) throw new ApiError(Code.NOT_FOUND, roleMessages.roleMissing);
    const role = await trx.selectFrom('role').select(['id', 'appId', 'version']).where('id', '=', roleId).executeTakeFirstOrThrow();
    if (role.appId !== appId) throw new ApiError(Code.NOT_FOUND, roleMessages.roleNotInApp);
    // Changed since it was read (its grants or its fields): the user compares before anything else.
    if (isStale(role, expectedVersion)) throw new StaleRecord(role.id);
    if (role.id === (await superAdminRoleId(trx))) throw new ApiError(Code.CONFLICT, roleMessages.superAdminGrantsFixed);

    if (await holdsRole(trx, caller.userId, roleId)) throw new ApiError(Code.FORBIDDEN, roleMessages.ownRoleGrants);

    const appNodes = new Set((await trx.selectFrom('permission').select('id').where('appId', '=', appId).execute()).map((n) => n.id));
    const wanted = new Set(permissionIds);
    if (outside(wanted, appNodes).length > 0) {
      const message = roleMessages.notNodeOfApp[locale];
      throw new ApiError(Code.VALIDATION_FAILED, message, { fields: { permissionIds: message } });
    }

    const current = new Set(
      (
        await trx
          .selectFrom('rolePermission as rp')
          .innerJoin('permission as p', 'p.id', 'rp.permissionId')
          .select('p.id')
          .where('rp.roleId', '=', roleId)
          .where('p.appId', '=', appId)
          .execute()
      ).map((n) => n.id),
    );
    const added = outside(wanted, current);
    const removed = outside(current, wanted);
    await requireOwnGrants(trx, caller, [...added, ...removed]);

    for (const part of chunks(removed)) {
      await trx.deleteFrom('rolePermission').where('roleId', '=', roleId).where('permissionId', 'in', part).execute();
    }
    for (const part of chunks(added)) {
      await trx
        .insertInto('rolePermission')
        .values(part.map((permissionId) => ({ roleId, permissionId })))
        .execute();
    }
    // Nothing changed: nothing is written, and the version stays.
    if (added.length + removed.length > 0) await moveVersions(trx, 'role', [roleId]);
  }
}
