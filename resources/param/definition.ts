import { paramEntity, SPARE_PARAM_COUNT, text } from '../../contract';
import { defineResource } from '../define';

/** Parameter configuration (SPEC §2.14). */
export const paramResource = defineResource({
  name: 'param',
  entity: paramEntity,
  table: 'param',
  title: text('参数配置', 'Parameters'),
  menu: { navigation: 'system', sort: 50, icon: 'setting', path: '/system/param' },
  paging: 'page',
  labelField: 'paramKey',
  recordName: text('参数', 'parameter'),
  keyCheck: { path: 'vaildKey', param: 'paramKey' },
  // Code reads a parameter by its key.
  fixed: ['paramKey'],
  search: ['paramKey', 'value', 'remark'],
  // Parameters move between environments as files.
  importable: true,
  sort: [['sortNum', 'asc']],
  columns: [
    { field: 'sortNum', width: 90 },
    { field: 'paramKey' },
    { field: 'value' },
    { field: 'remark' },
    { field: 'spareParam', cell: 'slots' },
  ],
  form: [
    { field: 'sortNum', widget: 'number' },
    { field: 'paramKey' },
    { field: 'value' },
    { field: 'spareParam', widget: 'slots', slots: { count: SPARE_PARAM_COUNT, label: 'param' } },
    { field: 'remark', widget: 'textarea' },
  ],
});
