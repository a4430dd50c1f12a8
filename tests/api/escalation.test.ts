/**
 * Escalation attempts on roles and grants are refused (/rolePermission/save, /role/*): self-grant,
 * granting or revoking beyond one's own set, touching the super-admin role. And a grant change is
 * seen by an already-issued token on its very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MenuType, walkTree, type PermissionAnswer, type PermissionNode, type Role } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let manager: string;
let holder: string;
let baseId: number;
let crmId: number;
let managerRole: number;
let superAdminRole: number;
/** The role the manager and the admin grant to; held by `holder`. */
let target: number;

const MANAGER_APIS = ['/role/list', '/rolePermission/save', '/role/saveOrUpdate', '/role/delete', '/param/list'];

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  const appId = async (code: string) => (await server.db.selectFrom('app').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  [baseId, crmId] = [await appId('base'), await appId('crm')];
  superAdminRole = (await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow()).id;
  ({ roleId: managerRole } = await server.createUser({ code: 'manager', password: 'manager-pass', apis: MANAGER_APIS }));
  const { userId: holderId } = await server.createUser({ code: 'holder', password: 'holder-pass' });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  const created = await server.call<Role>('POST', '/base/admin/role/saveOrUpdate', {
    token: admin,
    body: { sortNum: 3, roleKey: 'target', name: '目标角色', appId: baseId, roleType: 2, isEnable: '1' },
  });
  target = created.body.data.id;
  await server.db.insertInto('userRole').values({ userId: holderId, roleId: target }).execute();
  manager = await server.tokenFor('manager', 'manager-pass');
  holder = await server.tokenFor('holder', 'holder-pass');
});
afterAll(async () => {
  await server?.close();
});

/** Id of the base app's node with `code` (menus, page elements) or, for a path, its first API element. */
async function node(codeOrPath: string): Promise<number> {
  let query = server.db.selectFrom('permission').select('id').where('appId', '=', baseId);
  query = codeOrPath.startsWith('/') ? query.where('url', '=', codeOrPath).where('menuType', '=', MenuType.API) : query.where('code', '=', codeOrPath);
  return (await query.orderBy('id').executeTakeFirstOrThrow()).id;
}
const nodes = (...keys: string[]) => Promise.all(keys.map(node));

function grant(token: string, roleId: number, ids: readonly number[], appId = baseId) {
  return server.call('GET', '/base/admin/rolePermission/save', { token, query: { appId, roleId, permissionIds: ids.join(',') } });
}
async function grantsOf(roleId: number): Promise<number[]> {
  const rows = await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', roleId).orderBy('permissionId').execute();
  return rows.map((r) => r.permissionId);
}
const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
const codeOf = (token: string, method: 'GET' | 'POST', url: string) => server.call(method, url, { token }).then((a) => a.body.code);
async function menuCodes(token: string): Promise<string[]> {
  const { body } = await server.call<PermissionAnswer>('GET', '/base/admin/permission/pemByUserAndApp', { token });
  return [...walkTree(body.data.menus as PermissionNode[])].map((n) => n.code);
}

describe('an already-issued token', () => {
  it('sees a grant, a revocation, and its role disabled or enabled, on its very next request', async () => {
    expect(await codeOf(holder, 'GET', '/base/admin/param/list')).toBe(Code.FORBIDDEN);
    expect(await menuCodes(holder)).toEqual([]);

    const paramScreen = await nodes('system', 'param', 'param:list', '/param/list');
    expect((await grant(admin, target, paramScreen)).body.code).toBe(Code.OK);
    expect(await codeOf(holder, 'GET', '/base/admin/param/list')).toBe(Code.OK);
    expect(await codeOf(holder, 'GET', '/base/admin/app/list')).toBe(Code.FORBIDDEN);
    expect(await menuCodes(holder)).toEqual(['system', 'param', 'param:list']);

    expect((await grant(admin, target, [])).body.code).toBe(Code.OK);
    expect(await codeOf(holder, 'GET', '/base/admin/param/list')).toBe(Code.FORBIDDEN);
    expect(await menuCodes(holder)).toEqual([]);

    expect((await grant(admin, target, paramScreen)).body.code).toBe(Code.OK);
    const role = { sortNum: 3, roleKey: 'target', name: '目标角色', appId: baseId, roleType: 2, id: target };
    expect((await server.call('POST', '/base/admin/role/saveOrUpdate', { token: admin, body: { ...role, isEnable: '0' } })).body.code).toBe(Code.OK);
    expect(await codeOf(holder, 'GET', '/base/admin/param/list')).toBe(Code.FORBIDDEN);
    expect((await server.call('POST', '/base/admin/role/saveOrUpdate', { token: admin, body: { ...role, isEnable: '1' } })).body.code).toBe(Code.OK);
    expect(await codeOf(holder, 'GET', '/base/admin/param/list')).toBe(Code.OK);
  });
});

describe('self-grant', () => {
  it('is refused: nobody changes the grants of a role they hold, even to the same set', async () => {
    const before = await grantsOf(managerRole);
    for (const ids of [[...before, await node('/app/delete')], before, []]) {
      const { status, body } = await grant(manager, managerRole, ids);
      expect(status).toBe(403);
      expect(body.code).toBe(Code.FORBIDDEN);
      expect(body.msg).toBe('不能修改自己所属角色的权限');
    }
    expect(await grantsOf(managerRole)).toEqual(before);
  });

  it('is refused to the super-admin too, for another role they hold', async () => {
    const adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
    const { roleId } = await server.createUser({ code: 'spare', password: 'spare-pass' });
    await server.db.insertInto('userRole').values({ userId: adminId, roleId }).execute();
    expect((await grant(admin, roleId, [await node('/param/list')])).body.code).toBe(Code.FORBIDDEN);
    expect(await grantsOf(roleId)).toEqual([]);
  });
});

describe('granting beyond one’s own set', () => {
  it('is refused: a node the caller does not hold cannot be granted', async () => {
    const before = await grantsOf(target);
    const answer = await grant(manager, target, [...before, await node('/app/delete')]);
    expect(answer.body).toMatchObject({ code: Code.FORBIDDEN, msg: '只能授予或收回自己拥有的权限' });
    expect(await grantsOf(target)).toEqual(before);
  });

  it('is allowed within the caller’s own set, and keeps grants beyond it that stay unchanged', async () => {
    const own = await node('/param/list');
    const foreign = await node('/app/list');
    expect((await grant(admin, target, [foreign])).body.code).toBe(Code.OK);
    expect((await grant(manager, target, [foreign, own])).body.code).toBe(Code.OK);
    expect(await grantsOf(target)).toEqual(sorted([foreign, own]));
    // Revoking what the caller does not hold is refused like granting it.
    expect((await grant(manager, target, [own])).body.code).toBe(Code.FORBIDDEN);
    expect(await grantsOf(target)).toEqual(sorted([foreign, own]));
    expect((await grant(manager, target, [foreign])).body.code).toBe(Code.OK);
    expect(await grantsOf(target)).toEqual([foreign]);
  });

  it('is open to the super-admin, in any app', async () => {
    const { id: crmNode } = await server.db
      .insertInto('permission')
      .values({ parentId: 0, appId: crmId, name: '客户', sort: 1, path: '/customers', url: 'customers', icon: 'user', code: 'customers', menuType: MenuType.NAVIGATION })
      .returning('id')
      .executeTakeFirstOrThrow();
    const crmRole = await server.call<Role>('POST', '/base/admin/role/saveOrUpdate', {
      token: admin,
      body: { sortNum: 1, roleKey: 'target', name: '客户角色', appId: crmId, roleType: 2, isEnable: '1' },
    });
    const crmRoleId = crmRole.body.data.id;
    expect((await grant(manager, crmRoleId, [crmNode], crmId)).body.code).toBe(Code.FORBIDDEN);
    expect((await grant(admin, crmRoleId, [crmNode], crmId)).body.code).toBe(Code.OK);
    expect((await grant(admin, target, [await node('/app/delete')])).body.code).toBe(Code.OK);
    // Nodes of another app are not nodes of this one.
    const crossed = await grant(admin, target, [crmNode]);
    expect(crossed.body.code).toBe(Code.VALIDATION_FAILED);
    expect(crossed.body.data).toEqual({ fields: { permissionIds: '权限不属于该子系统' } });
    expect((await grant(admin, crmRoleId, [crmNode], baseId)).body).toMatchObject({ code: Code.NOT_FOUND, msg: '该子系统下没有这个角色' });
  });
});

describe('the super-admin role', () => {
  it('keeps its grants: nobody changes them', async () => {
    const before = await grantsOf(superAdminRole);
    for (const token of [admin, manager]) {
      const { status, body } = await grant(token, superAdminRole, []);
      expect(status).toBe(409);
      expect(body.code).toBe(Code.CONFLICT);
    }
    expect(await grantsOf(superAdminRole)).toEqual(before);
  });

  it('holds every node of the base app, also those added after its grants were written', async () => {
    const param = await node('param');
    await server.db
      .insertInto('permission')
      .values({ parentId: param, appId: baseId, name: '导出', sort: 9, path: '', url: '', icon: '', code: 'param:export', menuType: MenuType.PAGE_ELEMENT })
      .execute();
    expect(await menuCodes(admin)).toContain('param:export');
  });

  it('cannot be deleted, alone or with other roles', async () => {
    for (const ids of [`${superAdminRole}`, `${target},${superAdminRole}`]) {
      const { body } = await server.call('GET', '/base/admin/role/delete', { token: admin, query: { ids } });
      expect(body).toMatchObject({ code: Code.CONFLICT, msg: '超级管理员角色不能删除' });
    }
    expect(await server.db.selectFrom('role').select('id').where('id', 'in', [superAdminRole, target]).execute()).toHaveLength(2);
  });

  it('cannot be disabled, nor have its key or app changed; its name may change', async () => {
    const role = { id: superAdminRole, sortNum: 1, roleKey: 'superAdmin', name: '超级管理员', appId: baseId, roleType: 1, isEnable: '1' };
    const save = (body: Record<string, unknown>) => server.call('POST', '/base/admin/role/saveOrUpdate', { token: admin, body });
    expect((await save({ ...role, isEnable: '0' })).body).toMatchObject({ code: Code.CONFLICT, msg: '超级管理员角色不能停用' });
    expect((await save({ ...role, roleKey: 'notSuper' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await save({ ...role, appId: crmId })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await save({ ...role, name: '平台管理员' })).body.code).toBe(Code.OK);
    const stored = await server.db.selectFrom('role').selectAll().where('id', '=', superAdminRole).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ roleKey: 'superAdmin', appId: baseId, isEnable: '1', name: '平台管理员' });
    expect(await codeOf(admin, 'GET', '/base/admin/app/list')).toBe(Code.OK);
  });
});

describe('malformed grant saves', () => {
  it('refuse unknown nodes, roles and malformed parameters, changing nothing', async () => {
    const before = await grantsOf(target);
    const call = (query: Record<string, string | number>) => server.call('GET', '/base/admin/rolePermission/save', { token: admin, query }).then((a) => a.body.code);
    expect(await call({ appId: baseId, roleId: target, permissionIds: '987654' })).toBe(Code.VALIDATION_FAILED);
    expect(await call({ appId: baseId, roleId: target, permissionIds: '1,x' })).toBe(Code.VALIDATION_FAILED);
    expect(await call({ appId: baseId, roleId: target, permissionIds: '1,,2' })).toBe(Code.VALIDATION_FAILED);
    expect(await call({ appId: baseId, roleId: target })).toBe(Code.VALIDATION_FAILED);
    expect(await call({ appId: baseId, permissionIds: '' })).toBe(Code.VALIDATION_FAILED);
    expect(await call({ roleId: target, permissionIds: '' })).toBe(Code.VALIDATION_FAILED);
    expect(await call({ appId: baseId, roleId: 987654, permissionIds: '' })).toBe(Code.NOT_FOUND);
    expect(await call({ appId: baseId, roleId: 99999999999, permissionIds: '' })).toBe(Code.NOT_FOUND);
    expect(await grantsOf(target)).toEqual(before);
  });

  it('accept a POST with an array of ids as well as the comma list', async () => {
    const ids = await nodes('system', 'param', 'param:list', '/param/list');
    const answer = await server.call('POST', '/base/admin/rolePermission/save', { token: admin, body: { appId: baseId, roleId: target, permissionIds: ids } });
    expect(answer.body).toEqual({ code: Code.OK, msg: '操作成功', data: null });
    expect(await grantsOf(target)).toEqual(sorted(ids));
  });
});
