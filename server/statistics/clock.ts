/**
 * "Today" for the statistics: the calendar of the server's time zone (`TZ`, default
 * Asia/Shanghai), so the dashboard's totals and the chart's day agree whatever the host's clock
 * zone is. Tests pass a fixed `now`.
 */
import { addDays, INGEST_AHEAD_MS, previousMonth } from '../../contract';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export interface StatisticsClock {
  timeZone: string;
  now: () => number;
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The clock of `TZ` when it names a zone, otherwise Asia/Shanghai. */
export function defaultClock(env: Record<string, string | undefined> = process.env): StatisticsClock {
  const zone = env.TZ?.trim();
  return { timeZone: zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE, now: () => Date.now() };
}

export interface CalendarNow {
  today: number;
  yesterday: number;
  month: number;
  lastMonth: number;
  hour: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar keys of an instant in a zone. */
export function calendarAt(instant: number, timeZone: string): CalendarNow {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const month = Number(parts.year) * 100 + Number(parts.month);
  const today = month * 100 + Number(parts.day);
  return { today, yesterday: addDays(today, -1), month, lastMonth: previousMonth(month), hour: Number(parts.hour) };
}

/** The latest hour and month ingestion takes: those of the clock plus INGEST_AHEAD_MS. */
export function latestIngestible(clock: StatisticsClock): { hour: number; month: number } {
  const at = calendarAt(clock.now() + INGEST_AHEAD_MS, clock.timeZone);
  return { hour: at.today * 100 + at.hour, month: at.month };
}

/** The first hour ingestion takes: the first of the hours `traffic_hour` keeps (server/audit/retention.ts). */
export function earliestIngestible(clock: StatisticsClock, trafficHourRetentionDays: number): number {
  return addDays(calendarAt(clock.now(), clock.timeZone).today, -trafficHourRetentionDays) * 100;
}
