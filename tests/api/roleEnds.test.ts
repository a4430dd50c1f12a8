/**
 * Role links that end (contract/roleEnds.ts, user_role.expires_at): the guard stops honouring a
 * link at its end on the next request, on every server, without waiting for any write or sweep;
 * the staff save takes `roleEnds` under the rules of assigning roles; the sweep deletes ended links
 * as the server's own call, which the audit log names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Code, ROLE_END_SWEEP_CALL, roleEndMessages, type ListData, type StaffListRow } from '../../contract';
import { superAdminRoleId } from '../../server/auth/grants';
import { hashPassword, sha256Hex } from '../../server/auth/passwords';
import { sweepEndedRoleLinks } from '../../server/roles/roleEndSweep';
import { ADMIN, peerServer, startTestServer, type TestServer } from './harness';
import { create, detail, staffInput, USER } from './staffFixtures';

let server: TestServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const endLink = (userId: number, roleId: number, expiresAt: number | null) =>
  server.db.updateTable('userRole').set({ expiresAt }).where('userId', '=', userId).where('roleId', '=', roleId).execute();
/** Gives an account made through the save a known password, signed in: its token. */
async function signIn(userId: number, password: string): Promise<string> {
  const { code } = await server.db.selectFrom('user').select('code').where('id', '=', userId).executeTakeFirstOrThrow();
  await server.db.updateTable('user').set({ passwordHash: await hashPassword(sha256Hex(password)), mustChangePassword: 0 }).where('id', '=', userId).execute();
  return server.tokenFor(code, password);
}
const grantsVersion = async () => Number((await server.db.selectFrom('grantsVersion').select('version').executeTakeFirstOrThrow()).version);
const listParams = async (token: string, app?: FastifyInstance) => {
  if (!app) return (await server.call('GET', '/base/admin/param/list', { token })).body.code;
  return (await app.inject({ method: 'GET', url: '/base/admin/param/list', headers: { access_token: token } })).json<{ code: number }>().code;
};

function saveRoles(token: string, id: number, n: number, body: Record<string, unknown>) {
  return server.call('POST', `${USER}/saveOrUpdate`, { token, body: { userCenter: { id, ...staffInput(n) }, ...body } });
}

describe('the guard', () => {
  it('refuses a link whose end has passed from the next request', async () => {
    const { userId, roleId } = await server.createUser({ code: 'ends01', password: 'ends-pass-01', apis: ['/param/list'] });
    const token = await server.tokenFor('ends01', 'ends-pass-01');
    expect(await listParams(token)).toBe(Code.OK);
    await endLink(userId, roleId, Date.now() - 1000);
    expect(await listParams(token)).toBe(Code.FORBIDDEN);
    await endLink(userId, roleId, null);
    expect(await listParams(token)).toBe(Code.OK);
  });

  it('grants a link until its end, then refuses it with no write in between', async () => {
    const { userId, roleId } = await server.createUser({ code: 'ends02', password: 'ends-pass-02', apis: ['/param/list'] });
    const token = await server.tokenFor('ends02', 'ends-pass-02');
    const end = Date.now() + 1200;
    await endLink(userId, roleId, end);
    const version = await grantsVersion();
    expect(await listParams(token)).toBe(Code.OK);
    await sleep(end - Date.now() + 50);
    expect(await listParams(token)).toBe(Code.FORBIDDEN);
    // Nothing moved the grants version: the guard's own reading ran out at the end.
    expect(await grantsVersion()).toBe(version);
  });
});

describe('the staff save', () => {
  let roleA: number;
  let roleB: number;
  let staffId: number;
  const n = 7101;

  beforeAll(async () => {
    ({ roleId: roleA } = await server.createUser({ code: 'ends_ra', password: 'ends-pass-ra', apis: ['/param/list'] }));
    ({ roleId: roleB } = await server.createUser({ code: 'ends_rb', password: 'ends-pass-rb', apis: ['/app/list'] }));
    staffId = await create(server, adminToken, staffInput(n), String(roleA));
  });

  const endsOf = async () => (await detail(server, adminToken, staffId)).body.data.roleEnds;

  it('refuses an end in the past, for a role not assigned, or malformed (1001 on roleEnds)', async () => {
    const past = await saveRoles(adminToken, staffId, n, { roleIds: String(roleA), roleEnds: { [roleA]: Date.now() - 1 } });
    expect(past.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { roleEnds: roleEndMessages.mustBeFuture['zh-CN'] } } });
    const notLinked = await saveRoles(adminToken, staffId, n, { roleIds: String(roleA), roleEnds: { [roleB]: Date.now() + 60_000 } });
    expect(notLinked.body).toMatchObject({ code: Code.VALIDATION_FAILED, data: { fields: { roleEnds: roleEndMessages.notLinked['zh-CN'] } } });
    for (const roleEnds of [[1], { [roleA]: 'soon' }, { x: null }, { [roleA]: 1e20 }]) {
      const malformed = await saveRoles(adminToken, staffId, n, { roleIds: String(roleA), roleEnds });
      expect(malformed.body.code).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys((malformed.body.data as { fields: object }).fields)).toEqual(['roleEnds']);
    }
    expect(await endsOf()).toEqual({ [roleA]: null });
  });

  it('keeps ends unless told: roleIds absent, roleEnds absent, a new role without one; null clears', async () => {
    const end = Date.now() + 3_600_000;
    expect((await saveRoles(adminToken, staffId, n, { roleIds: String(roleA), roleEnds: { [roleA]: end } })).body.code).toBe(Code.OK);
    expect(await endsOf()).toEqual({ [roleA]: end });
    expect((await saveRoles(adminToken, staffId, n, {})).body.code).toBe(Code.OK);
    expect(await endsOf()).toEqual({ [roleA]: end });
    expect((await saveRoles(adminToken, staffId, n, { roleIds: `${roleA},${roleB}` })).body.code).toBe(Code.OK);
    expect(await endsOf()).toEqual({ [roleA]: end, [roleB]: null });
    // Only an end, roles as they are.
    expect((await saveRoles(adminToken, staffId, n, { roleEnds: { [roleB]: end + 1 } })).body.code).toBe(Code.OK);
    expect(await endsOf()).toEqual({ [roleA]: end, [roleB]: end + 1 });
    expect((await saveRoles(adminToken, staffId, n, { roleIds: `${roleA},${roleB}`, roleEnds: { [roleA]: null } })).body.code).toBe(Code.OK);
    expect(await endsOf()).toEqual({ [roleA]: null, [roleB]: end + 1 });
    // The person list shows each role with its end.
    const list = await server.call<ListData<StaffListRow>>('GET', `${USER}/list`, { token: adminToken, query: { code: staffInput(n).code as string } });
    expect(list.body.data.items[0]!.roles.map(({ id, expiresAt }) => ({ id, expiresAt }))).toEqual(
      [{ id: roleA, expiresAt: null }, { id: roleB, expiresAt: end + 1 }].sort((a, b) => a.id - b.id),
    );
  });

  it('hides an ended link from the detail, the list and the role filter; assigning it again links it anew', async () => {
    await endLink(staffId, roleB, Date.now() - 1);
    expect(await endsOf()).toEqual({ [roleA]: null });
    const byRole = await server.call<ListData<StaffListRow>>('GET', `${USER}/list`, { token: adminToken, query: { roleIds: String(roleB) } });
    expect(byRole.body.data.items.map((row) => row.id)).not.toContain(staffId);
    expect((await saveRoles(adminToken, staffId, n, { roleIds: `${roleA},${roleB}` })).body.code).toBe(Code.OK);
    expect(await endsOf()).toEqual({ [roleA]: null, [roleB]: null });
  });

  it('treats an end change as a change of the link: own-roles rules, never one\'s own, never beyond one\'s own end', async () => {
    // A staff administrator holding role A until an hour from now.
    const { userId: managerId } = await server.createUser({ code: 'ends_mgr', password: 'ends-pass-mgr', apis: ['/user/saveOrUpdate', '/user/detail'] });
    const ownEnd = Date.now() + 3_600_000;
    await server.db.insertInto('userRole').values({ userId: managerId, roleId: roleA, expiresAt: ownEnd }).execute();
    const manager = await server.tokenFor('ends_mgr', 'ends-pass-mgr');
    const m = 7102;
    const target = await create(server, adminToken, staffInput(m), String(roleA));
    const change = (body: Record<string, unknown>) => saveRoles(manager, target, m, body);

    expect((await change({ roleEnds: { [roleA]: ownEnd + 60_000 } })).body.code).toBe(Code.FORBIDDEN);
    expect((await change({ roleIds: `${roleA},${roleB}` })).body.code).toBe(Code.FORBIDDEN);
    expect((await change({ roleEnds: { [roleA]: ownEnd - 60_000 } })).body.code).toBe(Code.OK);
    expect((await change({ roleEnds: { [roleA]: null } })).body.code).toBe(Code.FORBIDDEN);
    expect((await detail(server, adminToken, target)).body.data.roleEnds).toEqual({ [roleA]: ownEnd - 60_000 });
  });

  it('never one\'s own, a super-admin\'s neither; one super-admin link stays without an end (1011)', async () => {
    const superAdmin = (await superAdminRoleId(server.db))!;
    const [s2, s3] = [7103, 7105];
    const second = await create(server, adminToken, staffInput(s2), String(superAdmin));
    const third = await create(server, adminToken, staffInput(s3), String(superAdmin));
    const secondToken = await signIn(second, 'ends-pass-sa2');
    const end = Date.now() + 3_600_000;
    expect((await saveRoles(secondToken, second, s2, { roleEnds: { [superAdmin]: end } })).body.code).toBe(Code.FORBIDDEN);
    // The admin ends the second's link: others keep theirs for good.
    expect((await saveRoles(adminToken, second, s2, { roleEnds: { [superAdmin]: end } })).body.code).toBe(Code.OK);
    // With the admin's link ending too, the third's is the last without an end.
    const adminId = (await server.db.selectFrom('user').select('id').where('code', '=', ADMIN.username).executeTakeFirstOrThrow()).id;
    await endLink(adminId, superAdmin, end);
    try {
      expect((await saveRoles(secondToken, third, s3, { roleEnds: { [superAdmin]: end } })).body.code).toBe(Code.CONFLICT);
      expect((await saveRoles(secondToken, third, s3, { roleIds: '' })).body.code).toBe(Code.CONFLICT);
    } finally {
      await endLink(adminId, superAdmin, null);
    }
  });
});

describe('the sweep', () => {
  it('deletes ended links as the server\'s own call, which the audit log names', async () => {
    const { userId, roleId } = await server.createUser({ code: 'ends03', password: 'ends-pass-03', apis: ['/param/list'] });
    const { userId: keptId, roleId: keptRole } = await server.createUser({ code: 'ends04', password: 'ends-pass-04', apis: ['/param/list'] });
    const end = Date.now() - 1;
    await endLink(userId, roleId, end);
    await endLink(keptId, keptRole, Date.now() + 60_000);
    // Earlier tests' ended links go too.
    expect(await sweepEndedRoleLinks(server.db)).toBeGreaterThanOrEqual(1);
    expect(await server.db.selectFrom('userRole').select('roleId').where('userId', '=', userId).execute()).toEqual([]);
    expect(await server.db.selectFrom('userRole').select('roleId').where('userId', '=', keptId).execute()).toEqual([{ roleId: keptRole }]);

    const rows = await server.db.selectFrom('auditLog').selectAll().where('route', '=', ROLE_END_SWEEP_CALL).where('recordId', '=', `${userId}:${roleId}`).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tableName: 'user_role', action: 'delete', userId: null, method: 'SYSTEM' });
    expect(JSON.parse(rows[0]!.changes as string)).toMatchObject({ expires_at: [end, null] });

    const named = await server.call<ListData<{ route: string; routeName?: string }>>('GET', '/base/admin/auditLog/list', {
      token: adminToken,
      query: { route: ROLE_END_SWEEP_CALL, pageNo: 1, pageSize: 20 },
      headers: { 'accept-language': 'en-US' },
    });
    expect(named.body.data.items[0]).toMatchObject({ route: ROLE_END_SWEEP_CALL, routeName: 'Role link ended' });
    expect(await sweepEndedRoleLinks(server.db)).toBe(0);
  });
});

// PostgreSQL only: two servers share the database (SQLite is one process).
if (process.env.TEST_DATABASE_URL) describe('two servers on one PostgreSQL database', () => {
  let peer: FastifyInstance;
  let closePeer: () => Promise<void>;

  beforeAll(async () => {
    ({ app: peer, close: closePeer } = await peerServer(server));
  });
  afterAll(async () => {
    await closePeer?.();
  });

  it('the other server refuses a link from its first request after the end one server saved', async () => {
    const n = 7104;
    const { roleId } = await server.createUser({ code: 'ends_pg', password: 'ends-pass-pg', apis: ['/param/list'] });
    const staffId = await create(server, adminToken, staffInput(n), String(roleId));
    const token = await signIn(staffId, 'ends-pass-05');
    expect(await listParams(token, peer)).toBe(Code.OK);
    const end = Date.now() + 1500;
    expect((await saveRoles(adminToken, staffId, n, { roleEnds: { [roleId]: end } })).body.code).toBe(Code.OK);
    expect(await listParams(token, peer)).toBe(Code.OK);
    await sleep(end - Date.now() + 50);
    expect(await listParams(token, peer)).toBe(Code.FORBIDDEN);
    expect(await listParams(token)).toBe(Code.FORBIDDEN);
  });
});
