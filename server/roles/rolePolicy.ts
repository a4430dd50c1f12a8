/**
 * Rules the role resource adds to the generic CRUD (server/crud). A role's key and app are fixed
 * once created like every key (the core refuses a change with 1001). Beyond that:
 * - the super-admin role can be neither disabled nor deleted (1011), and only a caller holding the
 *   super-admin role changes any field of it (1003);
 * - switching a role on grants its nodes to its holders, switching it off or deleting it takes
 *   them away: for a caller without the super-admin role each goes through the rule of grant
 *   changes (roleGrants.ts `requireOwnGrants`: only nodes the caller holds, 1003), and nobody but a
 *   super-admin switches on a role they hold themselves (that would undo its revocation). Switching
 *   off or deleting a role one holds only takes from oneself and is allowed.
 * A switch saved with the `grantsVersion` its preview answered is refused (1011) when grants changed
 * since (checked before the write, not under its lock: the generic save has no transaction here).
 * Deleting a role removes its grants, its data scope and its links to users in the same transaction.
 */
import type { Kysely } from 'kysely';
import { Code, grantPreviewMessages } from '../../contract';
import { isSuperAdmin, superAdminRoleId } from '../auth/grants';
import { previewedVersionOf, readGrantsVersion } from './grantsVersion';
import type { CrudFeature } from '../crud/feature';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Caller } from '../http/requestContext';
import { roleMessages } from './messages';
import { deleteRoleDataScopes } from './roleDataScope';
import { grantsOfRoles, holdsRole, requireOwnGrants } from './roleGrants';
import { roleDeleteImpact } from './roleDeleteImpact';

const ENABLED = '1';

/** Whether the caller holds the super-admin role; nobody does without a session. */
async function callerIsSuperAdmin(db: Kysely<Database>, caller: Caller | null): Promise<boolean> {
  return caller !== null && (await isSuperAdmin(db, caller.userId));
}

function noCaller(): ApiError {
  return new ApiError(Code.NO_TOKEN);
}
export const rolePolicy: CrudFeature = {
  async beforeSave(db, { existing, values }, { caller, locale, params }) {
    // A new role grants nothing yet.
    if (!existing) return;
    // A switch saved after its preview (./grantPreview.ts): refused when grants changed since.
    const previewed = existing.isEnable !== values.isEnable ? previewedVersionOf(params ?? {}, locale) : undefined;
    if (previewed !== undefined && (await readGrantsVersion(db)) !== previewed) throw new ApiError(Code.CONFLICT, grantPreviewMessages.changedSincePreview);
    const isSuper = await callerIsSuperAdmin(db, caller);
    if (existing.id === (await superAdminRoleId(db))) {
      if (!isSuper) throw new ApiError(Code.FORBIDDEN, roleMessages.superAdminRoleReadOnly);
      if (values.isEnable !== ENABLED) throw new ApiError(Code.CONFLICT, roleMessages.superAdminRoleAlwaysEnabled);
      return;
    }
    if (isSuper) return;
    if (!caller) throw noCaller();

    const wasEnabled = existing.isEnable === ENABLED;
    const isEnabled = values.isEnable === ENABLED;
    if (wasEnabled === isEnabled) return;
    if (isEnabled && (await holdsRole(db, caller.userId, existing.id))) throw new ApiError(Code.FORBIDDEN, roleMessages.ownRoleEnable);
    await requireOwnGrants(db, caller, await grantsOfRoles(db, [existing.id]));
  },

  async beforeDelete(trx, ids, { caller }) {
    const superAdmin = await superAdminRoleId(trx);
    const isSuper = await callerIsSuperAdmin(trx, caller);
    if (superAdmin !== undefined && ids.includes(superAdmin)) {
      throw isSuper ? new ApiError(Code.CONFLICT, roleMessages.superAdminRoleUndeletable) : new ApiError(Code.FORBIDDEN, roleMessages.superAdminRoleReadOnly);
    }
    if (!isSuper) {
      if (!caller) throw noCaller();
      await requireOwnGrants(trx, caller, await grantsOfRoles(trx, ids));
    }
    for (const part of chunks(ids)) {
      await trx.deleteFrom('rolePermission').where('roleId', 'in', part).execute();
      await trx.deleteFrom('userRole').where('roleId', 'in', part).execute();
      await deleteRoleDataScopes(trx, part);
    }
  },

  deleteImpact: roleDeleteImpact,
};
