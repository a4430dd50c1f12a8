import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, Code, MenuType, walkTree, type PermissionAnswer, type PermissionNode } from '../../contract';
import { apiElementPath, isGuardedPath } from '../../server/http/paths';
import { UA_CALLS } from '../../contract/paths';
import { pageElementCode } from '../../server/db/baseMenuTree';
import { exportElementNames } from '../../server/db/migrations/0031_export_element_names';
import { baseScreens } from '../../server/db/screenCatalogue';
import { seedDatabase } from '../../server/db/seed';
import { resourceDefinitions } from '../../resources/registry';
import { declaredTreeProblems } from './declaredTree';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
let baseAppId: number;
beforeAll(async () => {
  server = await startTestServer({ demo: true });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  baseAppId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

const menusOf = async (query: Record<string, string | number> = {}, as = token) =>
  server.call<PermissionAnswer>('GET', '/base/admin/permission/pemByUserAndApp', { token: as, query });

describe('the seeded base app tree', () => {
  it('has an API element, granted to the super admin, for every guarded route the server registers', async () => {
    const guarded = [
      ...new Set(server.app.routeTable.filter((r) => isGuardedPath(r.url) && r.access === 'permission').map((r) => apiElementPath(r.url))),
    ];
    expect(guarded).toEqual(expect.arrayContaining(['/param/list', '/param/vaildKey', '/app/validateCode', '/app/delete']));
    const granted = await server.db
      .selectFrom('permission as p')
      .innerJoin('rolePermission as rp', 'rp.permissionId', 'p.id')
      .innerJoin('role as r', 'r.id', 'rp.roleId')
      .select('p.url')
      .where('r.roleKey', '=', 'superAdmin')
      .where('p.appId', '=', baseAppId)
      .where('p.menuType', '=', MenuType.API)
      .execute();
    const grantedUrls = new Set(granted.map((p) => p.url));
    expect(guarded.filter((url) => !grantedUrls.has(url))).toEqual([]);
  });

  it('holds each declared resource’s menu, buttons and API elements as its definition says', async () => {
    expect(await declaredTreeProblems(server.db, resourceDefinitions)).toEqual([]);
  });

  it('marks only the session calls and the caller\'s own preferences as not needing an API element', async () => {
    const open = server.app.routeTable.filter((r) => isGuardedPath(r.url) && r.access !== 'permission').map((r) => `${r.access} ${r.url}`);
    expect([...new Set(open)].sort()).toEqual([
      `public ${API_PREFIX}/user/handoff`,
      `public ${API_PREFIX}/user/login`,
      // Live lists' event stream: each event is filtered by the caller's list grants (tests/api/live.test.ts).
      `session ${API_PREFIX}/live/events`,
      `session ${API_PREFIX}/permission/pemByUserAndApp`,
      // The caller's own display preferences: each call checks the screen named is one they may list.
      `session ${API_PREFIX}/preference/delete`,
      `session ${API_PREFIX}/preference/list`,
      `session ${API_PREFIX}/preference/save`,
      `session ${API_PREFIX}/user/changeEmail`,
      `session ${API_PREFIX}/user/changePwd`,
      `session ${API_PREFIX}/user/info`,
      `session ${API_PREFIX}/user/logout`,
      `session ${API_PREFIX}/workbench/apps`,
      `session ${API_PREFIX}/workbench/handoff`,
    ]);
  });

  it('has a menu per screen with a page element per button, and well-formed API elements', async () => {
    const nodes = await server.db.selectFrom('permission').selectAll().where('appId', '=', baseAppId).execute();
    for (const screen of baseScreens()) {
      const menu = nodes.find((n) => n.menuType === MenuType.MENU && n.url === screen.component);
      expect(menu, screen.component).toMatchObject({ path: screen.path, icon: screen.icon });
      const buttons = nodes.filter((n) => n.parentId === menu!.id && n.menuType === MenuType.PAGE_ELEMENT).map((n) => n.code);
      expect(buttons).toEqual(screen.buttons.map((b) => pageElementCode(screen, b)));
    }
    const apis = nodes.filter((n) => n.menuType === MenuType.API);
    expect(new Set(apis.map((a) => a.code)).size).toBe(apis.length);
    for (const api of apis) {
      expect(api.code).toMatch(/^\d{1,10}$/);
      expect(api.name.length).toBeLessThanOrEqual(20);
      expect(api.url.length).toBeLessThanOrEqual(50);
      expect(nodes.find((n) => n.id === api.parentId)?.menuType).toBe(MenuType.PAGE_ELEMENT);
    }
    const home = nodes.filter((n) => n.menuType === MenuType.HOME);
    expect(home).toMatchObject([{ parentId: 0, name: '首页', path: '/home', url: 'home', icon: 'home' }]);
  });
});

describe('pemByUserAndApp', () => {
  it('returns the caller name and the granted tree of the base app by default, without API elements', async () => {
    const { body } = await menusOf();
    expect(body.code).toBe(Code.OK);
    expect(body.data.userInfo).toEqual({ name: '超级管理员' });
    const menus = body.data.menus as PermissionNode[];
    expect(menus.map((m) => m.name)).toEqual(['首页', '系统管理', '系统监控', '组织人员', '业务统计', '工具', '示例']);
    const system = menus[1]!;
    expect(system.children.map((m) => m.url)).toEqual(['app', 'permission', 'role', 'dic', 'param', 'effective', 'apiDoc']);
    expect(menus[2]!.children.map((m) => m.url)).toEqual(['auditLog', 'loginLog', 'onlineSession', 'revealLog']);
    const param = system.children.find((m) => m.url === 'param')!;
    expect(param).toMatchObject({ path: '/system/param', menuType: MenuType.MENU, appId: baseAppId, parentId: system.id });
    expect(param.children.map((c) => c.code)).toEqual(['param:list', 'param:create', 'param:edit', 'param:delete', 'param:export', 'param:import', 'param:history', 'param:revert']);
    expect([...walkTree(menus)].some((n) => n.menuType === MenuType.API)).toBe(false);
    expect((await menusOf({ appId: baseAppId })).body.data).toEqual(body.data);
  });

  it('is what login answers as auth_router', async () => {
    const login = await server.login(ADMIN.username, ADMIN.password);
    expect(login.body.data.auth_router).toEqual((await menusOf()).body.data.menus);
  });

  it('contains only what the caller is granted', async () => {
    const { roleId } = await server.createUser({ code: 'partial', password: 'partial-pass' });
    const wanted = await server.db
      .selectFrom('permission')
      .select('id')
      .where('appId', '=', baseAppId)
      .where((eb) => eb.or([eb('code', 'in', ['system', 'param', 'param:list']), eb('code', '=', 'home')]))
      .execute();
    await server.db.insertInto('rolePermission').values(wanted.map((p) => ({ roleId, permissionId: p.id }))).execute();
    const partial = await server.tokenFor('partial', 'partial-pass');
    const menus = (await menusOf({}, partial)).body.data.menus as PermissionNode[];
    expect([...walkTree(menus)].map((n) => n.code)).toEqual(['home', 'system', 'param', 'param:list']);
  });

  it('answers an empty tree for an app without grants and 1001 for a malformed appId', async () => {
    const crm = await server.db.selectFrom('app').select('id').where('code', '=', 'crm').executeTakeFirstOrThrow();
    expect((await menusOf({ appId: crm.id })).body.data.menus).toEqual([]);
    expect((await menusOf({ appId: 'abc' })).body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('seeding', () => {
  it('runs once: a second run changes nothing', async () => {
    const count = async (table: 'permission' | 'role' | 'user' | 'app' | 'param') =>
      Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await Promise.all((['permission', 'role', 'user', 'app', 'param'] as const).map(count));
    expect(await seedDatabase(server.db, { demo: true, adminPassword: 'another-password' })).toEqual({ seeded: false });
    expect(await Promise.all((['permission', 'role', 'user', 'app', 'param'] as const).map(count))).toEqual(before);
    expect(before[3]).toBeGreaterThan(1);
    expect(before[4]).toBeGreaterThan(0);
  });

  it('lets admin use every built screen', async () => {
    for (const url of ['/base/admin/app/list', '/base/admin/param/list']) {
      const { body } = await server.call<{ total: number }>('GET', url, { token });
      expect(body.code).toBe(Code.OK);
      expect(body.data.total).toBeGreaterThan(0);
    }
  });
});

describe('export elements', () => {
  const exportNames = async () =>
    Object.fromEntries(
      (await server.db.selectFrom('permission').select(['url', 'name']).where('menuType', '=', MenuType.API).where('url', 'like', '%/export').execute()).map((row) => [row.url, row.name]),
    );

  it('are named 导出, the UA rules’ own 导出UA规则', async () => {
    const names = await exportNames();
    expect(names['/param/export']).toBe('导出');
    expect(names['/auditLog/export']).toBe('导出');
    expect(names[UA_CALLS.export]).toBe('导出UA规则');
  });

  it('seeded under the UA rules’ name are renamed by migration 0031; a typed name and the UA rules’ stay', async () => {
    await server.db.updateTable('permission').set({ name: '导出UA规则' }).where('menuType', '=', MenuType.API).where('url', 'in', ['/param/export', '/auditLog/export']).execute();
    await server.db.updateTable('permission').set({ name: '导出参数表' }).where('menuType', '=', MenuType.API).where('url', '=', '/app/export').execute();
    await exportElementNames().up(server.db);
    const names = await exportNames();
    expect([names['/param/export'], names['/auditLog/export'], names['/app/export'], names[UA_CALLS.export]]).toEqual(['导出', '导出', '导出参数表', '导出UA规则']);
  });
});
