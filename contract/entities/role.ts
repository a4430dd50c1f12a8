import { choice, digits, optionalText, reference, requiredText, type Option } from '../fields';
import { defineEntity, type EntityRecord } from '../entity';
import { text } from '../i18n';
import type { Versioned } from '../recordVersion';

export const ROLE_TYPES: readonly Option<1 | 2>[] = [
  { value: 1, label: text('系统角色', 'System role') },
  { value: 2, label: text('普通角色', 'Normal role') },
];

/** '1' the role is in effect (and offered at registration), '0' not. */
export const ROLE_ENABLE_FLAGS: readonly Option<'1' | '0'>[] = [
  { value: '1', label: text('启用', 'Enabled') },
  { value: '0', label: text('停用', 'Disabled') },
];

/** Key of the role that holds every permission of the base app. */
export const SUPER_ADMIN_ROLE_KEY = 'superAdmin';

/** Why the super-admin role's grant tree is read-only (the server refuses a change with it too). */
export const SUPER_ADMIN_GRANTS_FIXED = text('超级管理员角色拥有全部权限，不能修改', 'The super-admin role holds every permission; its grants cannot be changed');

/** The server's refusal of any change of the super-admin role by a caller not holding it. */
export const SUPER_ADMIN_ROLE_READ_ONLY = text('只有超级管理员可以修改超级管理员角色', 'Only a super-admin can change the super-admin role');

/** Why the role list offers no edit or delete of the super-admin role. */
export const SUPER_ADMIN_ROLE_LOCKED = text('超级管理员角色拥有全部权限，为只读', 'The super-admin role holds every permission and is read-only');

/** Role (SPEC §3 Role, §5 Role); roleKey is unique within its sub-system. */
export const roleEntity = defineEntity({
  fields: {
    sortNum: digits(text('角色编号', 'Role number'), 10),
    roleKey: requiredText(text('角色Key', 'Role key'), 20),
    name: requiredText(text('角色名称', 'Role name'), 20),
    appId: reference(text('所属子系统', 'Sub-system')),
    roleType: choice(text('角色类型', 'Role type'), ROLE_TYPES),
    isEnable: choice(text('状态', 'Status'), ROLE_ENABLE_FLAGS, '1'),
    description: optionalText(text('描述', 'Description'), 100),
  },
  unique: { fields: ['appId', 'roleKey'], duplicate: text('key不可以重复', 'This key already exists in the sub-system') },
});

export type Role = EntityRecord<typeof roleEntity> & Versioned;
