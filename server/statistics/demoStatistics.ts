/**
 * SEED=demo statistics: ~50 traffic owners over the demo sub-systems, advertisers, ads, domains,
 * one media team and two business teams of demo staff, a year of monthly revenue, and 90 days of
 * deterministic hourly traffic ending today, loaded through the ingestion path (writeBatch).
 */
import type { Transaction } from 'kysely';
import { addDays, MAX_INGEST_ROWS, previousMonth, TeamType } from '../../contract';
import type { Database } from '../db/schema';
import { calendarAt, defaultClock, type StatisticsClock } from './clock';
import { writeBatch, type HourCount, type MonthRevenue } from './ingest';

export const DEMO_SITE_USERS = 50;
export const DEMO_TRAFFIC_DAYS = 90;

/** A count for (owner, day, hour): a daily curve with a deterministic spread, never random. */
export function demoCount(owner: number, day: number, hour: number): number {
  const base = 40 + ((owner * 37) % 160);
  const curve = hour < 7 ? 0.25 : hour < 10 ? 0.8 : hour < 20 ? 1 : 0.6;
  const spread = ((owner * 131 + day * 17 + hour * 7) % 23) / 23;
  return Math.round(base * curve * (0.8 + 0.4 * spread));
}

export async function insertDemoStatistics(trx: Transaction<Database>, clock: StatisticsClock = defaultClock()): Promise<void> {
  const staff = await trx.selectFrom('user').select(['id']).where('code', '!=', 'admin').orderBy('id').execute();
  const apps = await trx.selectFrom('app').select('id').where('code', 'in', ['crm', 'adx', 'report']).orderBy('id').execute();
  if (staff.length < 12 || apps.length === 0) return;
  const staffIds = staff.map((s) => s.id);
  const media = staffIds.slice(0, 4);
  const business = [staffIds.slice(4, 8), staffIds.slice(8, 12)];

  const { id: mediaTeam } = await trx.insertInto('team').values({ name: '媒介一组', teamType: TeamType.media }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('teamMember').values(media.map((userId) => ({ teamId: mediaTeam, userId }))).execute();
  for (const [i, members] of business.entries()) {
    const { id } = await trx.insertInto('team').values({ name: `商务${i + 1}组`, teamType: TeamType.business }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('teamMember').values(members.map((userId) => ({ teamId: id, userId }))).execute();
  }

  const owners: number[] = [];
  for (let i = 0; i < DEMO_SITE_USERS; i++) {
    const serviceId = apps[i % apps.length]!.id;
    const { id } = await trx
      .insertInto('siteUser')
      .values({ userName: `流量主${String(i + 1).padStart(2, '0')}`, mediaAdminId: media[i % media.length]!, serviceId })
      .returning('id')
      .executeTakeFirstOrThrow();
    owners.push(id);
    await trx.insertInto('domain').values({ siteUserId: id, domain: `site${i + 1}.example.com`, serviceId }).execute();
  }
  const businessStaff = business.flat();
  for (let i = 0; i < 20; i++) {
    const serviceId = apps[i % apps.length]!.id;
    const { id } = await trx
      .insertInto('advertiser')
      .values({ name: `广告主${String(i + 1).padStart(2, '0')}`, businessAdminId: businessStaff[i % businessStaff.length]!, serviceId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('ad').values([1, 2, 3].map((n) => ({ advertiserId: id, name: `广告${i + 1}-${n}`, serviceId }))).execute();
  }

  const now = calendarAt(clock.now(), clock.timeZone);
  await writeDemoTraffic(trx, owners, addDays(now.today, -(DEMO_TRAFFIC_DAYS - 1)) * 100, clock);
  const revenue: MonthRevenue[] = [];
  let month = now.month;
  for (let m = 0; m < 12; m++, month = previousMonth(month)) {
    for (const [i, adminId] of businessStaff.entries()) revenue.push({ adminId, month, amountFen: 100_000 * (5 + ((i * 13 + m * 7) % 40)) + (i * 37 + m) % 100 });
  }
  await writeBatch(trx, { traffic: [], revenue });
}

/**
 * The demo owners' traffic (demoCount, owner by owner in the order given) from the hour key
 * `fromHour` up to the clock's current hour (at most DEMO_TRAFFIC_DAYS days), through ingestion.
 * The future has no traffic yet.
 */
export async function writeDemoTraffic(trx: Transaction<Database>, owners: readonly number[], fromHour: number, clock: StatisticsClock): Promise<void> {
  const now = calendarAt(clock.now(), clock.timeZone);
  const firstDay = Math.max(Math.floor(fromHour / 100), addDays(now.today, -(DEMO_TRAFFIC_DAYS - 1)));
  let traffic: HourCount[] = [];
  const flush = async () => {
    await writeBatch(trx, { traffic, revenue: [] });
    traffic = [];
  };
  for (let day = firstDay; day <= now.today; day = addDays(day, 1)) {
    const lastHour = day === now.today ? now.hour : 23;
    for (const [i, siteUserId] of owners.entries()) {
      for (let hour = 0; hour <= lastHour; hour++) {
        if (day * 100 + hour >= fromHour) traffic.push({ siteUserId, hour: day * 100 + hour, count: demoCount(i, day, hour) });
      }
      if (traffic.length >= MAX_INGEST_ROWS) await flush();
    }
  }
  if (traffic.length) await flush();
}
