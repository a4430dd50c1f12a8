/**
 * The statistics reads. Every dashboard figure reads rollup rows (a day, a month, a site user's
 * day of hours), never a scan of the stored traffic, so its cost does not grow with the volume.
 */
import { sql, type Kysely } from 'kysely';
import { addDays, daysBetween, previousMonth, TeamType, type MediaStatsRow, type StaffSummaryRow, type TeamMember, type TotalNums, type TrafficOwner } from '../../contract';
import type { Database } from '../db/schema';
import { versionReader } from '../db/versionCounter';
import type { CalendarNow } from './clock';

// PostgreSQL answers sum() of bigint as numeric text.
const num = (value: unknown): number => Number(value ?? 0);

export interface SiteUserFilter {
  serviceId?: number;
  mediaAdminId?: number;
  ids?: number[];
}

type DayRange = readonly [number, number];

/** A traffic_day row as stored. */
export interface DayRow {
  site_user_id: number;
  day: number;
  count: number;
}

/** The rows a period is read from: month rollup rows, plus day rows added, minus day rows taken away. */
export interface PeriodParts {
  /** First and last month (YYYYMM) whose rollup rows are read; absent when none. */
  months?: readonly [number, number];
  add: DayRange[];
  subtract: DayRange[];
}

/**
 * A period of days as months of the rollup and edge days. Whole months are read as their month
 * row; a month the period holds only part of is read as its days inside the period, or as its
 * month row minus its days outside, whichever reads fewer rows: a year ending on the 26th reads
 * twelve month rows, the head month's days and the tail month's 4 days after it (still to come:
 * no rows). Each month row is the sum of its days, so the answer is the same as the day rows'.
 */
export function periodParts(from: number, to: number): PeriodParts {
  const first = Math.floor(from / 100);
  const last = Math.floor(to / 100);
  const nextMonth = (month: number) => (month % 100 === 12 ? month + 89 : month + 1);
  const add: DayRange[] = [];
  const subtract: DayRange[] = [];
  /** Whether an edge month is read as its month row (its days outside the period subtracted). */
  const viaMonth = (month: number): boolean => {
    const start = month * 100 + 1;
    const end = addDays(nextMonth(month) * 100 + 1, -1);
    const inside: DayRange = [Math.max(from, start), Math.min(to, end)];
    const outside: DayRange[] = [];
    if (inside[0] > start) outside.push([start, addDays(inside[0], -1)]);
    if (inside[1] < end) outside.push([addDays(inside[1], 1), end]);
    const outsideDays = outside.reduce((n, [a, b]) => n + daysBetween(a, b), 0);
    if (1 + outsideDays < daysBetween(...inside)) {
      subtract.push(...outside);
      return true;
    }
    add.push(inside);
    return false;
  };
  const takeFirst = viaMonth(first);
  const takeLast = last === first ? takeFirst : viaMonth(last);
  const head = takeFirst ? first : nextMonth(first);
  const tail = takeLast ? last : previousMonth(last);
  return { ...(head <= tail ? { months: [head, tail] as const } : {}), add, subtract };
}

export interface StatisticsRepositoryOptions {
  /** false: media statistics read the day rows alone (the bench's comparison). */
  monthRollup?: boolean;
}

export function statisticsRepository(db: Kysely<Database>, { monthRollup = true }: StatisticsRepositoryOptions = {}) {
  async function count(table: 'advertiser' | 'siteUser' | 'ad' | 'domain', serviceId: number | undefined): Promise<number> {
    let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (serviceId !== undefined) query = query.where('serviceId', '=', serviceId);
    return num((await query.executeTakeFirstOrThrow()).n);
  }

  function siteUsers(filter: SiteUserFilter, limit: number) {
    let query = db.selectFrom('siteUser').select(['id', 'userName']).orderBy('id').limit(limit);
    if (filter.serviceId !== undefined) query = query.where('serviceId', '=', filter.serviceId);
    if (filter.mediaAdminId !== undefined) query = query.where('mediaAdminId', '=', filter.mediaAdminId);
    if (filter.ids) query = query.where('id', 'in', filter.ids);
    return query.execute();
  }

  return {
    async totals(calendar: CalendarNow, serviceId: number | undefined): Promise<TotalNums> {
      let days = db
        .selectFrom('trafficServiceDay')
        .select(['day', (eb) => eb.fn.sum<number>('count').as('total')])
        .where('day', 'in', [calendar.today, calendar.yesterday])
        .groupBy('day');
      let months = db
        .selectFrom('trafficServiceMonth')
        .select(['month', (eb) => eb.fn.sum<number>('count').as('total')])
        .where('month', 'in', [calendar.month, calendar.lastMonth])
        .groupBy('month');
      if (serviceId !== undefined) {
        days = days.where('serviceId', '=', serviceId);
        months = months.where('serviceId', '=', serviceId);
      }
      const [dayRows, monthRows, adverUserNums, trafficUserNums, adNums, domainNums] = await Promise.all([
        days.execute(),
        months.execute(),
        count('advertiser', serviceId),
        count('siteUser', serviceId),
        count('ad', serviceId),
        count('domain', serviceId),
      ]);
      const byDay = new Map(dayRows.map((r) => [num(r.day), num(r.total)]));
      const byMonth = new Map(monthRows.map((r) => [num(r.month), num(r.total)]));
      return {
        todayTraffics: byDay.get(calendar.today) ?? 0,
        yesterdayTraffics: byDay.get(calendar.yesterday) ?? 0,
        thisMonthTraffics: byMonth.get(calendar.month) ?? 0,
        lastMonthTraffics: byMonth.get(calendar.lastMonth) ?? 0,
        adverUserNums,
        trafficUserNums,
        adNums,
        domainNums,
      };
    },

    siteUsers,

    /** A day's hourly counts of the given site users (missing hours are absent). */
    async hours(siteUserIds: number[], day: number): Promise<Array<{ siteUserId: number; hour: number; count: number }>> {
      if (siteUserIds.length === 0) return [];
      const rows = await db
        .selectFrom('trafficHour')
        .select(['siteUserId', 'hour', 'count'])
        .where('siteUserId', 'in', siteUserIds)
        .where('hour', '>=', day * 100)
        .where('hour', '<=', day * 100 + 23)
        .execute();
      return rows.map((r) => ({ siteUserId: num(r.siteUserId), hour: num(r.hour) % 100, count: num(r.count) }));
    },

    async owners(filter: SiteUserFilter, limit: number): Promise<TrafficOwner[]> {
      return (await siteUsers(filter, limit)).map((r) => ({ userId: r.id, userName: r.userName }));
    },

    async team(teamType: number, page: number, size: number): Promise<{ items: TeamMember[]; total: number }> {
      const members = db
        .selectFrom('teamMember')
        .innerJoin('team', 'team.id', 'teamMember.teamId')
        .innerJoin('user', 'user.id', 'teamMember.userId')
        .where('team.teamType', '=', teamType);
      const [items, total] = await Promise.all([
        members
          .select(['user.id as adminId', 'user.name as adminName'])
          .distinct()
          .orderBy('user.id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        members.select((eb) => eb.fn.count<number>('user.id').distinct().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: num(total.n) };
    },

    /** Business staff (members of business teams, and anyone with revenue): this month, last month, all time. */
    async staffSummary(calendar: CalendarNow, page: number, size: number): Promise<{ items: StaffSummaryRow[]; total: number }> {
      const staff = db
        .selectFrom('teamMember')
        .innerJoin('team', 'team.id', 'teamMember.teamId')
        .where('team.teamType', '=', TeamType.business)
        .select('teamMember.userId as adminId')
        .union(db.selectFrom('revenueMonth').select('revenueMonth.adminId as adminId'));
      const sumWhen = (month: number) => sql<number>`coalesce(sum(case when ${sql.ref('r.month')} = ${month} then ${sql.ref('r.amountFen')} else 0 end), 0)`;
      const [rows, total] = await Promise.all([
        db
          .selectFrom(staff.as('s'))
          .innerJoin('user as u', 'u.id', 's.adminId')
          .leftJoin('revenueMonth as r', 'r.adminId', 's.adminId')
          .select([
            'u.id as adminId',
            'u.name as adminName',
            sumWhen(calendar.month).as('current'),
            sumWhen(calendar.lastMonth).as('last'),
            sql<number>`coalesce(sum(${sql.ref('r.amountFen')}), 0)`.as('history'),
          ])
          .groupBy(['u.id', 'u.name'])
          .orderBy('history', 'desc')
          .orderBy('u.id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        db
          .selectFrom(staff.as('s'))
          .innerJoin('user as u', 'u.id', 's.adminId')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const yuan = (fen: unknown) => num(fen) / 100;
      return {
        items: rows.map((r) => ({ adminId: r.adminId, adminName: r.adminName, currentMonthTotal: yuan(r.current), lastMonthTotal: yuan(r.last), historyTotal: yuan(r.history) })),
        total: num(total.n),
      };
    },

    /** Every site user's id and sub-system, by id: the owners a period's sums are kept for. */
    async ownerServices(): Promise<Array<{ id: number; serviceId: number | null }>> {
      const rows = await db.selectFrom('siteUser').select(['id', 'serviceId']).orderBy('id').execute();
      return rows.map((r) => ({ id: num(r.id), serviceId: r.serviceId === null ? null : num(r.serviceId) }));
    },

    /** The statistics version (migration 0009): every write to the rollups moves it in its own transaction. */
    version: versionReader(db, 'statisticsVersion'),

    /**
     * Every day row of days `from` to `to`: a range of the covering index by day
     * (traffic_day_day_idx), read as stored (integer columns: numbers on both databases) and without
     * the plugins' copy of every row, as running totals read millions of them (runningTotals.ts).
     */
    async dayRows(from: number, to: number): Promise<DayRow[]> {
      const { rows } = await sql<DayRow>`select site_user_id, day, count from traffic_day where day >= ${from} and day <= ${to}`.execute(db.withoutPlugins());
      return rows;
    },

    /**
     * Per site user, the sum of its month rows over `months` plus its day rows over `add` minus
     * over `subtract`: one grouped statement per part, each an index range of its own, added here
     * (a union of them all sorted for one group by costs as much as the parts together).
     */
    async partSums({ months, add, subtract }: PeriodParts): Promise<Map<number, number>> {
      const dayPart = ([from, to]: DayRange) =>
        db.selectFrom('trafficDay').select(['siteUserId', (eb) => eb.fn.sum<number>('count').as('n')]).where('day', '>=', from).where('day', '<=', to).groupBy('siteUserId').execute();
      const parts = await Promise.all([
        ...(months
          ? [db.selectFrom('trafficMonth').select(['siteUserId', (eb) => eb.fn.sum<number>('count').as('n')]).where('month', '>=', months[0]).where('month', '<=', months[1]).groupBy('siteUserId').execute()]
          : []),
        ...add.map(dayPart),
      ]);
      const taken = await Promise.all(subtract.map(dayPart));
      const sums = new Map<number, number>();
      const move = (rows: Array<{ siteUserId: unknown; n: unknown }>, sign: number) => {
        for (const r of rows) {
          const id = num(r.siteUserId);
          sums.set(id, (sums.get(id) ?? 0) + sign * num(r.n));
        }
      };
      for (const rows of parts) move(rows, 1);
      for (const rows of taken) move(rows, -1);
      return sums;
    },

    /** The names shown beside the given site users (a page of media statistics), by primary key. */
    async ownerNames(ids: number[]): Promise<Map<number, { userName: string; mediaAdminName: string | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('siteUser as s')
        .leftJoin('user as u', 'u.id', 's.mediaAdminId')
        .select(['s.id', 's.userName', 'u.name as mediaAdminName'])
        .where('s.id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [num(r.id), { userName: r.userName, mediaAdminName: r.mediaAdminName }]));
    },

    /** Traffic per site user over a period of days: month rollup rows and edge days (periodParts). */
    async mediaStats(
      period: { from: number; to: number },
      serviceId: number | undefined,
      order: 'asc' | 'desc',
      page: number,
      size: number,
    ): Promise<{ items: MediaStatsRow[]; total: number }> {
      const { months, add, subtract } = monthRollup ? periodParts(period.from, period.to) : { months: undefined, add: [[period.from, period.to] as const], subtract: [] };
      const days = ([from, to]: readonly [number, number]) => db.selectFrom('trafficDay').where('day', '>=', from).where('day', '<=', to);
      const monthRows = months ? [db.selectFrom('trafficMonth').select(['siteUserId', 'count']).where('month', '>=', months[0]).where('month', '<=', months[1])] : [];
      const dayRows = [
        ...add.map((range) => days(range).select(['siteUserId', 'count'])),
        ...subtract.map((range) => days(range).select(['siteUserId', sql<number>`0 - ${sql.ref('count')}`.as('count')])),
      ];
      const [first, ...rest] = [...monthRows, ...dayRows];
      const counts = rest.reduce((all, part) => all.unionAll(part), first!);
      const traffic = db
        .selectFrom(counts.as('c'))
        .select(['c.siteUserId', (eb) => eb.fn.sum<number>('c.count').as('traffic')])
        .groupBy('c.siteUserId');
      let rows = db
        .selectFrom('siteUser as s')
        .leftJoin(traffic.as('t'), 't.siteUserId', 's.id')
        .leftJoin('user as u', 'u.id', 's.mediaAdminId')
        .select(['s.id as userId', 's.userName', 'u.name as mediaAdminName', sql<number>`coalesce(${sql.ref('t.traffic')}, 0)`.as('traffic')]);
      let total = db.selectFrom('siteUser').select((eb) => eb.fn.countAll<number>().as('n'));
      if (serviceId !== undefined) {
        rows = rows.where('s.serviceId', '=', serviceId);
        total = total.where('serviceId', '=', serviceId);
      }
      const [items, counted] = await Promise.all([
        rows.orderBy('traffic', order).orderBy('s.id').limit(size).offset((page - 1) * size).execute(),
        total.executeTakeFirstOrThrow(),
      ]);
      return { items: items.map((r) => ({ ...r, traffic: num(r.traffic) })), total: num(counted.n) };
    },
  };
}
