/**
 * The data scope beyond the person list (issue 25): a caller whose role reaches "own department
 * and its groups" sees and changes only their department's people in the organisation directory
 * (members, moves, removals, the supervisor flag, the member export, deleting a node with members),
 * reads only the audit rows about their people (and every row not about staff, totals included),
 * and sees and ends only their people's sessions; an id outside answers 1003, as a missing grant.
 * A role reaching all changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, DataScope, OfficeType, type ListData } from '../../contract';
import { LOG_TOTAL_BOUND } from '../../resources/audit/definition';
import { sha256Hex } from '../../server/auth/passwords';
import { exportCall, readSheet } from './exportFiles';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { grantNodes, screenNodeIds } from './screenGrants';

const MONITOR_APIS = ['/auditLog/list', '/auditLog/detail', '/auditLog/export', '/onlineSession/list', '/onlineSession/detail', '/onlineSession/end', '/onlineSession/endUser'];
const EN = { 'accept-language': 'en-US' };
const AUDIT_ROUTE = '/scope-fixture';

let server: TestServer;
let admin: string;
let boss: string;
let role = 0;
const node = { ops: 0, service: 0, sales: 0, east: 0, empty: 0 };
/** boss (ops), alice (ops), bob (service, a group of ops), carol (sales), dave (east, a group of sales), erin (unplaced). */
const id = { boss: 0, alice: 0, bob: 0, carol: 0, dave: 0, erin: 0 };

async function office(type: number, parentId: number, name: string): Promise<number> {
  return (await server.db.insertInto('office').values({ type, parentId, name, remark: null, createTime: 0 }).returning('id').executeTakeFirstOrThrow()).id;
}
async function setScope(dataScope: number) {
  await server.db.deleteFrom('roleDataScope').where('roleId', '=', role).execute();
  await server.db.insertInto('roleDataScope').values({ roleId: role, dataScope }).execute();
}
const place = (userId: number, officeId: number | null, adminFlag = 0) => server.db.updateTable('user').set({ officeId, adminFlag }).where('id', '=', userId).execute();
const placement = async (userId: number) => server.db.selectFrom('user').select(['officeId', 'adminFlag']).where('id', '=', userId).executeTakeFirstOrThrow();

/** A staff member holding the caller's role only (so the account rule lets the caller change them; the scope decides). */
async function staff(code: string, officeId: number | null): Promise<number> {
  const { userId } = await server.createUser({ code, password: `${code}-pass1` });
  await server.db.deleteFrom('userRole').where('userId', '=', userId).execute();
  await server.db.insertInto('userRole').values({ userId, roleId: role }).execute();
  await place(userId, officeId);
  return userId;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  node.ops = await office(OfficeType.DEPARTMENT, 0, '运营部');
  node.service = await office(OfficeType.GROUP, node.ops, '客服组');
  node.sales = await office(OfficeType.DEPARTMENT, 0, '销售部');
  node.east = await office(OfficeType.GROUP, node.sales, '华东组');
  node.empty = await office(OfficeType.GROUP, node.sales, '空组');
  ({ userId: id.boss, roleId: role } = await server.createUser({ code: 'orgboss', password: 'orgboss-pass1', apis: MONITOR_APIS }));
  await grantNodes(server.db, role, [...(await screenNodeIds(server.db, 'officeMember')), ...(await screenNodeIds(server.db, 'office'))]);
  await place(id.boss, node.ops);
  id.alice = await staff('alice', node.ops);
  id.bob = await staff('bob', node.service);
  id.carol = await staff('carol', node.sales);
  id.dave = await staff('dave', node.east);
  id.erin = await staff('erin', null);
  await setScope(DataScope.DEPARTMENT_TREE);
  boss = await server.tokenFor('orgboss', 'orgboss-pass1');
});
afterAll(async () => {
  await server?.close();
});

const officeCall = (token: string, path: string, body: Record<string, unknown>) => server.call('POST', `/base/admin/office${path}`, { token, body, headers: EN });

describe('organisation directory members', () => {
  const members = async (token: string, officeId: number) =>
    (await server.call<ListData<{ id: number }>>('GET', '/base/admin/user/list', { token, query: { officeId, pageNo: 1, pageSize: 50 } })).body.data;

  it('lists only the members in scope, with a total to match', async () => {
    const own = await members(boss, node.ops);
    expect(own.items.map((row) => row.id).sort()).toEqual([id.boss, id.alice, id.bob].sort());
    expect(own.total).toBe(3);
    expect(await members(boss, node.sales)).toMatchObject({ items: [], total: 0 });
    expect((await members(admin, node.sales)).total).toBe(2);
  });

  it('the member export holds only the members in scope', async () => {
    const sheet = async (officeId: number) => {
      const answer = await exportCall(server, boss, '/base/admin/office/export/user', { officeId, columns: 'code' });
      expect(answer.envelope).toBeUndefined();
      return (await readSheet(answer.bytes)).rows.slice(1).map((row) => row[0]);
    };
    expect((await sheet(node.ops)).sort()).toEqual(['alice', 'bob', 'orgboss']);
    expect(await sheet(node.sales)).toEqual([]);
  });

  it('refuses moving, removing or flagging anyone outside or unknown, or moving into a node outside (1003), changing nobody', async () => {
    const before = await Promise.all([id.alice, id.carol, id.dave, id.erin].map(placement));
    for (const [path, body] of [
      ['/add/user', { officeId: node.ops, ids: String(id.carol) }],
      ['/add/user', { officeId: node.ops, ids: String(id.erin) }],
      ['/add/user', { officeId: node.sales, ids: String(id.alice) }],
      ['/add/user', { officeId: node.ops, ids: `${id.alice},${id.dave}` }],
      ['/remove/user', { ids: String(id.carol) }],
      ['/remove/user', { ids: `${id.alice},${id.carol}` }],
      ['/update/officeAdminFlag', { ids: String(id.dave), adminFlag: 1 }],
      ['/update/officeAdminFlag', { ids: `${id.alice},${id.carol}`, adminFlag: 1 }],
      // Unknown, answered as outside: the answer does not tell whether someone outside exists.
      ['/remove/user', { ids: `${id.alice},987654` }],
    ] as const) {
      const answer = await officeCall(boss, path, body);
      expect(answer.body, `${path} ${JSON.stringify(body)}`).toMatchObject({ code: Code.FORBIDDEN, msg: 'This staff member is outside your data scope' });
    }
    expect(await Promise.all([id.alice, id.carol, id.dave, id.erin].map(placement))).toEqual(before);
  });

  it('moves, flags and removes the members in scope', async () => {
    expect((await officeCall(boss, '/add/user', { officeId: node.service, ids: String(id.alice) })).body.code).toBe(Code.OK);
    expect((await officeCall(boss, '/update/officeAdminFlag', { ids: String(id.alice), adminFlag: 1 })).body.code).toBe(Code.OK);
    expect(await placement(id.alice)).toEqual({ officeId: node.service, adminFlag: 1 });
    expect((await officeCall(boss, '/remove/user', { ids: String(id.alice) })).body.code).toBe(Code.OK);
    // Unplaced, alice has left the caller's reach: bringing her back is no longer theirs to do.
    expect((await officeCall(boss, '/add/user', { officeId: node.ops, ids: String(id.alice) })).body.code).toBe(Code.FORBIDDEN);
    await place(id.alice, node.ops);
  });

  it('deleting a node with members outside is refused; an empty node stays a tree write', async () => {
    const answer = await server.call('GET', '/base/admin/office/delete', { token: boss, query: { ids: String(node.sales) }, headers: EN });
    expect(answer.body).toMatchObject({ code: Code.FORBIDDEN, msg: 'This staff member is outside your data scope' });
    expect(await placement(id.carol)).toEqual({ officeId: node.sales, adminFlag: 0 });
    expect((await server.call('GET', '/base/admin/office/delete', { token: boss, query: { ids: String(node.empty) } })).body.code).toBe(Code.OK);
  });

  it('the office tree itself stays whole', async () => {
    const tree = (await server.call<Array<{ id: number }>>('GET', '/base/admin/office/list', { token: boss })).body.data;
    expect(tree.map((n) => n.id)).toEqual(expect.arrayContaining([node.ops, node.sales]));
  });
});

interface AuditRow {
  id: number;
  tableName: string;
  recordId: string;
}

describe('audit log rows about staff', () => {
  const fixture: Record<string, number> = {};
  let carolSession = 0;

  beforeAll(async () => {
    await server.tokenFor('carol', 'carol-pass1');
    carolSession = (await server.db.selectFrom('session').select('id').where('userId', '=', id.carol).executeTakeFirstOrThrow()).id;
    await server.db.updateTable('session').set({ revokedAt: Date.now() }).where('id', '=', carolSession).execute();
    const rows = [
      ['aliceUser', 'user', String(id.alice)],
      ['carolUser', 'user', String(id.carol)],
      ['aliceRole', 'user_role', `${id.alice}:${role}`],
      ['carolRole', 'user_role', `${id.carol}:${role}`],
      ['carolSession', 'session', String(carolSession)],
      ['officeRow', 'office', String(node.sales)],
      ['paramRow', 'param', '1'],
    ] as const;
    for (const [name, tableName, recordId] of rows) {
      const inserted = await server.db
        .insertInto('auditLog')
        .values({ changedAt: Date.now(), requestId: `req-${name}`, userId: null, userCode: 'admin', userName: 'admin', method: 'POST', route: AUDIT_ROUTE, address: null, tableName, recordId, action: 'update', changes: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      fixture[name] = inserted.id;
    }
  });

  const auditList = async (token: string, query: Record<string, string | number> = {}) =>
    (await server.call<ListData<AuditRow>>('GET', '/base/admin/auditLog/list', { token, query: { route: AUDIT_ROUTE, pageSize: 100, ...query } })).body.data;
  const named = (rows: readonly AuditRow[]) => Object.entries(fixture).filter(([, rowId]) => rows.some((row) => row.id === rowId)).map(([name]) => name).sort();

  it('lists rows about staff in scope and every row not about staff; the total counts only those', async () => {
    const page = await auditList(boss);
    expect(named(page.items)).toEqual(['aliceRole', 'aliceUser', 'officeRow', 'paramRow']);
    expect(page.total).toBe(4);
    // Paged: the condition is in the query, so the second page starts after the last row the caller may read.
    const first = await auditList(boss, { pageSize: 3, pageNo: 1 });
    const second = await auditList(boss, { pageSize: 3, pageNo: 2 });
    expect([first.total, second.total]).toEqual([4, 4]);
    expect(named([...first.items, ...second.items])).toEqual(named(page.items));
  });

  it('a detail outside answers 1003; one inside answers the row', async () => {
    for (const name of ['carolUser', 'carolRole', 'carolSession']) {
      expect((await server.call('GET', '/base/admin/auditLog/detail', { token: boss, query: { id: fixture[name]! } })).body.code, name).toBe(Code.FORBIDDEN);
    }
    expect((await server.call<AuditRow>('GET', '/base/admin/auditLog/detail', { token: boss, query: { id: fixture.aliceRole! } })).body.data).toMatchObject({ id: fixture.aliceRole });
  });

  it('the export holds the same rows', async () => {
    const answer = await exportCall(server, boss, '/base/admin/auditLog/export', { route: AUDIT_ROUTE, columns: 'tableName,recordId' });
    expect(answer.envelope).toBeUndefined();
    const rows = (await readSheet(answer.bytes)).rows.slice(1);
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => String(row[1]))).not.toContain(String(id.carol));
  });

  it('a move changes what the caller reads from the next request', async () => {
    await place(id.carol, node.service);
    expect(named((await auditList(boss)).items)).toEqual(['aliceRole', 'aliceUser', 'carolRole', 'carolSession', 'carolUser', 'officeRow', 'paramRow']);
    await place(id.carol, node.sales);
    expect((await auditList(boss)).total).toBe(4);
  });

  it('a total past the bound about someone in scope is counted again on every request: a move takes it to nothing', async () => {
    // A log's total that reached its bound is kept (tests/api/reachedTotals.test.ts), but not a
    // scoped one: the scope reads the staff table, which changes under the same filters.
    const route = '/scope-bound';
    const rows = Array.from({ length: LOG_TOTAL_BOUND + 1 }, (_, i) => ({
      changedAt: Date.now() - i, requestId: `bound-${i}`, userId: null, userCode: 'admin', userName: 'admin', method: 'POST', route, address: null, tableName: 'user', recordId: String(id.carol), action: 'update' as const, changes: '{}',
    }));
    for (let i = 0; i < rows.length; i += 500) await server.db.insertInto('auditLog').values(rows.slice(i, i + 500)).execute();
    await place(id.carol, node.service);
    try {
      expect(await auditList(boss, { route, pageSize: 20 })).toMatchObject({ total: LOG_TOTAL_BOUND, totalAtLeast: true });
      await place(id.carol, node.sales);
      expect(await auditList(boss, { route, pageSize: 20 })).toMatchObject({ items: [], total: 0 });
    } finally {
      await place(id.carol, node.sales);
      await server.db.deleteFrom('auditLog').where('route', '=', route).execute();
    }
  });

  it('the super-admin and a role reaching all read every row', async () => {
    expect((await auditList(admin)).total).toBe(7);
    await setScope(DataScope.ALL);
    try {
      expect((await auditList(boss)).total).toBe(7);
    } finally {
      await setScope(DataScope.DEPARTMENT_TREE);
    }
  });
});

describe('online users', () => {
  interface OnlineRow {
    id: number;
    userId: number;
  }
  const online = async (token: string) =>
    (await server.call<ListData<OnlineRow>>('GET', '/base/admin/onlineSession/list', { token, query: { pageSize: 100 } })).body.data;
  const login = async (code: string) => {
    const answer = await server.call<{ token: string }>('POST', '/base/admin/user/login', { body: { username: code, password: sha256Hex(`${code}-pass1`) } });
    expect(answer.body.code).toBe(Code.OK);
    return answer.body.data.token;
  };
  const info = async (token: string) => (await server.call('GET', '/base/admin/user/info', { token })).body.code;

  it('lists and ends only the sessions of staff in scope', async () => {
    const [aliceToken, carolToken, daveToken] = [await login('alice'), await login('carol'), await login('dave')];
    const listed = await online(boss);
    const owners = new Set(listed.items.map((row) => row.userId));
    expect(owners.has(id.alice) && owners.has(id.boss)).toBe(true);
    expect(owners.has(id.carol) || owners.has(id.dave)).toBe(false);
    expect(listed.total).toBe(listed.items.length);

    const carolRows = (await online(admin)).items.filter((row) => row.userId === id.carol);
    expect(carolRows.length).toBeGreaterThan(0);
    expect((await server.call('GET', '/base/admin/onlineSession/detail', { token: boss, query: { id: carolRows[0]!.id } })).body.code).toBe(Code.FORBIDDEN);
    const aliceRow = listed.items.find((row) => row.userId === id.alice)!;
    expect((await server.call<OnlineRow>('GET', '/base/admin/onlineSession/detail', { token: boss, query: { id: aliceRow.id } })).body.data).toMatchObject({ id: aliceRow.id });
    expect((await server.call('POST', '/base/admin/onlineSession/end', { token: boss, body: { ids: String(carolRows[0]!.id) }, headers: EN })).body).toMatchObject({ code: Code.FORBIDDEN, msg: 'This staff member is outside your data scope' });
    expect((await server.call('POST', '/base/admin/onlineSession/endUser', { token: boss, body: { userIds: `${id.alice},${id.dave}` } })).body.code).toBe(Code.FORBIDDEN);
    expect([await info(carolToken), await info(daveToken), await info(aliceToken)]).toEqual([Code.OK, Code.OK, Code.OK]);

    expect((await server.call('POST', '/base/admin/onlineSession/endUser', { token: boss, body: { userIds: String(id.alice) } })).body.code).toBe(Code.OK);
    expect(await info(aliceToken)).toBe(Code.TOKEN_EXPIRED);
  });

  it('a role reaching all lists and ends every session, as before', async () => {
    await setScope(DataScope.ALL);
    try {
      const carolToken = await login('carol');
      expect(new Set((await online(boss)).items.map((row) => row.userId)).has(id.carol)).toBe(true);
      expect((await server.call('POST', '/base/admin/onlineSession/endUser', { token: boss, body: { userIds: String(id.carol) } })).body.code).toBe(Code.OK);
      expect(await info(carolToken)).toBe(Code.TOKEN_EXPIRED);
    } finally {
      await setScope(DataScope.DEPARTMENT_TREE);
    }
  });
});

describe('a role reaching all, in the directory', () => {
  it('moves and flags anyone, as before', async () => {
    await setScope(DataScope.ALL);
    try {
      expect((await officeCall(boss, '/update/officeAdminFlag', { ids: String(id.dave), adminFlag: 1 })).body.code).toBe(Code.OK);
      expect(await placement(id.dave)).toEqual({ officeId: node.east, adminFlag: 1 });
      expect((await officeCall(boss, '/add/user', { officeId: node.sales, ids: String(id.erin) })).body.code).toBe(Code.OK);
    } finally {
      await setScope(DataScope.DEPARTMENT_TREE);
    }
  });
});
