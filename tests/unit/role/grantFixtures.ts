/**
 * Each app's permission tree (directories 3/4/5, page elements 1, API elements 2) and what each
 * role holds, as the server stores grants (a role holds the parents of what it holds too): the
 * data of the grant-tree tests, which need no server.
 */
import { MenuType, type PermissionNode } from '../../../contract/menu';

export const CRM_APP_ID = 2;

type NodeInput = Pick<PermissionNode, 'id' | 'name' | 'menuType'> & Partial<PermissionNode> & { kids?: NodeInput[] };

function build(appId: number, parentId: number, nodes: readonly NodeInput[]): PermissionNode[] {
  return nodes.map(({ kids = [], ...node }, i) => ({
    parentId,
    appId,
    sort: i + 1,
    path: '',
    url: '',
    icon: '',
    code: '',
    ...node,
    children: build(appId, node.id, kids),
  }));
}

const api = (id: number, url: string): NodeInput => ({ id, name: url.split('/').pop() ?? url, menuType: MenuType.API, url });

/**
 * Base app: 系统管理 (10) › 参数配置 (11) › 查询 (12: list 13, detail 14), 新增 (15: save 16,
 * key check 17), 删除 (18: delete 19); and 首页 (20). CRM app: 客户 (30) › 客户列表 (31) › 查询 (32: 33).
 */
export const permissionTrees = (): Record<number, PermissionNode[]> => ({
  1: build(1, 0, [
    {
      id: 10,
      name: '系统管理',
      menuType: MenuType.NAVIGATION,
      path: '/system',
      kids: [
        {
          id: 11,
          name: '参数配置',
          menuType: MenuType.MENU,
          path: '/system/param',
          url: 'param',
          kids: [
            { id: 12, name: '查询', menuType: MenuType.PAGE_ELEMENT, code: 'param:list', kids: [api(13, '/param/list'), api(14, '/param/detail')] },
            { id: 15, name: '新增', menuType: MenuType.PAGE_ELEMENT, code: 'param:create', kids: [api(16, '/param/saveOrUpdate'), api(17, '/param/vaildKey')] },
            { id: 18, name: '删除', menuType: MenuType.PAGE_ELEMENT, code: 'param:delete', kids: [api(19, '/param/delete')] },
          ],
        },
      ],
    },
    { id: 20, name: '首页', menuType: MenuType.HOME, path: '/home', url: 'home' },
  ]),
  [CRM_APP_ID]: build(CRM_APP_ID, 0, [
    {
      id: 30,
      name: '客户',
      menuType: MenuType.NAVIGATION,
      kids: [{ id: 31, name: '客户列表', menuType: MenuType.MENU, url: 'customer', kids: [{ id: 32, name: '查询', menuType: MenuType.PAGE_ELEMENT, code: 'customer:list', kids: [api(33, '/customer/list')] }] }],
    },
  ]),
});

/**
 * Role id → the permission ids it holds. The auditor (2) holds the query button whole and the add
 * button without its key check, so 系统管理, 参数配置 and 新增 are marked checked though only
 * partly held; it holds neither 删除 nor 首页.
 */
export const roleGrants = (): Record<number, number[]> => ({
  1: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
  2: [10, 11, 12, 13, 14, 15, 16],
  3: [],
});
