/**
 * THE AUTHORIZATION MATRIX's table: every route the server registers below a guarded prefix, with
 * the outcome each kind of caller gets and a harmless request. authorizationMatrix.test.ts proves
 * the outcomes; fuzz.test.ts fuzzes every route listed here. How to read and add a row: see the
 * head of authorizationMatrix.test.ts. The declared resources' generic calls are not written here:
 * their rows come from the definitions (./declaredRows.ts); their bespoke routes are.
 */
import { Code } from '../../contract';
import { resourceDefinitions } from '../../resources/registry';
import { declaredMatrixRows } from './declaredRows';
import { NONE, PASS, type Row } from './matrixTypes';

export { CALLERS, NONE, PASS, type Caller, type Outcome, type Request, type Row } from './matrixTypes';
const [NO_TOKEN, EXPIRED, FORBIDDEN] = [Code.NO_TOKEN, Code.TOKEN_EXPIRED, Code.FORBIDDEN] as const;

/** The routes no definition declares, each written out. */
export const BESPOKE_ROWS: Row[] = [
  //  method  path (below /base/admin)      noToken   forged    expired  noGrants   exact  sibling    superAdmin  request
  ['POST', '/user/login',                   PASS,     PASS,     PASS,    PASS,      PASS,  PASS,      PASS,       { body: {} }],
  ['GET',  '/user/info',                    NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS],
  ['POST', '/user/logout',                  NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS],
  ['POST', '/user/changePwd',               NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS,       { body: {} }],
  ['POST', '/user/changeEmail',             NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS,       { body: {} }],

  // One's own preferences: a session suffices; the screen named must be one the caller may open
  // (its list call granted), else 1003 from the route itself (tests/api/preferences.test.ts).
  // Without a screen the request is harmless: 1001.
  // Live lists' event stream: a session suffices, each event is filtered by the caller's list grants (tests/api/live.test.ts).
  ['GET',  '/live/events',                  NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS],
  ['GET',  '/preference/list',              NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS,       { query: { kind: 'columns' } }],
  ['POST', '/preference/save',              NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS,       { body: { kind: 'columns', value: { columns: [] } } }],
  ['POST', '/preference/delete',            NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS,       { body: { kind: 'columns' } }],

  ['GET',  '/user/list',                    NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { pageSize: 1 } }],
  ['POST', '/user/list',                    NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { pageNo: 1, name: 'zz' } }],
  ['GET',  '/user/filterList',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { searchKey: 'zz' } }],
  ['POST', '/user/filterList',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { searchKey: 'zz' } }],
  ['GET',  '/user/valid/telephone',         NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { telephone: '13800000000' } }],
  ['GET',  '/user/detail',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/user/saveOrUpdate',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/user/enable',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE, isEnable: '1' } }],
  ['POST', '/user/enable',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}`, isEnable: '1' } }],
  ['GET',  '/user/resetPwd',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE, pwd: 'x' } }],
  ['POST', '/user/resetPwd',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}`, pwd: 'x' } }],
  ['GET',  '/user/delete',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/user/delete',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  // A department or state on chosen (or every matching) account: its own button, no sibling call grants it.
  ['POST', '/user/bulkUpdate',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}`, values: { isEnable: '1' } } }],
  ['GET',  '/user/export',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { name: 'zz' } }],
  ['POST', '/user/export',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { name: 'zz', columns: 'code,name' } }],
  // Sent without a file: refused (1001) past the grant, writing nothing (tests/api/staffImport.test.ts).
  ['POST', '/user/import',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { dryRun: 1 }, body: {} }],
  ['GET',  '/user/importTemplate',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],
  // An account's history and the revert of one edit: buttons of their own (the revert also needs the save: tests/api/history.test.ts).
  ['GET',  '/user/history',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/user/revert',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { id: NONE, auditId: NONE } }],
  ['GET',  '/permission/pemByUserAndApp',   NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS],
  ['GET',  '/workbench/apps',               NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS],
  ['POST', '/workbench/handoff',            NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS,       { body: { appId: NONE } }],
  ['POST', '/user/handoff',                 PASS,     PASS,     PASS,    PASS,      PASS,  PASS,      PASS,       { body: {} }],

  ['GET',  '/rolePermission/save',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { appId: 1, roleId: NONE, permissionIds: '' } }],
  ['POST', '/rolePermission/save',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { appId: 1, roleId: NONE, permissionIds: '' } }],
  // Who gains and loses what before a grant change is saved: answers the save's refusal (here 1004), writes nothing (tests/api/grantPreview.test.ts).
  ['POST', '/grantPreview',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { kind: 'roleEnable', roleId: NONE, isEnable: '1' } }],
  // A role's data scope: read and saved under the role screen's 数据范围 button (tests/api/dataScope.test.ts).
  ['GET',  '/roleDataScope/detail',         NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { roleId: NONE } }],
  ['POST', '/roleDataScope/save',           NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { roleId: NONE, dataScope: 1 } }],

  ['GET',  '/permission/filterTree',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { appId: NONE } }],
  ['GET',  '/permission/tree',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { appId: 1, roleId: NONE } }],
  ['GET',  '/permission/detail',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/permission/saveOrUpdate',      NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/permission/validMenuType',     NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { appId: NONE, menuType: 4 } }],
  ['GET',  '/permission/delete',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/permission/delete',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['POST', '/menu/saveOrUpdate',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/menu/list',                    NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { parentId: NONE } }],
  ['POST', '/menu/list',                    NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { parentId: NONE } }],
  ['GET',  '/menu/delete',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/menu/delete',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],

  ['GET',  '/office/list',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],
  ['POST', '/office/list',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/office/detail',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/office/saveOrUpdate',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/office/delete',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/office/delete',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['GET',  '/office/add/user',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { officeId: NONE, ids: NONE } }],
  ['POST', '/office/add/user',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { officeId: NONE, ids: `${NONE}` } }],
  ['GET',  '/office/remove/user',           NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/office/remove/user',           NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['GET',  '/office/update/officeAdminFlag', NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS,       { query: { ids: NONE, adminFlag: 1 } }],
  ['POST', '/office/update/officeAdminFlag', NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS,       { body: { ids: `${NONE}`, adminFlag: 1 } }],
  ['GET',  '/office/export/user',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS,       { query: { officeId: NONE } }],
  ['POST', '/office/export/user',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS,       { body: { officeId: NONE, columns: 'name,code' } }],

  ['GET',  '/dic/ListByKey',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { dicKey: 'zz' } }],
  ['GET',  '/dic/version',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],

  ['GET',  '/admin/dashboard/statistics/totalNums',      NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS],
  ['POST', '/admin/dashboard/statistics/totalNums',      NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { body: { serviceId: NONE } }],
  ['GET',  '/admin/dashboard/lineChart/traffic/siteUser', NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { query: { datetime: '2026-01-01' } }],
  ['POST', '/admin/dashboard/lineChart/traffic/siteUser', NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { body: { datetime: '2026-01-01' } }],
  ['GET',  '/admin/dashboard/statistics/teamOverview',   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { query: { teamType: 1, page: 1, limit: 100 } }],
  ['POST', '/admin/dashboard/statistics/teamOverview',   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { body: { teamType: 2, page: 1, limit: 100 } }],
  ['GET',  '/siteuser/list',                             NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { query: { serviceId: NONE } }],
  ['POST', '/siteuser/list',                             NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { body: { serviceId: NONE } }],
  ['POST', '/statistics/ingest',                         NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { body: { traffic: [{ siteUserId: NONE, hour: '2026-01-01 00', count: 1 }] } }],
  ['GET',  '/staffSummary/list',                         NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { query: { page: 1, size: 30 } }],
  ['POST', '/staffSummary/list',                         NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { body: { page: 1, size: 30 } }],
  ['GET',  '/mediaStats/list',                           NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { query: { page: 1, size: 30 } }],
  ['POST', '/mediaStats/list',                           NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { body: { page: 1, size: 30 } }],
  ['GET',  '/staffSummary/export',                       NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS],
  ['POST', '/staffSummary/export',                       NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { body: { columns: 'adminName' } }],
  ['GET',  '/mediaStats/export',                         NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { query: { order: 'asc' } }],
  ['POST', '/mediaStats/export',                         NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS, FORBIDDEN, PASS, { body: { order: 'asc', columns: 'userName,traffic' } }],

  ['POST', '/v2/ua/setUaParser',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { uaId: NONE } }],
  ['POST', '/v2/ua/parse',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { uaMessages: [] } }],
  ['POST', '/v2/ua/preview',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/v2/ua/export',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],
  ['GET',  '/v2/ua/rule/list',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { uaId: NONE } }],
  ['POST', '/v2/ua/rule/delete',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['POST', '/v2/ua/update/reopen',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['POST', '/v2/js/template/create',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/v2/js/template/list',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],
  ['POST', '/v2/js/template/list',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { page: 1 } }],
  ['GET',  '/v2/js/template/versions',      NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { name: 'zz' } }],
  ['GET',  '/v2/js/template/detail',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],

  ['GET',  '/onlineSession/end',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/onlineSession/end',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['GET',  '/onlineSession/endUser',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { userIds: NONE } }],
  ['POST', '/onlineSession/endUser',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { userIds: `${NONE}` } }],

  ['GET',  '/effective/users',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { searchKey: 'zz' } }],
  ['GET',  '/effective/tree',               NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { userId: NONE, appId: NONE } }],
  ['GET',  '/effective/roles',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { userId: NONE } }],
  ['GET',  '/effective/compare',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { userId: NONE, otherUserId: NONE, appId: NONE } }],

  // The API document: the API reference screen's own element (no sibling call on that screen).
  ['GET',  '/openapi.json',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],
];

export const MATRIX: Row[] = [...BESPOKE_ROWS, ...declaredMatrixRows(resourceDefinitions)];
