import { sampleEntity } from '../../contract/entities/sample';
import { text } from '../../contract/i18n';
import { defineResource } from '../define';

/** The example table (SPEC §1 demo pages: GET /v2/table/list, paged by the server from a real table). */
export const sampleResource = defineResource({
  name: 'sample',
  endpoint: '/v2/table',
  actions: ['list'],
  entity: sampleEntity,
  table: 'sample_row',
  title: text('示例表格', 'Sample table'),
  menu: { navigation: 'examples', sort: 10, icon: 'table', path: '/examples/table' },
  paging: 'page',
  labelField: 'title',
  search: ['title', 'author'],
  filters: ['status'],
  sort: [['displayTime', 'desc']],
  columns: [{ field: 'title' }, { field: 'author' }, { field: 'status', cell: 'option' }, { field: 'pageviews', sortable: true }, { field: 'displayTime', sortable: true }],
  form: [],
  demo: { rows: () => import('./demo').then((m) => m.SAMPLE_DEMO_ROWS) },
});
