import { roleEntity, text } from '../../contract';
import { OFFICE_CALLS, PERMISSION_CALLS, ROLE_CALLS } from '../../contract/paths';
import { SUPER_ADMIN_ROLE_KEY, SUPER_ADMIN_ROLE_LOCKED } from '../../contract/entities/role';
import { defineResource } from '../define';

/**
 * Role management (SPEC §2.12, §3 Role, §5 Role). A role key is unique within its sub-system
 * (`roleEntity.unique`: `['appId', 'roleKey']`): the key check sends `appId` too, and the list filters by
 * the owning app exactly. Authorisation and function info are row actions opening bespoke dialogs.
 */
export const roleResource = defineResource({
  name: 'role',
  entity: roleEntity,
  table: 'role',
  title: text('角色管理', 'Roles'),
  menu: { navigation: 'system', sort: 30, icon: 'safety', path: '/system/role' },
  labelField: 'name',
  recordName: text('角色', 'role'),
  paging: 'pageNo',
  keyCheck: { path: 'validateKey', param: 'roleKey' },
  // Code reads a role by its key; its grants belong to its sub-system.
  fixed: ['roleKey', 'appId'],
  search: ['roleKey', 'name'],
  filters: ['appId'],
  references: { appId: { resource: 'app', labelField: 'name' } },
  // A new sub-system's roles arrive as a list (by the sub-system's name); grants are given afterwards, one role at a time.
  importable: true,
  // Only a super-admin may change it (server/roles/rolePolicy.ts); the list cannot tell who holds it.
  readOnlyRows: { field: 'roleKey', values: [SUPER_ADMIN_ROLE_KEY], reason: SUPER_ADMIN_ROLE_LOCKED },
  // Switching a role on or off gives or takes its grants: who gains and loses what is shown before the save.
  saveStep: { step: 'grantPreview', fields: ['isEnable'], apis: [ROLE_CALLS.preview] },
  // Switching several roles on or off at once (each checked as its own save: the super-admin role stays on).
  bulk: ['isEnable'],
  // A role's switch changes who may do what: a revert never restores it (README "History and revert").
  history: { fixed: ['isEnable'] },
  rowActions: [
    { action: 'authorize', label: text('授权', 'Authorize'), dialog: 'roleGrant', apis: [PERMISSION_CALLS.tree, ROLE_CALLS.grant, ROLE_CALLS.preview] },
    // Which staff the role's holders reach; the organisation tree is read to choose departments.
    { action: 'dataScope', label: text('数据权限', 'Data scope'), dialog: 'roleDataScope', apis: [ROLE_CALLS.dataScope, ROLE_CALLS.saveDataScope, OFFICE_CALLS.list] },
    { action: 'functionInfo', label: text('功能信息', 'Function info'), dialog: 'roleFunctionInfo', apis: [PERMISSION_CALLS.tree] },
  ],
  sort: [['sortNum', 'asc']],
  columns: [
    { field: 'sortNum', width: 90 },
    { field: 'roleKey' },
    { field: 'name' },
    { field: 'appId', cell: 'reference' },
    { field: 'roleType', cell: 'option' },
    // What the bulk enable/disable changes, shown where it is changed.
    { field: 'isEnable', cell: 'option' },
    { field: 'description' },
  ],
  form: [
    { field: 'sortNum', widget: 'number' },
    // The app first: the key is checked within it.
    { field: 'appId', widget: 'reference' },
    { field: 'roleKey' },
    { field: 'name' },
    { field: 'roleType', widget: 'select' },
    { field: 'isEnable', widget: 'radio' },
    { field: 'description', widget: 'textarea' },
  ],
});
