/**
 * A demo database started again: its dashboard's "today" carries the demo traffic up to the
 * current hour, whenever it was seeded, and a demo part it lacks (a screen shipped after its seed)
 * is added. A database seeded without the demo is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenuType, type ChartData, type TotalNums } from '../../contract';
import { demoCount, DEMO_SITE_USERS } from '../../server/statistics/demoStatistics';
import { ADMIN, startTestServer, type TestServer } from './harness';

const HOUR = 3_600_000;
const clockAt = (now: number) => ({ timeZone: 'Asia/Shanghai', now: () => now });
// 2026-05-10 09:30 and, three days later, 2026-05-13 14:30 in Asia/Shanghai.
const SEEDED = Date.UTC(2026, 4, 10, 1, 30);
const LATER = SEEDED + 3 * 24 * HOUR + 5 * HOUR;

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ demo: true, statisticsClock: clockAt(SEEDED) });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await server?.close();
});

const totals = async () => (await server.call<TotalNums>('GET', '/admin/dashboard/statistics/totalNums', { token })).body.data;
const demoTotal = (day: number, lastHour: number) => {
  let total = 0;
  for (let owner = 0; owner < DEMO_SITE_USERS; owner++) for (let hour = 0; hour <= lastHour; hour++) total += demoCount(owner, day, hour);
  return total;
};

describe('a demo database started again', () => {
  it('carries the demo traffic up to the current hour, so today and the days between are not empty', async () => {
    expect((await totals()).todayTraffics).toBe(demoTotal(20260510, 9));
    await server.restart({ statisticsClock: clockAt(LATER) });
    token = await server.tokenFor(ADMIN.username, ADMIN.password);
    const later = await totals();
    expect(later.todayTraffics).toBe(demoTotal(20260513, 14));
    expect(later.yesterdayTraffics).toBe(demoTotal(20260512, 23));
    // The seed day's later hours were filled too: the chart of 10 May has no gap after 09:00.
    const chart = (await server.call<ChartData>('GET', '/admin/dashboard/lineChart/traffic/siteUser', { token, query: { datetime: '2026-05-10' } })).body.data;
    expect(chart.items[0]!.value.every((count) => count !== null && count > 0)).toBe(true);
  });

  it('adds the statistics a database seeded before them lacks, and only those', async () => {
    const before = await server.db.selectFrom('customer' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const table of ['trafficHour', 'trafficDay', 'trafficMonth', 'trafficServiceDay', 'trafficServiceMonth', 'revenueMonth', 'teamMember', 'team', 'ad', 'advertiser', 'domain', 'siteUser'] as const) {
      await server.db.deleteFrom(table).execute();
    }
    expect((await totals()).trafficUserNums).toBe(0);
    const prepared = await server.restart({ statisticsClock: clockAt(LATER) });
    token = await server.tokenFor(ADMIN.username, ADMIN.password);
    expect((await totals()).trafficUserNums).toBe(DEMO_SITE_USERS);
    expect((await totals()).todayTraffics).toBe(demoTotal(20260513, 14));
    const after = await server.db.selectFrom('customer' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(prepared.seeded).toBe(false);
  });
});

describe('the reading-B demo sub-system', () => {
  it('is added, with its tree and its role, to a demo database seeded before it', async () => {
    const ops = await server.db.selectFrom('app').select('id').where('code', '=', 'ops').executeTakeFirstOrThrow();
    const shape = async (appId: number) => {
      const nodes = await server.db.selectFrom('permission').select(['id', 'parentId', 'menuType', 'name']).where('appId', '=', appId).orderBy('id').execute();
      const byId = new Map(nodes.map((n) => [n.id, n]));
      return nodes.map((n) => [n.menuType, n.name, byId.get(n.parentId)?.name ?? null]);
    };
    const seeded = await shape(ops.id);
    expect(seeded.filter(([type]) => type !== MenuType.PAGE_ELEMENT && type !== MenuType.API)).toEqual([
      [5, '服务中心', null],
      [4, '工单管理', '服务中心'],
      [4, '知识库', '服务中心'],
      [5, '数据看板', null],
    ]);
    // As a database seeded before it was: no such sub-system.
    const role = await server.db.selectFrom('role').select('id').where('appId', '=', ops.id).executeTakeFirstOrThrow();
    await server.db.deleteFrom('rolePermission').where('roleId', '=', role.id).execute();
    await server.db.deleteFrom('role').where('id', '=', role.id).execute();
    await server.db.deleteFrom('permission').where('appId', '=', ops.id).execute();
    await server.db.deleteFrom('app').where('id', '=', ops.id).execute();

    await server.restart({ statisticsClock: clockAt(LATER) });
    const again = await server.db.selectFrom('app').select(['id', 'menuReading']).where('code', '=', 'ops').executeTakeFirstOrThrow();
    expect(again.menuReading).toBe('B');
    expect(await shape(again.id)).toEqual(seeded);
    const granted = await server.db
      .selectFrom('rolePermission as rp')
      .innerJoin('role as r', 'r.id', 'rp.roleId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('r.roleKey', '=', 'opsStaff')
      .where('r.appId', '=', again.id)
      .executeTakeFirstOrThrow();
    expect(Number(granted.n)).toBe(seeded.length);
    await server.restart({ statisticsClock: clockAt(LATER) });
    expect(await server.db.selectFrom('app').select('id').where('code', '=', 'ops').execute()).toHaveLength(1);
  });
});

describe('a database seeded without the demo', () => {
  it('gets no demo rows when started again', async () => {
    const plain = await startTestServer({ demo: false, statisticsClock: clockAt(SEEDED) });
    try {
      await plain.restart({ statisticsClock: clockAt(LATER) });
      const owners = await plain.db.selectFrom('siteUser').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(owners.n)).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
