/**
 * THE AUTHORIZATION MATRIX: every route the server registers below a guarded prefix (/base/admin,
 * /admin/dashboard, /siteuser, /v2) × every kind of caller, with the expected outcome written out.
 *
 * ADDING A ROUTE? Add its row to `MATRIX` in ./authorizationMatrix.ts (method, the path its API element names: below
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
import { CALLERS, MATRIX, PASS, type Caller, type Outcome, type Request, type Row } from './authorizationMatrix';
import { startTestServer, type TestServer } from './harness';

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
