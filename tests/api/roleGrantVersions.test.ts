/**
 * A role's grants are versioned with the role (contract/recordVersion.ts): a change of them moves the
 * role's version, as does a node deleted from under them; a grants save naming an older version is
 * refused with 1012 and the role with its current grants, writing nothing; one naming none is
 * written (last write wins). Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Role } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
let appId: number;
let nodes: number[];
beforeAll(async () => {
  server = await startTestServer();
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  appId = (await server.db.selectFrom('app').select('id').where('code', '=', 'base').executeTakeFirstOrThrow()).id;
  nodes = (await server.db.selectFrom('permission').select('id').where('appId', '=', appId).orderBy('id').limit(4).execute()).map((row) => row.id);
});
afterAll(async () => {
  await server?.close();
});

let keys = 0;
async function newRole(): Promise<Role & { version: number }> {
  keys += 1;
  const body = { sortNum: 5, roleKey: `grantv${keys}`, name: `授权版本${keys}`, appId, roleType: 2, isEnable: '1', description: '' };
  const { body: answer } = await server.call<Role & { version: number }>('POST', '/base/admin/role/saveOrUpdate', { token, body });
  expect(answer.code, JSON.stringify(answer)).toBe(Code.OK);
  return answer.data;
}
const grant = (roleId: number, permissionIds: number[], version?: number) =>
  server.call('POST', '/base/admin/rolePermission/save', { token, body: { appId, roleId, permissionIds: permissionIds.join(','), ...(version === undefined ? {} : { version }) } });
const versionOf = async (roleId: number) => (await server.call<{ version: number }>('GET', '/base/admin/role/detail', { token, query: { id: roleId } })).body.data.version;
const grantsOf = async (roleId: number) =>
  (await server.db.selectFrom('rolePermission').select('permissionId').where('roleId', '=', roleId).orderBy('permissionId').execute()).map((row) => row.permissionId);

describe('role grant versions', () => {
  it('moves the role’s version when its grants change, and not when they stay', async () => {
    const role = await newRole();
    expect(role.version).toBe(1);
    expect((await grant(role.id, nodes.slice(0, 2), 1)).body.code).toBe(Code.OK);
    expect(await versionOf(role.id)).toBe(2);
    expect((await grant(role.id, nodes.slice(0, 2), 2)).body.code).toBe(Code.OK);
    expect(await versionOf(role.id)).toBe(2);
  });

  it('refuses a grants save read at an older version with 1012 and the role with its grants, writing nothing', async () => {
    const role = await newRole();
    expect((await grant(role.id, [nodes[0]!], 1)).body.code).toBe(Code.OK);
    const stale = await grant(role.id, [nodes[1]!], 1);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(Code.STALE_VERSION);
    expect((stale.body.data as { current: unknown }).current).toMatchObject({ id: role.id, name: role.name, version: 2, permissionIds: [nodes[0]] });
    expect(await grantsOf(role.id)).toEqual([nodes[0]]);
    expect(await versionOf(role.id)).toBe(2);
  });

  it('refuses a grants save after the role itself was saved since (one version for both)', async () => {
    const role = await newRole();
    const renamed = await server.call('POST', '/base/admin/role/saveOrUpdate', { token, body: { ...role, description: '改过', version: 1 } });
    expect(renamed.body.code).toBe(Code.OK);
    expect((await grant(role.id, [nodes[0]!], 1)).body.code).toBe(Code.STALE_VERSION);
    expect(await grantsOf(role.id)).toEqual([]);
  });

  it('writes a grants save naming no version whatever happened since (last write wins)', async () => {
    const role = await newRole();
    await grant(role.id, [nodes[0]!], 1);
    expect((await grant(role.id, [nodes[1]!])).body.code).toBe(Code.OK);
    expect(await grantsOf(role.id)).toEqual([nodes[1]]);
    expect(await versionOf(role.id)).toBe(3);
  });

  it('moves the version of the roles that lose a grant when its node is deleted', async () => {
    const role = await newRole();
    const navigation = await server.call<{ id: number }>('POST', '/base/admin/permission/saveOrUpdate', {
      token,
      body: { menuType: 3, appId, parentId: 0, name: '将删除', sort: 99, path: '/going', url: 'going', icon: 'tool' },
    });
    await grant(role.id, [navigation.body.data.id], 1);
    expect(await versionOf(role.id)).toBe(2);
    expect((await server.call('GET', '/base/admin/permission/delete', { token, query: { ids: String(navigation.body.data.id) } })).body.code).toBe(Code.OK);
    expect(await versionOf(role.id)).toBe(3);
    expect((await grant(role.id, [nodes[0]!], 2)).body.code).toBe(Code.STALE_VERSION);
  });
});
