/**
 * Who may call the tree's routes, as a table: every route against every kind of caller, including
 * those expected to be refused. Each route is guarded by its API element of the `permission` screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType } from '../../contract';
import { BESPOKE_SCREENS } from '../../server/db/screenCatalogue';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
const tokens: Record<string, string> = {};
let appId: number;
let roleId: number;
let menuId: number;
/** Deleted by the admin's POST deletes, after every refused caller tried the same. */
let spareMenuId: number;
let spareElementId: number;

const permissionScreen = BESPOKE_SCREENS.find((s) => s.component === 'permission')!;
const apisOf = (action: string) => permissionScreen.buttons.find((b) => b.action === action)!.apis;
const ALL_APIS = [...new Set(permissionScreen.buttons.flatMap((b) => b.apis))];

type Caller = 'admin' | 'lister' | 'norole' | 'paramonly' | 'offrole';
/** The admin last: a refused delete is tried on nodes that still exist. */
const CALLERS: Caller[] = ['lister', 'norole', 'paramonly', 'offrole', 'admin'];

interface Row {
  call: string;
  method: 'GET' | 'POST';
  url: () => string;
  body?: () => unknown;
  allowed: Caller[];
  isWrite?: boolean;
}

const adminOnly: Caller[] = ['admin'];
const readers: Caller[] = ['admin', 'lister'];
const q = (path: string, query: () => Record<string, number>) => () => `/base/admin${path}?${new URLSearchParams(Object.entries(query()).map(([k, v]) => [k, String(v)]))}`;

const table: Row[] = [
  { call: 'filterTree', method: 'GET', url: q('/permission/filterTree', () => ({ appId })), allowed: readers },
  { call: 'tree', method: 'GET', url: q('/permission/tree', () => ({ appId, roleId })), allowed: readers },
  { call: 'detail', method: 'GET', url: q('/permission/detail', () => ({ id: menuId })), allowed: readers },
  { call: 'menu list', method: 'GET', url: q('/menu/list', () => ({ parentId: menuId, menuType: 1 })), allowed: readers },
  { call: 'menu list (POST)', method: 'POST', url: () => '/base/admin/menu/list', body: () => ({ parentId: menuId }), allowed: readers },
  { call: 'validMenuType', method: 'GET', url: q('/permission/validMenuType', () => ({ appId, menuType: 5 })), allowed: adminOnly },
  {
    call: 'directory save',
    method: 'POST',
    url: () => '/base/admin/permission/saveOrUpdate',
    body: () => ({ menuType: 3, appId, parentId: 0, name: '新导航', sort: 9, path: '/new', url: 'new', icon: 'appstore' }),
    allowed: adminOnly,
    isWrite: true,
  },
  {
    call: 'element save',
    method: 'POST',
    url: () => '/base/admin/menu/saveOrUpdate',
    body: () => ({ menuType: 1, appId, parentId: menuId, code: `acc:${Math.random()}`, name: '按钮' }),
    allowed: adminOnly,
    isWrite: true,
  },
  { call: 'directory delete', method: 'GET', url: q('/permission/delete', () => ({ ids: 987654 })), allowed: adminOnly, isWrite: true },
  { call: 'directory delete (POST)', method: 'POST', url: () => '/base/admin/permission/delete', body: () => ({ ids: String(spareMenuId) }), allowed: adminOnly, isWrite: true },
  { call: 'element delete', method: 'GET', url: q('/menu/delete', () => ({ ids: 987654 })), allowed: adminOnly, isWrite: true },
  { call: 'element delete (POST)', method: 'POST', url: () => '/base/admin/menu/delete', body: () => ({ ids: String(spareElementId) }), allowed: adminOnly, isWrite: true },
];

const countNodes = async () => (await server.db.selectFrom('permission').select('id').where('appId', '=', appId).execute()).length;

beforeAll(async () => {
  server = await startTestServer();
  await server.createUser({ code: 'lister', password: 'lister-pass', apis: [...apisOf('list')] });
  await server.createUser({ code: 'norole', password: 'norole-pass' });
  await server.createUser({ code: 'paramonly', password: 'paramonly-pass', apis: ['/param/list', '/app/list', '/role/list'] });
  const off = await server.createUser({ code: 'offrole', password: 'offrole-pass', apis: ALL_APIS });
  await server.db.updateTable('role').set({ isEnable: '0' }).where('id', '=', off.roleId).execute();
  tokens.admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  for (const caller of CALLERS.filter((c) => c !== 'admin')) tokens[caller] = await server.tokenFor(caller, `${caller}-pass`);

  const call = async (url: string, body: unknown) => (await server.call<{ id: number }>('POST', url, { token: tokens.admin, body })).body.data.id;
  appId = await call('/base/admin/app/saveOrUpdate', { code: 'paccess', name: '权限系统', businessType: 1, isEnable: '1', sort: 90, address: 'https://p.example.com' });
  const navId = await call('/base/admin/permission/saveOrUpdate', { menuType: 3, appId, parentId: 0, name: '导航', sort: 1, path: '/n', url: 'n', icon: 'menu' });
  menuId = await call('/base/admin/permission/saveOrUpdate', { menuType: 4, appId, parentId: navId, name: '菜单', sort: 1, path: '/n/m', url: 'm', icon: 'table' });
  spareMenuId = await call('/base/admin/permission/saveOrUpdate', { menuType: 4, appId, parentId: navId, name: '备用', sort: 2, path: '/n/s', url: 's', icon: 'setting' });
  spareElementId = await call('/base/admin/menu/saveOrUpdate', { menuType: 1, appId, parentId: menuId, code: 'm:list', name: '查询' });
  const role = { sortNum: 1, roleKey: 'viewer', name: '查看', appId, isEnable: '1' as const, description: null, roleType: 2 };
  roleId = (await server.db.insertInto('role').values(role).returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

it('every route of the tree is an API element of the permission screen, granted to the super admin', () => {
  const registered = server.app.routeTable.filter((r) => /^\/base\/admin\/(permission|menu)\//.test(r.url) && r.access === 'permission').map((r) => r.url.slice('/base/admin'.length));
  expect([...new Set(registered)].sort()).toEqual([...ALL_APIS].filter((p) => /^\/(permission|menu)\//.test(p)).sort());
});

describe.each(table)('$call', (row) => {
  it.each<Caller>(CALLERS)('for %s', async (caller) => {
    const before = await countNodes();
    const { status, body } = await server.call(row.method, row.url(), { token: tokens[caller], body: row.body?.() });
    if (row.allowed.includes(caller)) {
      expect([Code.OK, Code.NOT_FOUND], JSON.stringify(body)).toContain(body.code);
    } else {
      expect(status).toBe(403);
      expect(body).toEqual({ code: Code.FORBIDDEN, msg: '没有访问权限', data: null });
      if (row.isWrite) expect(await countNodes()).toBe(before);
    }
  });
});

describe('refused callers', () => {
  it('get 1003 before the body is read: malformed JSON changes nothing', async () => {
    const { body } = await server.call('POST', '/base/admin/permission/saveOrUpdate', { token: tokens.lister, body: '{"broken' });
    expect(body.code).toBe(Code.FORBIDDEN);
  });

  it('are let in on the very next request once granted, and out again once revoked', async () => {
    const { roleId: granteeRole } = await server.createUser({ code: 'grantee', password: 'grantee-pass' });
    const token = await server.tokenFor('grantee', 'grantee-pass');
    const filterTree = () => server.call('GET', '/base/admin/permission/filterTree', { token, query: { appId } });
    expect((await filterTree()).body.code).toBe(Code.FORBIDDEN);

    const element = await server.db.selectFrom('permission').select('id').where('url', '=', '/permission/filterTree').where('menuType', '=', MenuType.API).execute();
    await server.db.insertInto('rolePermission').values(element.map((e) => ({ roleId: granteeRole, permissionId: e.id }))).execute();
    expect((await filterTree()).body.code).toBe(Code.OK);

    await server.db.deleteFrom('rolePermission').where('roleId', '=', granteeRole).execute();
    expect((await filterTree()).body.code).toBe(Code.FORBIDDEN);
  });
});
