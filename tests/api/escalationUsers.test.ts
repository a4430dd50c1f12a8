/**
 * Role assignment (server/roles/assignRoles.ts), which /user/saveOrUpdate of the staff screens
 * calls, and the last-super-admin guard of disabling or deleting accounts: nobody changes their
 * own roles or hands out or takes away roles they do not hold, and the last enabled super-admin
 * account keeps its role and stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { ApiError } from '../../server/errors';
import { assignRoles } from '../../server/roles/assignRoles';
import { canDisableOrDeleteUser } from '../../server/roles/superAdmin';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminId: number;
let superAdminRole: number;
/** A manager holding the roles `reader` and `editor`; `other` is a role the manager does not hold. */
let managerId: number;
let reader: number;
let editor: number;
let other: number;
let staffId: number;

beforeAll(async () => {
  server = await startTestServer();
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()).id;
  superAdminRole = (await server.db.selectFrom('role').select('id').where('roleKey', '=', 'superAdmin').executeTakeFirstOrThrow()).id;
  ({ userId: managerId, roleId: reader } = await server.createUser({ code: 'manager', password: 'manager-pass' }));
  ({ roleId: editor } = await server.createUser({ code: 'editorOwner', password: 'x-pass' }));
  ({ roleId: other } = await server.createUser({ code: 'otherOwner', password: 'x-pass' }));
  await server.db.insertInto('userRole').values({ userId: managerId, roleId: editor }).execute();
  ({ userId: staffId } = await server.createUser({ code: 'staff', password: 'staff-pass' }));
  await server.db.deleteFrom('userRole').where('userId', '=', staffId).execute();
});
afterAll(async () => {
  await server?.close();
});

async function rolesOf(userId: number): Promise<number[]> {
  const rows = await server.db.selectFrom('userRole').select('roleId').where('userId', '=', userId).orderBy('roleId').execute();
  return rows.map((r) => r.roleId);
}

/** The code the call is refused with, or 0 when it went through. */
async function outcome(run: Promise<void>): Promise<number> {
  try {
    await run;
    return Code.OK;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

const assign = (callerId: number, userId: number, roleIds: number[]) => outcome(assignRoles(server.db, { userId: callerId }, userId, roleIds));

async function newSuperAdmin(code: string, isEnable: '1' | '0' = '1'): Promise<number> {
  const { userId, roleId } = await server.createUser({ code, password: `${code}-pass` });
  await server.db.deleteFrom('userRole').where('roleId', '=', roleId).execute();
  await server.db.insertInto('userRole').values({ userId, roleId: superAdminRole }).execute();
  if (isEnable === '0') await server.db.updateTable('user').set({ isEnable }).where('id', '=', userId).execute();
  return userId;
}

describe('assigning roles', () => {
  it('refuses changing one’s own roles, super-admin included', async () => {
    expect(await assign(managerId, managerId, [reader])).toBe(Code.FORBIDDEN);
    expect(await assign(adminId, adminId, [superAdminRole, other])).toBe(Code.FORBIDDEN);
    expect(await rolesOf(managerId)).toEqual([reader, editor].sort((a, b) => a - b));
  });

  it('lets a caller assign and remove roles they hold, and nothing else', async () => {
    expect(await assign(managerId, staffId, [reader, editor])).toBe(Code.OK);
    expect(await rolesOf(staffId)).toEqual([reader, editor].sort((a, b) => a - b));
    expect(await assign(managerId, staffId, [reader])).toBe(Code.OK);
    expect(await rolesOf(staffId)).toEqual([reader]);

    expect(await assign(managerId, staffId, [reader, other])).toBe(Code.FORBIDDEN);
    expect(await assign(managerId, staffId, [reader, superAdminRole])).toBe(Code.FORBIDDEN);
    expect(await rolesOf(staffId)).toEqual([reader]);

    // A role the manager does not hold, given by the super-admin, cannot be taken away by the manager.
    expect(await assign(adminId, staffId, [reader, other])).toBe(Code.OK);
    expect(await assign(managerId, staffId, [reader])).toBe(Code.FORBIDDEN);
    // Roles the manager holds may still change around it.
    expect(await assign(managerId, staffId, [other])).toBe(Code.OK);
    expect(await assign(managerId, staffId, [other, reader, editor])).toBe(Code.OK);
    expect(await rolesOf(staffId)).toEqual([reader, editor, other].sort((a, b) => a - b));
  });

  it('does not count a disabled role as held', async () => {
    await server.db.updateTable('role').set({ isEnable: '0' }).where('id', '=', editor).execute();
    try {
      expect(await assign(managerId, staffId, [reader, other])).toBe(Code.FORBIDDEN);
    } finally {
      await server.db.updateTable('role').set({ isEnable: '1' }).where('id', '=', editor).execute();
    }
  });

  it('refuses unknown accounts (1004) and roles (1001)', async () => {
    expect(await assign(adminId, 987654, [reader])).toBe(Code.NOT_FOUND);
    expect(await assign(adminId, 99999999999, [reader])).toBe(Code.NOT_FOUND);
    expect(await assign(adminId, staffId, [reader, 987654])).toBe(Code.VALIDATION_FAILED);
    expect(await assign(adminId, staffId, [99999999999])).toBe(Code.VALIDATION_FAILED);
  });

  it('runs in the caller’s transaction when given one, and rolls back with it', async () => {
    const before = await rolesOf(staffId);
    const rolledBack = server.db.transaction().execute(async (trx) => {
      await assignRoles(trx, { userId: adminId }, staffId, []);
      expect(await trx.selectFrom('userRole').select('roleId').where('userId', '=', staffId).execute()).toEqual([]);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await rolesOf(staffId)).toEqual(before);
  });
});

describe('the last super-admin account', () => {
  it('keeps the super-admin role while it is the only enabled one', async () => {
    // The caller is a super-admin whose own account is disabled: only then is the target the last one.
    const retired = await newSuperAdmin('retired', '0');
    expect(await assign(retired, adminId, [])).toBe(Code.CONFLICT);
    expect(await rolesOf(adminId)).toEqual([superAdminRole]);

    const second = await newSuperAdmin('second');
    expect(await assign(retired, adminId, [])).toBe(Code.OK);
    expect(await rolesOf(adminId)).toEqual([]);
    expect(await assign(retired, second, [])).toBe(Code.CONFLICT);
    expect(await assign(second, adminId, [superAdminRole])).toBe(Code.OK);
  });

  it('cannot be disabled or deleted, alone or together with the other super-admins', async () => {
    const holders = (await server.db.selectFrom('userRole').select('userId').where('roleId', '=', superAdminRole).execute()).map((r) => r.userId);
    const enabled = (await server.db.selectFrom('user').select('id').where('id', 'in', holders).where('isEnable', '=', '1').execute()).map((u) => u.id);
    expect(enabled).toHaveLength(2);
    const [first, second] = enabled as [number, number];
    expect(await canDisableOrDeleteUser(server.db, first)).toBe(true);
    expect(await canDisableOrDeleteUser(server.db, [first, second])).toBe(false);
    expect(await canDisableOrDeleteUser(server.db, [staffId, managerId])).toBe(true);

    await server.db.updateTable('user').set({ isEnable: '0' }).where('id', '=', second).execute();
    expect(await canDisableOrDeleteUser(server.db, first)).toBe(false);
    expect(await canDisableOrDeleteUser(server.db, second)).toBe(true);
    await server.db.updateTable('user').set({ isEnable: '1' }).where('id', '=', second).execute();
  });
});
