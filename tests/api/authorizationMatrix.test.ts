/**
 * THE AUTHORIZATION MATRIX: every route the server registers below a guarded prefix (/base/admin,
 * /admin/dashboard, /siteuser, /v2) × every kind of caller, with the expected outcome written out.
 *
 * ADDING A ROUTE? Add its row to `MATRIX` below (method, the path its API element names: below
 * /base/admin without that prefix, elsewhere the whole path; one outcome per caller, and a request
 * that is harmless for a caller who gets through). This test fails while a
 * registered route has no row, or a row names no registered route. HEAD routes are Fastify's
 * mirrors of GET routes: each is checked against its GET row by HTTP status.
 *
 * Callers: no token; a forged token; an expired token; staff whose role holds no grant; staff
 * granted exactly the route's API element; staff granted a sibling API element (another call of
 * the same screen); the super-admin. Outcome: the exact denial code (1002 no/unknown token, 1007
 * ended session, 1003 not granted) or PASS: the guard let the call through (any other code, e.g.
 * 0, 1001 for the minimal parameters or 1004 for the made-up ids, which keep every call harmless).
 *
 * What a caller who passes the guard of a tree-writing route may write (the url of an API element
 * is a grant) is the matrix's second table: authorizationMatrixNodeWrites.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, Code, MenuType } from '../../contract';
import { createSessionStore } from '../../server/auth/tokens';
import { apiElementPath, isGuardedPath } from '../../server/http/paths';
import { DEFAULT_SESSION_POLICY } from '../../server/config';
import { startTestServer, type TestServer } from './harness';

const PASS = 'pass';
type Outcome = typeof PASS | typeof Code.NO_TOKEN | typeof Code.TOKEN_EXPIRED | typeof Code.FORBIDDEN;
const [NO_TOKEN, EXPIRED, FORBIDDEN] = [Code.NO_TOKEN, Code.TOKEN_EXPIRED, Code.FORBIDDEN] as const;

const CALLERS = ['noToken', 'forged', 'expired', 'noGrants', 'exact', 'sibling', 'superAdmin'] as const;
type Caller = (typeof CALLERS)[number];

interface Request {
  query?: Record<string, string | number>;
  body?: unknown;
}
type Row = [method: 'GET' | 'POST', path: string, ...outcomes: [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome], request?: Request];

const NONE = 987654;

const MATRIX: Row[] = [
  //  method  path (below /base/admin)      noToken   forged    expired  noGrants   exact  sibling    superAdmin  request
  ['POST', '/user/login',                   PASS,     PASS,     PASS,    PASS,      PASS,  PASS,      PASS,       { body: {} }],
  ['GET',  '/user/info',                    NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS],
  ['POST', '/user/logout',                  NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS],
  ['POST', '/user/changePwd',               NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS,       { body: {} }],
  ['POST', '/user/changeEmail',             NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS,       { body: {} }],

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
  ['GET',  '/permission/pemByUserAndApp',   NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS],
  ['GET',  '/workbench/apps',               NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS],
  ['POST', '/workbench/handoff',            NO_TOKEN, NO_TOKEN, EXPIRED, PASS,      PASS,  PASS,      PASS,       { body: { appId: NONE } }],
  ['POST', '/user/handoff',                 PASS,     PASS,     PASS,    PASS,      PASS,  PASS,      PASS,       { body: {} }],

  ['GET',  '/app/list',                     NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],
  ['POST', '/app/list',                     NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { pageNo: 1 } }],
  ['GET',  '/app/detail',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/app/saveOrUpdate',             NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/app/delete',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/app/delete',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['GET',  '/app/validateCode',             NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { code: 'zz' } }],

  ['GET',  '/param/list',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],
  ['POST', '/param/list',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { page: 1 } }],
  ['GET',  '/param/detail',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/param/saveOrUpdate',           NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/param/delete',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/param/delete',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['GET',  '/param/vaildKey',               NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { paramKey: 'zz' } }],

  ['GET',  '/role/list',                    NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { appId: 1 } }],
  ['POST', '/role/list',                    NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { pageNo: 1 } }],
  ['GET',  '/role/detail',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/role/saveOrUpdate',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/role/delete',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/role/delete',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['GET',  '/role/validateKey',             NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { roleKey: 'zz', appId: 1 } }],
  ['GET',  '/rolePermission/save',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { appId: 1, roleId: NONE, permissionIds: '' } }],
  ['POST', '/rolePermission/save',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { appId: 1, roleId: NONE, permissionIds: '' } }],

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

  ['GET',  '/dic/list',                     NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { parentId: 0 } }],
  ['POST', '/dic/list',                     NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { parentId: NONE } }],
  ['GET',  '/dic/detail',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/dic/saveOrUpdate',             NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/dic/delete',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { ids: NONE } }],
  ['POST', '/dic/delete',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { ids: `${NONE}` } }],
  ['POST', '/dic/move',                     NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { id: NONE, direction: 'up' } }],
  ['GET',  '/dic/vaildKey',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { dicKey: 'zz' } }],
  ['GET',  '/dic/ListByKey',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { dicKey: 'zz' } }],
  ['GET',  '/dic/version',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],

  ['GET',  '/customer/list',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { page: 1, name: 'zz' } }],
  ['POST', '/customer/list',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { page: 1, name: 'zz' } }],
  ['GET',  '/customer/detail',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['GET',  '/customer/reveal',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/customer/reveal',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { id: NONE } }],
  ['GET',  '/customer/bank/list',             NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { userId: NONE, page: 1 } }],
  ['POST', '/customer/bank/list',             NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { userId: NONE, page: 1 } }],
  ['GET',  '/customer/bank/detail',           NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['GET',  '/customer/bank/reveal',           NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/customer/bank/reveal',           NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { id: NONE } }],
  ['GET',  '/customer/address/list',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { userId: NONE, page: 1 } }],
  ['POST', '/customer/address/list',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { userId: NONE, page: 1 } }],
  ['GET',  '/customer/address/detail',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['GET',  '/customer/address/reveal',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/customer/address/reveal',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { id: NONE } }],
  ['GET',  '/customer/invoice/list',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { userId: NONE, page: 1 } }],
  ['POST', '/customer/invoice/list',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { userId: NONE, page: 1 } }],
  ['GET',  '/customer/invoice/detail',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['GET',  '/customer/invoice/reveal',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/customer/invoice/reveal',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { id: NONE } }],
  ['GET',  '/customer/revealLog/list',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { userId: NONE } }],
  ['POST', '/customer/revealLog/list',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { userId: NONE } }],
  ['GET',  '/customer/revealLog/detail',      NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],

  ['GET',  '/v2/table/list',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { page: 1 } }],
  ['POST', '/v2/table/list',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { page: 1 } }],
  ['GET',  '/v2/table/detail',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
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

  ['GET',  '/v2/ua/list',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { page: 1 } }],
  ['POST', '/v2/ua/list',                   NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { page: 1 } }],
  ['GET',  '/v2/ua/detail',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],
  ['POST', '/v2/ua/setUaParser',            NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { uaId: NONE } }],
  ['POST', '/v2/ua/parse',                  NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { uaMessages: [] } }],
  ['POST', '/v2/ua/preview',                NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/v2/ua/export',                 NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],
  ['POST', '/v2/js/template/create',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: {} }],
  ['GET',  '/v2/js/template/list',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS],
  ['POST', '/v2/js/template/list',          NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { body: { page: 1 } }],
  ['GET',  '/v2/js/template/versions',      NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { name: 'zz' } }],
  ['GET',  '/v2/js/template/detail',        NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { id: NONE } }],

  ['GET',  '/effective/users',              NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { searchKey: 'zz' } }],
  ['GET',  '/effective/tree',               NO_TOKEN, NO_TOKEN, EXPIRED, FORBIDDEN, PASS,  FORBIDDEN, PASS,       { query: { userId: NONE, appId: NONE } }],
];

interface Case {
  method: 'GET' | 'POST' | 'HEAD';
  path: string;
  expected: Record<Caller, Outcome>;
  request: Request;
}

function caseOf([method, path, ...rest]: Row): Case {
  const outcomes = rest.slice(0, CALLERS.length) as Outcome[];
  const request = (rest[CALLERS.length] as Request | undefined) ?? {};
  return { method, path, request, expected: Object.fromEntries(CALLERS.map((caller, i) => [caller, outcomes[i]!])) as Record<Caller, Outcome> };
}

const CASES = MATRIX.map(caseOf);
/** HEAD mirrors every GET route with the GET handler and guard: same outcomes, seen as HTTP status. */
const HEAD_CASES: Case[] = CASES.filter((c) => c.method === 'GET').map((c) => ({ ...c, method: 'HEAD' }));
const keyOf = (method: string, path: string) => `${method} ${path}`;
/** The URL of a row's path (the inverse of apiElementPath). */
const urlOf = (path: string) => (isGuardedPath(path) ? path : `${API_PREFIX}${path}`);

let server: TestServer;
let sessions: ReturnType<typeof createSessionStore>;
let baseAppId: number;
let adminId: number;
let noGrantsId: number;
let expiredToken: string;
const forgedToken = randomBytes(32).toString('base64url');
/** Per path: the staff granted exactly its API element, and the staff granted a sibling of it. */
const staffByPath = new Map<string, { exact: number; sibling: number }>();

beforeAll(async () => {
  server = await startTestServer();
  sessions = createSessionStore(server.db, DEFAULT_SESSION_POLICY);
  baseAppId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
  noGrantsId = await staffGranted('nogrants', []);
  expiredToken = await sessions.issue(noGrantsId);
  await server.db.updateTable('session').set({ createdAt: 1, lastSeenAt: 1 }).where('userId', '=', noGrantsId).execute();
});
afterAll(async () => {
  await server?.close();
});

let serial = 0;
/** A staff member whose one role holds exactly `permissionIds` (sessions are issued directly: no password needed). */
async function staffGranted(label: string, permissionIds: number[]): Promise<number> {
  const code = `m${++serial}`;
  const { id: userId } = await server.db
    .insertInto('user')
    .values({ code, name: label.slice(0, 50), passwordHash: 'unused', isEnable: '1', mustChangePassword: 0, createTime: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: roleId } = await server.db
    .insertInto('role')
    .values({ sortNum: serial, roleKey: code, name: code, appId: baseAppId, isEnable: '1', description: null, roleType: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('userRole').values({ userId, roleId }).execute();
  if (permissionIds.length) await server.db.insertInto('rolePermission').values(permissionIds.map((permissionId) => ({ roleId, permissionId }))).execute();
  return userId;
}

/**
 * The route's API element and a sibling: another API element with another path below the same
 * page element, else below the same menu, else anywhere in the base app.
 */
async function staffFor(path: string): Promise<{ exact: number; sibling: number }> {
  const known = staffByPath.get(path);
  if (known) return known;
  const apis = await server.db.selectFrom('permission').select(['id', 'parentId', 'url']).where('appId', '=', baseAppId).where('menuType', '=', MenuType.API).orderBy('id').execute();
  const pages = await server.db.selectFrom('permission').select(['id', 'parentId']).where('appId', '=', baseAppId).where('menuType', '=', MenuType.PAGE_ELEMENT).execute();
  const own = apis.find((api) => api.url === path);
  let staff = { exact: noGrantsId, sibling: await staffGranted(`${path} unrelated`, [apis.find((api) => api.url !== path)!.id]) };
  if (own) {
    const menuOf = (pageId: number) => pages.find((p) => p.id === pageId)?.parentId;
    const others = apis.filter((api) => api.url !== path);
    const sibling =
      others.find((api) => api.parentId === own.parentId) ?? others.find((api) => menuOf(api.parentId) === menuOf(own.parentId)) ?? others[0]!;
    staff = { exact: await staffGranted(`${path} exact`, [own.id]), sibling: await staffGranted(`${path} sibling`, [sibling.id]) };
  }
  staffByPath.set(path, staff);
  return staff;
}

/** The token the caller sends (a fresh session per call: some calls end theirs). */
async function tokenOf(caller: Caller, path: string): Promise<string | undefined> {
  switch (caller) {
    case 'noToken':
      return undefined;
    case 'forged':
      return forgedToken;
    case 'expired':
      return expiredToken;
    case 'noGrants':
      return sessions.issue(noGrantsId);
    case 'superAdmin':
      return sessions.issue(adminId);
    default:
      return sessions.issue((await staffFor(path))[caller]);
  }
}

const DENIAL_CODES: readonly number[] = [Code.NO_TOKEN, Code.TOKEN_EXPIRED, Code.FORBIDDEN, Code.PASSWORD_CHANGE_REQUIRED];
const STATUS_OF_DENIAL: Record<number, number> = { [Code.NO_TOKEN]: 401, [Code.TOKEN_EXPIRED]: 401, [Code.FORBIDDEN]: 403 };

describe('the authorization matrix', () => {
  it('has exactly one row per route registered below a guarded prefix, and HEAD only as a mirror of GET', () => {
    const registered = new Set(server.app.routeTable.filter((r) => isGuardedPath(r.url)).map((r) => keyOf(r.method, apiElementPath(r.url))));
    const rows = [...CASES, ...HEAD_CASES].map((c) => keyOf(c.method, c.path));
    expect(rows.length, 'a route has two rows').toBe(new Set(rows).size);
    expect([...registered].filter((route) => !rows.includes(route)), 'routes without a row: add them to MATRIX').toEqual([]);
    expect(rows.filter((row) => !registered.has(row)), 'rows without a route').toEqual([]);
  });

  it('names the access level the server gives each route', () => {
    for (const c of CASES) {
      const route = server.app.routeTable.find((r) => r.method === c.method && r.url === urlOf(c.path));
      const level = c.expected.noToken === PASS ? 'public' : c.expected.noGrants === PASS ? 'session' : 'permission';
      expect(route?.access, keyOf(c.method, c.path)).toBe(level);
    }
  });
});

describe.each(CASES)('$method $path', (c) => {
  it.each(CALLERS)('%s', async (caller) => {
    const { body } = await server.call(c.method as 'GET' | 'POST', urlOf(c.path), { token: await tokenOf(caller, c.path), ...c.request });
    const expected = c.expected[caller];
    if (expected === PASS) expect(DENIAL_CODES, `answered ${JSON.stringify(body)}`).not.toContain(body.code);
    else expect(body.code).toBe(expected);
  });
});

describe.each(HEAD_CASES)('HEAD $path', (c) => {
  it.each(CALLERS)('%s', async (caller) => {
    const response = await server.app.inject({
      method: 'HEAD',
      url: urlOf(c.path),
      query: Object.fromEntries(Object.entries(c.request.query ?? {}).map(([k, v]) => [k, String(v)])),
      headers: { access_token: (await tokenOf(caller, c.path)) ?? '' },
    });
    const expected = c.expected[caller];
    if (expected === PASS) expect([401, 403]).not.toContain(response.statusCode);
    else expect(response.statusCode).toBe(STATUS_OF_DENIAL[expected]);
  });
});
