/**
 * Media statistics over a year (issue 26), against the server as `npm start` runs it.
 *
 * BENCH_MEDIA_OWNERS site users (10,000) with a day row each for BENCH_MEDIA_DAYS days (400,
 * ending yesterday) and their month rows, written directly in SQL (traffic_day, then traffic_month
 * as the sums of its days, as migration 0030 fills it): the ingestion route would take hours for
 * 4 million days of hours, and these reads never look at traffic_hour. Then 20 connections on
 * 366-day periods: questions asked before (answered from the statistics answer cache), new
 * questions (pages, orders, sub-systems) of 30 periods (each period summed once), and every call a
 * period never summed before. Beside it, one call at a time in this process: a new period with
 * nothing kept, from the running totals by day (and their build), and beside a kept one, and the
 * export's single statement with the month rollup and with the day rows alone.
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { addDays, dayText, MAX_PERIOD_DAYS, TOKEN_HEADER } from '../../contract';
import { openDatabase, type DatabaseHandle, type DialectName } from '../../server/db/database';
import { calendarAt, defaultClock } from '../../server/statistics/clock';
import { createIngestion } from '../../server/statistics/ingest';
import { createPeriodTraffic } from '../../server/statistics/periodTraffic';
import { statisticsRepository } from '../../server/statistics/repository';
import { COVERED_DAYS, createRunningTotals } from '../../server/statistics/runningTotals';
import { benchDatabase } from './benchDatabase';
import { CONNECTIONS, DURATION_S, measure, withQuery, type LoadFigures } from './load';
import type { Report } from './report';
import { startServer } from './serverProcess';
import { login } from './staffList';

const OWNERS = Number(process.env.BENCH_MEDIA_OWNERS ?? 10_000);
const DAYS = Number(process.env.BENCH_MEDIA_DAYS ?? 400);
/** Calls of each read in the one-at-a-time comparison. */
const SINGLE_CALLS = Number(process.env.BENCH_MEDIA_SINGLE ?? 10);
const SERVICES = 5;
const P99_TARGET_MS = 50;
const SECTION = `media statistics, 366 days, ${OWNERS.toLocaleString('en')} owners`;

/** Owners, their media staff, and their day and month rows, in SQL. */
async function populate(handle: DatabaseHandle, lastDay: number): Promise<void> {
  const { db } = handle;
  const staff: number[] = [];
  for (let i = 0; i < 10; i++) {
    const { id } = await db
      .insertInto('user')
      .values({ code: `M${i}`, name: `媒介${i}`, passwordHash: 'unusable', isEnable: '1', mustChangePassword: 1, createTime: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    staff.push(id);
  }
  const owners = Array.from({ length: OWNERS }, (_, i) => ({ userName: `流量主${i + 1}`, mediaAdminId: staff[i % staff.length]!, serviceId: 1 + (i % SERVICES) }));
  for (let i = 0; i < owners.length; i += 500) await db.insertInto('siteUser').values(owners.slice(i, i + 500)).execute();
  // One statement per 50 days: every owner × those days, a deterministic spread of counts.
  const days = Array.from({ length: DAYS }, (_, d) => addDays(lastDay, d - DAYS + 1));
  for (let i = 0; i < days.length; i += 50) {
    const values = sql.join(days.slice(i, i + 50).map((day, k) => sql`(${sql.lit(day)}, ${sql.lit(i + k)})`));
    await sql`with d (day, n) as (values ${values})
      insert into traffic_day (site_user_id, day, count) select s.id, d.day, 100 + (s.id * 131 + d.n * 17) % 1000 from site_user s cross join d`.execute(db);
  }
  await sql`insert into traffic_month (site_user_id, month, count) select site_user_id, day / 100, sum(count) from traffic_day group by site_user_id, day / 100`.execute(db);
  if (handle.dialect === 'postgres') await sql`vacuum analyze`.execute(db);
}

const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}>;

/**
 * As load.ts's measure, but each call, on whichever connection, takes the next path of the list, so
 * no question is asked twice (load.ts starts every connection at the list's head: the first answer
 * would serve the other nineteen from the cache).
 */
async function measureEachNew(address: string, token: string, paths: string[]): Promise<LoadFigures & { calls: number; 'asked again': number }> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: address,
      connections: CONNECTIONS,
      duration,
      workers: 0,
      headers: { [TOKEN_HEADER]: token },
      requests: [{ method: 'GET', setupRequest: (request: Record<string, unknown>) => ({ ...request, path: paths[next++ % paths.length] }) }],
    });
  await run(2);
  const result = await run(DURATION_S);
  if (next > paths.length) console.log(`${next} calls: some questions were asked twice`);
  // Calls past the list's end ask again (the cache answers them): counted, so the figure says so.
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    calls: result.requests.total,
    'asked again': Math.max(0, next - paths.length),
  };
}

/** The machine's 1-minute load average when a figure was taken (the machine is shared). */
const loadNow = () => Math.round(loadavg()[0]! * 10) / 10;

/** p50 and slowest of `SINGLE_CALLS` calls of one read, one at a time. */
async function oneAtATime(read: (i: number) => Promise<unknown>): Promise<{ 'p50 ms': number; 'max ms': number }> {
  const times: number[] = [];
  for (let i = 0; i < SINGLE_CALLS; i++) {
    const started = performance.now();
    await read(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { 'p50 ms': Math.round(times[Math.floor(times.length / 2)]!), 'max ms': Math.round(times.at(-1)!) };
}

export async function mediaYearBench(report: Report, dialect: DialectName): Promise<void> {
  const database = await benchDatabase(dialect, 'mediayear');
  const server = await startServer({ databaseUrl: database.url });
  const handle = openDatabase(database.url);
  try {
    const clock = defaultClock();
    const lastDay = addDays(calendarAt(clock.now(), clock.timeZone).today, -1);
    const started = performance.now();
    await populate(handle, lastDay);
    console.log(`${dialect}: ${(OWNERS * DAYS).toLocaleString('en')} day rows and their month rows written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const token = await login(server.address);

    // 366-day periods ending on each of the last 30 days (so the edge days read vary from none to
    // about thirty), pages of 30 in both orders, all sub-systems or one.
    const period = (i: number) => {
      const to = addDays(lastDay, -(i % 30));
      return { from: addDays(to, -(MAX_PERIOD_DAYS - 1)), to };
    };
    // 120 questions (30 ends × 4 sub-system choices, page 1, by traffic down), each asked once
    // before the run, then asked again by 20 connections.
    const ask = (i: number) => {
      const { from, to } = period(i);
      const service = Math.floor(i / 30) % (SERVICES + 1);
      return withQuery('/base/admin/mediaStats/list', { startDate: dayText(from), endDate: dayText(to), page: 1, size: 30, order: 'desc', ...(service ? { serviceId: service } : {}) });
    };
    const before = Array.from({ length: 120 }, (_, i) => ask(i));
    for (const path of before) await fetch(`${server.address}${path}`, { headers: { [TOKEN_HEADER]: token } });
    const asked = { ...(await measure(server.address, { paths: before, token })), load: loadNow() };
    report.set(SECTION, 'mediaStats/list, 366-day periods, 120 questions asked before (answer cache)', dialect, asked, { target: `p99 ≤ ${P99_TARGET_MS} ms`, isMet: asked['p99 ms'] <= P99_TARGET_MS });
    console.log(`${dialect} asked before: ${asked['req/s']} req/s, p50 ${asked['p50 ms']} ms, p99 ${asked['p99 ms']} ms`);
    // Every call a question not asked before (21,600 of them: 30 ends × 6 sub-system choices × 2
    // orders × 60 pages, taken in turn across the connections): each page is computed, but from the
    // 30 periods' sums, each summed once (server/statistics/periodTraffic.ts).
    const question = (i: number) => {
      const { from, to } = period(i);
      const service = Math.floor(i / 30) % (SERVICES + 1);
      return withQuery('/base/admin/mediaStats/list', {
        startDate: dayText(from),
        endDate: dayText(to),
        page: 1 + Math.floor(i / 360),
        size: 30,
        order: Math.floor(i / 180) % 2 ? 'asc' : 'desc',
        ...(service ? { serviceId: service } : {}),
      });
    };
    const fresh = { ...(await measureEachNew(server.address, token, Array.from({ length: 21_600 }, (_, i) => question(i)))), load: loadNow() };
    report.set(SECTION, 'mediaStats/list, 366-day periods, every call a new question (page, order, sub-system) of 30 periods', dialect, fresh, { target: `p99 ≤ ${P99_TARGET_MS} ms`, isMet: fresh['p99 ms'] <= P99_TARGET_MS });
    console.log(`${dialect} new questions: ${fresh['req/s']} req/s, p50 ${fresh['p50 ms']} ms, p99 ${fresh['p99 ms']} ms, ${fresh.calls} calls`);
    // Every call a period not summed before: 365 down to 100 days long, ending on any day that keeps
    // it inside the last 399 days (where the running totals reach: runningTotals.ts COVERED_DAYS,
    // ending today), none of the 366-day periods above: 44,000 of them, more than a run asks.
    const inside: Array<{ from: number; to: number }> = [];
    for (let length = MAX_PERIOD_DAYS - 1; length >= 100; length--) {
      for (let back = 0; back + length <= COVERED_DAYS - 1; back++) inside.push({ from: addDays(lastDay, -(back + length - 1)), to: addDays(lastDay, -back) });
    }
    // In a scattered order (7,919 is prime to their number): periods asked one after another are not neighbours.
    const periods = inside.map((_, i) => inside[(i * 7919) % inside.length]!).map(({ from, to }) =>
      withQuery('/base/admin/mediaStats/list', { startDate: dayText(from), endDate: dayText(to), page: 1, size: 30, order: 'desc' }),
    );
    const newPeriods = { ...(await measureEachNew(server.address, token, periods)), load: loadNow() };
    report.set(SECTION, 'mediaStats/list, every call a new period (100–365 days, not summed before), 20 connections', dialect, newPeriods, { target: `p99 ≤ ${P99_TARGET_MS} ms`, isMet: newPeriods['p99 ms'] <= P99_TARGET_MS });
    console.log(`${dialect} new periods: ${newPeriods['req/s']} req/s, p50 ${newPeriods['p50 ms']} ms, p99 ${newPeriods['p99 ms']} ms, ${newPeriods.calls} calls`);

    // One call at a time in this process, each a period the server's way never summed: with nothing
    // kept (a new version each call, as after every ingestion batch), and with the period a day
    // earlier kept.
    const repo = statisticsRepository(handle.db);
    const page = { serviceId: undefined, order: 'desc' as const, page: 1, size: 30 };
    const nothingKept = { ...(await oneAtATime((i) => createPeriodTraffic()(repo, i, period(i * 7), page))), load: loadNow() };
    report.set(SECTION, 'one call at a time (in process): a new 366-day period, nothing kept (month sums and edge days as grouped statements)', dialect, nothingKept, { target: `p99 ≤ ${P99_TARGET_MS} ms`, isMet: nothingKept['max ms'] <= P99_TARGET_MS });
    console.log(`${dialect} new period, nothing kept: p50 ${nothingKept['p50 ms']} ms, max ${nothingKept['max ms']} ms`);
    // The running totals by day (runningTotals.ts): built once per version, then any period inside them.
    const running = createRunningTotals(repo, () => calendarAt(clock.now(), clock.timeZone).today);
    const version = await repo.version();
    const buildStarted = performance.now();
    running.sums(version, period(0));
    await running.settled();
    const built = { 'build ms': Math.round(performance.now() - buildStarted), 'kept': running.sums(version, period(0)) ? 1 : 0, load: loadNow() };
    report.set(SECTION, 'running totals by day: built in the background (in process), once per version', dialect, built);
    console.log(`${dialect} running totals built in ${built['build ms']} ms (kept: ${built.kept})`);
    const fromTotals = createPeriodTraffic({ running });
    const summed = { ...(await oneAtATime((i) => fromTotals(repo, version, period(i * 7), page))), load: loadNow() };
    report.set(SECTION, 'one call at a time (in process): a new 366-day period from the running totals', dialect, summed, { target: `p99 ≤ ${P99_TARGET_MS} ms`, isMet: summed['max ms'] <= P99_TARGET_MS });
    console.log(`${dialect} new period from the running totals: p50 ${summed['p50 ms']} ms, max ${summed['max ms']} ms`);
    // An hourly batch (an hour of yesterday for 5,000 owners) through this process's ingestion: the
    // totals move in place, and the next new period is read from them, not from rows.
    let movedMs = 0;
    const ingestion = createIngestion(handle.db, {
      committed: (moved) => {
        const started = performance.now();
        running.moved(moved);
        movedMs = performance.now() - started;
      },
    });
    const owners = await repo.ownerServices();
    const batchStarted = performance.now();
    await ingestion({ traffic: owners.slice(0, 5000).map((o, i) => ({ siteUserId: o.id, hour: lastDay * 100 + 12, count: 1 + (i % 50) })), revenue: [] }, 'zh-CN');
    const batchMs = performance.now() - batchStarted;
    const after = await repo.version();
    const afterBatch = { ...(await oneAtATime((i) => fromTotals(repo, after, period(i * 7 + 1), page))), 'batch ms': Math.round(batchMs), 'moving the totals ms': Math.round(movedMs * 10) / 10, load: loadNow() };
    report.set(SECTION, 'one call at a time (in process): a new 366-day period right after an ingestion batch of 5,000 hours (totals moved in place)', dialect, afterBatch, { target: `p99 ≤ ${P99_TARGET_MS} ms`, isMet: afterBatch['max ms'] <= P99_TARGET_MS });
    console.log(`${dialect} after a batch: moving the totals ${afterBatch['moving the totals ms']} ms (batch ${afterBatch['batch ms']} ms); new period p50 ${afterBatch['p50 ms']} ms, max ${afterBatch['max ms']} ms`);
    const beside = createPeriodTraffic();
    const shifted = (i: number) => ({ from: addDays(period(i * 7).from, -1), to: addDays(period(i * 7).to, -1) });
    for (let i = 0; i < SINGLE_CALLS; i++) await beside(repo, 0, period(i * 7), page);
    const nextToKept = { ...(await oneAtATime((i) => beside(repo, 0, shifted(i), page))), load: loadNow() };
    report.set(SECTION, 'one call at a time (in process): a new 366-day period, the one a day later kept', dialect, nextToKept, { target: `p99 ≤ ${P99_TARGET_MS} ms`, isMet: nextToKept['max ms'] <= P99_TARGET_MS });
    console.log(`${dialect} new period beside a kept one: p50 ${nextToKept['p50 ms']} ms, max ${nextToKept['max ms']} ms`);

    for (const [what, monthRollup] of [
      ['one call at a time (in process): the export\'s single statement, month rollup + edge days', true],
      ['one call at a time (in process): the export\'s single statement, the day rows alone', false],
    ] as const) {
      const repo = statisticsRepository(handle.db, { monthRollup });
      const single = { ...(await oneAtATime((i) => repo.mediaStats(period(i * 7), undefined, 'desc', 1, 30))), load: loadNow() };
      report.set(SECTION, what, dialect, single);
      console.log(`${dialect} ${what}: p50 ${single['p50 ms']} ms, max ${single['max ms']} ms`);
    }
  } finally {
    await server.stop();
    await handle.close();
    await database.dispose();
  }
}
