/**
 * THE AUTHORIZATION MATRIX: every route the server registers under /base/admin × every kind of
 * caller, with the expected outcome written out.
 *
 * ADDING A ROUTE? Add its row to `MATRIX` below (method, path below /base/admin, one outcome per
 * caller, and a request that is harmless for a caller who gets through). This test fails while a
 * registered route has no row, or a row names no registered route. HEAD routes are Fastify's
 * mirrors of GET routes: each is checked against its GET row by HTTP status.
 *
 * Callers: no token; a forged token; an expired token; staff whose role holds no grant; staff
 * granted exactly the route's API element; staff granted a sibling API element (another call of
 * the same screen); the super-admin. Outcome: the exact denial code (1002 no/unknown token, 1007
 * ended session, 1003 not granted) or PASS: the guard let the call through (any other code, e.g.
 * 0, 1001 for the minimal parameters or 1004 for the made-up ids, which keep every call harmless).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, Code, MenuType } from '../../contract';
import { createSessionStore } from '../../server/auth/tokens';
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
  it('has exactly one row per route registered under /base/admin, and HEAD only as a mirror of GET', () => {
    const registered = new Set(server.app.routeTable.filter((r) => r.url.startsWith(`${API_PREFIX}/`)).map((r) => keyOf(r.method, r.url.slice(API_PREFIX.length))));
    const rows = [...CASES, ...HEAD_CASES].map((c) => keyOf(c.method, c.path));
    expect(rows.length, 'a route has two rows').toBe(new Set(rows).size);
    expect([...registered].filter((route) => !rows.includes(route)), 'routes without a row: add them to MATRIX').toEqual([]);
    expect(rows.filter((row) => !registered.has(row)), 'rows without a route').toEqual([]);
  });

  it('names the access level the server gives each route', () => {
    for (const c of CASES) {
      const route = server.app.routeTable.find((r) => r.method === c.method && r.url === `${API_PREFIX}${c.path}`);
      const level = c.expected.noToken === PASS ? 'public' : c.expected.noGrants === PASS ? 'session' : 'permission';
      expect(route?.access, keyOf(c.method, c.path)).toBe(level);
    }
  });
});

describe.each(CASES)('$method $path', (c) => {
  it.each(CALLERS)('%s', async (caller) => {
    const { body } = await server.call(c.method as 'GET' | 'POST', `${API_PREFIX}${c.path}`, { token: await tokenOf(caller, c.path), ...c.request });
    const expected = c.expected[caller];
    if (expected === PASS) expect(DENIAL_CODES, `answered ${JSON.stringify(body)}`).not.toContain(body.code);
    else expect(body.code).toBe(expected);
  });
});

describe.each(HEAD_CASES)('HEAD $path', (c) => {
  it.each(CALLERS)('%s', async (caller) => {
    const response = await server.app.inject({
      method: 'HEAD',
      url: `${API_PREFIX}${c.path}`,
      query: Object.fromEntries(Object.entries(c.request.query ?? {}).map(([k, v]) => [k, String(v)])),
      headers: { access_token: (await tokenOf(caller, c.path)) ?? '' },
    });
    const expected = c.expected[caller];
    if (expected === PASS) expect([401, 403]).not.toContain(response.statusCode);
    else expect(response.statusCode).toBe(STATUS_OF_DENIAL[expected]);
  });
});
