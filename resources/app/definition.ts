import { appEntity, MENU_READING_FIXED, text } from '../../contract';
import { defineResource } from '../define';

/** Sub-system list (SPEC §2.8). */
export const appResource = defineResource({
  name: 'app',
  entity: appEntity,
  table: 'app',
  title: text('子系统管理', 'Sub-systems'),
  menu: { navigation: 'system', sort: 10, icon: 'appstore', path: '/system/app' },
  labelField: 'name',
  recordName: text('子系统', 'sub-system'),
  paging: 'pageNo',
  keyCheck: { path: 'validateCode', param: 'code' },
  // Menus, roles and accounts name the sub-system by its code.
  fixed: ['code'],
  search: ['code', 'name'],
  sort: [['sort', 'asc']],
  columns: [
    { field: 'code' },
    { field: 'name' },
    { field: 'businessType' },
    { field: 'isEnable', cell: 'option' },
    { field: 'sort', width: 80 },
    { field: 'address' },
  ],
  form: [
    { field: 'code' },
    { field: 'name' },
    { field: 'businessType' },
    { field: 'isEnable', widget: 'radio' },
    { field: 'sort', widget: 'number' },
    { field: 'address' },
    { field: 'logo' },
    { field: 'menuReading', widget: 'radio' },
  ],
  // A tree is never read anew: its nodes' types mean what they meant when they were saved.
  fixedWhileUsed: { fields: ['menuReading'], table: 'permission', column: 'appId', reason: MENU_READING_FIXED },
  timestamps: true,
});
