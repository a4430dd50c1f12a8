/**
 * Business statistics on the server's own tables, for a fixed clock (2026-03-15 12:30 in
 * Asia/Shanghai): the dashboard's totals agree with the chart's points, a re-sent batch changes
 * nothing, and the summaries page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, TeamType, type ChartData, type IngestBatch, type ListData, type MediaStatsRow, type StaffSummaryRow, type TeamMember, type TotalNums, type TrafficOwner } from '../../contract';
import { ADMIN, startTestServer, type TestServer } from './harness';

const NOW = Date.UTC(2026, 2, 15, 4, 30);
let server: TestServer;
let token: string;
const owners: number[] = [];
const SERVICE = { a: 11, b: 12 };

const sum = (values: Array<number | null>) => values.reduce<number>((a, b) => a + (b ?? 0), 0);
const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}`;

const totals = async (query: Record<string, string | number> = {}) =>
  (await server.call<TotalNums>('GET', '/admin/dashboard/statistics/totalNums', { token, query })).body.data;
const chart = async (query: Record<string, string | number>) => (await server.call<ChartData>('GET', '/admin/dashboard/lineChart/traffic/siteUser', { token, query })).body.data;
const ingest = (body: IngestBatch) => server.call<{ traffic: number; revenue: number }>('POST', '/base/admin/statistics/ingest', { token, body });

/** Traffic on every 3rd hour of days 1–15 of March up to now, and of 20–28 February; a known pattern. */
function batch(): IngestBatch {
  const traffic: NonNullable<IngestBatch['traffic']> = [];
  owners.forEach((siteUserId, i) => {
    for (let d = 1; d <= 15; d++) for (let h = 0; h < (d === 15 ? 13 : 24); h += 3) traffic.push({ siteUserId, hour: `${day(d)} ${String(h).padStart(2, '0')}`, count: 10 * (i + 1) + d + h });
    for (let d = 20; d <= 28; d++) traffic.push({ siteUserId, hour: `2026-02-${d} 10`, count: 100 + i });
  });
  return { traffic };
}

beforeAll(async () => {
  server = await startTestServer({ statisticsClock: { timeZone: 'Asia/Shanghai', now: () => NOW } });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  for (const [name, serviceId] of [['甲', SERVICE.a], ['乙', SERVICE.a], ['丙', SERVICE.b]] as const) {
    const { id } = await server.db.insertInto('siteUser').values({ userName: name, mediaAdminId: null, serviceId }).returning('id').executeTakeFirstOrThrow();
    owners.push(id);
  }
  expect((await ingest(batch())).body.code).toBe(Code.OK);
});
afterAll(async () => {
  await server?.close();
});

describe('the dashboard totals', () => {
  it("today's total is the sum of today's chart points over all site users", async () => {
    const today = await chart({ datetime: day(15) });
    expect(today.items.map((line) => line.name)).toEqual(['甲', '乙', '丙']);
    expect(today.timepoint).toHaveLength(24);
    const points = sum(today.items.flatMap((line) => line.value));
    expect(points).toBeGreaterThan(0);
    expect((await totals()).todayTraffics).toBe(points);
    // Without a date the chart shows the server's today.
    expect(await chart({})).toEqual(today);
  });

  it("this month's total is the sum of its days, and last month's and yesterday's match too", async () => {
    let month = 0;
    for (let d = 1; d <= 15; d++) month += sum((await chart({ datetime: day(d) })).items.flatMap((line) => line.value));
    const answer = await totals();
    expect(answer.thisMonthTraffics).toBe(month);
    expect(answer.yesterdayTraffics).toBe(sum((await chart({ datetime: day(14) })).items.flatMap((line) => line.value)));
    expect(answer.lastMonthTraffics).toBe(9 * (100 + 101 + 102));
  });

  it('a day has 24 hourly points and the hours without counts are 0', async () => {
    const [first] = (await chart({ datetime: day(14), siteUserIds: `${owners[0]}` })).items;
    expect(first!.value).toHaveLength(24);
    expect(first!.value[1]).toBe(0);
    expect(first!.value[3]).toBe(10 + 14 + 3);
    expect(first!.value[23]).toBe(0);
  });

  it("today's hours after the current one are null, not 0, and every hour of a later day (issue 20, item 15)", async () => {
    // The clock stands at 12:30: hours 0–12 have begun, 13–23 have not.
    const [today] = (await chart({ datetime: day(15), siteUserIds: `${owners[0]}` })).items;
    expect(today!.value).toHaveLength(24);
    expect(today!.value[3]).toBe(10 + 15 + 3);
    expect(today!.value[11]).toBe(0);
    expect(today!.value[12]).toBe(10 + 15 + 12);
    expect(today!.value.slice(13)).toEqual(Array.from({ length: 11 }, () => null));
    expect((await chart({ datetime: '2026-04-01' })).items.every((line) => line.value.every((v) => v === null))).toBe(true);
    // A count already taken for the next hour (ingestion allows clocks an hour ahead) is shown, not hidden.
    expect((await ingest({ traffic: [{ siteUserId: owners[0]!, hour: `${day(15)} 13`, count: 4 }] })).body.code).toBe(Code.OK);
    const [ahead] = (await chart({ datetime: day(15), siteUserIds: `${owners[0]}` })).items;
    expect(ahead!.value[13]).toBe(4);
    expect(ahead!.value[14]).toBeNull();
    expect((await ingest({ traffic: [{ siteUserId: owners[0]!, hour: `${day(15)} 13`, count: 0 }] })).body.code).toBe(Code.OK);
  });

  it('a sub-system sees only its traffic and its owners; an unknown one answers zeros', async () => {
    const a = await totals({ serviceId: SERVICE.a });
    const lines = await chart({ datetime: day(15), serviceId: SERVICE.a });
    expect(lines.items.map((line) => line.name)).toEqual(['甲', '乙']);
    expect(a.todayTraffics).toBe(sum(lines.items.flatMap((line) => line.value)));
    expect(a.trafficUserNums).toBe(2);
    expect(a.todayTraffics + (await totals({ serviceId: SERVICE.b })).todayTraffics).toBe((await totals()).todayTraffics);
    const owned = await server.call<{ items: TrafficOwner[] }>('GET', '/siteuser/list', { token, query: { serviceId: SERVICE.b } });
    expect(owned.body.data.items).toEqual([{ userId: owners[2], userName: '丙' }]);
    expect(await totals({ serviceId: 987654 })).toEqual({
      todayTraffics: 0, yesterdayTraffics: 0, thisMonthTraffics: 0, lastMonthTraffics: 0, adverUserNums: 0, trafficUserNums: 0, adNums: 0, domainNums: 0,
    });
  });
});

describe('ingestion', () => {
  it('a re-sent batch changes nothing; a corrected count moves the totals by the difference', async () => {
    const before = await totals();
    const chartBefore = await chart({ datetime: day(15) });
    expect((await ingest(batch())).body.code).toBe(Code.OK);
    expect(await totals()).toEqual(before);
    expect(await chart({ datetime: day(15) })).toEqual(chartBefore);

    const hour = { siteUserId: owners[0]!, hour: `${day(15)} 03`, count: 10 + 15 + 3 + 50 };
    expect((await ingest({ traffic: [hour] })).body.code).toBe(Code.OK);
    expect((await ingest({ traffic: [hour] })).body.code).toBe(Code.OK);
    const after = await totals();
    expect(after.todayTraffics).toBe(before.todayTraffics + 50);
    expect(after.thisMonthTraffics).toBe(before.thisMonthTraffics + 50);
    expect(after.yesterdayTraffics).toBe(before.yesterdayTraffics);
  });

  it('refuses a bad row, an unknown owner, a repeated hour and an oversized batch, storing nothing', async () => {
    const before = await totals();
    const refused = async (body: IngestBatch, field: string) => {
      const answer = await ingest(body);
      expect(answer.body.code).toBe(Code.VALIDATION_FAILED);
      expect(Object.keys((answer.body.data as unknown as { fields: Record<string, string> }).fields)).toEqual([field]);
    };
    const ok = { siteUserId: owners[0]!, hour: `${day(15)} 05`, count: 5 };
    await refused({ traffic: [ok, { ...ok, hour: '2026-03-15 24' }] }, 'traffic.1.hour');
    await refused({ traffic: [ok, { ...ok, count: -1 }] }, 'traffic.1.count');
    await refused({ traffic: [ok, { ...ok, siteUserId: 987654 }] }, 'traffic.1.siteUserId');
    await refused({ traffic: [ok, ok] }, 'traffic.1.hour');
    await refused({ traffic: Array.from({ length: 5001 }, (_, i) => ({ ...ok, count: i })) }, 'traffic');
    await refused({ revenue: [{ adminId: 1, month: '2026-13', amount: 1 }] }, 'revenue.0.month');
    await refused({ revenue: [{ adminId: 1, month: '2026-03', amount: 1.005 }] }, 'revenue.0.amount');
    expect(await totals()).toEqual(before);
  });
});

describe('the summaries', () => {
  let staffIds: number[] = [];
  beforeAll(async () => {
    const { id: teamId } = await server.db.insertInto('team').values({ name: '商务组', teamType: TeamType.business }).returning('id').executeTakeFirstOrThrow();
    const { id: mediaTeam } = await server.db.insertInto('team').values({ name: '媒介组', teamType: TeamType.media }).returning('id').executeTakeFirstOrThrow();
    staffIds = [];
    for (let i = 0; i < 35; i++) {
      const { id } = await server.db
        .insertInto('user')
        .values({ code: `biz${i}`, name: `商务${String(i).padStart(2, '0')}`, passwordHash: 'unused', isEnable: '1', mustChangePassword: 0, createTime: NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      staffIds.push(id);
      await server.db.insertInto('teamMember').values({ teamId, userId: id }).execute();
    }
    // Staff i earns i+1 yuan this month, 1000.5 last month and 7 in January (revenue is taken for business-team members only).
    const revenue = staffIds.flatMap((adminId, i) => [
      { adminId, month: '2026-03', amount: i + 1 },
      { adminId, month: '2026-02', amount: 1000.5 },
      { adminId, month: '2026-01', amount: 7 },
    ]);
    expect((await ingest({ revenue })).body.code).toBe(Code.OK);
    expect((await ingest({ revenue })).body.code).toBe(Code.OK);
    // The last two move to the media team: in the summary by their revenue only.
    await server.db.updateTable('teamMember').set({ teamId: mediaTeam }).where('userId', 'in', staffIds.slice(33)).execute();
  });

  it('pages the business staff summary, largest history first', async () => {
    const page = (pageNo: number, size: number) => server.call<ListData<StaffSummaryRow>>('GET', '/base/admin/staffSummary/list', { token, query: { page: pageNo, size } });
    const first = (await page(1, 30)).body.data;
    const second = (await page(2, 30)).body.data;
    expect(first.total).toBe(35);
    expect(first.items).toHaveLength(30);
    expect(second.items).toHaveLength(5);
    expect(first.items[0]).toEqual({ adminId: staffIds[34], adminName: '商务34', currentMonthTotal: 35, lastMonthTotal: 1000.5, historyTotal: 35 + 1000.5 + 7 });
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((row) => row.adminId)).size).toBe(35);
    expect(all.map((row) => row.historyTotal)).toEqual([...all.map((row) => row.historyTotal)].sort((a, b) => b - a));
  });

  it('pages the team overview per team type', async () => {
    const team = (teamType: number, page: number) => server.call<ListData<TeamMember>>('GET', '/admin/dashboard/statistics/teamOverview', { token, query: { teamType, page, limit: 20 } });
    const business = (await team(TeamType.business, 2)).body.data;
    expect(business.total).toBe(33);
    expect(business.items).toHaveLength(13);
    expect((await team(TeamType.media, 1)).body.data.items.map((m) => m.adminName)).toEqual(['商务33', '商务34']);
    expect((await team(3, 1)).body.code).toBe(Code.VALIDATION_FAILED);
    // A renamed member shows renamed at once (the lists are cached until a write moves them).
    await server.db.updateTable('user').set({ name: '媒介甲' }).where('id', '=', staffIds[33]!).execute();
    expect((await team(TeamType.media, 1)).body.data.items.map((m) => m.adminName)).toEqual(['媒介甲', '商务34']);
    await server.db.deleteFrom('teamMember').where('userId', '=', staffIds[34]!).execute();
    expect((await team(TeamType.media, 1)).body.data.items.map((m) => m.adminName)).toEqual(['媒介甲']);
  });

  it('pages media statistics over a period, sorted by traffic either way', async () => {
    const media = (query: Record<string, string | number>) => server.call<ListData<MediaStatsRow>>('GET', '/base/admin/mediaStats/list', { token, query });
    const desc = (await media({ startDate: '2026-02-01', endDate: '2026-02-28', page: 1, size: 30 })).body.data;
    expect(desc.total).toBe(3);
    expect(desc.items.map((row) => row.traffic)).toEqual([9 * 102, 9 * 101, 9 * 100]);
    const asc = (await media({ startDate: '2026-02-01', endDate: '2026-02-28', order: 'asc', page: 2, size: 2 })).body.data;
    expect(asc.items.map((row) => row.userName)).toEqual(['丙']);
    const march = (await media({})).body.data;
    expect(sum(march.items.map((row) => row.traffic))).toBe((await totals()).thisMonthTraffics);
    expect((await media({ startDate: '2025-01-01', endDate: '2026-03-01' })).body.code).toBe(Code.VALIDATION_FAILED);
    expect((await media({ startDate: '2026-03-02', endDate: '2026-03-01' })).body.code).toBe(Code.VALIDATION_FAILED);
  });
});
