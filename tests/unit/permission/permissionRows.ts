/**
 * The rows of a menu/permission table (three sub-systems: the first with a home page, the second
 * without, the third in reading B): the data of the tree and payload tests, which need no server.
 */
import { MenuType, type PermissionNode } from '../../../contract/menu';

/** A flat row of the menu/permission table (children are built by the calls that answer trees). */
export type PermissionRow = Omit<PermissionNode, 'children' | 'checked'>;

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
