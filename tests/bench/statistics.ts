/**
 * The statistics under load, against the server as `npm start` runs it (serverProcess.ts).
 *
 * Loads BENCH_EVENTS traffic events (default 10,000,000) as their hourly counts: BENCH_OWNERS site
 * users (1,000) × BENCH_DAYS days (90) × 24 hours, each count drawn so the counts add up to the
 * events, through POST /base/admin/statistics/ingest in batches of 5,000. Then 20 connections on
 * totalNums, the line chart (questions it has answered before, and questions new to it) and the
 * team overview.
 */
import { TOKEN_HEADER, addDays, dayText, MAX_INGEST_ROWS, TeamType } from '../../contract';
import { openDatabase, type DatabaseHandle, type DialectName } from '../../server/db/database';
import { calendarAt, defaultClock } from '../../server/statistics/clock';
import { sql } from 'kysely';
import { benchDatabase } from './benchDatabase';
import { measure, withQuery } from './load';
import type { Report } from './report';
import { startServer } from './serverProcess';
import { login } from './staffList';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const OWNERS = Number(process.env.BENCH_OWNERS ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const SERVICES = 5;
const STAFF_PER_TEAM = 10;
const P99_TARGET_MS = 20;
const SECTION = `statistics, ${(EVENTS / 1e6).toLocaleString('en')} million events, 20 connections`;

/** Owners, advertisers, ads, domains and teams, written directly (they have no route of their own). */
async function populate(handle: DatabaseHandle): Promise<{ owners: number[]; media: number[] }> {
  const db = handle.db;
  const staff: number[] = [];
  for (let i = 0; i < STAFF_PER_TEAM * 3; i++) {
    const { id } = await db
      .insertInto('user')
      .values({ code: `S${i}`, name: `员工${i}`, passwordHash: 'unusable', isEnable: '1', mustChangePassword: 1, createTime: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    staff.push(id);
  }
  const teams: Array<[string, number, number[]]> = [
    ['媒介组', TeamType.media, staff.slice(0, STAFF_PER_TEAM)],
    ['商务一组', TeamType.business, staff.slice(STAFF_PER_TEAM, 2 * STAFF_PER_TEAM)],
    ['商务二组', TeamType.business, staff.slice(2 * STAFF_PER_TEAM)],
  ];
  for (const [name, teamType, members] of teams) {
    const { id } = await db.insertInto('team').values({ name, teamType }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('teamMember').values(members.map((userId) => ({ teamId: id, userId }))).execute();
  }
  const media = staff.slice(0, STAFF_PER_TEAM);
  const rows = Array.from({ length: OWNERS }, (_, i) => ({ userName: `流量主${i + 1}`, mediaAdminId: media[i % media.length]!, serviceId: 1 + (i % SERVICES) }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('siteUser').values(rows.slice(i, i + 500)).execute();
  const owners = (await db.selectFrom('siteUser').select('id').orderBy('id').execute()).map((r) => r.id);
  const domains = owners.map((siteUserId, i) => ({ siteUserId, domain: `s${i}.example.com`, serviceId: 1 + (i % SERVICES) }));
  for (let i = 0; i < domains.length; i += 500) await db.insertInto('domain').values(domains.slice(i, i + 500)).execute();
  for (let i = 0; i < 200; i++) {
    const { id } = await db.insertInto('advertiser').values({ name: `广告主${i}`, businessAdminId: staff[STAFF_PER_TEAM + (i % 20)]!, serviceId: 1 + (i % SERVICES) }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('ad').values([1, 2, 3].map((n) => ({ advertiserId: id, name: `广告${i}-${n}`, serviceId: 1 + (i % SERVICES) }))).execute();
  }
  return { owners, media };
}

/** Posts every hour of every owner, counts adding up to EVENTS; answers rows and seconds. */
async function ingest(address: string, token: string, owners: number[], lastDay: number): Promise<{ rows: number; events: number; seconds: number }> {
  const weight = (i: number, d: number, hour: number) => (hour < 7 ? 0.4 : hour < 20 ? 1.3 : 0.9) * (0.5 + ((i * 131 + hour * 7 + d * 17) % 100) / 100);
  let totalWeight = 0;
  for (let d = 0; d < DAYS; d++) for (let hour = 0; hour < 24; hour++) for (let i = 0; i < owners.length; i++) totalWeight += weight(i, d, hour);
  const perWeight = EVENTS / totalWeight;
  let rows = 0;
  let events = 0;
  let batch: Array<{ siteUserId: number; hour: string; count: number }> = [];
  const started = Date.now();
  const send = async () => {
    const answer = await fetch(`${address}/base/admin/statistics/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      body: JSON.stringify({ traffic: batch }),
    });
    const body = (await answer.json()) as { code: number; msg: string };
    if (body.code !== 0) throw new Error(`ingest: ${body.msg}`);
    rows += batch.length;
    batch = [];
  };
  let carry = 0;
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = dayText(addDays(lastDay, -d));
    for (let hour = 0; hour < 24; hour++) {
      for (const [i, siteUserId] of owners.entries()) {
        // A deterministic spread; the carry keeps the total on EVENTS.
        const exact = perWeight * weight(i, d, hour) + carry;
        const count = Math.round(exact);
        carry = exact - count;
        events += count;
        batch.push({ siteUserId, hour: `${day} ${String(hour).padStart(2, '0')}`, count });
        if (batch.length === MAX_INGEST_ROWS) await send();
      }
    }
  }
  if (batch.length) await send();
  return { rows, events, seconds: (Date.now() - started) / 1000 };
}

const many = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

export async function statisticsBench(report: Report, dialect: DialectName): Promise<void> {
  const database = await benchDatabase(dialect, 'statistics');
  const handle = openDatabase(database.url);
  const server = await startServer({ databaseUrl: database.url });
  try {
    const { owners, media } = await populate(handle);
    const token = await login(server.address);
    const clock = defaultClock();
    // The loaded days end yesterday: ingestion refuses hours after now (plus one).
    const lastDay = addDays(calendarAt(clock.now(), clock.timeZone).today, -1);
    const loaded = await ingest(server.address, token, owners, lastDay);
    if (dialect === 'postgres') await sql`analyze`.execute(handle.db);
    report.set('statistics ingestion (POST /base/admin/statistics/ingest, 5,000 rows a call)', `${(loaded.events / 1e6).toLocaleString('en')} million events as ${loaded.rows.toLocaleString('en')} hourly rows`, dialect, {
      s: loaded.seconds,
      'rows/s': loaded.rows / loaded.seconds,
      'events/s': loaded.events / loaded.seconds,
    });
    console.log(`${dialect}: ${loaded.rows.toLocaleString('en')} hourly rows ingested in ${loaded.seconds.toFixed(1)} s`);

    const chart = '/admin/dashboard/lineChart/traffic/siteUser';
    const ownersOf = (i: number) => many(10, (k) => owners[(i * 10 + k * 97) % owners.length]).join(',');
    const cases = [
      { what: 'totalNums, all and per sub-system', paths: many(6, (i) => (i === 0 ? '/admin/dashboard/statistics/totalNums' : withQuery('/admin/dashboard/statistics/totalNums', { serviceId: i }))) },
      { what: 'line chart, 10 chosen owners, days of the last 90 (asked before)', paths: many(50, (i) => withQuery(chart, { datetime: dayText(addDays(lastDay, -((i * 7) % DAYS))), siteUserIds: ownersOf(i) })) },
      { what: 'line chart, one media staff member, up to 100 owners (asked before)', paths: many(50, (i) => withQuery(chart, { datetime: dayText(addDays(lastDay, -((i * 3) % DAYS))), adminId: media[i % media.length]! })) },
      // More distinct questions than the answer cache keeps: nearly every call is computed.
      { what: 'line chart, 10 owners, 9,000 questions new to it', paths: many(9000, (i) => withQuery(chart, { datetime: dayText(addDays(lastDay, -(i % DAYS))), siteUserIds: ownersOf(i) })) },
      { what: 'teamOverview, media and business', paths: many(2, (i) => withQuery('/admin/dashboard/statistics/teamOverview', { page: 1, limit: 100, teamType: i + 1 })) },
    ];
    for (const { what, paths } of cases) {
      const figures = await measure(server.address, { paths, token });
      report.set(SECTION, what, dialect, figures, dialect === 'sqlite' ? { target: `SQLite p99 ≤ ${P99_TARGET_MS} ms`, isMet: figures['p99 ms'] <= P99_TARGET_MS } : {});
      console.log(`${dialect} ${what}: ${figures['req/s']} req/s, p99 ${figures['p99 ms']} ms`);
    }
  } finally {
    await server.stop();
    await handle.close();
    await database.dispose();
  }
}
