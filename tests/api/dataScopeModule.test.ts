/**
 * The scope module's reading on a real database (server/scope/dataScope.ts): a caller's enabled,
 * unexpired base-app roles with their scopes, the nodes they reach, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, DataScope, dataScopeMessages, OfficeType } from '../../contract';
import { inStaffScope, requireOfficeInScope, requireStaffInScope, staffScopeOf } from '../../server/scope/dataScope';
import { superAdminRoleId } from '../../server/auth/grants';
import { assignRoles } from '../../server/roles/assignRoles';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const node = { ops: 0, service: 0, sales: 0, east: 0 };
let caller = 0;
let role = 0;
let other = 0;
let colleague = 0;
let seller = 0;

async function office(type: number, parentId: number, name: string): Promise<number> {
  return (await server.db.insertInto('office').values({ type, parentId, name, remark: null, createTime: 0 }).returning('id').executeTakeFirstOrThrow()).id;
}
async function setScope(roleId: number, dataScope: number, officeIds: number[] = []) {
  await server.db.deleteFrom('roleDataScope').where('roleId', '=', roleId).execute();
  await server.db.deleteFrom('roleScopeOffice').where('roleId', '=', roleId).execute();
  await server.db.insertInto('roleDataScope').values({ roleId, dataScope }).execute();
  if (officeIds.length) await server.db.insertInto('roleScopeOffice').values(officeIds.map((officeId) => ({ roleId, officeId }))).execute();
}
const place = (userId: number, officeId: number | null) => server.db.updateTable('user').set({ officeId }).where('id', '=', userId).execute();

beforeAll(async () => {
  server = await startTestServer();
  node.ops = await office(OfficeType.DEPARTMENT, 0, '运营部');
  node.service = await office(OfficeType.GROUP, node.ops, '客服组');
  node.sales = await office(OfficeType.DEPARTMENT, 0, '销售部');
  node.east = await office(OfficeType.GROUP, node.sales, '华东组');
  ({ userId: caller, roleId: role } = await server.createUser({ code: 'scope1', password: 'Scope#Pass1' }));
  ({ roleId: other } = await server.createUser({ code: 'scope2', password: 'Scope#Pass1' }));
  ({ userId: colleague } = await server.createUser({ code: 'scope3', password: 'Scope#Pass1' }));
  ({ userId: seller } = await server.createUser({ code: 'scope4', password: 'Scope#Pass1' }));
  await place(caller, node.ops);
  await place(colleague, node.service);
  await place(seller, node.east);
});
afterAll(async () => {
  await server?.close();
});

describe('staffScopeOf', () => {
  it('reads each scope into nodes', async () => {
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: true });
    await setScope(role, DataScope.DEPARTMENT_TREE);
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: null, officeIds: [node.ops, node.service] });
    await setScope(role, DataScope.DEPARTMENT);
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: null, officeIds: [node.ops] });
    await setScope(role, DataScope.CHOSEN, [node.sales]);
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: null, officeIds: [node.sales, node.east] });
    await setScope(role, DataScope.SELF);
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: caller, officeIds: [] });
  });

  it('follows a move at the next reading; unplaced, a department scope reaches nobody', async () => {
    await setScope(role, DataScope.DEPARTMENT_TREE);
    await place(caller, node.sales);
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: null, officeIds: [node.sales, node.east] });
    await place(caller, null);
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: null, officeIds: [] });
    await place(caller, node.ops);
  });

  it('is the union of enabled, unexpired base-app roles', async () => {
    await setScope(role, DataScope.DEPARTMENT);
    await setScope(other, DataScope.CHOSEN, [node.east]);
    await server.db.insertInto('userRole').values({ userId: caller, roleId: other }).execute();
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: null, officeIds: [node.ops, node.east].sort((a, b) => a - b) });
    await server.db.updateTable('userRole').set({ expiresAt: Date.now() - 1 }).where('userId', '=', caller).where('roleId', '=', other).execute();
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: null, officeIds: [node.ops] });
    await server.db.updateTable('userRole').set({ expiresAt: Date.now() + 60_000 }).where('userId', '=', caller).where('roleId', '=', other).execute();
    await server.db.updateTable('role').set({ isEnable: '0' }).where('id', '=', other).execute();
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: null, officeIds: [node.ops] });
    // A role without a scope reaches all, but only while it is enabled.
    await server.db.deleteFrom('roleDataScope').where('roleId', '=', other).execute();
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: false, selfId: null, officeIds: [node.ops] });
    await server.db.updateTable('role').set({ isEnable: '1' }).where('id', '=', other).execute();
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: true });
    await server.db.deleteFrom('userRole').where('userId', '=', caller).where('roleId', '=', other).execute();
  });

  it('reaches all with the super-admin role, whatever its stored scope', async () => {
    const superAdmin = (await superAdminRoleId(server.db))!;
    await setScope(superAdmin, DataScope.SELF);
    await server.db.insertInto('userRole').values({ userId: caller, roleId: superAdmin }).execute();
    expect(await staffScopeOf(server.db, caller)).toEqual({ all: true });
    await server.db.deleteFrom('userRole').where('userId', '=', caller).where('roleId', '=', superAdmin).execute();
    await server.db.deleteFrom('roleDataScope').where('roleId', '=', superAdmin).execute();
  });
});

describe('the condition and the refusals', () => {
  it('selects only staff in scope, in SQL', async () => {
    await setScope(role, DataScope.DEPARTMENT_TREE);
    const scope = await staffScopeOf(server.db, caller);
    const ids = (await server.db.selectFrom('user as u').select('u.id').where((eb) => inStaffScope(eb, scope, 'u.id', 'u.officeId')).orderBy('u.id').execute()).map((r) => r.id);
    expect(ids).toEqual([caller, colleague]);
    const self = (await server.db.selectFrom('user as u').select('u.id').where((eb) => inStaffScope(eb, { all: false, selfId: seller, officeIds: [node.service] }, 'u.id', 'u.officeId')).orderBy('u.id').execute()).map((r) => r.id);
    expect(self).toEqual([colleague, seller].sort((a, b) => a - b));
  });

  it('refuses staff or nodes outside the scope, and unknown ids alike, with 1003', async () => {
    await setScope(role, DataScope.DEPARTMENT_TREE);
    await expect(requireStaffInScope(server.db, caller, [caller, colleague], 'en-US')).resolves.toBeUndefined();
    await expect(requireStaffInScope(server.db, caller, [colleague, seller], 'en-US')).rejects.toMatchObject({ code: Code.FORBIDDEN });
    await expect(requireStaffInScope(server.db, caller, [987654], 'en-US')).rejects.toMatchObject({ code: Code.FORBIDDEN });
    await expect(requireOfficeInScope(server.db, caller, node.service, 'en-US')).resolves.toBeUndefined();
    await expect(requireOfficeInScope(server.db, caller, node.east, 'en-US')).rejects.toMatchObject({ code: Code.FORBIDDEN });
    await expect(requireOfficeInScope(server.db, caller, null, 'en-US')).rejects.toMatchObject({ code: Code.FORBIDDEN });
  });

  it('refuses a role link change on an account outside the scope, before any other role rule', async () => {
    await setScope(role, DataScope.DEPARTMENT_TREE);
    const rolesOf = async (userId: number) => (await server.db.selectFrom('userRole').select('roleId').where('userId', '=', userId).execute()).map((r) => r.roleId);
    const before = await rolesOf(seller);
    await expect(assignRoles(server.db, { userId: caller }, seller, [role], 'en-US')).rejects.toMatchObject({ code: Code.FORBIDDEN, msg: dataScopeMessages.outOfScope });
    expect(await rolesOf(seller)).toEqual(before);
    // In scope, the role rules decide as before: the caller holds `role`, so may add it.
    await expect(assignRoles(server.db, { userId: caller }, colleague, [...(await rolesOf(colleague)), role], 'en-US')).resolves.toBeUndefined();
    expect(await rolesOf(colleague)).toContain(role);
  });
});
