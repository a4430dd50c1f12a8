/**
 * The person list's guard reads the session, the grants version and the caller's data scope in one
 * statement (server/auth/tokens.ts; the list routes' config `readsStaffScope`). Every rule of the
 * guard still holds from the very next list request, whoever made the change: here mostly written
 * straight to the database, as another server sharing it would write it, and on PostgreSQL asked
 * of a second server too.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, DataScope, type ListData } from '../../contract';
import { STAFF_CALLS } from '../../contract/paths';
import { hashToken } from '../../server/auth/tokens';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, peerServer, startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(() => server.close());

/** A member with one role granted the person list (and its picker), signed in. */
async function member() {
  n += 1;
  const code = `lg${String(n).padStart(3, '0')}`;
  const password = `list-guard-${n}`;
  const made = await server.createUser({ code, password, apis: [STAFF_CALLS.list, STAFF_CALLS.filterList] });
  return { ...made, token: await server.tokenFor(code, password) };
}

type Row = { id: number };
const list = (token: string, app?: FastifyInstance, path: string = STAFF_CALLS.list) =>
  app
    ? app.inject({ method: 'GET', url: `/base/admin${path}?pageNo=1&pageSize=50`, headers: { access_token: token } }).then((answer) => answer.json() as { code: number; data: ListData<Row> })
    : server.call<ListData<Row>>('GET', `/base/admin${path}`, { token, query: { pageNo: 1, pageSize: 50 } }).then((answer) => answer.body);
const codeOf = async (token: string, app?: FastifyInstance, path?: string) => (await list(token, app, path)).code;

/** The API elements of `url` (a call may sit under more than one page element). */
async function apiElements(url: string): Promise<number[]> {
  return (await server.db.selectFrom('permission').select('id').where('url', '=', url).where('menuType', '=', 2).execute()).map((row) => row.id);
}

describe('the person list, its guard read in one statement', () => {
  it('refuses a session revoked elsewhere from the next request (1007), on both list calls', async () => {
    const { token } = await member();
    expect(await codeOf(token)).toBe(Code.OK);
    expect(await codeOf(token, undefined, STAFF_CALLS.filterList)).toBe(Code.OK);
    await server.db.updateTable('session').set({ revokedAt: Date.now() }).where('tokenHash', '=', hashToken(token)).execute();
    expect(await codeOf(token)).toBe(Code.TOKEN_EXPIRED);
    expect(await codeOf(token, undefined, STAFF_CALLS.filterList)).toBe(Code.TOKEN_EXPIRED);
  });

  it('refuses an account disabled (its sessions end), also when only the flag was written', async () => {
    const first = await member();
    expect(await codeOf(first.token)).toBe(Code.OK);
    const disabled = await server.call('POST', '/base/admin/user/enable', { token: adminToken, body: { ids: String(first.userId), isEnable: '0' } });
    expect(disabled.body.code).toBe(Code.OK);
    expect(await codeOf(first.token)).toBe(Code.TOKEN_EXPIRED);

    const second = await member();
    expect(await codeOf(second.token)).toBe(Code.OK);
    await server.db.updateTable('user').set({ isEnable: '0' }).where('id', '=', second.userId).execute();
    expect(await codeOf(second.token)).toBe(Code.TOKEN_EXPIRED);
  });

  it('a password reset ends the sessions', async () => {
    const { userId, token } = await member();
    expect(await codeOf(token)).toBe(Code.OK);
    const reset = await server.call('POST', '/base/admin/user/resetPwd', { token: adminToken, body: { ids: String(userId), pwd: sha256Hex('list-guard-new-1') } });
    expect(reset.body.code).toBe(Code.OK);
    expect(await codeOf(token)).toBe(Code.TOKEN_EXPIRED);
  });

  it('refuses a grant taken away (1003) and answers once it is given back; a role disabled or taken away grants nothing', async () => {
    const { userId, roleId, token } = await member();
    const elements = await apiElements(STAFF_CALLS.list);
    expect(await codeOf(token)).toBe(Code.OK);
    const taken = await server.db.deleteFrom('rolePermission').where('roleId', '=', roleId).where('permissionId', 'in', elements).returning('permissionId').execute();
    expect(await codeOf(token)).toBe(Code.FORBIDDEN);
    await server.db.insertInto('rolePermission').values(taken.map(({ permissionId }) => ({ roleId, permissionId }))).execute();
    expect(await codeOf(token)).toBe(Code.OK);

    await server.db.updateTable('role').set({ isEnable: '0' }).where('id', '=', roleId).execute();
    expect(await codeOf(token)).toBe(Code.FORBIDDEN);
    await server.db.updateTable('role').set({ isEnable: '1' }).where('id', '=', roleId).execute();
    expect(await codeOf(token)).toBe(Code.OK);
    await server.db.updateTable('userRole').set({ expiresAt: Date.now() - 1000 }).where('userId', '=', userId).execute();
    expect(await codeOf(token)).toBe(Code.FORBIDDEN);
  });

  it('answers the data scope as it is at the request: narrowed to the caller, then widened again', async () => {
    const { userId, roleId, token } = await member();
    const everyone = (await list(token)).data.total;
    expect(everyone).toBeGreaterThan(1);
    await server.db.insertInto('roleDataScope').values({ roleId, dataScope: DataScope.SELF }).execute();
    const own = await list(token);
    expect(own.data.total).toBe(1);
    expect(own.data.items.map((row) => row.id)).toEqual([userId]);
    await server.db.updateTable('roleDataScope').set({ dataScope: DataScope.ALL }).where('roleId', '=', roleId).execute();
    expect((await list(token)).data.total).toBe(everyone);
  });
});

// PostgreSQL only: two servers share the database (SQLite is one process).
if (process.env.TEST_DATABASE_URL) {
  describe('the person list on a second server sharing the PostgreSQL database', () => {
    let peer: FastifyInstance;
    let closePeer: () => Promise<void>;

    beforeAll(async () => {
      ({ app: peer, close: closePeer } = await peerServer(server));
    });
    afterAll(async () => {
      await closePeer?.();
    });

    it('refuses, from its next request, a grant revoked on the database and a session ended through the other server', async () => {
      const { roleId, token } = await member();
      expect(await codeOf(token, peer)).toBe(Code.OK);
      await server.db.deleteFrom('rolePermission').where('roleId', '=', roleId).where('permissionId', 'in', await apiElements(STAFF_CALLS.list)).execute();
      expect(await codeOf(token, peer)).toBe(Code.FORBIDDEN);
      expect(await codeOf(token, peer, STAFF_CALLS.filterList)).toBe(Code.OK);

      const logout = await server.call('POST', '/base/admin/user/logout', { token });
      expect(logout.body.code).toBe(Code.OK);
      expect(await codeOf(token, peer, STAFF_CALLS.filterList)).toBe(Code.TOKEN_EXPIRED);
    });
  });
}
