/**
 * More than one server on one PostgreSQL: four started at once on an empty database all start,
 * and migrations and seed ran once; then two of them serve the same console: a login on one works
 * on the other, and a grant, a disable, an ended session and a dictionary change made through one
 * hold on the other's very next request.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchDatabase, type BenchDatabase } from '../bench/benchDatabase';
import { startServer, type ServerProcess } from '../bench/serverProcess';
import { sha256Hex } from '../../server/auth/passwords';
import { Client } from './client';

const [OK, EXPIRED, FORBIDDEN] = [0, 1007, 1003];

let database: BenchDatabase;
let servers: ServerProcess[] = [];
beforeAll(async () => {
  database = await benchDatabase('postgres', 'servers');
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await database?.dispose();
});

async function count(sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0].n);
  } finally {
    await client.end();
  }
}

describe('servers sharing one PostgreSQL', () => {
  it('start together on an empty database, migrating and seeding once', async () => {
    servers = await Promise.all(Array.from({ length: 4 }, () => startServer({ databaseUrl: database.url, env: { SEED: 'demo' } })));
    expect(await count(`select count(*) as n from app where code = 'base'`)).toBe(1);
    expect(await count(`select count(*) as n from "user" where code = 'admin'`)).toBe(1);
    expect(await count(`select count(*) as n from role where role_key = 'superAdmin'`)).toBe(1);
    expect(await count(`select count(*) as n from (select app_id, code from permission where code is not null group by app_id, code having count(*) > 1) twice`)).toBe(0);
    expect(await count(`select count(*) as n from (select param_key from param group by param_key having count(*) > 1) twice`)).toBe(0);
    expect(await count(`select count(*) as n from kysely_migration`)).toBeGreaterThan(10);
    expect(await count(`select count(*) as n from (select name from kysely_migration group by name having count(*) > 1) twice`)).toBe(0);
    for (const server of servers.slice(2)) await server.stop();
    servers = servers.slice(0, 2);
  });

  it('hold every change made through one on the other’s next request', async () => {
    const [a, b] = servers.map((server) => new Client(server.address)) as [Client, Client];
    await a.login();
    // A session started on A opens B.
    b.token = a.token;
    expect((await b.call('GET', '/base/admin/user/info')).code).toBe(OK);

    // A member with no grants, then granted /param/list through A: B lets them in at once.
    const role = await a.call<{ id: number }>('POST', '/base/admin/role/saveOrUpdate', { sortNum: 9, roleKey: 'twoServers', name: '双机角色', appId: await baseApp(a), roleType: 2, isEnable: '1' });
    const member = await a.call<{ id: number }>('POST', '/base/admin/user/saveOrUpdate', { userCenter: memberCenter(), roleIds: String(role.data.id) });
    expect(member.code).toBe(OK);
    await a.call('GET', '/base/admin/user/resetPwd', { ids: member.data.id, pwd: sha256Hex('twoServers-1') });
    const onB = new Client(b.address);
    await onB.login('TS0001', 'twoServers-1');
    await onB.call('POST', '/base/admin/user/changePwd', { oldPwd: sha256Hex('twoServers-1'), newPwd: sha256Hex('twoServers-2') });
    expect((await onB.call('GET', '/base/admin/param/list')).code).toBe(FORBIDDEN);
    const paramList = await nodeId('/param/list');
    const paramPage = await nodeId('param:list', 'code');
    expect((await a.call('GET', '/base/admin/rolePermission/save', { appId: await baseApp(a), roleId: role.data.id, permissionIds: `${paramPage},${paramList}` })).code).toBe(OK);
    expect((await onB.call('GET', '/base/admin/param/list')).code).toBe(OK);

    // A dictionary item switched off through A is gone from B's dropdown answer.
    const before = await b.call<Array<{ dicKey: string }>>('GET', '/base/admin/dic/ListByKey', { dicKey: 'business_type' });
    const dics = await a.call<{ items: Array<{ id: number; dicKey: string }> }>('GET', '/base/admin/dic/list', { parentId: 0, searchKey: 'business_type', page: 1, size: 10 });
    const items = await a.call<{ items: Array<{ id: number; dicKey: string }> }>('GET', '/base/admin/dic/list', { parentId: dics.data.items[0]!.id, page: 1, size: 10 });
    const switched = items.data.items[0]!;
    expect((await a.call('POST', '/base/admin/dic/saveOrUpdate', { id: switched.id, openStatus: 0 })).code).toBe(OK);
    const after = await b.call<Array<{ dicKey: string }>>('GET', '/base/admin/dic/ListByKey', { dicKey: 'business_type' });
    expect(after.data.map((i) => i.dicKey)).toEqual(before.data.map((i) => i.dicKey).filter((key) => key !== switched.dicKey));

    // A session ended from A's online users answers 1007 on B.
    const session = await a.call<{ items: Array<{ id: number }> }>('GET', '/base/admin/onlineSession/list', { userCode: 'TS0001', page: 1, size: 10 });
    expect((await a.call('POST', '/base/admin/onlineSession/end', { ids: String(session.data.items[0]!.id) })).code).toBe(OK);
    expect((await onB.call('GET', '/base/admin/param/list')).code).toBe(EXPIRED);

    // Disabled through A: a new session of theirs ends on B at once.
    await onB.login('TS0001', 'twoServers-2');
    expect((await onB.call('GET', '/base/admin/param/list')).code).toBe(OK);
    expect((await a.call('GET', '/base/admin/user/enable', { ids: member.data.id, isEnable: '0' })).code).toBe(OK);
    expect((await onB.call('GET', '/base/admin/param/list')).code).toBe(EXPIRED);
    expect([...a.faults, ...b.faults, ...onB.faults]).toEqual([]);
  });
});

async function baseApp(client: Client): Promise<number> {
  const apps = await client.call<{ items: Array<{ id: number; code: string }> }>('GET', '/base/admin/app/list', { pageNo: 1, pageSize: 100 });
  return apps.data.items.find((app) => app.code === 'base')!.id;
}

/** A node of the base app's permission tree by its url (an API element) or code (a page element). */
async function nodeId(value: string, by: 'url' | 'code' = 'url'): Promise<number> {
  return count(`select p.id as n from permission p join app a on a.id = p.app_id where a.code = 'base' and p.${by} = '${value.replace(/'/g, "''")}'`);
}

function memberCenter(): Record<string, unknown> {
  return {
    name: '双机成员', code: 'TS0001', telephone: '13700001111', sex: 1, birthday: '1990-01-01', nation: '01', card: '110101199001011237',
    marriageStatus: 1, email: 'twoservers@example.com', crashName: '联系人', crashPhone: '13900001111',
    censusProvince: '110000', censusCity: '110100', censusArea: '110101', censusAddress: '1号', liveProvince: '110000', liveCity: '110100', liveArea: '110101', liveAddress: '2号',
    graduatedSchool: '某大学', specialty: '管理', education: 4, graduatedTime: '2012-07-01', officeId: null, position: '工程师', grade: 'P5', isEnable: '1',
  };
}
