/**
 * The effective-permission calls hold the caller's data scope (server/scope/dataScope.ts): a
 * viewer whose role reaches "own department" finds only that department's staff in the picker, and
 * the tree, the roles and the comparison refuse anyone else with 1003, as a missing grant (an
 * unknown id too, so nobody outside the scope shows as existing). A viewer without a scope reaches
 * everyone, and a missing id is then 1004.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_APP_CODE, Code, DataScope, dataScopeMessages } from '../../contract';
import type { EffectiveUser } from '../../contract/effective';
import { startTestServer, type TestServer } from './harness';

const NONE = 987654;
const APIS = ['/effective/users', '/effective/tree', '/effective/roles', '/effective/compare'];

let server: TestServer;
let scoped: string;
let unscoped: string;
let baseAppId: number;
const staff = { viewer: 0, inside: 0, outside: 0 };

beforeAll(async () => {
  server = await startTestServer();
  baseAppId = (await server.db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirstOrThrow()).id;
  const office = async (name: string) => (await server.db.insertInto('office').values({ name, type: 1, parentId: 0, remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
  const [sales, support] = [await office('Sales'), await office('Support')];
  const viewer = await server.createUser({ code: 'scoped', name: 'Scoped viewer', password: 'Scoped#2024x', apis: APIS });
  staff.viewer = viewer.userId;
  await server.db.insertInto('roleDataScope').values({ roleId: viewer.roleId, dataScope: DataScope.DEPARTMENT }).execute();
  await server.createUser({ code: 'unscoped', password: 'Unscoped#2024', apis: APIS });
  staff.inside = (await server.createUser({ code: 'zinside', name: 'Zed Inside', password: 'Inside#2024x' })).userId;
  staff.outside = (await server.createUser({ code: 'zoutside', name: 'Zed Outside', password: 'Outside#2024' })).userId;
  await server.db.updateTable('user').set({ officeId: sales }).where('id', 'in', [staff.viewer, staff.inside]).execute();
  await server.db.updateTable('user').set({ officeId: support }).where('id', '=', staff.outside).execute();
  scoped = await server.tokenFor('scoped', 'Scoped#2024x');
  unscoped = await server.tokenFor('unscoped', 'Unscoped#2024');
});
afterAll(async () => {
  await server?.close();
});

const get = <T>(token: string, path: string, query: Record<string, number | string>) => server.call<T>('GET', `/base/admin/effective/${path}`, { token, query });
const refused = [Code.FORBIDDEN, dataScopeMessages.outOfScope['zh-CN']];

describe('the effective calls within the caller’s data scope', () => {
  it('lists in the picker only the staff in scope', async () => {
    expect((await get<EffectiveUser[]>(scoped, 'users', { searchKey: 'z' })).body.data.map((u) => u.code)).toEqual(['zinside']);
    expect((await get<EffectiveUser[]>(unscoped, 'users', { searchKey: 'z' })).body.data.map((u) => u.code)).toEqual(['zinside', 'zoutside']);
  });

  it('answers the tree, the roles and the comparison for staff in scope', async () => {
    expect((await get(scoped, 'tree', { userId: staff.inside, appId: baseAppId })).body.code).toBe(Code.OK);
    expect((await get(scoped, 'roles', { userId: staff.inside })).body.code).toBe(Code.OK);
    expect((await get(scoped, 'compare', { userId: staff.viewer, otherUserId: staff.inside, appId: baseAppId })).body.code).toBe(Code.OK);
  });

  it('refuses a staff member outside the scope, or unknown, with 1003, on either side of a comparison', async () => {
    for (const [path, query] of [
      ['tree', { userId: staff.outside, appId: baseAppId }],
      ['roles', { userId: staff.outside }],
      ['roles', { userId: NONE }],
      ['compare', { userId: staff.outside, otherUserId: staff.inside, appId: baseAppId }],
      ['compare', { userId: staff.inside, otherUserId: staff.outside, appId: baseAppId }],
    ] as const) {
      const { body } = await get(scoped, path, query);
      expect([body.code, body.msg], `${path} ${JSON.stringify(query)}`).toEqual(refused);
    }
    // The same calls for a viewer without a scope.
    expect((await get(unscoped, 'tree', { userId: staff.outside, appId: baseAppId })).body.code).toBe(Code.OK);
    expect((await get(unscoped, 'roles', { userId: NONE })).body.code).toBe(Code.NOT_FOUND);
  });

  it('follows a move: placed in the other department, the same staff member is refused on the next request', async () => {
    const support = (await server.db.selectFrom('user').select('officeId').where('id', '=', staff.outside).executeTakeFirstOrThrow()).officeId;
    const sales = (await server.db.selectFrom('user').select('officeId').where('id', '=', staff.inside).executeTakeFirstOrThrow()).officeId;
    await server.db.updateTable('user').set({ officeId: support }).where('id', '=', staff.inside).execute();
    try {
      const { body } = await get(scoped, 'roles', { userId: staff.inside });
      expect([body.code, body.msg]).toEqual(refused);
    } finally {
      await server.db.updateTable('user').set({ officeId: sales }).where('id', '=', staff.inside).execute();
    }
  });
});
