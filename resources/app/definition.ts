import { appEntity, text } from '../../contract';
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
  ],
  timestamps: true,
});
