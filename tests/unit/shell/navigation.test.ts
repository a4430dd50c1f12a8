import { describe, expect, it } from 'vitest';
import { MenuType, type PermissionNode } from '../../../contract/menu';
import { buildNavigation, entriesInView, findRoute, isUngrantedAddress, normalisePath } from '../../../src/routing/navigation';

let nextId = 1;
function menu(partial: Partial<PermissionNode> & Pick<PermissionNode, 'name' | 'menuType'>, children: PermissionNode[] = []): PermissionNode {
  const id = nextId++;
  return { id, parentId: 0, appId: 1, sort: 0, path: '', url: '', icon: '', code: '', ...partial, children: children.map((c) => ({ ...c, parentId: id })) };
}

const home = () => menu({ name: '首页', menuType: MenuType.HOME, path: '/home', url: 'home', icon: 'home' });
const page = (name: string, path: string, url: string, elements: string[] = []) =>
  menu({ name, menuType: MenuType.MENU, path, url }, elements.map((code) => menu({ name: code, menuType: MenuType.PAGE_ELEMENT, code })));
const navigation = (name: string, children: PermissionNode[]) => menu({ name, menuType: MenuType.NAVIGATION, path: `/${name}`, url: name, icon: 'setting' }, children);

const registered = new Set(['home', 'param', 'app']);
const isRegistered = (name: string) => registered.has(name);

describe('navigation built from the granted menu tree', () => {
  const tree = [
    home(),
    navigation('系统管理', [
      page('子系统管理', '/system/app', 'app', ['app:create']),
      page('菜单权限', '/system/permission', 'permission'),
      page('参数配置', '/system/param', 'param', ['param:create', 'param:delete']),
    ]),
    navigation('业务统计', [page('流量看板', '/business/dashboard', 'dashboard')]),
  ];
  const built = buildNavigation(tree, isRegistered);

  it('routes only the menus whose page component is registered', () => {
    expect(built.routes.map((r) => [r.path, r.component, r.title])).toEqual([
      ['/home', 'home', '首页'],
      ['/system/app', 'app', '子系统管理'],
      ['/system/param', 'param', '参数配置'],
    ]);
  });

  it('shows a top-bar entry per navigation directory that has a routed page, never the home menu', () => {
    expect(built.entries.map((e) => e.title)).toEqual(['系统管理']);
    expect(built.entries[0]!.items.map((i) => [i.title, i.path])).toEqual([
      ['子系统管理', '/system/app'],
      ['参数配置', '/system/param'],
    ]);
  });

  it('makes one Refine resource per routed menu, nested under its navigation entry', () => {
    const nav = built.resources.find((r) => r.meta?.label === '系统管理');
    expect(nav).toMatchObject({ name: `nav-${built.entries[0]!.id}` });
    expect(nav?.list).toBeUndefined();
    expect(built.resources.find((r) => r.name === 'param')).toMatchObject({ list: '/system/param', meta: { label: '参数配置', parent: nav?.name } });
    expect(built.resources.find((r) => r.name === 'home')).toMatchObject({ list: '/home', meta: { label: '首页' } });
    expect(built.resources.some((r) => r.name === 'permission' || r.name === 'dashboard')).toBe(false);
  });

  it('sends the root path to the home menu when there is one', () => {
    expect(built.rootPath).toBe('/home');
    expect(built.home?.path).toBe('/home');
  });

  it('falls back to the first page of the first navigation entry without a home menu', () => {
    const withoutHome = buildNavigation(tree.slice(1), isRegistered);
    expect(withoutHome.home).toBeUndefined();
    expect(withoutHome.rootPath).toBe('/system/app');
  });

  it('skips a home menu whose page is not registered and falls back the same way', () => {
    const other = buildNavigation(tree, (name) => name !== 'home' && registered.has(name));
    expect(other.rootPath).toBe('/system/app');
  });

  it('has no root path when nothing granted is routable', () => {
    const none = buildNavigation([navigation('业务统计', [page('流量看板', '/business/dashboard', 'dashboard')])], isRegistered);
    expect(none).toMatchObject({ routes: [], entries: [], rootPath: undefined });
  });

  it('keeps nested menus as sidebar groups and ignores page and API elements', () => {
    const nested = buildNavigation(
      [
        navigation('系统管理', [
          menu({ name: '基础数据', menuType: MenuType.MENU }, [page('参数配置', 'system/param/', 'param'), menu({ name: 'api', menuType: MenuType.API, url: '/param/list' })]),
        ]),
      ],
      isRegistered,
    );
    const group = nested.entries[0]!.items[0]!;
    expect(group.title).toBe('基础数据');
    expect(group.path).toBeUndefined();
    expect(group.children.map((c) => c.path)).toEqual(['/system/param']);
    expect(nested.rootPath).toBe('/system/param');
    const groupResource = nested.resources.find((r) => r.meta?.label === '基础数据');
    expect(nested.resources.find((r) => r.name === 'param')?.meta?.parent).toBe(groupResource?.name);
  });

  it('gives a second menu naming the same page its own identifier and route', () => {
    const twice = buildNavigation([navigation('系统管理', [page('参数配置', '/a', 'param'), page('参数（副本）', '/b', 'param')])], isRegistered);
    expect(twice.routes.map((r) => r.identifier)).toEqual(['param', `param-${twice.routes[1]!.menuId}`]);
    expect(twice.resources.filter((r) => r.name === 'param')).toHaveLength(2);
  });

  it('finds the page of a location by its exact path', () => {
    expect(findRoute(built, '/system/param/')?.title).toBe('参数配置');
    expect(findRoute(built, '/system/param/1')).toBeUndefined();
    expect(normalisePath('system/app')).toBe('/system/app');
  });
});

describe('navigation of a tree in reading B (contract/menu.ts)', () => {
  // Top-level directory 5 → directories 4 → page elements 1; a second 5 that is itself a page.
  const top = (name: string, path: string, url: string, children: PermissionNode[]) => menu({ name, menuType: MenuType.HOME, path, url, icon: 'appstore' }, children);
  const tree = [
    top('服务中心', '/service', 'service', [page('工单管理', '/service/tickets', 'app', ['tickets:list']), page('知识库', '/service/knowledge', 'param', ['knowledge:list'])]),
    top('数据看板', '/insight', 'param', [menu({ name: 'insight:list', menuType: MenuType.PAGE_ELEMENT, code: 'insight:list' })]),
  ];
  const built = buildNavigation(tree, isRegistered, undefined, 'B');

  it('shows each top-level directory as a top-bar entry, its directories as the sidebar', () => {
    expect(built.entries.map((e) => e.title)).toEqual(['服务中心', '数据看板']);
    expect(built.entries[0]!.items.map((i) => [i.title, i.path])).toEqual([
      ['工单管理', '/service/tickets'],
      ['知识库', '/service/knowledge'],
    ]);
    expect(built.routes.find((r) => r.path === '/service/tickets')?.navigationId).toBe(built.entries[0]!.id);
  });

  it('routes a top-level directory that is itself a page, as the first item of its own sidebar', () => {
    expect(built.entries[1]!.items.map((i) => [i.title, i.path])).toEqual([['数据看板', '/insight']]);
    expect(built.entries[1]!.firstPath).toBe('/insight');
    expect(findRoute(built, '/insight')?.navigationId).toBe(built.entries[1]!.id);
  });

  it('has no home: the root path is the first page of the first entry', () => {
    expect(built.home).toBeUndefined();
    expect(built.rootPath).toBe('/service/tickets');
  });

  it('read as A, the same tree loses its directories: the 5s are home pages, not entries', () => {
    const asA = buildNavigation(tree, isRegistered);
    expect(asA.entries).toEqual([]);
    expect(asA.routes.map((r) => r.path)).toEqual(['/insight']);
  });
});

describe('addresses the caller cannot open', () => {
  const routes = buildNavigation([navigation('系统管理', [page('参数配置', '/system/param', 'param')])], isRegistered).routes;
  const addresses = new Set(['/system/param', '/system/app', '/home']);

  it('are the console\'s screens their tree does not route: "no permission", not 404', () => {
    expect(isUngrantedAddress({ routes, addresses }, '/system/app')).toBe(true);
    expect(isUngrantedAddress({ routes, addresses }, '/system/app/')).toBe(true);
    expect(isUngrantedAddress({ routes, addresses }, '/system/param')).toBe(false);
    expect(isUngrantedAddress({ routes, addresses }, '/no/such/page')).toBe(false);
    expect(isUngrantedAddress({ routes }, '/system/app')).toBe(false);
  });
});

describe('the top-bar entries in view', () => {
  const entries = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it('put the current entry first where only one fits beside "⋯"', () => {
    expect(entriesInView(entries, 3, true).map((e) => e.id)).toEqual([3, 1, 2]);
  });

  it('keep the menu\'s order where there is room, or with no current entry', () => {
    expect(entriesInView(entries, 3, false)).toBe(entries);
    expect(entriesInView(entries, undefined, true)).toBe(entries);
    expect(entriesInView(entries, 9, true)).toBe(entries);
  });
});
