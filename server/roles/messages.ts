/** Messages of the role and grant rules that the contract does not (yet) carry. */
import { text } from '../../contract';
import { SUPER_ADMIN_GRANTS_FIXED, SUPER_ADMIN_ROLE_READ_ONLY } from '../../contract/entities/role';

export const roleMessages = {
  superAdminRoleUndeletable: text('超级管理员角色不能删除', 'The super-admin role cannot be deleted'),
  superAdminRoleAlwaysEnabled: text('超级管理员角色不能停用', 'The super-admin role cannot be disabled'),
  superAdminGrantsFixed: SUPER_ADMIN_GRANTS_FIXED,
  superAdminRoleReadOnly: SUPER_ADMIN_ROLE_READ_ONLY,
  ownRoleEnable: text('不能启用自己所属的角色', 'You cannot switch on a role you hold'),
  roleMissing: text('角色不存在', 'The role does not exist'),
  roleNotInApp: text('该子系统下没有这个角色', 'The sub-system has no such role'),
  notNodeOfApp: text('权限不属于该子系统', 'A permission does not belong to the sub-system'),
  ownRoleGrants: text('不能修改自己所属角色的权限', 'You cannot change the permissions of a role you hold'),
  grantsBeyondOwn: text('只能授予或收回自己拥有的权限', 'You can only grant or revoke permissions you hold yourself'),
  ownRoles: text('不能修改自己的角色', 'You cannot change your own roles'),
  rolesBeyondOwn: text('只能分配或移除自己拥有的角色', 'You can only assign or remove roles you hold yourself'),
  endBeyondOwn: text('分配的角色不能晚于您自己的该角色到期', 'You can give a role only until your own link to it ends'),
  userMissing: text('人员不存在', 'The staff member does not exist'),
  roleIdsInvalid: text('角色不存在', 'A role does not exist'),
  lastSuperAdmin: text('不能移除最后一个超级管理员的超级管理员角色', 'The last super-admin account must keep the super-admin role'),
  superAdminScopeFixed: text('超级管理员角色的数据范围固定为全部数据', 'The super-admin role always reaches all staff'),
  ownRoleScope: text('不能修改自己所属角色的数据范围', 'You cannot change the data scope of a role you hold'),
  scopeBeyondOwn: text('只能设置自己数据范围内的部门', 'You can only give or take a data scope within your own'),
  scopeOfficeMissing: text('数据范围中的部门不存在', 'A department of the data scope does not exist'),
  lastSuperAdminAccount: text('不能停用或删除最后一个超级管理员', 'The last super-admin account cannot be disabled or deleted'),
};
