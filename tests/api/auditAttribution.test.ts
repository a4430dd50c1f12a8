/**
 * Second review, M2: audit rows named only the display name, so a staff member renamed to
 * 超级管理员 wrote rows a reader of the audit screen could not tell from the admin's. Each row now
 * carries the account (user id and login code, fixed once created): the list and the show view
 * answer both, and the list filters by either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListData } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

const AUDIT = '/base/admin/auditLog';
let server: TestServer;
let admin: string;
let impostor: string;
let auditor: string;
let impostorId: number;
let adminId: number;

type Row = Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  adminId = (await server.db.selectFrom('user').select('id').where('code', '=', ADMIN.username).executeTakeFirstOrThrow()).id;
  ({ userId: impostorId } = await server.createUser({ code: 'atk_staff', password: 'staff-pass-1', apis: ['/param/saveOrUpdate'] }));
  await server.createUser({ code: 'atk_audit', password: 'audit-pass-1', apis: ['/auditLog/list', '/auditLog/detail'] });
  impostor = await server.tokenFor('atk_staff', 'staff-pass-1');
  auditor = await server.tokenFor('atk_audit', 'audit-pass-1');
  // As found: the impostor takes the admin's display name.
  await server.db.updateTable('user').set({ name: '超级管理员' }).where('id', '=', impostorId).execute();
});
afterAll(async () => {
  await server?.close();
});

const list = async (query: Record<string, string | number>) => {
  const answer = await server.call<ListData<Row>>('GET', `${AUDIT}/list`, { token: auditor, query: { page: 1, size: 50, ...query } });
  expect(answer.body.code, answer.text).toBe(Code.OK);
  return answer.body.data;
};

describe('a staff member named like the super-admin', () => {
  it('writes rows that name its own account, told apart from the admin’s in the list, the show view and the filters', async () => {
    const param = (token: string, paramKey: string) => server.call('POST', '/base/admin/param/saveOrUpdate', { token, body: { sortNum: 1, paramKey, value: 'v' } });
    expect((await param(impostor, 'spoof.one')).body.code).toBe(Code.OK);
    expect((await param(admin, 'spoof.two')).body.code).toBe(Code.OK);

    const { items } = await list({ route: '/base/admin/param/saveOrUpdate' });
    expect(items).toHaveLength(2);
    const byKey = (key: string) => items.find((row) => String(row.changes).includes(key))!;
    expect(byKey('spoof.one')).toMatchObject({ userName: '超级管理员', userCode: 'atk_staff', userId: impostorId });
    expect(byKey('spoof.two')).toMatchObject({ userName: '超级管理员', userCode: ADMIN.username, userId: adminId });

    const shown = await server.call<Row>('GET', `${AUDIT}/detail`, { token: auditor, query: { id: Number(byKey('spoof.one').id) } });
    expect(shown.body.data).toMatchObject({ userName: '超级管理员', userCode: 'atk_staff', userId: impostorId });

    // Filters are exact: the account code, or the user id (and the call, by its whole path).
    const mine = await list({ userCode: 'atk_staff' });
    expect(mine.items.map((row) => row.userId)).toEqual([impostorId]);
    expect((await list({ userCode: 'atk_sta' })).total).toBe(0);
    const admins = await list({ userId: adminId, route: '/base/admin/param/saveOrUpdate' });
    expect(admins.items.map((row) => row.userCode)).toEqual([ADMIN.username]);
  });

  it('keeps rows written before the account was recorded readable, named by their name alone', async () => {
    const { id } = await server.db
      .insertInto('auditLog')
      .values({ changedAt: Date.now(), requestId: 'old', userId: null, userName: '旧记录', method: 'POST', route: '/old', address: null, tableName: 'param', recordId: '1', action: 'update', changes: '{"value":["a","b"]}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shown = await server.call<Row>('GET', `${AUDIT}/detail`, { token: auditor, query: { id } });
    expect(shown.body.data).toMatchObject({ userName: '旧记录', userCode: null, userId: null });
  });
});

describe('a pooled connection that served a writing request', () => {
  it('does not lend that request’s account to a later write made outside any request', async () => {
    expect((await server.call('POST', '/base/admin/param/saveOrUpdate', { token: admin, body: { sortNum: 1, paramKey: 'pool.after', value: 'v' } })).body.code).toBe(Code.OK);
    const before = Number((await server.db.selectFrom('auditLog').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
    // Start-up and maintenance writes have no request: they are not audited, whichever connection runs them.
    for (let i = 0; i < 12; i++) await server.db.updateTable('param').set({ value: `maintenance ${i}` }).where('paramKey', '=', 'pool.after').execute();
    const rows = await server.db.selectFrom('auditLog').select(['userCode', 'route']).where('id', '>', before).execute();
    expect(rows).toEqual([]);
  });
});
