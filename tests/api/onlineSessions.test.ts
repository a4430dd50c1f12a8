/**
 * Online users: the live sessions with their user, address and browser; ending one, or all of a
 * user's, answers 1007 to those tokens' next call and leaves the others; sessions past their limits
 * are not listed; ending the sessions of an account holding a role the caller lacks is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type ListData } from '../../contract';
import { sha256Hex } from '../../server/auth/passwords';
import { ADMIN, startTestServer, type TestServer } from './harness';

const IDLE_MS = 60 * 60_000;
const ENDS = ['/onlineSession/end', '/onlineSession/endUser', '/onlineSession/list'];

let server: TestServer;
let admin: string;
let erinId: number;
beforeAll(async () => {
  server = await startTestServer({ session: { idleMs: IDLE_MS } });
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  ({ userId: erinId } = await server.createUser({ code: 'erin', password: 'erin-pass', name: '艾琳' }));
  await server.createUser({ code: 'frank', password: 'frank-pass', apis: ENDS });
});
afterAll(async () => {
  await server?.close();
});

interface OnlineRow {
  id: number;
  userId: number;
  userName: string;
  userCode: string;
  address: string | null;
  userAgent: string | null;
  createdAt: number;
  lastSeenAt: number;
}

async function loginFrom(username: string, password: string, address: string): Promise<string> {
  const answer = await server.call<{ token: string }>('POST', '/base/admin/user/login', {
    body: { username, password: sha256Hex(password) },
    remoteAddress: address,
    headers: { 'user-agent': `Browser of ${address}` },
  });
  expect(answer.body.code).toBe(Code.OK);
  return answer.body.data.token;
}
const online = async (query: Record<string, string | number> = {}) =>
  (await server.call<ListData<OnlineRow>>('GET', '/base/admin/onlineSession/list', { token: admin, query: { pageSize: 100, ...query } })).body.data.items;
const info = (token: string) => server.call('GET', '/base/admin/user/info', { token });

describe('online users', () => {
  it('lists each live session with its user, address and browser, newest activity first', async () => {
    await loginFrom('erin', 'erin-pass', '10.1.0.1');
    await loginFrom('erin', 'erin-pass', '10.1.0.2');
    const erin = await online({ userCode: 'erin' });
    expect(erin.map((s) => s.address).sort()).toEqual(['10.1.0.1', '10.1.0.2']);
    expect(erin[0]).toMatchObject({ userId: erinId, userName: '艾琳', userCode: 'erin' });
    expect(erin.map((s) => s.userAgent).sort()).toEqual(['Browser of 10.1.0.1', 'Browser of 10.1.0.2']);
  });

  it('ends one session: its token answers 1007 next, the user’s other session goes on', async () => {
    const first = await loginFrom('erin', 'erin-pass', '10.2.0.1');
    const second = await loginFrom('erin', 'erin-pass', '10.2.0.2');
    const target = (await online({ address: '10.2.0.1' }))[0]!;
    const ended = await server.call<{ ended: number }>('POST', '/base/admin/onlineSession/end', { token: admin, body: { ids: String(target.id) } });
    expect(ended.body.data).toEqual({ ended: 1 });
    expect((await info(first)).body.code).toBe(Code.TOKEN_EXPIRED);
    expect((await info(second)).body.code).toBe(Code.OK);
    expect((await online({ address: '10.2.0.1' })).length).toBe(0);
  });

  it('ends all of a user’s sessions at once, and no one else’s', async () => {
    const tokens = [await loginFrom('erin', 'erin-pass', '10.3.0.1'), await loginFrom('erin', 'erin-pass', '10.3.0.2')];
    const ended = await server.call<{ ended: number }>('GET', '/base/admin/onlineSession/endUser', { token: admin, query: { userIds: erinId } });
    expect(ended.body.data.ended).toBeGreaterThanOrEqual(2);
    for (const token of tokens) expect((await info(token)).body.code).toBe(Code.TOKEN_EXPIRED);
    expect(await online({ userCode: 'erin' })).toEqual([]);
    expect((await info(admin)).body.code).toBe(Code.OK);
  });

  it('ends 3,000 live sessions of one account in one call, each recorded (no list of them goes into one statement)', async () => {
    const { userId } = await server.createUser({ code: 'many', password: 'many-pass' });
    const now = Date.now();
    const rows = Array.from({ length: 3000 }, (_, i) => ({ tokenHash: `many-${i}`, userId, createdAt: now, lastSeenAt: now, revokedAt: null, address: '10.9.0.1', userAgent: null }));
    for (let i = 0; i < rows.length; i += 500) await server.db.insertInto('session').values(rows.slice(i, i + 500)).execute();
    const answer = await server.call<{ ended: number }>('GET', '/base/admin/onlineSession/endUser', { token: admin, query: { userIds: userId } });
    expect(answer.body.code).toBe(Code.OK);
    expect(answer.body.data).toEqual({ ended: 3000 });
    expect(await online({ userCode: 'many' })).toEqual([]);
    const noted = await server.db
      .selectFrom('auditLog')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('tableName', '=', 'session')
      .where('route', '=', '/base/admin/onlineSession/endUser')
      .where('changes', 'like', `%"user_id":[${userId},${userId}]%`)
      .executeTakeFirstOrThrow();
    expect(Number(noted.count)).toBe(3000);
  });

  it('records each ended session in the audit log, as the administrator’s', async () => {
    const token = await loginFrom('erin', 'erin-pass', '10.4.0.1');
    const target = (await online({ address: '10.4.0.1' }))[0]!;
    await server.call('POST', '/base/admin/onlineSession/end', { token: admin, body: { ids: String(target.id) } });
    const row = await server.db.selectFrom('auditLog').selectAll().where('tableName', '=', 'session').where('recordId', '=', String(target.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userName: '超级管理员', route: '/base/admin/onlineSession/end', action: 'update' });
    expect(JSON.parse(row.changes!).revoked_at[0]).toBeNull();
    expect((await info(token)).body.code).toBe(Code.TOKEN_EXPIRED);
  });

  it('does not list a session idle past the limit, though never ended', async () => {
    await loginFrom('erin', 'erin-pass', '10.5.0.1');
    await server.db.updateTable('session').set({ lastSeenAt: Date.now() - IDLE_MS - 1000 }).where('address', '=', '10.5.0.1').execute();
    expect(await online({ address: '10.5.0.1' })).toEqual([]);
  });

  it('refuses a caller ending the sessions of an account holding a role the caller does not hold, and ends nothing', async () => {
    const frank = await server.tokenFor('frank', 'frank-pass');
    const adminSession = (await online({ userCode: 'admin' }))[0]!;
    expect((await server.call('POST', '/base/admin/onlineSession/end', { token: frank, body: { ids: String(adminSession.id) } })).body.code).toBe(Code.FORBIDDEN);
    expect((await server.call('GET', '/base/admin/onlineSession/endUser', { token: frank, query: { userIds: adminSession.userId } })).body.code).toBe(Code.FORBIDDEN);
    expect((await info(admin)).body.code).toBe(Code.OK);
    // Nothing to end is not an error: ids that name no live session end nothing.
    expect((await server.call<{ ended: number }>('POST', '/base/admin/onlineSession/end', { token: frank, body: { ids: '987654' } })).body.data).toEqual({ ended: 0 });
  });
});
