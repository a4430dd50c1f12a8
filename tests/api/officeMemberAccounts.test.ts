/**
 * Placing staff in the organisation and setting their supervisor flag changes their accounts, so
 * it goes through the account rule of the staff screens (server/staff/accountRules.ts): a caller
 * without the super-admin role moves, removes or flags only accounts whose roles are all their own
 * (1003 otherwise, and nobody changes). The attack of the second security review (L4) first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { grantNodes, screenNodeIds } from './screenGrants';

let server: TestServer;
let admin: string;
let officeAdmin: string;
let adminId: number;
/** An account holding the member admin's own role only, and one holding a role the member admin lacks. */
let peerId: number;
let strongerId: number;
let department: number;

const EN = { 'accept-language': 'en-US' };

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
  const { roleId } = await server.createUser({ code: 'officeadmin', password: 'officeadmin-pass' });
  await grantNodes(server.db, roleId, await screenNodeIds(server.db, 'officeMember'));
  ({ userId: peerId } = await server.createUser({ code: 'peer', password: 'peer-pass' }));
  await server.db.deleteFrom('userRole').where('userId', '=', peerId).execute();
  await server.db.insertInto('userRole').values({ userId: peerId, roleId }).execute();
  ({ userId: strongerId } = await server.createUser({ code: 'stronger', password: 'stronger-pass', apis: ['/user/list'] }));
  officeAdmin = await server.tokenFor('officeadmin', 'officeadmin-pass');
  const created = await server.call<{ id: number }>('POST', '/base/admin/office/saveOrUpdate', { token: admin, body: { type: 1, name: '总部' } });
  department = created.body.data.id;
});
afterAll(async () => {
  await server?.close();
});

const post = (token: string, path: string, body: Record<string, unknown>) => server.call('POST', `/base/admin/office${path}`, { token, body, headers: EN });
const placement = async (id: number) => server.db.selectFrom('user').select(['officeId', 'adminFlag']).where('id', '=', id).executeTakeFirstOrThrow();

describe('the attack as found (review 2, L4)', () => {
  it('moving the super-admin account into a node and making it a supervisor is refused, as on the staff screen', async () => {
    const before = await placement(adminId);
    for (const [path, body] of [
      ['/add/user', { officeId: department, ids: String(adminId) }],
      ['/update/officeAdminFlag', { ids: String(adminId), adminFlag: 1 }],
      ['/remove/user', { ids: String(adminId) }],
    ] as const) {
      const answer = await post(officeAdmin, path, body);
      expect(answer.body, path).toMatchObject({ code: Code.FORBIDDEN, msg: expect.stringContaining('This member holds roles you do not hold') });
      expect(await placement(adminId)).toEqual(before);
    }
  });
});

describe('the account rule, for every id of the call', () => {
  it('refuses the whole call when one account holds a role the caller lacks', async () => {
    const before = [await placement(peerId), await placement(strongerId)];
    expect((await post(officeAdmin, '/add/user', { officeId: department, ids: `${peerId},${strongerId}` })).body.code).toBe(Code.FORBIDDEN);
    expect([await placement(peerId), await placement(strongerId)]).toEqual(before);
  });

  it('lets the caller place, flag and remove accounts whose roles are all theirs, their own included', async () => {
    const officeAdminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'officeadmin').executeTakeFirstOrThrow()).id;
    expect((await post(officeAdmin, '/add/user', { officeId: department, ids: `${peerId},${officeAdminId}` })).body.code).toBe(Code.OK);
    expect((await post(officeAdmin, '/update/officeAdminFlag', { ids: String(peerId), adminFlag: 1 })).body.code).toBe(Code.OK);
    expect(await placement(peerId)).toEqual({ officeId: department, adminFlag: 1 });
    expect((await post(officeAdmin, '/remove/user', { ids: String(peerId) })).body.code).toBe(Code.OK);
    expect(await placement(peerId)).toEqual({ officeId: null, adminFlag: 0 });
  });

  it('leaves the super-admin free to place anyone', async () => {
    expect((await post(admin, '/add/user', { officeId: department, ids: `${adminId},${strongerId}` })).body.code).toBe(Code.OK);
    expect((await post(admin, '/update/officeAdminFlag', { ids: `${adminId},${strongerId}`, adminFlag: 1 })).body.code).toBe(Code.OK);
    expect((await post(admin, '/remove/user', { ids: `${adminId},${strongerId}` })).body.code).toBe(Code.OK);
  });

  it('still answers 1004 for an unknown account before the rule', async () => {
    expect((await post(officeAdmin, '/add/user', { officeId: department, ids: `${strongerId},987654` })).body.code).toBe(Code.NOT_FOUND);
  });
});

describe('deleting a node unplaces its members, under the same rule', () => {
  it('refuses a department holding an account with a role the caller lacks, and deletes nothing', async () => {
    const { roleId } = await server.createUser({ code: 'treeadmin', password: 'treeadmin-pass' });
    await grantNodes(server.db, roleId, await screenNodeIds(server.db, 'office'));
    const treeAdmin = await server.tokenFor('treeadmin', 'treeadmin-pass');
    const create = async (body: Record<string, unknown>) => (await server.call<{ id: number }>('POST', '/base/admin/office/saveOrUpdate', { token: admin, body })).body.data.id;
    const dept = await create({ type: 1, name: '待删部门' });
    const group = await create({ type: 2, parentId: dept, name: '待删小组' });
    expect((await post(admin, '/add/user', { officeId: group, ids: `${adminId}` })).body.code).toBe(Code.OK);

    const refused = await post(treeAdmin, '/delete', { ids: String(dept) });
    expect(refused.body).toMatchObject({ code: Code.FORBIDDEN, msg: expect.stringContaining('This member holds roles you do not hold') });
    expect(await placement(adminId)).toEqual({ officeId: group, adminFlag: 0 });
    expect(await server.db.selectFrom('office').select('id').where('id', 'in', [dept, group]).execute()).toHaveLength(2);

    expect((await post(admin, '/remove/user', { ids: String(adminId) })).body.code).toBe(Code.OK);
    expect((await post(treeAdmin, '/delete', { ids: String(dept) })).body.code).toBe(Code.OK);
  });
});
