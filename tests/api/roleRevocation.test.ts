/**
 * Switching a role on or off, deleting it, and editing the super-admin role are grant changes
 * (server/roles/rolePolicy.ts): a holder of the role screen without the super-admin role may not
 * enable a role they hold, nor enable, disable or delete a role granting more than they hold
 * themselves (1003), and may not touch the super-admin role at all (1003). The attack of the second
 * security review (H3) first: a revoked reveal grant restored by re-enabling one's own role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Role } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { baseAppId, grantNodes, nodeByCode, screenNodeIds } from './screenGrants';

let server: TestServer;
let admin: string;
/** Holds `roles` (the role screen) and `big` (the customer screen with reveal). */
let roleAdmin: string;
let roleAdminId: number;
let rolesRole: number;
let big: number;
let support: number;
let superAdminRole: number;
let appId: number;

const EN = { 'accept-language': 'en-US' };

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  appId = await baseAppId(server.db);
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  const roleId = async (roleKey: string) => (await server.db.selectFrom('role').select('id').where('roleKey', '=', roleKey).executeTakeFirstOrThrow()).id;
  [superAdminRole, support] = [await roleId('superAdmin'), await roleId('support')];
  ({ userId: roleAdminId, roleId: rolesRole } = await server.createUser({ code: 'roleadmin', password: 'roleadmin-pass' }));
  await grantNodes(server.db, rolesRole, await screenNodeIds(server.db, 'role'));
  big = await newRole('atk_big', await screenNodeIds(server.db, 'customer'));
  await server.db.insertInto('userRole').values({ userId: roleAdminId, roleId: big }).execute();
  roleAdmin = await server.tokenFor('roleadmin', 'roleadmin-pass');
});
afterAll(async () => {
  await server?.close();
});

/** A role of the base app created directly, granted `nodes`. */
async function newRole(roleKey: string, nodes: readonly number[], isEnable: '1' | '0' = '1'): Promise<number> {
  const { id } = await server.db
    .insertInto('role')
    .values({ sortNum: 9, roleKey, name: roleKey, appId, isEnable, description: null, roleType: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grantNodes(server.db, id, nodes);
  return id;
}

const save = (token: string, body: Record<string, unknown>) => server.call<Role>('POST', '/base/admin/role/saveOrUpdate', { token, body, headers: EN });
const remove = (token: string, ids: string | number) => server.call('GET', '/base/admin/role/delete', { token, query: { ids }, headers: EN });
const stored = (id: number) => server.db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirst();
const reveal = (token: string) => server.call('GET', '/base/admin/customer/reveal', { token, query: { id: 1 } }).then((a) => a.body.code);

describe('the attack as found (review 2, H3)', () => {
  it('re-enabling one’s own revoked role is refused: the reveal grant stays revoked', async () => {
    expect(await reveal(roleAdmin)).toBe(Code.OK);
    expect((await save(admin, { id: big, isEnable: '0' })).body.code).toBe(Code.OK);
    expect(await reveal(roleAdmin)).toBe(Code.FORBIDDEN);

    const answer = await save(roleAdmin, { id: big, isEnable: '1' });
    expect(answer.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'You cannot switch on a role you hold' });
    expect((await stored(big))!.isEnable).toBe('0');
    expect(await reveal(roleAdmin)).toBe(Code.FORBIDDEN);

    // The super-admin may switch it back on.
    expect((await save(admin, { id: big, isEnable: '1' })).body.code).toBe(Code.OK);
    expect(await reveal(roleAdmin)).toBe(Code.OK);
  });

  it('renaming the super-admin role, or any other field of it, is refused', async () => {
    const before = await stored(superAdminRole);
    for (const change of [{ name: '已停用', description: 'deprecated, do not assign' }, { sortNum: 99 }, { roleType: 2 }, { isEnable: '1' }, {}]) {
      const answer = await save(roleAdmin, { id: superAdminRole, ...change });
      expect(answer.body, JSON.stringify(change)).toMatchObject({ code: Code.FORBIDDEN, msg: 'Only a super-admin can change the super-admin role' });
    }
    expect(await stored(superAdminRole)).toEqual(before);
    expect((await remove(roleAdmin, superAdminRole)).body.code).toBe(Code.FORBIDDEN);
    // The super-admin still may (not disable it: that is refused to everyone).
    expect((await save(admin, { id: superAdminRole, description: '全部权限' })).body.code).toBe(Code.OK);
    expect((await save(admin, { id: superAdminRole, isEnable: '0' })).body.code).toBe(Code.CONFLICT);
  });

  it('disabling the support role, whose grants the caller does not all hold, is refused', async () => {
    const answer = await save(roleAdmin, { id: support, isEnable: '0' });
    expect(answer.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'You can only grant or revoke permissions you hold yourself' });
    expect((await stored(support))!.isEnable).toBe('1');
  });

  it('enabling a disabled role the caller does not hold, granting more than the caller holds, is refused', async () => {
    const strong = await newRole('atk_strong', await screenNodeIds(server.db, 'user'), '0');
    expect((await save(roleAdmin, { id: strong, isEnable: '1' })).body.code).toBe(Code.FORBIDDEN);
    expect((await stored(strong))!.isEnable).toBe('0');
  });
});

describe('within the caller’s own grants', () => {
  it('a role granting only what the caller holds may be enabled and disabled', async () => {
    const weak = await newRole('atk_weak', [(await nodeByCode(server.db, 'customer:list')).id], '0');
    expect((await save(roleAdmin, { id: weak, isEnable: '1' })).body.code).toBe(Code.OK);
    expect((await save(roleAdmin, { id: weak, isEnable: '0' })).body.code).toBe(Code.OK);
    expect((await stored(weak))!.isEnable).toBe('0');
  });

  it('a role with no grants may be created enabled, renamed and switched', async () => {
    const created = await save(roleAdmin, { sortNum: 5, roleKey: 'fresh', name: '新角色', appId, roleType: 2, isEnable: '1' });
    expect(created.body.code).toBe(Code.OK);
    const id = created.body.data.id;
    expect((await save(roleAdmin, { id, name: '改名', isEnable: '0' })).body.code).toBe(Code.OK);
    expect((await save(roleAdmin, { id, isEnable: '1' })).body.code).toBe(Code.OK);
  });

  it('disabling a role one holds is allowed (it only takes from oneself), enabling it again is not', async () => {
    const own = await newRole('atk_own', [(await nodeByCode(server.db, 'customer:list')).id]);
    await server.db.insertInto('userRole').values({ userId: roleAdminId, roleId: own }).execute();
    expect((await save(roleAdmin, { id: own, isEnable: '0' })).body.code).toBe(Code.OK);
    expect((await save(roleAdmin, { id: own, isEnable: '1' })).body.code).toBe(Code.FORBIDDEN);
    expect((await stored(own))!.isEnable).toBe('0');
  });
});

describe('deleting a role is taking its grants from its holders', () => {
  it('is refused for a role granting more than the caller holds, held or not', async () => {
    const strong = await newRole('atk_del', await screenNodeIds(server.db, 'user'));
    const { userId: holder } = await server.createUser({ code: 'delholder', password: 'delholder-pass' });
    await server.db.insertInto('userRole').values({ userId: holder, roleId: strong }).execute();
    expect((await remove(roleAdmin, strong)).body).toMatchObject({ code: Code.FORBIDDEN, msg: 'You can only grant or revoke permissions you hold yourself' });
    expect((await remove(roleAdmin, support)).body.code).toBe(Code.FORBIDDEN);
    expect(await stored(strong)).toBeDefined();
    expect(await stored(support)).toBeDefined();
    expect(await server.db.selectFrom('userRole').select('roleId').where('userId', '=', holder).where('roleId', '=', strong).execute()).toHaveLength(1);
  });

  it('goes through for a role within the caller’s grants, and for the caller’s own role', async () => {
    const weak = await newRole('atk_weakdel', [(await nodeByCode(server.db, 'customer:list')).id]);
    const own = await newRole('atk_owndel', []);
    await server.db.insertInto('userRole').values({ userId: roleAdminId, roleId: own }).execute();
    expect((await remove(roleAdmin, `${weak},${own}`)).body.code).toBe(Code.OK);
    expect(await server.db.selectFrom('role').select('id').where('id', 'in', [weak, own]).execute()).toEqual([]);
  });

  it('the super-admin deletes any role but its own', async () => {
    const strong = await newRole('atk_admindel', await screenNodeIds(server.db, 'user'));
    expect((await remove(admin, strong)).body.code).toBe(Code.OK);
    expect((await remove(admin, superAdminRole)).body.code).toBe(Code.CONFLICT);
  });
});

describe('the other fields of a role widen nobody’s reach', () => {
  it('the key and the app are fixed once created, for everyone', async () => {
    const weak = await newRole('atk_fixed', []);
    const { id: otherApp } = await server.db.selectFrom('app').select('id').where('code', '=', 'crm').executeTakeFirstOrThrow();
    for (const change of [{ roleKey: 'superAdmin' }, { appId: otherApp }]) {
      for (const token of [roleAdmin, admin]) expect((await save(token, { id: weak, ...change })).body.code).toBe(Code.VALIDATION_FAILED);
    }
    expect(await stored(weak)).toMatchObject({ roleKey: 'atk_fixed', appId });
  });
});
