/**
 * A staff administrator without the super-admin role acts only on accounts whose roles are all
 * among their own: besides disabling, deleting and resetting, no update of any field and no
 * enabling of an account holding a role they lack (the super-admin account above all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, detail, save, staffInput, USER } from './staffFixtures';

let server: TestServer;
let admin: string;
let adminId: number;
let staffAdmin: string;
let staffAdminRole: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
  const apis = ['/user/saveOrUpdate', '/user/enable', '/user/detail'];
  ({ roleId: staffAdminRole } = await server.createUser({ code: 'staffadmin', password: 'staffadmin-pass', apis }));
  staffAdmin = await server.tokenFor('staffadmin', 'staffadmin-pass');
});
afterAll(async () => {
  await server?.close();
});

const storedUser = (id: number) => server.db.selectFrom('user').select(['name', 'email', 'isEnable']).where('id', '=', id).executeTakeFirstOrThrow();
const enable = (token: string, id: number, isEnable: '0' | '1') => server.call('GET', `${USER}/enable`, { token, query: { ids: id, isEnable } });

describe('a staff administrator without the super-admin role', () => {
  it('cannot change the super-admin account’s name or e-mail', async () => {
    const before = await storedUser(adminId);
    const { body } = await save(server, staffAdmin, { ...staffInput(1, { code: ADMIN.username, name: '冒名', email: 'thief@example.com' }), id: adminId });
    expect(body.code).toBe(Code.FORBIDDEN);
    expect(await storedUser(adminId)).toEqual(before);
  });

  it('cannot enable a disabled super-admin account', async () => {
    const superAdmin = (await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow()).id;
    const second = await create(server, admin, staffInput(2), String(superAdmin));
    expect((await enable(admin, second, '0')).body.code).toBe(Code.OK);
    expect((await enable(staffAdmin, second, '1')).body.code).toBe(Code.FORBIDDEN);
    expect((await storedUser(second)).isEnable).toBe('0');
  });

  it('still updates and enables accounts whose roles are all among their own', async () => {
    const peer = await create(server, admin, staffInput(3), String(staffAdminRole));
    const renamed = await save(server, staffAdmin, { ...staffInput(3, { name: '改名' }), id: peer });
    expect(renamed.body.code).toBe(Code.OK);
    expect((await detail(server, admin, peer)).body.data.userCenter.name).toBe('改名');
    expect((await enable(admin, peer, '0')).body.code).toBe(Code.OK);
    expect((await enable(staffAdmin, peer, '1')).body.code).toBe(Code.OK);
    expect((await storedUser(peer)).isEnable).toBe('1');
  });
});
