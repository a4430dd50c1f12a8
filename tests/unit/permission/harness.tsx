/**
 * Renders the menu/permission page inside Refine with the real providers, against the real app
 * (mocks/bridge). Before each test, through the real calls, three sub-systems listed before the
 * base app: 测试平台 (reading A, with a home page), 客户系统 (no home) and 运营系统 (reading B):
 *
 *   测试平台: 首页; 系统管理 › 菜单权限 (page elements 新增 with APIs 保存 1001 and 校验菜单类型
 *             1002, 删除 with API 删除 1003), 参数配置
 *   客户系统: 客户管理 › 客户列表
 *   运营系统: 服务中心 › 工单管理 › 查看工单 › 工单数据; 数据看板 › 查看看板
 */
import { renderInConsole } from '../renderInConsole';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { beforeEach } from 'vitest';
import { MenuType } from '../../../contract/menu';
import type { Bridge } from '../../../mocks/bridge';
import PermissionPage from '../../../resources/permission/PermissionPage';
import { installAntdStaticRender } from '../../../src/layout/antdStaticRender';
import type { PageRoute } from '../../../src/routing/navigation';
import { bridgePerFile } from '../bridgePerFile';
import { saveTree, type NodeSpec } from '../generic/roleHarness';

// As main.tsx does: antd's toasts render with React 19's root API.
installAntdStaticRender();

export const server = setupServer();
export const slow = { timeout: 10000 };
export const user = () => userEvent.setup({ pointerEventsCheck: 0 });

export interface Menus {
  bridge: Bridge;
  /** Whose session the page is rendered with (the administrator unless `grantOnly`). */
  token: string;
  /** Sub-system ids: test (测试平台), crm (客户系统), ops (运营系统). */
  app: { test: number; crm: number; ops: number };
  /** Node ids of 测试平台 by name (a page element before its API of the same name). */
  node: Record<string, number>;
}

const api = (name: string, code: string, url: string): NodeSpec => ({ name, menuType: MenuType.API, code, url });

const TEST_TREE: NodeSpec[] = [
  { name: '首页', menuType: MenuType.HOME, sort: 0, path: '/home', url: 'home', icon: 'home' },
  {
    name: '系统管理',
    menuType: MenuType.NAVIGATION,
    sort: 10,
    path: '/system',
    url: 'system',
    icon: 'setting',
    kids: [
      {
        name: '菜单权限',
        menuType: MenuType.MENU,
        sort: 20,
        path: '/system/permission',
        url: 'permission',
        icon: 'menu',
        kids: [
          { name: '新增', menuType: MenuType.PAGE_ELEMENT, code: 'permission:create', kids: [api('保存', '1001', '/permission/saveOrUpdate'), api('校验菜单类型', '1002', '/permission/validMenuType')] },
          { name: '删除', menuType: MenuType.PAGE_ELEMENT, code: 'permission:delete', kids: [api('删除', '1003', '/permission/delete')] },
        ],
      },
      { name: '参数配置', menuType: MenuType.MENU, sort: 30, path: '/system/param', url: 'param', icon: 'setting' },
    ],
  },
];

const CRM_TREE: NodeSpec[] = [
  { name: '客户管理', menuType: MenuType.NAVIGATION, sort: 10, path: '/customer', url: 'customer', icon: 'team', kids: [{ name: '客户列表', menuType: MenuType.MENU, sort: 10, path: '/customer/list', url: 'customerList', icon: 'user' }] },
];

const OPS_TREE: NodeSpec[] = [
  {
    name: '服务中心',
    menuType: MenuType.HOME,
    sort: 1,
    path: '/service',
    url: 'service',
    kids: [
      {
        name: '工单管理',
        menuType: MenuType.MENU,
        sort: 1,
        path: '/service/tickets',
        url: 'placeholder',
        icon: 'filetext',
        kids: [{ name: '查看工单', menuType: MenuType.PAGE_ELEMENT, code: 'tickets:list', kids: [api('工单数据', '2001', '/v2/table/list')] }],
      },
    ],
  },
  { name: '数据看板', menuType: MenuType.HOME, sort: 2, path: '/insight', url: 'placeholder', icon: 'dashboard', kids: [{ name: '查看看板', menuType: MenuType.PAGE_ELEMENT, code: 'insight:list' }] },
];

async function saveMenus(bridge: Bridge): Promise<Menus> {
  const app = (code: string, name: string, sort: number, menuReading: string) =>
    bridge.save<{ id: number }>('/base/admin/app', { code, name, businessType: 1, isEnable: '1', sort, address: `http://${code}.example`, logo: '', menuReading });
  // The base app goes last, so the page opens on 测试平台.
  await bridge.db.updateTable('app').set({ sort: 9 }).where('code', '=', 'base').execute();
  const test = (await app('test', '测试平台', 1, 'A')).id;
  const crm = (await app('crm', '客户系统', 2, 'A')).id;
  const ops = (await app('ops', '运营系统', 3, 'B')).id;
  const node = await saveTree(bridge, test, TEST_TREE);
  await saveTree(bridge, crm, CRM_TREE);
  await saveTree(bridge, ops, OPS_TREE);
  return { bridge, token: bridge.token, app: { test, crm, ops }, node };
}

/** Starts msw in front of the real app for the file; fresh sub-systems before each test. */
export function setUpPermissionApi(): { current: Menus } {
  const bridge = bridgePerFile(server);
  const holder = {} as { current: Menus };
  beforeEach(async () => {
    holder.current = await saveMenus(bridge);
  });
  return holder;
}

/** Renders as a staff member whose role holds only the base app's page elements `grant` lets through. */
export async function grantOnly(holder: { current: Menus }, grant: (code: string) => boolean): Promise<void> {
  await holder.current.bridge.createUser({ code: 'clerk', grant });
  holder.current.token = await holder.current.bridge.tokenOf('clerk');
}

/** The calls the page sent to `path` (below /base/admin, e.g. '/menu/list'). */
export function sent(menus: Menus, path: string) {
  return menus.bridge.requests.filter((r) => r.path === `/base/admin${path}`);
}

const route: PageRoute = {
  menuId: 801,
  path: '/system/permission',
  component: 'permission',
  resource: 'permission',
  identifier: 'permission',
  title: '菜单权限',
  icon: 'menu',
};

/** Opens the page at /system/permission (plus `search`, e.g. `?appId=2`), signed in. */
export function renderPermissionPage(menus: Menus, search = '') {
  return renderInConsole(<PermissionPage route={route} />, {
    token: menus.token,
    path: `${route.path}${search}`,
    resource: { name: 'permission', label: route.title },
  });
}

/** The request paths the page sent (below /base/admin). */
export function sentPaths(menus: Menus): string[] {
  return menus.bridge.requests.map((r) => r.path.replace('/base/admin', ''));
}
