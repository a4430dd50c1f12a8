import { text } from '../../contract';
import { uaEntity } from '../../contract/entities/ua';
import { SCREEN_TITLES } from '../../contract/menuTitles';
import { UA_CALLS, UA_ENDPOINT } from '../../contract/paths';
import { defineResource } from '../define';

/**
 * The collected UA strings (SPEC §2.15: GET /v2/ua/list), read-only; each row's publish action
 * opens the rule editor with its test bench (./PublishDialog), its unpublish action the rules
 * published for it (./RulesDialog) and its reopen action sets it back to unprocessed
 * (./ReopenDialog); the calls are served by server/ua.
 */
export const uaResource = defineResource({
  name: 'ua',
  endpoint: UA_ENDPOINT,
  actions: ['list'],
  // Its endpoint's `/export` is the parser's regexes.yaml (server/ua): the list as a sheet is beside it.
  exportPath: 'exportXlsx',
  entity: uaEntity,
  table: 'ua_record',
  title: SCREEN_TITLES.ua,
  menu: { navigation: 'tools', sort: 10, icon: 'mobile', path: '/tools/ua' },
  paging: 'page',
  pageSizes: [30, 50, 100, 150, 200, 300],
  labelField: 'uaMessage',
  idColumn: text('UA-id', 'UA id'),
  search: ['uaMessage'],
  filters: ['uaStatus'],
  rowActions: [
    {
      action: 'publish',
      label: { 'zh-CN': '发布', 'en-US': 'Publish' },
      dialog: 'uaPublish',
      apis: [UA_CALLS.setUaParser, UA_CALLS.parse, UA_CALLS.preview, UA_CALLS.export],
    },
    // Undoing is granted on its own: seeing and unpublishing rules, and reopening a record.
    {
      action: 'unpublish',
      label: { 'zh-CN': '撤销发布', 'en-US': 'Unpublish' },
      dialog: 'uaRules',
      apis: [UA_CALLS.ruleList, UA_CALLS.ruleDelete],
    },
    {
      action: 'reopen',
      label: { 'zh-CN': '重新打开', 'en-US': 'Reopen' },
      dialog: 'uaReopen',
      apis: [UA_CALLS.reopen],
    },
  ],
  sort: [['uaStatus', 'asc']],
  columns: [{ field: 'uaMessage', width: 560 }, { field: 'uaStatus', cell: 'option', width: 110 }, { field: 'parserType', cell: 'option', width: 160 }],
  form: [],
});
