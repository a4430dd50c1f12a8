/**
 * The smallest data the menu/permission page's tests need: three sub-systems (the first with a home
 * page, the second without, the third in reading B of menu types), a few directories, page elements
 * and API elements, and the caller's granted tree with the page's buttons.
 */
import { menuReadingOf, MenuType, type MenuReading, type PermissionNode } from '../contract/menu';
import { actionCode } from '../resources/define';

/** A flat row of the menu/permission table (children are built by the calls that answer trees). */
export type PermissionRow = Omit<PermissionNode, 'children' | 'checked'>;

export const permissionApps = (): Record<string, unknown>[] => [
  { id: 1, code: 'base', name: '基础平台', businessType: 3, isEnable: '1', sort: 1, address: 'http://base.example', logo: '', menuReading: 'A', createTime: '2024-01-01 00:00:00' },
  { id: 2, code: 'crm', name: '客户系统', businessType: 1, isEnable: '1', sort: 2, address: 'http://crm.example', logo: '', menuReading: 'A', createTime: '2024-01-02 00:00:00' },
  // Its tree is in the second reading of menu types (contract/menu.ts): 5 top-level directory, 4 directory.
  { id: 3, code: 'ops', name: '运营系统', businessType: 2, isEnable: '1', sort: 3, address: 'http://ops.example', logo: '', menuReading: 'B', createTime: '2024-01-03 00:00:00' },
];

/** The reading of a fixture app's tree. */
export const permissionAppReading = (appId: number): MenuReading => menuReadingOf(permissionApps().find((app) => app.id === appId)?.menuReading);

function row(partial: Partial<PermissionRow> & Pick<PermissionRow, 'id' | 'parentId' | 'appId' | 'name' | 'menuType'>): PermissionRow {
  return { sort: 1, path: '', url: '', icon: '', code: '', ...partial };
}

export const permissionRows = (): PermissionRow[] => [
  // App 1: home, a navigation with two menus; page and API elements under "菜单权限".
  row({ id: 10, parentId: 0, appId: 1, name: '首页', menuType: MenuType.HOME, sort: 0, path: '/home', url: 'home', icon: 'home' }),
  row({ id: 11, parentId: 0, appId: 1, name: '系统管理', menuType: MenuType.NAVIGATION, sort: 10, path: '/system', url: 'system', icon: 'setting' }),
  row({ id: 12, parentId: 11, appId: 1, name: '菜单权限', menuType: MenuType.MENU, sort: 20, path: '/system/permission', url: 'permission', icon: 'menu' }),
  row({ id: 13, parentId: 11, appId: 1, name: '参数配置', menuType: MenuType.MENU, sort: 30, path: '/system/param', url: 'param', icon: 'setting' }),
  row({ id: 20, parentId: 12, appId: 1, name: '新增', menuType: MenuType.PAGE_ELEMENT, sort: 1, code: 'permission:create' }),
  row({ id: 21, parentId: 12, appId: 1, name: '删除', menuType: MenuType.PAGE_ELEMENT, sort: 2, code: 'permission:delete' }),
  row({ id: 30, parentId: 20, appId: 1, name: '保存', menuType: MenuType.API, sort: 1, code: '1001', url: '/permission/saveOrUpdate' }),
  row({ id: 31, parentId: 20, appId: 1, name: '校验菜单类型', menuType: MenuType.API, sort: 2, code: '1002', url: '/permission/validMenuType' }),
  row({ id: 32, parentId: 21, appId: 1, name: '删除', menuType: MenuType.API, sort: 1, code: '1003', url: '/permission/delete' }),
  // App 2: no home.
  row({ id: 50, parentId: 0, appId: 2, name: '客户管理', menuType: MenuType.NAVIGATION, sort: 10, path: '/customer', url: 'customer', icon: 'team' }),
  row({ id: 51, parentId: 50, appId: 2, name: '客户列表', menuType: MenuType.MENU, sort: 10, path: '/customer/list', url: 'customerList', icon: 'user' }),
  // App 3 (reading B): top-level directory → directory → page element → API; a top-level directory holding a page element.
  row({ id: 60, parentId: 0, appId: 3, name: '服务中心', menuType: MenuType.HOME, sort: 1, path: '/service', url: 'service', icon: 'appstore' }),
  row({ id: 61, parentId: 60, appId: 3, name: '工单管理', menuType: MenuType.MENU, sort: 1, path: '/service/tickets', url: 'placeholder', icon: 'filetext' }),
  row({ id: 62, parentId: 0, appId: 3, name: '数据看板', menuType: MenuType.HOME, sort: 2, path: '/insight', url: 'placeholder', icon: 'dashboard' }),
  row({ id: 70, parentId: 61, appId: 3, name: '查看工单', menuType: MenuType.PAGE_ELEMENT, sort: 1, code: 'tickets:list' }),
  row({ id: 71, parentId: 62, appId: 3, name: '查看看板', menuType: MenuType.PAGE_ELEMENT, sort: 1, code: 'insight:list' }),
  row({ id: 80, parentId: 70, appId: 3, name: '工单数据', menuType: MenuType.API, sort: 1, code: '2001', url: '/v2/table/list' }),
];

export interface PermissionMenuOptions {
  /** Which page-element codes (`permission:create` …) are granted; all by default. */
  grant?: (code: string) => boolean;
}

/** The caller's granted tree: System → 菜单权限 (url `permission`) with its buttons. */
export function permissionMenus({ grant = () => true }: PermissionMenuOptions = {}): PermissionNode[] {
  const node = (partial: Partial<PermissionNode> & Pick<PermissionNode, 'id' | 'parentId' | 'name' | 'menuType'>): PermissionNode => ({
    appId: 1,
    sort: 0,
    path: '',
    url: '',
    icon: '',
    code: '',
    children: [],
    ...partial,
  });
  const buttons = (['list', 'create', 'edit', 'delete'] as const)
    .map((action, index) => ({ action, code: actionCode('permission', action), id: 900 + index }))
    .filter(({ code }) => grant(code))
    .map(({ action, code, id }) => node({ id, parentId: 801, name: action, menuType: MenuType.PAGE_ELEMENT, code }));
  return [
    node({
      id: 800,
      parentId: 0,
      name: '系统管理',
      menuType: MenuType.NAVIGATION,
      path: '/system',
      url: 'system',
      children: [node({ id: 801, parentId: 800, name: '菜单权限', menuType: MenuType.MENU, path: '/system/permission', url: 'permission', children: buttons })],
    }),
  ];
}
