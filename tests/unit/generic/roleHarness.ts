/**
 * The role screen's data, set up through the real API before each test: a second sub-system
 * (客户系统) with a small tree, and beside the seeded super-admin role (超级管理员, base app) an
 * auditor (审计员) and a sales role (销售, 客户系统), listed in that order.
 *
 * With `ownApp`, the auditor belongs to a third sub-system (测试平台) whose small tree it partly
 * holds, so its authorisation dialog shows a tree a test can name node by node:
 *   系统管理 › 参数配置 › 查询 (list, detail), 新增 (saveOrUpdate, vaildKey), 删除 (delete); 首页.
 * The auditor holds 查询 whole and 新增 without its key check (and so their parents, as the server
 * stores grants); it holds neither 删除 nor 首页. 客户系统: 客户 › 客户列表 › 查询 (list).
 */
import { beforeEach } from 'vitest';
import { MenuType } from '../../../contract';
import type { Bridge } from '../../../mocks/bridge';
import { grantToRole } from '../../../server/db/permissionTree';

export interface RoleFixture {
  baseAppId: number;
  crmAppId: number;
  /** The auditor's own sub-system (`ownApp`), else the base app. */
  auditorAppId: number;
  roles: { superAdmin: number; auditor: number; sales: number };
  /** Node ids of the small trees by name (`vaildKey`, `查询` of 测试平台 …); 客户系统's under `crm:` */
  nodes: Record<string, number>;
}

export interface NodeSpec {
  name: string;
  menuType: number;
  sort?: number;
  icon?: string;
  code?: string;
  url?: string;
  path?: string;
  kids?: NodeSpec[];
}

const api = (url: string, code: string): NodeSpec => ({ name: url.split('/').pop()!, menuType: MenuType.API, url, code });

const TEST_TREE: NodeSpec[] = [
  {
    name: '系统管理',
    menuType: MenuType.NAVIGATION,
    path: '/system',
    url: 'system',
    kids: [
      {
        name: '参数配置',
        menuType: MenuType.MENU,
        path: '/system/param',
        url: 'param',
        kids: [
          { name: '查询', menuType: MenuType.PAGE_ELEMENT, code: 'param:list', kids: [api('/param/list', '1'), api('/param/detail', '2')] },
          { name: '新增', menuType: MenuType.PAGE_ELEMENT, code: 'param:create', kids: [api('/param/saveOrUpdate', '3'), api('/param/vaildKey', '4')] },
          { name: '删除', menuType: MenuType.PAGE_ELEMENT, code: 'param:delete', kids: [api('/param/delete', '5')] },
        ],
      },
    ],
  },
  { name: '首页', menuType: MenuType.HOME, path: '/home', url: 'home' },
];

const CRM_TREE: NodeSpec[] = [
  {
    name: '客户',
    menuType: MenuType.NAVIGATION,
    path: '/customer',
    url: 'customer',
    kids: [{ name: '客户列表', menuType: MenuType.MENU, path: '/customer/list', url: 'customer', kids: [{ name: '查询', menuType: MenuType.PAGE_ELEMENT, code: 'customer:list', kids: [api('/customer/list', '1')] }] }],
  },
];

/** Saves a tree through the real menu calls; answers node ids by name (`prefix` before each; the first of a name keeps it). */
export async function saveTree(bridge: Bridge, appId: number, nodes: readonly NodeSpec[], prefix = '', parentId = 0): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [index, { kids = [], ...node }] of nodes.entries()) {
    const isElement = node.menuType === MenuType.PAGE_ELEMENT || node.menuType === MenuType.API;
    const body = isElement
      ? { appId, parentId, menuType: node.menuType, name: node.name, code: node.code, ...(node.url ? { url: node.url } : {}) }
      : { appId, parentId, menuType: node.menuType, name: node.name, sort: node.sort ?? index + 1, path: node.path ?? '', url: node.url ?? node.name, icon: node.icon ?? 'appstore' };
    const saved = await bridge.call<{ id: number }>('POST', isElement ? '/base/admin/menu/saveOrUpdate' : '/base/admin/permission/saveOrUpdate', { body });
    ids[`${prefix}${node.name}`] ??= saved.id;
    for (const [name, id] of Object.entries(await saveTree(bridge, appId, kids, prefix, saved.id))) ids[name] ??= id;
  }
  return ids;
}

const app = (bridge: Bridge, code: string, name: string, sort: number, menuReading = 'A') =>
  bridge.save<{ id: number }>('/base/admin/app', { code, name, businessType: 1, isEnable: '1', sort, address: `http://${code}.example`, logo: '', menuReading });

const role = (bridge: Bridge, sortNum: number, roleKey: string, name: string, appId: number, description: string | null) =>
  bridge.save<{ id: number }>('/base/admin/role', { sortNum, roleKey, name, appId, roleType: 2, isEnable: '1', description });

export async function saveRoleFixture(bridge: Bridge, { ownApp = false } = {}): Promise<RoleFixture> {
  const base = await bridge.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow();
  const superAdmin = await bridge.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow();
  const crm = await app(bridge, 'crm', '客户系统', 2);
  const nodes = await saveTree(bridge, crm.id, CRM_TREE, 'crm:');
  let auditorAppId = base.id;
  if (ownApp) {
    auditorAppId = (await app(bridge, 'test', '测试平台', 3)).id;
    Object.assign(nodes, await saveTree(bridge, auditorAppId, TEST_TREE));
  }
  const auditor = await role(bridge, 2, 'auditor', '审计员', auditorAppId, null);
  const sales = await role(bridge, 3, 'sales', '销售', crm.id, '');
  if (ownApp) {
    const held = ['系统管理', '参数配置', '查询', 'list', 'detail', '新增', 'saveOrUpdate'].map((name) => nodes[name]!);
    await grantToRole(bridge.db, auditor.id, held);
  }
  return { baseAppId: base.id, crmAppId: crm.id, auditorAppId, roles: { superAdmin: superAdmin.id, auditor: auditor.id, sales: sales.id }, nodes };
}

/** Before each test (after the bridge's reset): the role fixture, kept in the holder returned. */
export function setUpRoleFixture(bridge: Bridge, options?: { ownApp?: boolean }): { current: RoleFixture } {
  const holder = {} as { current: RoleFixture };
  beforeEach(async () => {
    holder.current = await saveRoleFixture(bridge, options);
  });
  return holder;
}
