/**
 * The menu/permission tree of a new app, built and read through the calls: directories, page and
 * API elements, the directory tree, the tree checked per role, one node, and the home-page check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType, walkTree, type PermissionNode } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

type NodeRecord = Omit<PermissionNode, 'children' | 'checked'>;

let server: TestServer;
let token: string;
let appId: number;
let otherAppId: number;
const chain = {} as Record<'navigation' | 'menu' | 'page' | 'api' | 'subMenu' | 'secondNavigation', NodeRecord>;

const saveDirectory = (body: Record<string, unknown>) => server.call<NodeRecord>('POST', '/base/admin/permission/saveOrUpdate', { token, body });
const saveElement = (body: Record<string, unknown>) => server.call<NodeRecord>('POST', '/base/admin/menu/saveOrUpdate', { token, body });
const get = <T>(path: string, query: Record<string, string | number>) => server.call<T>('GET', `/base/admin${path}`, { token, query });

async function created<T>(answer: Promise<{ body: { code: number; data: T } }>): Promise<T> {
  const { body } = await answer;
  expect(body.code, JSON.stringify(body)).toBe(Code.OK);
  return body.data;
}

async function createApp(code: string): Promise<number> {
  const body = { code, name: `系统${code}`, businessType: 1, isEnable: '1', sort: 70, address: `https://${code}.example.com` };
  return (await created(server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', { token, body }))).id;
}

async function createRole(key: string, forApp: number): Promise<number> {
  const role = { sortNum: 1, roleKey: key, name: key, appId: forApp, isEnable: '1' as const, description: null, roleType: 2 };
  return (await server.db.insertInto('role').values(role).returning('id').executeTakeFirstOrThrow()).id;
}

const grant = (roleId: number, nodes: NodeRecord[]) =>
  server.db.insertInto('rolePermission').values(nodes.map((n) => ({ roleId, permissionId: n.id }))).execute();

beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  appId = await createApp('ptree');
  otherAppId = await createApp('pother');
});
afterAll(async () => {
  await server?.close();
});

describe('a new app built through the calls', () => {
  it('takes a navigation > menu > page element > API element chain', async () => {
    chain.navigation = await created(saveDirectory({ menuType: 3, appId, parentId: 0, name: '运营', sort: 20, path: '/ops', url: 'ops', icon: 'tool' }));
    expect(chain.navigation).toEqual({
      id: expect.any(Number),
      parentId: 0,
      appId,
      name: '运营',
      sort: 20,
      path: '/ops',
      url: 'ops',
      icon: 'tool',
      code: '',
      menuType: MenuType.NAVIGATION,
      version: 1,
    });
    chain.menu = await created(
      saveDirectory({ menuType: '4', appId: String(appId), parentId: String(chain.navigation.id), name: '订单', sort: '1', path: '/ops/order', url: 'order', icon: 'filetext' }),
    );
    expect(chain.menu).toMatchObject({ parentId: chain.navigation.id, menuType: MenuType.MENU, sort: 1 });
    chain.page = await created(saveElement({ menuType: 1, appId, parentId: chain.menu.id, code: 'order:list', name: '查询' }));
    expect(chain.page).toMatchObject({ parentId: chain.menu.id, menuType: MenuType.PAGE_ELEMENT, code: 'order:list', name: '查询', path: '', url: '', icon: '' });
    chain.api = await created(saveElement({ menuType: 2, appId, parentId: chain.page.id, code: '0042', name: '订单列表', url: '/order/list' }));
    expect(chain.api).toMatchObject({ parentId: chain.page.id, menuType: MenuType.API, code: '0042', url: '/order/list' });

    for (const node of Object.values(chain)) expect((await get<NodeRecord>('/permission/detail', { id: node.id })).body.data).toEqual(node);
  });

  it('updates a directory in place, keeping what the form does not carry', async () => {
    const updated = await created(saveDirectory({ ...chain.menu, name: '订单管理', sort: 2, id: chain.menu.id }));
    expect(updated).toEqual({ ...chain.menu, name: '订单管理', sort: 2, version: chain.menu.version! + 1 });
    chain.menu = updated;
    chain.subMenu = await created(saveDirectory({ menuType: 4, appId, parentId: chain.menu.id, name: '退款', sort: 1, path: '/ops/refund', url: 'refund', icon: 'tool' }));
    chain.secondNavigation = await created(saveDirectory({ menuType: 3, appId, parentId: 0, name: '财务', sort: 10, path: '/fin', url: 'fin', icon: 'dollar' }));
  });

  it('answers the directory tree without elements, ordered by sort then id, and nothing of other apps', async () => {
    await created(saveDirectory({ menuType: 3, appId: otherAppId, parentId: 0, name: '别的', sort: 0, path: '/x', url: 'x', icon: 'table' }));
    const { body } = await get<PermissionNode[]>('/permission/filterTree', { appId });
    expect(body.code).toBe(Code.OK);
    expect(body.data.map((n) => n.name)).toEqual(['财务', '运营']);
    const nodes = [...walkTree(body.data)];
    expect(nodes.map((n) => n.id).sort()).toEqual([chain.navigation.id, chain.menu.id, chain.subMenu.id, chain.secondNavigation.id].sort());
    expect(nodes.every((n) => n.appId === appId && [3, 4, 5].includes(n.menuType))).toBe(true);
    const ops = body.data[1]!;
    expect(ops).toEqual({ ...chain.navigation, children: [{ ...chain.menu, children: [{ ...chain.subMenu, children: [] }] }] });
  });

  it('answers the whole tree checked per role, and a grant shows on the very next call', async () => {
    const granted = await createRole('orderAdmin', appId);
    const bare = await createRole('nobody', appId);
    await grant(granted, [chain.navigation, chain.menu, chain.page]);
    const checkedIds = async (roleId: number) => {
      const { body } = await get<PermissionNode[]>('/permission/tree', { appId, roleId });
      expect(body.code).toBe(Code.OK);
      const nodes = [...walkTree(body.data)];
      expect(nodes.every((n) => n.appId === appId && typeof n.checked === 'boolean')).toBe(true);
      expect(nodes.map((n) => n.id).sort()).toEqual(Object.values(chain).map((n) => n.id).sort());
      return nodes.filter((n) => n.checked).map((n) => n.id).sort();
    };
    expect(await checkedIds(granted)).toEqual([chain.navigation.id, chain.menu.id, chain.page.id].sort());
    expect(await checkedIds(bare)).toEqual([]);

    const { body } = await get<PermissionNode[]>('/permission/tree', { appId, roleId: granted });
    const page = [...walkTree(body.data)].find((n) => n.id === chain.page.id)!;
    expect(page.children).toEqual([{ ...chain.api, checked: false, children: [] }]);

    await grant(bare, [chain.api]);
    expect(await checkedIds(bare)).toEqual([chain.api.id]);
  });

  it("shows every node of the base app checked for the super-admin role, which holds them all", async () => {
    const base = await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow();
    const role = await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow();
    const { body } = await get<PermissionNode[]>('/permission/tree', { appId: base.id, roleId: role.id });
    const nodes = [...walkTree(body.data)];
    expect(nodes.length).toBeGreaterThan(50);
    expect(nodes.filter((n) => !n.checked)).toEqual([]);
  });

  it('answers 1004 for a role of another app or none, and 1001 for missing parameters', async () => {
    const foreign = await createRole('foreign', otherAppId);
    for (const roleId of [foreign, 987654, 99999999999]) {
      const { status, body } = await get('/permission/tree', { appId, roleId });
      expect(status).toBe(404);
      expect(body.code).toBe(Code.NOT_FOUND);
      expect(body.msg).toBe('该子系统下没有这个角色');
    }
    expect((await get('/permission/tree', { appId })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await get('/permission/tree', { roleId: foreign })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('answers 1004 for a missing node or app, 1001 for a malformed one', async () => {
    for (const id of [987654, 99999999999]) expect((await get('/permission/detail', { id })).body.code).toBe(Code.NOT_FOUND);
    expect((await get('/permission/detail', { id: 'abc' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await get('/permission/filterTree', { appId: 987654 })).body).toEqual({ code: Code.NOT_FOUND, msg: '子系统不存在', data: null });
    expect((await get('/permission/filterTree', {})).body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('the home-page check', () => {
  const valid = async (query: Record<string, string | number>) => {
    const { body } = await get<boolean>('/permission/validMenuType', query);
    expect(body.code, JSON.stringify(body)).toBe(Code.OK);
    return body.data;
  };

  it('is true until the app has a home, then only for that home; other types are always true', async () => {
    const homeApp = await createApp('phome');
    expect(await valid({ appId: homeApp, menuType: 5 })).toBe(true);
    const home = await created(saveDirectory({ menuType: 5, appId: homeApp, parentId: 0, name: '首页', sort: 0, path: '/home', url: 'home', icon: 'home' }));
    expect(await valid({ appId: homeApp, menuType: 5 })).toBe(false);
    expect(await valid({ appId: homeApp, menuType: '5', id: home.id })).toBe(true);
    expect(await valid({ appId: homeApp, menuType: 5, id: home.id + 1000 })).toBe(false);
    for (const menuType of [1, 2, 3, 4]) expect(await valid({ appId: homeApp, menuType })).toBe(true);
    expect(await valid({ appId: otherAppId, menuType: 5 })).toBe(true);

    const renamed = await created(saveDirectory({ ...home, name: '主页', id: home.id }));
    expect(renamed.name).toBe('主页');
  });

  it('refuses a missing app (1004) and a missing or unknown type (1001)', async () => {
    expect((await get('/permission/validMenuType', { appId: 987654, menuType: 5 })).body.code).toBe(Code.NOT_FOUND);
    for (const menuType of ['', '6', 'x', '0']) {
      const { body } = await get('/permission/validMenuType', { appId, menuType });
      expect(body.code, menuType).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys((body.data as { fields: object }).fields)).toEqual(['menuType']);
    }
  });

  it('lets only one of two simultaneous home pages in', async () => {
    const raceApp = await createApp('prace');
    const home = { menuType: 5, appId: raceApp, parentId: 0, name: '首页', sort: 0, path: '/home', url: 'home', icon: 'home' };
    const answers = await Promise.all([saveDirectory(home), saveDirectory({ ...home, name: '主页' })]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([Code.OK, Code.DUPLICATE]);
    const homes = await server.db.selectFrom('permission').select('id').where('appId', '=', raceApp).execute();
    expect(homes).toHaveLength(1);
  });
});
