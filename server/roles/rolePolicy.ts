/**
 * Rules the role resource adds to the generic CRUD (server/crud): the super-admin role can be
 * neither disabled nor deleted (its key and app are fixed like every role's); deleting a role
 * removes its grants and its links to users in the same transaction.
 */
import { Code } from '../../contract';
import { superAdminRoleId } from '../auth/grants';
import type { ResourcePolicy } from '../crud/policy';
import { ApiError } from '../errors';
import { roleMessages } from './messages';
import { roleDeleteImpact } from './roleDeleteImpact';

export const rolePolicy: ResourcePolicy = {
  async beforeSave(db, { existing, values }) {
    if (!existing || existing.id !== (await superAdminRoleId(db))) return;
    if (values.isEnable !== '1') throw new ApiError(Code.CONFLICT, roleMessages.superAdminRoleAlwaysEnabled);
  },

  async beforeDelete(trx, ids) {
    const superAdmin = await superAdminRoleId(trx);
    if (superAdmin !== undefined && ids.includes(superAdmin)) throw new ApiError(Code.CONFLICT, roleMessages.superAdminRoleUndeletable);
    await trx.deleteFrom('rolePermission').where('roleId', 'in', ids).execute();
    await trx.deleteFrom('userRole').where('roleId', 'in', ids).execute();
  },

  deleteImpact: roleDeleteImpact,
};
