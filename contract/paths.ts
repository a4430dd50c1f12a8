/**
 * The paths of the bespoke screens' calls (SPEC §7), each spelled once: the server registers its
 * route at it, the console calls it, the screen's buttons (resources/<family>/screen.ts) name it as
 * the API element that grants it. A path is written as its API element holds it: below /base/admin
 * without that prefix (`/user/list`), below the other prefixes whole (`/v2/js/template/list`);
 * `callUrl` gives the URL. The declared resources' calls come from their definitions instead.
 *
 * Plain data and one function: the console's page chunks read it.
 */
import { API_PREFIX, isCallPath } from './session';

/** A dictionary's items and the version that says when they changed (every dictionary-backed field reads them). */
export const DICTIONARY_CALLS = {
  listByKey: '/dic/ListByKey',
  version: '/dic/version',
} as const;

/** Online users' row actions: end one session, or every live session of its user. */
export const ONLINE_SESSION_CALLS = {
  end: '/onlineSession/end',
  endUser: '/onlineSession/endUser',
} as const;

/** Staff accounts (the staff screen; the organisation screens list and pick members with them). */
export const STAFF_CALLS = {
  list: '/user/list',
  filterList: '/user/filterList',
  validTelephone: '/user/valid/telephone',
  detail: '/user/detail',
  saveOrUpdate: '/user/saveOrUpdate',
  enable: '/user/enable',
  resetPwd: '/user/resetPwd',
  delete: '/user/delete',
  export: '/user/export',
  /** One department or state set on the chosen (or all matching) accounts: contract/bulkUpdate.ts. */
  bulkUpdate: '/user/bulkUpdate',
  /** New accounts from .xlsx (contract/importFile.ts): a dry run or a commit, and the file's template. */
  import: '/user/import',
  importTemplate: '/user/importTemplate',
  /** The record's history and the revert of one change (contract/history.ts). */
  history: '/user/history',
  revert: '/user/revert',
} as const;

/** The organisation tree and its members. */
export const OFFICE_CALLS = {
  list: '/office/list',
  detail: '/office/detail',
  saveOrUpdate: '/office/saveOrUpdate',
  delete: '/office/delete',
  addUser: '/office/add/user',
  removeUser: '/office/remove/user',
  updateAdminFlag: '/office/update/officeAdminFlag',
  /** The chosen node's members, as the member list shows them, to .xlsx. */
  exportUser: '/office/export/user',
} as const;

/** Menus & permissions: directories (navigation, menus, home) and elements (page and API elements). */
export const PERMISSION_CALLS = {
  filterTree: '/permission/filterTree',
  tree: '/permission/tree',
  detail: '/permission/detail',
  saveOrUpdate: '/permission/saveOrUpdate',
  validMenuType: '/permission/validMenuType',
  delete: '/permission/delete',
  elementList: '/menu/list',
  elementSaveOrUpdate: '/menu/saveOrUpdate',
  elementDelete: '/menu/delete',
} as const;

/** A role's grants (the role list's authorisation dialog; its other calls come from its definition). */
export const ROLE_CALLS = {
  grant: '/rolePermission/save',
  /** Who gains and loses what before a grant change is saved (contract/grantPreview.ts). */
  preview: '/grantPreview',
  /** A role's data scope (contract/dataScope.ts RoleDataScope). */
  dataScope: '/roleDataScope/detail',
  saveDataScope: '/roleDataScope/save',
} as const;

/** Effective permissions: whom to look at, and what they may reach. */
export const EFFECTIVE_CALLS = {
  users: '/effective/users',
  tree: '/effective/tree',
  /** The user's roles with their scope and end (contract/effective.ts HeldRole). */
  roles: '/effective/roles',
  /** Two users' reach side by side (EffectiveComparison). */
  compare: '/effective/compare',
} as const;

/** The dashboard, the summaries and the statistics' ingestion. */
export const STATISTICS_CALLS = {
  totalNums: '/admin/dashboard/statistics/totalNums',
  lineChart: '/admin/dashboard/lineChart/traffic/siteUser',
  teamOverview: '/admin/dashboard/statistics/teamOverview',
  siteUsers: '/siteuser/list',
  staffSummary: '/staffSummary/list',
  mediaStats: '/mediaStats/list',
  /** The summaries' tables for their filters, every page, to .xlsx. */
  staffSummaryExport: '/staffSummary/export',
  mediaStatsExport: '/mediaStats/export',
  ingest: '/statistics/ingest',
} as const;

/** Report templates: the console reads the list and one version through the data provider, at this base. */
export const TEMPLATE_ENDPOINT = '/v2/js/template';

export const TEMPLATE_CALLS = {
  list: `${TEMPLATE_ENDPOINT}/list`,
  versions: `${TEMPLATE_ENDPOINT}/versions`,
  detail: `${TEMPLATE_ENDPOINT}/detail`,
  create: `${TEMPLATE_ENDPOINT}/create`,
} as const;

/** The UA list's own calls beside its declared ones (resources/ua/definition.ts, whose endpoint this is). */
export const UA_ENDPOINT = '/v2/ua';

export const UA_CALLS = {
  setUaParser: `${UA_ENDPOINT}/setUaParser`,
  parse: `${UA_ENDPOINT}/parse`,
  preview: `${UA_ENDPOINT}/preview`,
  export: `${UA_ENDPOINT}/export`,
  ruleList: `${UA_ENDPOINT}/rule/list`,
  ruleDelete: `${UA_ENDPOINT}/rule/delete`,
  reopen: `${UA_ENDPOINT}/update/reopen`,
} as const;

/** A declared resource's call as its API element names it (`/app/list`): its route comes from its definition. */
export function declaredCall(resource: string, action: string): string {
  return `/${resource}/${action}`;
}

/** The URL of a call: a path below another call prefix is whole, any other sits below /base/admin. */
export function callUrl(path: string): string {
  return isCallPath(path) ? path : `${API_PREFIX}${path}`;
}
