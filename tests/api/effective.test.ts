/**
 * Effective permissions: GET /base/admin/effective/users (the picker) and /effective/tree (what a
 * staff member reaches in an app, and through which of their roles). The reached set must be the
 * guard's own: checked against grants.ts and against real calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_APP_CODE, Code, MenuType } from '../../contract';
import type { EffectiveNode, EffectiveUser } from '../../contract/effective';
import { createGrants } from '../../server/auth/grants';
import { ADMIN, startTestServer, type TestServer } from './harness';

const NONE = 987654;
const SCREEN_APIS = ['/effective/users', '/effective/tree'];

let server: TestServer;
let viewerToken: string;
let baseAppId: number;
let aliceId: number;
const roles: Record<'a' | 'b' | 'off', number> = { a: 0, b: 0, off: 0 };

interface NodeRow {
  id: number;
  parentId: number;
  code: string;
  url: string;
  menuType: number;
}
let nodes: NodeRow[];

const byCode = (code: string) => nodes.find((n) => n.code === code && n.menuType !== MenuType.API)!;
const apisBelow = (pageId: number) => nodes.filter((n) => n.parentId === pageId && n.menuType === MenuType.API);
/** A screen's navigation, menu, list page element and its APIs. */
const screenNodes = (navigation: string, screen: string) => {
  const page = byCode(`${screen}:list`);
  return [byCode(navigation), byCode(screen), page, ...apisBelow(page.id)].map((n) => n.id);
};

async function role(key: string, isEnable: '1' | '0', permissionIds: number[]): Promise<number> {
  const { id } = await server.db
    .insertInto('role')
    .values({ sortNum: 1, roleKey: key, name: `name ${key}`, appId: baseAppId, isEnable, description: null, roleType: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('userRole').values({ userId: aliceId, roleId: id }).execute();
  if (permissionIds.length) await server.db.insertInto('rolePermission').values([...new Set(permissionIds)].map((permissionId) => ({ roleId: id, permissionId }))).execute();
  return id;
}

function flatten(tree: EffectiveNode[]): EffectiveNode[] {
  return tree.flatMap((node) => [node, ...flatten(node.children)]);
}

const tree = (token: string, query: Record<string, string | number>) => server.call<EffectiveNode[]>('GET', '/base/admin/effective/tree', { token, query });
const users = (token: string, searchKey?: string) =>
  server.call<EffectiveUser[]>('GET', '/base/admin/effective/users', { token, query: searchKey === undefined ? {} : { searchKey } });

beforeAll(async () => {
  server = await startTestServer();
  baseAppId = (await server.db.selectFrom('app').select('id').where('code', '=', BASE_APP_CODE).executeTakeFirstOrThrow()).id;
  nodes = await server.db.selectFrom('permission').select(['id', 'parentId', 'code', 'url', 'menuType']).where('appId', '=', baseAppId).execute();
  await server.createUser({ code: 'viewer', password: 'Viewer#2024x', apis: SCREEN_APIS });
  viewerToken = await server.tokenFor('viewer', 'Viewer#2024x');
  ({ userId: aliceId } = await server.createUser({ code: 'alice', name: 'Alice Zhang', password: 'Alice#2024xx' }));
  const dicDetail = nodes.find((n) => n.url === '/dic/detail' && n.parentId === byCode('dic:list').id)!;
  roles.a = await role('roleA', '1', screenNodes('system', 'permission'));
  roles.b = await role('roleB', '1', [...screenNodes('system', 'param'), dicDetail.id]);
  roles.off = await role('roleOff', '0', [...screenNodes('system', 'dic'), ...screenNodes('system', 'permission')]);
});
afterAll(async () => {
  await server?.close();
});

describe('GET /effective/tree', () => {
  it('shows the union of the enabled roles, each node tagged with the roles granting it', async () => {
    const { body } = await tree(viewerToken, { userId: aliceId, appId: baseAppId });
    expect(body.code).toBe(Code.OK);
    const all = flatten(body.data);
    const keysOf = (id: number) => all.find((n) => n.id === id)?.roles.map((r) => r.roleKey);

    expect(body.data.map((n) => n.code)).toEqual(['system']);
    expect(keysOf(byCode('system').id)).toEqual(['roleA', 'roleB']);
    expect(keysOf(byCode('permission').id)).toEqual(['roleA']);
    expect(keysOf(byCode('permission:list').id)).toEqual(['roleA']);
    for (const api of apisBelow(byCode('permission:list').id)) expect(keysOf(api.id)).toEqual(['roleA']);
    expect(keysOf(byCode('param').id)).toEqual(['roleB']);
    for (const api of apisBelow(byCode('param:list').id)) expect(keysOf(api.id)).toEqual(['roleB']);
    const role = all.find((n) => n.id === byCode('system').id)!.roles[0]!;
    expect(role).toEqual({ id: roles.a, roleKey: 'roleA', name: 'name roleA' });

    // Nothing else: no other buttons of those screens, nothing of other screens.
    expect(all.find((n) => n.code === 'permission:create')).toBeUndefined();
    expect(all.find((n) => n.code === 'user')).toBeUndefined();
  });

  it('gives a disabled role nothing, and keeps the place of an API granted without its page element', async () => {
    const { body } = await tree(viewerToken, { userId: aliceId, appId: baseAppId });
    const all = flatten(body.data);
    expect(all.flatMap((n) => n.roles).some((r) => r.id === roles.off)).toBe(false);
    // roleOff grants the dic screen; only roleB's lone API element of it is reached.
    const dic = all.filter((n) => [byCode('dic').id, byCode('dic:list').id].includes(n.id));
    expect(dic.map((n) => [n.granted, n.roles])).toEqual([
      [false, []],
      [false, []],
    ]);
    const lone = all.filter((n) => n.parentId === byCode('dic:list').id);
    expect(lone.map((n) => [n.url, n.granted, n.roles.map((r) => r.roleKey)])).toEqual([['/dic/detail', true, ['roleB']]]);
    expect(all.find((n) => n.url === '/dic/list')).toBeUndefined();
  });

  it('reaches exactly what the guard lets through (grants.ts, and real calls)', async () => {
    const { body } = await tree(viewerToken, { userId: aliceId, appId: baseAppId });
    const all = flatten(body.data);
    const grants = createGrants(server.db);
    const { grantedIds } = await import('../../server/auth/grants');
    const expected = await grantedIds(server.db, aliceId, baseAppId);
    expect(new Set(all.filter((n) => n.granted).map((n) => n.id))).toEqual(expected);
    const apiUrls = new Set(all.filter((n) => n.granted && n.menuType === MenuType.API).map((n) => n.url));
    for (const url of new Set(nodes.filter((n) => n.menuType === MenuType.API).map((n) => n.url))) {
      expect(await grants.canCallApi(aliceId, url), url).toBe(apiUrls.has(url));
    }
    // And through the guard itself: alice may list params but not call the permission tree's writes.
    const alice = await server.tokenFor('alice', 'Alice#2024xx');
    expect((await server.call('GET', '/base/admin/param/list', { token: alice })).body.code).toBe(Code.OK);
    expect((await server.call('GET', '/base/admin/permission/delete', { token: alice, query: { ids: NONE } })).body.code).toBe(Code.FORBIDDEN);
  });

  it('names the super-admin role on every node of the base app for the admin', async () => {
    const adminId = (await server.db.selectFrom('user').select('id').where('code', '=', ADMIN.username).executeTakeFirstOrThrow()).id;
    const { body } = await tree(viewerToken, { userId: adminId, appId: baseAppId });
    const all = flatten(body.data);
    expect(all).toHaveLength(nodes.length);
    expect(all.every((n) => n.granted && n.roles.some((r) => r.roleKey === 'superAdmin'))).toBe(true);
    expect(all.some((n) => n.url === '/effective/tree' && n.menuType === MenuType.API)).toBe(true);
  });

  it('answers an empty tree for an app where the user holds nothing', async () => {
    const admin = await server.tokenFor(ADMIN.username, ADMIN.password);
    const saved = await server.call('POST', '/base/admin/app/saveOrUpdate', {
      token: admin,
      body: { code: 'other', name: 'Other', businessType: 1, isEnable: '1', sort: '1', address: 'http://other.test' },
    });
    expect(saved.body.code, saved.text).toBe(Code.OK);
    const { id: otherApp } = await server.db.selectFrom('app').select('id').where('code', '=', 'other').executeTakeFirstOrThrow();
    const { body } = await tree(viewerToken, { userId: aliceId, appId: otherApp });
    expect(body).toMatchObject({ code: Code.OK, data: [] });
  });

  it('answers 1004 for a missing user or app, 1001 without them', async () => {
    for (const query of [
      { userId: NONE, appId: baseAppId },
      { userId: aliceId, appId: NONE },
      { userId: '99999999999', appId: baseAppId },
    ]) {
      const { body, status } = await tree(viewerToken, query);
      expect([body.code, status], JSON.stringify(query)).toEqual([Code.NOT_FOUND, 404]);
    }
    expect((await tree(viewerToken, { appId: baseAppId })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await tree(viewerToken, { userId: 'x', appId: baseAppId })).body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('GET /effective/users', () => {
  it('finds staff by code or name, any case, with only the picker fields', async () => {
    const { body } = await users(viewerToken, 'ZHANG');
    expect(body.code).toBe(Code.OK);
    expect(body.data).toEqual([{ id: aliceId, code: 'alice', name: 'Alice Zhang', isEnable: '1' }]);
    expect((await users(viewerToken, 'ali')).body.data.map((u) => u.code)).toEqual(['alice']);
  });

  it('treats LIKE wildcards as text and lists at most 20', async () => {
    await server.createUser({ code: 'u_1', password: 'Under#2024xx', name: '100% sure' });
    expect((await users(viewerToken, '_')).body.data.map((u) => u.code)).toEqual(['u_1']);
    expect((await users(viewerToken, '%')).body.data.map((u) => u.code)).toEqual(['u_1']);
    expect((await users(viewerToken, "' or 1=1 --")).body.data).toEqual([]);
    const bulk = Array.from({ length: 22 }, (_, i) => ({ code: `bulk${String(i).padStart(2, '0')}`, name: 'bulk', passwordHash: 'unused', isEnable: '1' as const, mustChangePassword: 0, createTime: 1 }));
    await server.db.insertInto('user').values(bulk).execute();
    expect((await users(viewerToken, 'bulk')).body.data).toHaveLength(20);
    expect((await users(viewerToken)).body.data).toHaveLength(20);
  });
});

describe('access', () => {
  it('refuses staff without the screen’s API elements with 1003', async () => {
    await server.createUser({ code: 'paramonly', password: 'Param#2024xx', apis: ['/param/list'] });
    const token = await server.tokenFor('paramonly', 'Param#2024xx');
    expect((await users(token, 'a')).body.code).toBe(Code.FORBIDDEN);
    expect((await tree(token, { userId: aliceId, appId: baseAppId })).body.code).toBe(Code.FORBIDDEN);
    await server.createUser({ code: 'usersonly', password: 'Users#2024xx', apis: ['/effective/users'] });
    const usersOnly = await server.tokenFor('usersonly', 'Users#2024xx');
    expect((await users(usersOnly, 'a')).body.code).toBe(Code.OK);
    expect((await tree(usersOnly, { userId: aliceId, appId: baseAppId })).body.code).toBe(Code.FORBIDDEN);
  });
});
