/**
 * /user/list and /user/filterList: newest first with row numbers and totals, department names,
 * roles and census region names, every filter (office, name, phone, code, roles, searchKey) as a
 * case-insensitive "contains" taken literally, totals that follow changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { create, list, staffInput } from './staffFixtures';

let server: TestServer;
let admin: string;
let officeA: number;
let officeB: number;
let roleA: number;
let roleB: number;
const ids: Record<string, number> = {};

async function office(name: string): Promise<number> {
  return (await server.db.insertInto('office').values({ type: 1, parentId: 0, name, remark: null, createTime: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.tokenFor(ADMIN.username, ADMIN.password);
  officeA = await office('研发部');
  officeB = await office('市场部');
  ({ roleId: roleA } = await server.createUser({ code: 'ownerA', password: 'owner-pass', name: 'owner A' }));
  ({ roleId: roleB } = await server.createUser({ code: 'ownerB', password: 'owner-pass', name: 'owner B' }));
  const members: Array<[string, Record<string, unknown>, string]> = [
    ['zhang', { name: '张三丰', code: 'E10001', telephone: '13811110001', officeId: officeA }, `${roleA}`],
    ['wuji', { name: '张无忌', code: 'E10002', telephone: '13811110002', officeId: officeA }, ''],
    ['li', { name: '李寻欢', code: 'M20003', telephone: '13922220003', officeId: officeB }, `${roleA},${roleB}`],
    ['wang', { name: 'Wang Xiaoming', code: 'W.x_9', telephone: '13733330004' }, `${roleB}`],
    ['percent', { name: '百分之100%达成', code: 'P30005', telephone: '15944440005' }, ''],
    ['under', { name: 'a_b', code: 'P30006', telephone: '15944440006' }, ''],
    ['quote', { name: 'O\'Neil "Q"', code: 'Q30007', telephone: '15944440007' }, ''],
  ];
  let n = 100;
  for (const [key, overrides, roleIds] of members) ids[key] = await create(server, admin, staffInput(n++, overrides), roleIds);
});
afterAll(async () => {
  await server?.close();
});

const names = (items: Array<{ name: string }>) => items.map((i) => i.name).sort();

describe('the staff list', () => {
  it('answers every account newest first with row numbers, department, roles and census region names', async () => {
    const { body } = await list(server, admin, { pageNo: 1, pageSize: 3 });
    expect(body.code).toBe(0);
    expect(body.data.total).toBe(10); // 7 staff, 2 role owners, admin
    expect(body.data.items.map((i) => i.id)).toEqual([ids.quote, ids.under, ids.percent]);
    expect(body.data.items.map((i) => i.idx)).toEqual([1, 2, 3]);

    const page2 = (await list(server, admin, { page: 2, size: 3 })).body.data;
    expect(page2.items.map((i) => i.idx)).toEqual([4, 5, 6]);
    expect(page2.items.map((i) => i.id)).toEqual([ids.wang, ids.li, ids.wuji]);
    const li = page2.items[1]!;
    expect(li).toMatchObject({ officeName: '市场部', adminFlag: 0, censusRegionName: '浙江省 / 杭州市 / 西湖区', isEnable: '1' });
    expect(li.roles).toEqual([{ id: roleA, name: 'role of ownerA', expiresAt: null }, { id: roleB, name: 'role of ownerB', expiresAt: null }]);
    expect(li).not.toHaveProperty('passwordHash');
    expect(li).not.toHaveProperty('mustChangePassword');

    const last = (await list(server, admin, { pageNo: 4, pageSize: 3 })).body.data;
    expect(last.total).toBe(10);
    const adminRow = last.items[0]!;
    expect(adminRow).toMatchObject({ code: 'admin', idx: 10, telephone: null, officeName: null, censusRegionName: null });
    expect(adminRow.roles.map((r) => r.name)).toEqual(['超级管理员']);
  });

  it('names census regions in the caller’s language', async () => {
    const { body } = await server.call<{ items: Array<{ censusRegionName: string }> }>('GET', '/base/admin/user/list', {
      token: admin,
      headers: { 'accept-language': 'en-US' },
      query: { pageSize: 1 },
    });
    expect(body.data.items[0]!.censusRegionName).toBe('Zhejiang / Hangzhou / Xihu District');
  });

  it('filters by department and by roles held (any of them)', async () => {
    expect(names((await list(server, admin, { officeId: officeA })).body.data.items)).toEqual(['张三丰', '张无忌']);
    expect((await list(server, admin, { officeId: officeB })).body.data.total).toBe(1);
    expect((await list(server, admin, { officeId: 987654 })).body.data.total).toBe(0);
    expect(names((await list(server, admin, { roleIds: `${roleB}` })).body.data.items)).toEqual(['Wang Xiaoming', 'owner B', '李寻欢']);
    expect((await list(server, admin, { roleIds: `${roleA},${roleB}` })).body.data.total).toBe(5);
    expect((await list(server, admin, { roleIds: `${roleA}`, officeId: officeA })).body.data.items.map((i) => i.name)).toEqual(['张三丰']);
    expect((await list(server, admin, { roleIds: 'x' })).body.code).toBe(Code.VALIDATION_FAILED);
  });

  it('finds names, phones and codes containing the text, short or long, in any case', async () => {
    expect(names((await list(server, admin, { name: '张' })).body.data.items)).toEqual(['张三丰', '张无忌']);
    expect(names((await list(server, admin, { name: '张三丰' })).body.data.items)).toEqual(['张三丰']);
    expect(names((await list(server, admin, { name: 'xiaom' })).body.data.items)).toEqual(['Wang Xiaoming']);
    expect(names((await list(server, admin, { name: 'WANG' })).body.data.items)).toEqual(['Wang Xiaoming']);
    expect(names((await list(server, admin, { telephone: '2222' })).body.data.items)).toEqual(['李寻欢']);
    expect(names((await list(server, admin, { telephone: '11' })).body.data.items)).toEqual(['张三丰', '张无忌']);
    expect(names((await list(server, admin, { code: 'e1000' })).body.data.items)).toEqual(['张三丰', '张无忌']);
    expect(names((await list(server, admin, { code: 'm2', name: '李' })).body.data.items)).toEqual(['李寻欢']);
    expect((await list(server, admin, { code: 'e1000', telephone: '2222' })).body.data.total).toBe(0);
  });

  it('searches name, code or phone with searchKey, on /filterList as on /list', async () => {
    expect(names((await list(server, admin, { searchKey: '张无' }, 'filterList')).body.data.items)).toEqual(['张无忌']);
    expect(names((await list(server, admin, { searchKey: 'm20003' }, 'filterList')).body.data.items)).toEqual(['李寻欢']);
    expect(names((await list(server, admin, { searchKey: '44440' }, 'filterList')).body.data.items)).toEqual(['O\'Neil "Q"', 'a_b', '百分之100%达成']);
    const paged = (await list(server, admin, { searchKey: '1', pageNo: 2, pageSize: 2 }, 'filterList')).body.data;
    expect(paged.items.map((i) => i.idx)).toEqual([3, 4]);
    expect(paged.total).toBeGreaterThanOrEqual(7);
  });

  it('takes wildcards, quotes and SQL literally', async () => {
    expect(names((await list(server, admin, { name: '%' })).body.data.items)).toEqual(['百分之100%达成']);
    expect(names((await list(server, admin, { name: '0%达' })).body.data.items)).toEqual(['百分之100%达成']);
    expect(names((await list(server, admin, { name: '_' })).body.data.items)).toEqual(['a_b']);
    expect(names((await list(server, admin, { searchKey: 'x_9' })).body.data.items)).toEqual(['Wang Xiaoming']);
    expect(names((await list(server, admin, { name: '"Q"' })).body.data.items)).toEqual(['O\'Neil "Q"']);
    // At most 20 characters: a longer name search is refused (the field holds 20).
    for (const name of ["' OR 1=1 --", '" OR name : "张', 'NEAR(a b)', '*', '\\', "');drop table user--"]) {
      const { body } = await list(server, admin, { name });
      expect(body.code, name).toBe(0);
      expect(body.data.total, name).toBe(0);
    }
    expect((await list(server, admin, {})).body.data.total).toBe(10);
  });

  it('counts the new total after members are added, moved or deleted', async () => {
    const totalOf = async (query: Record<string, string | number>) => (await list(server, admin, { ...query, pageSize: 1 })).body.data.total;
    const before = await totalOf({});
    const inA = await totalOf({ officeId: officeA });
    const id = await create(server, admin, staffInput(200, { officeId: officeA }));
    expect(await totalOf({})).toBe(before + 1);
    expect(await totalOf({ officeId: officeA })).toBe(inA + 1);
    // Moved by the organisation screens, which write user.officeId themselves.
    await server.db.updateTable('user').set({ officeId: officeB }).where('id', '=', id).execute();
    expect(await totalOf({ officeId: officeA })).toBe(inA);
    await server.db.insertInto('userRole').values({ userId: id, roleId: roleB }).execute();
    expect(await totalOf({ roleIds: `${roleB}` })).toBe(4);
    await server.db.deleteFrom('user').where('id', '=', id).execute();
    expect(await totalOf({})).toBe(before);
    expect(await totalOf({ roleIds: `${roleB}` })).toBe(3);
  });

  it('finds a name by one or two characters after a rename, not by the old name, and pages and counts such a search', async () => {
    const byName = async (name: string, extra: Record<string, string | number> = {}) => (await list(server, admin, { name, ...extra })).body.data;
    const id = await create(server, admin, staffInput(300, { name: '欧阳锋' }));
    expect(names((await byName('欧阳')).items)).toEqual(['欧阳锋']);
    // Renamed by the staff dialog's save and, elsewhere, by anything writing the table.
    await server.db.updateTable('user').set({ name: '欧阳克' }).where('id', '=', id).execute();
    expect((await byName('锋')).total).toBe(0);
    expect(names((await byName('克')).items)).toEqual(['欧阳克']);
    // Two short names at once: both must be in the name.
    expect(names((await byName('欧', { code: 'e1' })).items)).toEqual([]);
    const more = [await create(server, admin, staffInput(301, { name: '张小克' })), await create(server, admin, staffInput(302, { name: '克张' }))];
    const pageOne = await byName('克', { pageNo: 1, pageSize: 2 });
    const pageTwo = await byName('克', { pageNo: 2, pageSize: 2 });
    expect(pageOne.total).toBe(3);
    expect([...pageOne.items, ...pageTwo.items].map((i) => i.name)).toEqual(['克张', '张小克', '欧阳克']);
    expect(pageTwo.items.map((i) => i.idx)).toEqual([3]);
    expect(names((await list(server, admin, { name: '克', searchKey: '张' })).body.data.items)).toEqual(['克张', '张小克']);
    for (const removed of [id, ...more]) await server.db.deleteFrom('user').where('id', '=', removed).execute();
    expect((await byName('克')).total).toBe(0);
  });

  it('finds a telephone by four digits or more anywhere in it, after a change of number, and never by its last four alone', async () => {
    const byPhone = async (telephone: string) => names((await list(server, admin, { telephone })).body.data.items);
    const id = await create(server, admin, staffInput(310, { name: '令狐冲', telephone: '13655667788' }));
    expect(await byPhone('5566')).toEqual(['令狐冲']);
    expect(await byPhone('36556677')).toEqual(['令狐冲']);
    // Same last four digits, different before them: not a match.
    expect(await byPhone('99667788')).toEqual([]);
    await server.db.updateTable('user').set({ telephone: '13699990000' }).where('id', '=', id).execute();
    expect(await byPhone('5566')).toEqual([]);
    expect(await byPhone('69999')).toEqual(['令狐冲']);
    expect(names((await list(server, admin, { telephone: '9999', name: '狐' })).body.data.items)).toEqual(['令狐冲']);
    expect(names((await list(server, admin, { telephone: '9999', name: '张' })).body.data.items)).toEqual([]);
    await server.db.deleteFrom('user').where('id', '=', id).execute();
    expect(await byPhone('69999')).toEqual([]);
  });
});
