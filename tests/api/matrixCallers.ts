/**
 * Calls a matrix row as each kind of caller (./matrixTypes.ts CALLERS) on a test server and checks
 * the outcome: authorizationMatrix.test.ts over the whole MATRIX, declaredResource.test.ts over a
 * definition only a test declares.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { API_PREFIX, Code, MenuType } from '../../contract';
import { createSessionStore } from '../../server/auth/tokens';
import { DEFAULT_SESSION_POLICY } from '../../server/config';
import { isGuardedPath } from '../../server/http/paths';
import type { TestServer } from './harness';
import { CALLERS, PASS, type Caller, type Outcome, type Request, type Row } from './matrixTypes';

export interface Case {
  method: 'GET' | 'POST' | 'HEAD';
  path: string;
  expected: Record<Caller, Outcome>;
  request: Request;
}

export function caseOf([method, path, ...rest]: Row): Case {
  const outcomes = rest.slice(0, CALLERS.length) as Outcome[];
  const request = (rest[CALLERS.length] as Request | undefined) ?? {};
  return { method, path, request, expected: Object.fromEntries(CALLERS.map((caller, i) => [caller, outcomes[i]!])) as Record<Caller, Outcome> };
}

/** HEAD mirrors every GET route with the GET handler and guard: same outcomes, seen as HTTP status. */
export const headCasesOf = (cases: readonly Case[]): Case[] => cases.filter((c) => c.method === 'GET').map((c) => ({ ...c, method: 'HEAD' }));
export const keyOf = (method: string, path: string) => `${method} ${path}`;
/** The URL of a row's path (the inverse of apiElementPath). */
export const urlOf = (path: string) => (isGuardedPath(path) ? path : `${API_PREFIX}${path}`);

const DENIAL_CODES: readonly number[] = [Code.NO_TOKEN, Code.TOKEN_EXPIRED, Code.FORBIDDEN, Code.PASSWORD_CHANGE_REQUIRED];
const STATUS_OF_DENIAL: Record<number, number> = { [Code.NO_TOKEN]: 401, [Code.TOKEN_EXPIRED]: 401, [Code.FORBIDDEN]: 403 };

/** The callers of the matrix on `server` (its staff are made once, when first needed). */
export async function matrixCallers(server: TestServer) {
  const sessions = createSessionStore(server.db, DEFAULT_SESSION_POLICY);
  const forgedToken = randomBytes(32).toString('base64url');
  /** Per path: the staff granted exactly its API element, and the staff granted a sibling of it. */
  const staffByPath = new Map<string, { exact: number; sibling: number }>();
  const baseAppId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
  const adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
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


  const noGrantsId = await staffGranted('nogrants', []);
  const expiredToken = await sessions.issue(noGrantsId);
  await server.db.updateTable('session').set({ createdAt: 1, lastSeenAt: 1 }).where('userId', '=', noGrantsId).execute();

  return {
    /** Calls the case's route as `caller` and checks the outcome its row expects. */
    async check(c: Case, caller: Caller): Promise<void> {
      const token = await tokenOf(caller, c.path);
      const expected = c.expected[caller];
      if (c.method === 'HEAD') {
        const query = Object.fromEntries(Object.entries(c.request.query ?? {}).map(([k, v]) => [k, String(v)]));
        const response = await server.app.inject({ method: 'HEAD', url: urlOf(c.path), query, headers: { access_token: token ?? '' } });
        if (expected === PASS) expect([401, 403]).not.toContain(response.statusCode);
        else expect(response.statusCode).toBe(STATUS_OF_DENIAL[expected]);
        return;
      }
      const { body } = await server.call(c.method, urlOf(c.path), { token, ...c.request });
      if (expected === PASS) expect(DENIAL_CODES, `answered ${JSON.stringify(body)}`).not.toContain(body.code);
      else expect(body.code).toBe(expected);
    },
  };
}
