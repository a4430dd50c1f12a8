/**
 * Media statistics read a period from the month rollup (traffic_month, migration 0030) and edge
 * days from traffic_day (added, or taken away from a month the period holds most of). Seeded random ingestion batches (new hours,
 * corrections, re-sent batches) over 2027-12 … 2029-01, a leap year inside, then random and chosen
 * periods: every owner's traffic equals the sum of its stored hours over the period, read straight
 * from traffic_hour. And the migration fills the rollup from the day rows already stored.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, Code, dayText, daysBetween, hourText, MAX_PERIOD_DAYS, type IngestBatch, type ListData, type MediaStatsRow } from '../../contract';
import { createIngestion } from '../../server/statistics/ingest';
import type { PeriodSums } from '../../server/statistics/periodTraffic';
import { periodParts, statisticsRepository } from '../../server/statistics/repository';
import { COVERED_DAYS, createRunningTotals } from '../../server/statistics/runningTotals';
import { ADMIN, startTestServer, type TestServer } from './harness';

// 2029-01-20 12:30 in Asia/Shanghai: every hour below is in the past, so ingestion takes it.
const CLOCK = { timeZone: 'Asia/Shanghai', now: () => Date.UTC(2029, 0, 20, 4, 30) };
const FIRST_DAY = 20271201;
const LAST_DAY = 20290120;
const SPAN = daysBetween(FIRST_DAY, LAST_DAY);
const SERVICES = [21, 22];

/** A small seeded generator (mulberry32): the same cases on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(26);
const below = (n: number) => Math.floor(random() * n);

/** The last day of a month (YYYYMM). */
function monthEnd(month: number): number {
  let day = month * 100 + 28;
  while (Math.floor(addDays(day, 1) / 100) === month) day = addDays(day, 1);
  return day;
}

let server: TestServer;
let token: string;
const owners: number[] = [];

type Traffic = NonNullable<IngestBatch['traffic']>;
const ingest = (traffic: Traffic) => server.call<{ traffic: number }>('POST', '/base/admin/statistics/ingest', { token, body: { traffic } });
const media = (query: Record<string, string | number>) => server.call<ListData<MediaStatsRow>>('GET', '/base/admin/mediaStats/list', { token, query });

/** Each owner's traffic over [from, to] (day keys), from the stored hours. */
async function hoursSum(from: number, to: number): Promise<Map<number, number>> {
  const rows = await server.db
    .selectFrom('trafficHour')
    .select(['siteUserId', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('hour', '>=', from * 100)
    .where('hour', '<=', to * 100 + 23)
    .groupBy('siteUserId')
    .execute();
  return new Map(rows.map((r) => [Number(r.siteUserId), Number(r.n)]));
}

/** The media statistics of a period, all owners on one page: owner → traffic, and the order given. */
async function answered(from: number, to: number, extra: Record<string, string | number> = {}): Promise<{ traffic: Map<number, number>; order: number[] }> {
  const answer = await media({ startDate: dayText(from), endDate: dayText(to), page: 1, size: 300, ...extra });
  expect(answer.body.code, `${dayText(from)} … ${dayText(to)}`).toBe(Code.OK);
  return { traffic: new Map(answer.body.data.items.map((r) => [r.userId, r.traffic])), order: answer.body.data.items.map((r) => r.traffic) };
}

async function expectPeriod(from: number, to: number): Promise<void> {
  const truth = await hoursSum(from, to);
  const { traffic, order } = await answered(from, to);
  expect(traffic, `${dayText(from)} … ${dayText(to)}`).toEqual(new Map(owners.map((id) => [id, truth.get(id) ?? 0])));
  expect(order).toEqual([...order].sort((a, b) => b - a));
}

/** A batch of distinct random hours of the span; some owners get none. */
function randomBatch(size: number): Traffic {
  const keys = new Map<string, Traffic[number]>();
  while (keys.size < size) {
    const siteUserId = owners[below(owners.length - 1)]!;
    // Up to yesterday: today's later hours are still to come.
    const hour = `${dayText(addDays(FIRST_DAY, below(SPAN - 1)))} ${String(below(24)).padStart(2, '0')}`;
    keys.set(`${siteUserId} ${hour}`, { siteUserId, hour, count: below(5000) });
  }
  return [...keys.values()];
}

const rollup = () => server.db.selectFrom('trafficMonth').select(['siteUserId', 'month', 'count']).orderBy('siteUserId').orderBy('month').execute();
const fromDays = async () =>
  (
    await sql<{ siteUserId: number; month: number; count: number }>`select site_user_id as "siteUserId", day / 100 as month, sum(count) as count
      from traffic_day group by site_user_id, day / 100 order by 1, 2`.execute(server.db)
  ).rows;
const numbers = (rows: Array<{ siteUserId: unknown; month: unknown; count: unknown }>) => rows.map((r) => [Number(r.siteUserId), Number(r.month), Number(r.count)]);

beforeAll(async () => {
  // The stored hours span 416 days: all of them kept, so every period can be checked against them.
  server = await startTestServer({ statisticsClock: CLOCK, trafficHourRetentionDays: 1000 });
  token = await server.tokenFor(ADMIN.username, ADMIN.password);
  // The last owner never has traffic: it answers 0.
  for (let i = 0; i < 7; i++) {
    const { id } = await server.db.insertInto('siteUser').values({ userName: `流量主${i}`, mediaAdminId: null, serviceId: SERVICES[i % 2]! }).returning('id').executeTakeFirstOrThrow();
    owners.push(id);
  }
  const sent: Traffic[] = [];
  for (let i = 0; i < 6; i++) {
    const batch = randomBatch(1500);
    expect((await ingest(batch)).body).toMatchObject({ code: Code.OK });
    sent.push(batch);
    // Corrections: hours already stored, with new counts (some set back to 0), and a few new hours.
    const corrected = sent[below(sent.length)]!.filter(() => random() < 0.3).map((row) => ({ ...row, count: random() < 0.2 ? 0 : below(5000) }));
    expect((await ingest(corrected)).body.code).toBe(Code.OK);
    sent.push(corrected);
  }
});
afterAll(async () => {
  await server?.close();
});

describe('the month rollup under ingestion', () => {
  it('holds the sum of each owner’s hours of each month; a re-sent batch moves nothing', async () => {
    const hours = await sql<{ siteUserId: number; month: number; count: number }>`select site_user_id as "siteUserId", hour / 10000 as month, sum(count) as count
      from traffic_hour group by site_user_id, hour / 10000 order by 1, 2`.execute(server.db);
    const stored = await rollup();
    expect(numbers(stored)).toEqual(numbers(hours.rows));
    expect(numbers(stored)).toEqual(numbers(await fromDays()));

    // A batch sent again, with its hours in another order, changes no row.
    const last = await server.db.selectFrom('trafficHour').select(['siteUserId', 'hour', 'count']).orderBy('hour', 'desc').limit(800).execute();
    expect((await ingest(last.map((r) => ({ siteUserId: Number(r.siteUserId), hour: hourText(Number(r.hour)), count: Number(r.count) })))).body.code).toBe(Code.OK);
    expect(await rollup()).toEqual(stored);

    // A corrected count moves its month by the difference only, and the answer asked before with it.
    const [row] = last;
    const owner = Number(row!.siteUserId);
    const month = Math.floor(Number(row!.hour) / 10000);
    const wholeMonth = [month * 100 + 1, monthEnd(month)] as const;
    const asked = (await answered(...wholeMonth)).traffic.get(owner)!;
    const before = stored.find((r) => Number(r.siteUserId) === owner && Number(r.month) === month)!;
    expect((await ingest([{ siteUserId: owner, hour: hourText(Number(row!.hour)), count: Number(row!.count) + 7 }])).body.code).toBe(Code.OK);
    const after = (await rollup()).find((r) => Number(r.siteUserId) === owner && Number(r.month) === month)!;
    expect(Number(after.count)).toBe(Number(before.count) + 7);
    expect((await answered(...wholeMonth)).traffic.get(owner)).toBe(asked + 7);
  });
});

describe('media statistics over a period', () => {
  it('answer the sum of the stored hours for chosen periods: a day, month edges, whole months, a leap year, 366 days', async () => {
    const chosen: Array<[number, number]> = [
      [20280615, 20280615], // one day
      [20280229, 20280229], // the leap day
      [20280131, 20280201], // across a month edge
      [20280227, 20280302], // across the leap February's end
      [20281229, 20290103], // across a year's end
      [20280201, 20280229], // a whole leap February
      [20280101, 20281231], // a whole leap year: 366 days, twelve months
      [20280301, 20280531], // whole months
      [20280115, 20281231], // mid-month start, ends on a month's end
      [20280101, 20280614], // starts on a month's first day, ends mid-month
      [20280102, 20281230], // both edges a day inside a month: 364 days, ten months and the edge days
      [20280120, 20290119], // 366 days across three years' edges of months
      [20271201, 20271231], // the first month stored
      [20290101, 20290120], // the month still under way (today is the 20th)
    ];
    for (const [from, to] of chosen) {
      expect(daysBetween(from, to)).toBeLessThanOrEqual(MAX_PERIOD_DAYS);
      await expectPeriod(from, to);
    }
  });

  it('answer the sum of the stored hours for random periods of 1 to 366 days, per sub-system too', async () => {
    for (let i = 0; i < 40; i++) {
      const length = 1 + below(MAX_PERIOD_DAYS);
      const from = addDays(FIRST_DAY, below(SPAN - length + 1));
      const to = addDays(from, length - 1);
      await expectPeriod(from, to);
    }
    for (const serviceId of SERVICES) {
      const [from, to] = [20280110, 20281107];
      const truth = await hoursSum(from, to);
      const { traffic } = await answered(from, to, { serviceId });
      expect(traffic).toEqual(new Map(owners.filter((_, i) => SERVICES[i % 2] === serviceId).map((id) => [id, truth.get(id) ?? 0])));
    }
  });

  it('split a period into months and edge days that count each of its days once, and no other day', () => {
    const each = (a: number, b: number, f: (d: number) => void) => {
      for (let d = a; d <= b; d = addDays(d, 1)) f(d);
    };
    for (let i = 0; i < 2000; i++) {
      const from = addDays(20271201, below(800));
      const to = addDays(from, below(MAX_PERIOD_DAYS));
      const { months, add, subtract } = periodParts(from, to);
      const times = new Map<number, number>();
      const count = (d: number, n: number) => times.set(d, (times.get(d) ?? 0) + n);
      if (months) each(months[0] * 100 + 1, monthEnd(months[1]), (d) => count(d, 1));
      for (const [a, b] of add) each(a, b, (d) => count(d, 1));
      for (const [a, b] of subtract) each(a, b, (d) => count(d, -1));
      const counted = [...times].filter(([, n]) => n !== 0);
      expect(counted.every(([, n]) => n === 1)).toBe(true);
      expect(counted.map(([d]) => d).sort((a, b) => a - b)).toEqual(Array.from({ length: daysBetween(from, to) }, (_, k) => addDays(from, k)));
      // Edge days read never exceed half a month's at each end.
      for (const [a, b] of [...add, ...subtract]) expect(daysBetween(a, b)).toBeLessThanOrEqual(16);
    }
    expect(periodParts(20280101, 20281231)).toEqual({ months: [202801, 202812], add: [], subtract: [] });
    expect(periodParts(20280115, 20280214)).toEqual({ months: [202801, 202801], add: [[20280201, 20280214]], subtract: [[20280101, 20280114]] });
    expect(periodParts(20280130, 20280301)).toEqual({ months: [202802, 202802], add: [[20280130, 20280131], [20280301, 20280301]], subtract: [] });
    // A year ending on the 26th: its last month's days after the 26th are taken away (none stored yet).
    expect(periodParts(20251126, 20261126)).toEqual({ months: [202512, 202611], add: [[20251126, 20251130]], subtract: [[20261127, 20261130]] });
  });
});

describe('media statistics kept per period', () => {
  /** The owners of the period in the list's order (traffic, then id), from the stored hours. */
  async function truthOrder(from: number, to: number, order: 'asc' | 'desc', serviceId?: number): Promise<Array<[number, number]>> {
    const truth = await hoursSum(from, to);
    const sign = order === 'asc' ? 1 : -1;
    return owners
      .filter((_, i) => serviceId === undefined || SERVICES[i % 2] === serviceId)
      .map((id): [number, number] => [id, truth.get(id) ?? 0])
      .sort((a, b) => sign * (a[1] - b[1]) || a[0] - b[0]);
  }

  it('answer pages, both orders and a sub-system from one period summed once', async () => {
    const [from, to] = [20280203, 20290117];
    await answered(from, to);
    for (const order of ['asc', 'desc'] as const) {
      for (const serviceId of [undefined, ...SERVICES]) {
        const truth = await truthOrder(from, to, order, serviceId);
        for (let page = 1; page <= Math.ceil(truth.length / 2) + 1; page++) {
          const query = { startDate: dayText(from), endDate: dayText(to), page, size: 2, order, ...(serviceId ? { serviceId } : {}) };
          const { body } = await media(query);
          expect(body.code).toBe(Code.OK);
          expect(body.data.total, JSON.stringify(query)).toBe(truth.length);
          expect(body.data.items.map((r) => [r.userId, r.traffic]), JSON.stringify(query)).toEqual(truth.slice((page - 1) * 2, page * 2));
        }
      }
    }
  });

  it('answer the stored hours for periods summed from a neighbour (days added and taken away at each end)', async () => {
    let [from, to] = [20280305, 20290110];
    await expectPeriod(from, to);
    for (let i = 0; i < 25; i++) {
      // Each end moves by up to four days either way: fewer rows than months and edge days.
      from = addDays(from, below(9) - 4);
      to = addDays(to, below(9) - 4);
      if (daysBetween(from, to) > MAX_PERIOD_DAYS) from = addDays(to, -(MAX_PERIOD_DAYS - 1));
      if (to > LAST_DAY) to = LAST_DAY;
      await expectPeriod(from, to);
    }
  });

  it('move with a write between two calls, for a period summed afresh and one summed from it', async () => {
    const first = [20280410, 20290112] as const;
    const next = [20280412, 20290111] as const;
    await expectPeriod(...first);
    await expectPeriod(...next);
    // An hour inside both periods, corrected: both answers move by the difference.
    const owner = owners[0]!;
    const hour = '2028-07-15 10';
    const [stored] = await server.db.selectFrom('trafficHour').select('count').where('siteUserId', '=', owner).where('hour', '=', 2028071510).execute();
    const was = Number(stored?.count ?? 0);
    const before = [(await answered(...first)).traffic.get(owner)!, (await answered(...next)).traffic.get(owner)!];
    expect((await ingest([{ siteUserId: owner, hour, count: was + 11 }])).body.code).toBe(Code.OK);
    expect((await answered(...next)).traffic.get(owner)).toBe(before[1]! + 11);
    expect((await answered(...first)).traffic.get(owner)).toBe(before[0]! + 11);
    await expectPeriod(...first);
    await expectPeriod(...next);
    // A new owner moves the version: it shows, with 0, in a period summed before.
    const { id } = await server.db.insertInto('siteUser').values({ userName: '流量主新', mediaAdminId: null, serviceId: SERVICES[0]! }).returning('id').executeTakeFirstOrThrow();
    const { traffic } = await answered(...first);
    expect(traffic.get(id)).toBe(0);
    await server.db.deleteFrom('siteUser').where('id', '=', id).execute();
    expect((await answered(...first)).traffic.has(id)).toBe(false);
  });
});

describe('running totals by day (kept in memory per version)', () => {
  const covered = { from: addDays(LAST_DAY, -(COVERED_DAYS - 1)), to: LAST_DAY };
  const byOwner = (sums: PeriodSums | undefined) => sums && new Map(sums.owners.map((o, i) => [o.id, sums.traffic[i]!]));
  const truthOf = async ({ from, to }: { from: number; to: number }) => {
    const truth = await hoursSum(from, to);
    return new Map(owners.map((id) => [id, truth.get(id) ?? 0]));
  };

  it('answer any period inside them as the stored hours do, once built; a period reaching before them is left to the rows', async () => {
    const repo = statisticsRepository(server.db);
    let builds = 0;
    const running = createRunningTotals({ ...repo, ownerServices: () => (builds++, repo.ownerServices()) }, () => LAST_DAY);
    const version = await repo.version();
    // Nothing kept yet: the call is answered from rows, and the build starts.
    expect(running.sums(version, covered)).toBeUndefined();
    await running.settled();
    const periods = [
      covered,
      { from: covered.from, to: covered.from },
      { from: LAST_DAY, to: LAST_DAY },
      { from: 20280229, to: 20280301 },
      ...Array.from({ length: 20 }, () => {
        const to = addDays(LAST_DAY, -below(COVERED_DAYS));
        return { from: addDays(to, -below(daysBetween(covered.from, to))), to };
      }),
    ];
    for (const period of periods) expect(byOwner(running.sums(version, period)), `${dayText(period.from)} … ${dayText(period.to)}`).toEqual(await truthOf(period));
    expect(running.sums(version, { from: addDays(covered.from, -1), to: LAST_DAY })).toBeUndefined();
    // Read once for the version: asking outside them starts no second read.
    await running.settled();
    expect(builds).toBe(1);
  });

  it('are not kept when a write lands while they are read, and are read again at the version it made', async () => {
    const repo = statisticsRepository(server.db);
    let wrote = false;
    const owner = owners[1]!;
    // Between the first slice and the next, a corrected hour of the covered days is ingested.
    const writing = {
      ...repo,
      dayRows: async (...args: Parameters<typeof repo.dayRows>) => {
        const rows = await repo.dayRows(...args);
        if (!wrote) {
          wrote = true;
          expect((await ingest([{ siteUserId: owner, hour: '2028-12-01 08', count: 4321 }])).body.code).toBe(Code.OK);
        }
        return rows;
      },
    };
    const running = createRunningTotals(writing, () => LAST_DAY);
    const version = await repo.version();
    running.sums(version, covered);
    await running.settled();
    expect(wrote).toBe(true);
    expect(running.sums(version, covered)).toBeUndefined();
    const now = await repo.version();
    expect(now).toBeGreaterThan(version);
    running.sums(now, covered);
    await running.settled();
    expect(byOwner(running.sums(now, covered))).toEqual(await truthOf(covered));
  });

  it("move in place with this process's ingestion batches, and are read again after another writer's", async () => {
    const repo = statisticsRepository(server.db);
    let builds = 0;
    const running = createRunningTotals({ ...repo, ownerServices: () => (builds++, repo.ownerServices()) }, () => LAST_DAY);
    const ingestion = createIngestion(server.db, { committed: (moved) => running.moved(moved) });
    const version = await repo.version();
    running.sums(version, covered);
    await running.settled();
    expect(builds).toBe(1);
    // Corrected hours inside the covered days (its first and last too) and one before them, a new hour, for several owners.
    const stored = async (siteUserId: number, hour: number) =>
      Number((await server.db.selectFrom('trafficHour').select('count').where('siteUserId', '=', siteUserId).where('hour', '=', hour).executeTakeFirst())?.count ?? 0);
    const hours = [covered.from * 100 + 3, 2028061507, LAST_DAY * 100 + 9, addDays(covered.from, -3) * 100 + 1, 2028101023];
    const traffic = await Promise.all(hours.map(async (hour, i) => ({ siteUserId: owners[i % 3]!, hour, count: (await stored(owners[i % 3]!, hour)) + 100 + i })));
    await ingestion({ traffic, revenue: [] }, 'zh-CN');
    const moved = await repo.version();
    expect(moved).toBe(version + 1);
    for (const period of [covered, { from: 20280601, to: 20281231 }, { from: LAST_DAY, to: LAST_DAY }]) {
      expect(byOwner(running.sums(moved, period)), `${dayText(period.from)} … ${dayText(period.to)}`).toEqual(await truthOf(period));
    }
    expect(builds).toBe(1);

    // A batch of another writer (the server's own ingestion), then one of this process: two versions on, not moved.
    expect((await ingest([{ siteUserId: owners[2]!, hour: '2028-08-08 08', count: 77 }])).body.code).toBe(Code.OK);
    await ingestion({ traffic: [{ siteUserId: owners[3]!, hour: 2028090909, count: (await stored(owners[3]!, 2028090909)) + 5 }], revenue: [] }, 'zh-CN');
    const now = await repo.version();
    expect(now).toBe(moved + 2);
    expect(running.sums(now, covered)).toBeUndefined();
    await running.settled();
    expect(builds).toBe(2);
    expect(byOwner(running.sums(now, covered))).toEqual(await truthOf(covered));
  });
});

describe('migration 0030 on a database with traffic stored before it', () => {
  it('fills the month rollup from the day rows, and the answers stay the same', async () => {
    const { db } = server;
    const before = await answered(20280120, 20290119);
    // Back to the shape before 0030, the day rows as stored.
    await sql`drop index traffic_day_day_idx`.execute(db);
    await sql`drop table traffic_month`.execute(db);
    await sql`delete from kysely_migration where name = '0030_traffic_month'`.execute(db);

    await server.restart();
    token = await server.tokenFor(ADMIN.username, ADMIN.password);

    const filled = numbers(await rollup());
    expect(filled.length).toBeGreaterThan(owners.length);
    expect(filled).toEqual(numbers(await fromDays()));
    expect(await answered(20280120, 20290119)).toEqual(before);
    await expectPeriod(20280115, 20281231);
  });
});
