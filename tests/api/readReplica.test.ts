/**
 * A read replica (README, *A read replica*): with DATABASE_READ_URL the statistics and the audit
 * and login logs (`reads: 'replica'`) read a PostgreSQL streaming replica, while every access
 * decision (grants, sessions, the caller's data scope) reads the primary.
 *
 * On PostgreSQL the file makes a real replica on this machine (./replicaCluster.ts:
 * pg_basebackup, a second server on a free port) and pauses its replay to hold it behind the
 * primary: what the primary changed since is refused or missing as the routing says. It fails,
 * saying what the machine lacks, when no replica can be made. On both databases: a replica is
 * refused with SQLite, and a resource reading one must be read-only.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, DataScope, type ListData, type MediaStatsRow, type TotalNums } from '../../contract';
import { auditLogResource } from '../../resources/audit/definition';
import { paramResource } from '../../resources/param/definition';
import { loadConfig } from '../../server/config';
import { checkDefinitions } from '../../server/crud/definitionRules';
import { currentSchema } from '../../server/db/database';
import { exportCall, readSheet } from './exportFiles';
import { ADMIN, handleOf, startTestServer, type TestServer } from './harness';
import { startReplica, type Replica } from './replicaCluster';

describe('a read replica is declared where it can hold', () => {
  it('DATABASE_READ_URL is refused at start unless both databases are PostgreSQL: SQLite has no replica', () => {
    const cases = [
      { DATABASE_READ_URL: 'postgres://u@replica/console' },
      { DATABASE_URL: 'data/console.db', DATABASE_READ_URL: 'postgres://u@replica/console' },
      { DATABASE_URL: 'postgres://u@db/console', DATABASE_READ_URL: 'data/replica.db' },
    ];
    for (const env of cases) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow('DATABASE_READ_URL names a read replica, which only PostgreSQL has: both it and DATABASE_URL must be postgres:// URLs (unset it on SQLite)');
    }
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/console', DATABASE_READ_URL: 'postgres://u@replica/console' }).databaseReadUrl).toBe('postgres://u@replica/console');
  });

  it("reads: 'replica' on a resource that saves or deletes stops the start: a save checks the record's version on the primary", () => {
    expect(() => checkDefinitions([{ ...paramResource, reads: 'replica' }])).toThrow(/Resource param: reads 'replica' is for read-only resources/);
    expect(() => checkDefinitions([auditLogResource])).not.toThrow();
  });
});

// PostgreSQL only: SQLite has no replica (refused above).
if (process.env.TEST_DATABASE_URL) describe('a streaming replica of the PostgreSQL primary', () => {
  const primaryUrl = process.env.TEST_DATABASE_URL!;
  /** 2026-03-15 12:30 in Asia/Shanghai: the statistics' "today". */
  const NOW = Date.UTC(2026, 2, 15, 4, 30);
  let replica: Replica;
  let server: TestServer;
  let admin: string;
  let schema: string;
  let owner: number;
  let serial = 0;

  beforeAll(async () => {
    // First the replica, then the test's schema: it reaches the replica as every later write does.
    replica = await startReplica(primaryUrl);
    // Reads try the replica first every time (no wait after a failed connect): its return is seen at once.
    server = await startTestServer({ replicaUrl: replica.url, replicaRetryMs: 0, statisticsClock: { timeZone: 'Asia/Shanghai', now: () => NOW } });
    admin = await server.tokenFor(ADMIN.username, ADMIN.password);
    schema = (await currentSchema(handleOf(server)))!;
    ({ id: owner } = await server.db.insertInto('siteUser').values({ userName: 'replica-owner', mediaAdminId: null, serviceId: 31 }).returning('id').executeTakeFirstOrThrow());
    await replica.caughtUp();
    // A copy of the whole cluster and a second server, then a prepared schema: minutes on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await replica?.dispose();
  });

  /** Runs `during` with the replica's replay paused, then resumes it and waits until it has caught up. */
  async function whilePaused(during: () => Promise<void>): Promise<void> {
    await replica.caughtUp();
    await replica.pauseReplay();
    try {
      await during();
    } finally {
      await replica.resumeReplay();
    }
    await replica.caughtUp();
  }

  /** How many rows of a table in this file's schema the replica holds. */
  const onReplica = async (table: string, where: string, values: unknown[]) =>
    Number((await replica.query<{ n: string }>(`select count(*) as n from "${schema}"."${table}" where ${where}`, values))[0]!.n);

  const auditList = async (token: string, query: Record<string, string | number>) => server.call<ListData<{ id: number; tableName: string; recordId: string }>>('GET', '/base/admin/auditLog/list', { token, query: { pageSize: 100, ...query } });
  const saveParam = async () => {
    const { body } = await server.call<{ id: number }>('POST', '/base/admin/param/saveOrUpdate', { token: admin, body: { sortNum: 1, paramKey: `replica.${++serial}`, value: 'v' } });
    expect(body.code, JSON.stringify(body)).toBe(Code.OK);
    return String(body.data.id);
  };
  const totals = async () => (await server.call<TotalNums>('GET', '/admin/dashboard/statistics/totalNums', { token: admin })).body;
  const mediaTraffic = async () => {
    const { body } = await server.call<ListData<MediaStatsRow>>('GET', '/base/admin/mediaStats/list', { token: admin, query: { startDate: '2026-03-01', endDate: '2026-03-15', serviceId: 31 } });
    expect(body.code).toBe(Code.OK);
    return body.data.items.find((row) => row.userId === owner)?.traffic;
  };

  it('a grant revoked and a session ended on the primary are refused on the very next request, while the paused replica still holds them', async () => {
    const { roleId } = await server.createUser({ code: 'revoked', password: 'revoked-pass1', apis: ['/auditLog/list'] });
    const token = await server.tokenFor('revoked', 'revoked-pass1');
    const ended = await server.tokenFor('revoked', 'revoked-pass1');
    expect((await auditList(token, {})).body.code).toBe(Code.OK);
    expect((await auditList(ended, {})).body.code).toBe(Code.OK);
    await whilePaused(async () => {
      await server.db.deleteFrom('rolePermission').where('roleId', '=', roleId).execute();
      expect((await auditList(token, {})).body.code).toBe(Code.FORBIDDEN);
      expect(await onReplica('role_permission', 'role_id = $1', [roleId])).toBeGreaterThan(0);

      expect((await server.call('POST', '/base/admin/user/logout', { token: ended })).body.code).toBe(Code.OK);
      expect((await auditList(ended, {})).body.code).toBe(Code.TOKEN_EXPIRED);
      expect(await onReplica('session', 'token_hash = encode(sha256(convert_to($1, $2)), $3) and revoked_at is null', [ended, 'UTF8', 'hex'])).toBe(1);
    });
  });

  it("the caller's data scope is read from the primary: narrowed while the replica is paused, the list leaves out at once the rows it no longer reaches", async () => {
    const { roleId } = await server.createUser({ code: 'scoped', password: 'scoped-pass1', apis: ['/auditLog/list'] });
    const { userId: other } = await server.createUser({ code: 'scoped-other', password: 'scoped-pass2' });
    const token = await server.tokenFor('scoped', 'scoped-pass1');
    const route = '/replica-scope-fixture';
    const row = (tableName: string, recordId: string) => ({ changedAt: Date.now(), requestId: `req-${recordId}`, userId: null, userCode: 'admin', userName: 'admin', method: 'POST', route, address: null, tableName, recordId, action: 'update' as const, changes: '{}' });
    await server.db.insertInto('auditLog').values([row('user', String(other)), row('param', 'p1')]).execute();
    await replica.caughtUp();
    const listed = async () => (await auditList(token, { route })).body.data.items.map((item) => item.tableName).sort();
    expect(await listed()).toEqual(['param', 'user']);
    await whilePaused(async () => {
      await server.db.insertInto('roleDataScope').values({ roleId, dataScope: DataScope.SELF }).execute();
      expect(await listed()).toEqual(['param']);
      expect(await onReplica('role_data_scope', 'role_id = $1', [roleId])).toBe(0);
    });
  });

  it('the audit and login logs read the replica: what the primary wrote while replay was paused is in their list, detail and export once it resumes', async () => {
    let recordId = '';
    let auditId = 0;
    // The param saves' rows (`recordId` is a "contains" search: the ids are compared).
    const query = { route: '/base/admin/param/saveOrUpdate', tableName: 'param' };
    const listed = async () => (await auditList(admin, query)).body.data.items.map((item) => item.id);
    const exported = async () => {
      const answer = await exportCall(server, admin, '/base/admin/auditLog/export', { ...query, columns: 'tableName,recordId' });
      expect(answer.envelope).toBeUndefined();
      return (await readSheet(answer.bytes)).rows.slice(1);
    };
    const loginRows = async () => (await server.call<ListData<unknown>>('GET', '/base/admin/loginLog/list', { token: admin, query: { userName: 'replica-ghost' } })).body.data.total;
    await server.createUser({ code: 'replica-ghost', password: 'replica-ghost-pass1' });
    await whilePaused(async () => {
      recordId = await saveParam();
      ({ id: auditId } = await server.db.selectFrom('auditLog').select('id').where('tableName', '=', 'param').where('recordId', '=', recordId).executeTakeFirstOrThrow());
      expect((await server.login('replica-ghost', 'not-its-password')).body.code).toBe(Code.LOGIN_FAILED);
      // A refusal's row is written with its turn's batch: on the primary before the list is asked.
      await expect.poll(async () => (await server.db.selectFrom('loginLog').select('id').where('userName', '=', 'replica-ghost').execute()).length).toBe(1);

      expect(await listed()).not.toContain(auditId);
      expect((await server.call('GET', '/base/admin/auditLog/detail', { token: admin, query: { id: auditId } })).body.code).toBe(Code.NOT_FOUND);
      expect(await exported()).not.toContainEqual(['param', recordId]);
      expect(await loginRows()).toBe(0);
    });
    expect(await listed()).toContain(auditId);
    expect((await server.call('GET', '/base/admin/auditLog/detail', { token: admin, query: { id: auditId } })).body).toMatchObject({ code: Code.OK, data: { id: auditId, recordId } });
    expect(await exported()).toContainEqual(['param', recordId]);
    expect(await loginRows()).toBe(1);
  });

  it('statistics read the replica, and their cache keeps the version read there: the new figures come with the replay', async () => {
    const before = await totals();
    expect(before.code).toBe(Code.OK);
    const traffic = await mediaTraffic();
    await whilePaused(async () => {
      const ingested = await server.call('POST', '/base/admin/statistics/ingest', { token: admin, body: { traffic: [{ siteUserId: owner, hour: '2026-03-15 10', count: 7 }] } });
      expect(ingested.body.code, ingested.text).toBe(Code.OK);
      expect(await totals()).toEqual(before);
      expect(await mediaTraffic()).toBe(traffic);
      const sheet = await exportCall(server, admin, '/base/admin/mediaStats/export', { startDate: '2026-03-01', endDate: '2026-03-15', serviceId: 31 });
      expect((await readSheet(sheet.bytes)).rows.slice(1)).toEqual([['replica-owner', null, traffic ?? 0]]);
    });
    expect((await totals()).data).toEqual({ ...before.data, todayTraffics: before.data.todayTraffics + 7, thisMonthTraffics: before.data.thisMonthTraffics + 7 });
    expect(await mediaTraffic()).toBe((traffic ?? 0) + 7);
  });

  it('the replica stopped: its reads go to the primary, and access is decided as before', async () => {
    const { roleId } = await server.createUser({ code: 'downcheck', password: 'downcheck-pass1', apis: ['/auditLog/list'] });
    await replica.stop();
    const token = await server.tokenFor('downcheck', 'downcheck-pass1');
    // Written after the stop: listed, so read from the primary.
    const recordId = await saveParam();
    expect((await auditList(token, { tableName: 'param', recordId })).body.data.total).toBe(1);
    expect((await totals()).code).toBe(Code.OK);
    await server.db.deleteFrom('rolePermission').where('roleId', '=', roleId).execute();
    expect((await auditList(token, { tableName: 'param', recordId })).body.code).toBe(Code.FORBIDDEN);
    expect((await server.call('GET', '/base/admin/user/info', { token: admin })).body.code).toBe(Code.OK);
  });

  it('a replica that takes the connection but never answers: reads wait at most the bounded connect time, then go to the primary', async () => {
    // Accepts TCP connections and says nothing: without a connect timeout a read would wait forever.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = new URL(primaryUrl);
    url.hostname = '127.0.0.1';
    url.port = String((silent.address() as AddressInfo).port);
    const other = await startTestServer({ replicaUrl: url.toString() });
    try {
      const token = await other.tokenFor(ADMIN.username, ADMIN.password);
      const answer = await other.call<ListData<unknown>>('GET', '/base/admin/loginLog/list', { token, query: { userName: ADMIN.username } });
      expect(answer.body).toMatchObject({ code: Code.OK, data: { total: 1 } });
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      await other.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('a server whose replica is unreachable at start starts, signs in and decides access; its reads go to the primary', async () => {
    // The stopped replica's port: nothing listens there any more.
    const other = await startTestServer({ replicaUrl: replica.url });
    try {
      const token = await other.tokenFor(ADMIN.username, ADMIN.password);
      const saved = await other.call<{ id: number }>('POST', '/base/admin/param/saveOrUpdate', { token, body: { sortNum: 1, paramKey: 'replica.down', value: 'v' } });
      expect(saved.body.code).toBe(Code.OK);
      const answer = await other.call<ListData<unknown>>('GET', '/base/admin/auditLog/list', { token, query: { tableName: 'param', recordId: String(saved.body.data.id) } });
      expect(answer.body).toMatchObject({ code: Code.OK, data: { total: 1 } });
      const { userId } = await other.createUser({ code: 'nogrant', password: 'nogrant-pass1' });
      expect(userId).toBeGreaterThan(0);
      expect((await other.call('GET', '/base/admin/auditLog/list', { token: await other.tokenFor('nogrant', 'nogrant-pass1') })).body.code).toBe(Code.FORBIDDEN);
    } finally {
      await other.close();
    }
  });

  it('the replica back: reads return to it', async () => {
    await replica.start();
    const query = { route: '/base/admin/param/saveOrUpdate', tableName: 'param' };
    await whilePaused(async () => {
      const recordId = await saveParam();
      const { id } = await server.db.selectFrom('auditLog').select('id').where('tableName', '=', 'param').where('recordId', '=', recordId).executeTakeFirstOrThrow();
      expect((await auditList(admin, query)).body.data.items.map((item) => item.id)).not.toContain(id);
    });
  }, 120_000);
});
