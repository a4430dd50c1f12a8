/**
 * `<endpoint>/deleteImpact?ids=`: what a delete would take with it, read by the delete's
 * confirmation before it asks. A role held by staff used to go after an unnamed 您确认删除吗？,
 * its holders silently losing it; now the confirmation can say how many hold it. A sub-system
 * names its menus and roles (and the refusal they cause), a master its details, and every record
 * its name. Granted with the delete: its API element sits under the delete button's page element.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type DeleteImpact } from '../../contract';
import { SUPER_ADMIN_ROLE_KEY } from '../../server/db/seed';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, staffInput } from './staffFixtures';

let server: TestServer;
let admin: string;
let baseAppId: number;
let heldRole: number;
let spareRole: number;

const impact = (resource: string, ids: number | string, token = admin, locale = 'zh-CN') =>
  server.call<DeleteImpact>('GET', `/base/admin/${resource}/deleteImpact`, { token, query: { ids }, headers: { 'accept-language': locale } });

async function saveRole(roleKey: string, name: string): Promise<number> {
  const { body } = await server.call<{ id: number }>('POST', '/base/admin/role/saveOrUpdate', { token: admin, body: { sortNum: 9, appId: baseAppId, roleKey, name, roleType: 2, isEnable: '1', description: '仓库' } });
  if (body.code !== 0) throw new Error(body.msg);
  return body.data.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  baseAppId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
  heldRole = await saveRole('keeper', '仓库管理员');
  spareRole = await saveRole('spare', '备用角色');
  await create(server, admin, staffInput(501, { name: '库管甲' }), `${heldRole}`);
});
afterAll(async () => {
  await server?.close();
});

describe('a role’s delete impact', () => {
  it('names the role and how many staff hold it, in both languages', async () => {
    const { body } = await impact('role', heldRole);
    expect(body.code).toBe(Code.OK);
    expect(body.data.items).toEqual([
      {
        id: heldRole,
        label: '仓库管理员',
        counts: [{ count: 1, text: { 'zh-CN': '1 名员工持有此角色，删除后他们将失去它', 'en-US': '1 staff member holds this role and will lose it' } }],
      },
    ]);
    expect((await impact('role', spareRole)).body.data.items).toEqual([{ id: spareRole, label: '备用角色', counts: [] }]);
  });

  it('says the super-admin role cannot be deleted', async () => {
    const superAdmin = (await server.db.selectFrom('role').select('id').where('roleKey', '=', SUPER_ADMIN_ROLE_KEY).executeTakeFirstOrThrow()).id;
    const [item] = (await impact('role', superAdmin)).body.data.items;
    expect(item!.refusal).toEqual({ 'zh-CN': '超级管理员角色不能删除', 'en-US': 'The super-admin role cannot be deleted' });
  });

  it('answers 1004 for a role that does not exist, and reads nothing it was not asked', async () => {
    expect((await impact('role', `${heldRole},987654`)).body.code).toBe(Code.NOT_FOUND);
    expect((await impact('role', 'x')).body.code).toBe(Code.VALIDATION_FAILED);
  });
});

describe('a sub-system’s delete impact', () => {
  it('counts its menus and roles, with the refusal they cause', async () => {
    const { body: app } = await server.call<{ id: number }>('POST', '/base/admin/app/saveOrUpdate', {
      token: admin,
      body: { code: 'wms', name: '仓储系统', businessType: 1, isEnable: '1', sort: 9, address: 'https://wms.example.com' },
    });
    const empty = (await impact('app', app.data.id)).body.data.items[0]!;
    expect(empty).toEqual({ id: app.data.id, label: '仓储系统', counts: [] });

    await server.call('POST', '/base/admin/permission/saveOrUpdate', { token: admin, body: { menuType: 3, appId: app.data.id, parentId: 0, name: '仓储', sort: 1, path: '/wms', url: 'wms', icon: 'appstore' } });
    await server.call('POST', '/base/admin/role/saveOrUpdate', { token: admin, body: { sortNum: 1, appId: app.data.id, roleKey: 'wmsAdmin', name: '仓储管理员', roleType: 2, isEnable: '1' } });
    const used = (await impact('app', app.data.id, admin, 'en-US')).body.data.items[0]!;
    expect(used.counts.map((c) => c.text['en-US'])).toEqual(['Menu and permission nodes in it: 1', 'Roles in it: 1']);
    expect(used.counts.map((c) => c.text['zh-CN'])).toEqual(['其下有 1 个菜单与权限节点', '其下有 1 个角色']);
    expect(used.refusal?.['zh-CN']).toBe('该子系统下还有菜单或角色，请先删除它们');
    // What the confirmation says is what the delete does.
    expect((await server.call('GET', '/base/admin/app/delete', { token: admin, query: { ids: app.data.id } })).body.code).toBe(Code.CONFLICT);

    expect((await impact('app', baseAppId)).body.data.items[0]!.refusal?.['zh-CN']).toBe('基础平台不能删除');
  });
});

describe('a master’s delete impact', () => {
  it('counts the details that go with it, and says a kept row cannot go', async () => {
    const { body: dic } = await server.call<{ id: number }>('POST', '/base/admin/dic/saveOrUpdate', { token: admin, body: { name: '仓库类型', dicKey: 'WAREHOUSE', type: 2, parentId: 0 } });
    for (const value of ['a', 'b', 'c']) await server.call('POST', '/base/admin/dic/saveOrUpdate', { token: admin, body: { name: `类型${value}`, dicKey: value, parentId: dic.data.id } });
    const [item] = (await impact('dic', dic.data.id)).body.data.items;
    expect(item).toEqual({ id: dic.data.id, label: '仓库类型', counts: [{ count: 3, text: { 'zh-CN': '其下 3 条字典项将一并删除', 'en-US': 'Dictionary items deleted with it: 3' } }] });

    const system = (await server.db.selectFrom('dic').select('id').where('dicKey', '=', 'business_type').where('parentId', '=', 0).executeTakeFirstOrThrow()).id;
    expect((await impact('dic', system)).body.data.items[0]!.refusal?.['zh-CN']).toBe('系统字典不能删除');
  });
});

describe('who may read it', () => {
  it('is an API element of its own under each delete button, granted with it', async () => {
    const deleteButton = await server.db.selectFrom('permission').select('id').where('code', '=', 'role:delete').executeTakeFirstOrThrow();
    const urls = (await server.db.selectFrom('permission').select('url').where('parentId', '=', deleteButton.id).execute()).map((row) => row.url);
    expect(urls).toEqual(expect.arrayContaining(['/role/delete', '/role/deleteImpact']));

    await server.createUser({ code: 'deleter', password: 'deleter-pass', apis: ['/role/delete', '/role/deleteImpact'] });
    const deleter = await server.tokenFor('deleter', 'deleter-pass');
    expect((await impact('role', heldRole, deleter)).body.code).toBe(Code.OK);
    await server.createUser({ code: 'lister', password: 'lister-pass', apis: ['/role/list'] });
    expect((await impact('role', heldRole, await server.tokenFor('lister', 'lister-pass'))).body.code).toBe(Code.FORBIDDEN);
  });
});
