import { dicEntity, dicItemEntity, text } from '../../contract';
import { API_PREFIX } from '../../contract/session';
import { defineResource } from '../define';

/**
 * Dictionary management (SPEC §2.13): the dictionaries on the left, the selected one's items on
 * the right. Both live in the table `dic` and are served by /dic (parentId 0: the dictionaries).
 */
export const dicResource = defineResource({
  name: 'dic',
  entity: dicEntity,
  table: 'dic',
  scope: { parentId: 0 },
  title: text('字典管理', 'Dictionaries'),
  menu: { navigation: 'system', sort: 40, icon: 'book', path: '/system/dic' },
  paging: 'page',
  labelField: 'name',
  recordName: text('字典', 'dictionary'),
  keyCheck: { path: 'vaildKey', param: 'dicKey' },
  search: ['dicKey', 'name'],
  sort: [],
  deletable: { field: 'type', values: [2], refusal: text('系统字典不能删除', 'A system dictionary cannot be deleted') },
  // Otherwise a system dictionary could be made normal, then deleted.
  // Code and dictionary-backed fields read a dictionary by its key.
  fixed: ['type', 'dicKey'],
  columns: [{ field: 'name' }, { field: 'dicKey' }, { field: 'type', cell: 'option' }],
  form: [{ field: 'name' }, { field: 'dicKey' }, { field: 'type', widget: 'radio' }],
});

/** A dictionary's items: text and value, their order (up/down) and an on/off switch saved at once. */
export const dicItemResource = defineResource({
  name: 'dicItem',
  endpoint: `${API_PREFIX}/dic`,
  entity: dicItemEntity,
  table: 'dic',
  title: text('字典项', 'Dictionary items'),
  parent: { resource: 'dic', field: 'parentId' },
  order: { field: 'sortNum' },
  paging: 'page',
  labelField: 'name',
  recordName: text('字典项', 'dictionary item'),
  keyCheck: { path: 'vaildKey', param: 'dicKey' },
  // Stored records hold the item's value.
  fixed: ['dicKey'],
  search: [],
  sort: [['sortNum', 'asc']],
  columns: [{ field: 'name' }, { field: 'dicKey' }, { field: 'sortNum', cell: 'order' }, { field: 'openStatus', cell: 'switch' }],
  form: [{ field: 'name' }, { field: 'dicKey' }],
});
