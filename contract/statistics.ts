/**
 * Business statistics (SPEC §2.2, §2.16, §2.17, §3, §7 Dashboard): the shapes both sides read,
 * the ingestion rules with their messages, the chart's hourly points and the number formats.
 * Times are calendar keys in the server's time zone: hour `YYYY-MM-DD HH`, day `YYYY-MM-DD`,
 * month `YYYY-MM`; stored as integers (2026112309, 20261123, 202611) so no instant is converted.
 */
import { text, type Locale, type Text } from './i18n';

/** Staff summary and media statistics (SPEC §9). */
export const STATISTICS_PAGE_SIZES: readonly number[] = [30, 50, 100, 150, 200, 300];
/** Dashboard team lists: page 1, limit 100 (SPEC §9). */
export const TEAM_LIST_LIMIT = 100;
export const TeamType = { media: 1, business: 2 } as const;
export type TeamType = (typeof TeamType)[keyof typeof TeamType];

/** Most rows (traffic plus revenue) one ingestion batch may carry. */
export const MAX_INGEST_ROWS = 5000;
/** Most lines one chart answers (one per site user). */
export const MAX_CHART_LINES = 100;
/** Longest media-statistics period, in days. */
export const MAX_PERIOD_DAYS = 366;
export const MAX_TRAFFIC_COUNT = 1_000_000_000;
/** Revenue per staff member and month, in yuan (stored in fen). */
export const MAX_REVENUE = 10_000_000_000;
/**
 * How far past the server's clock an ingested hour (or month) may lie: one hour, for clocks that
 * differ a little. Anything later is the future, refused.
 */
export const INGEST_AHEAD_MS = 60 * 60_000;

/** The chart's 10 colours (SPEC §9). */
export const CHART_PALETTE: readonly string[] = ['#5B8FF9', '#5AD8A6', '#5D7092', '#F6BD16', '#E86452', '#6DC8EC', '#945FB9', '#FF9845', '#1E9493', '#FF99C3'];
/** Chart resize throttle (SPEC §9). */
export const CHART_RESIZE_MS = 100;

export interface TotalNums {
  todayTraffics: number;
  yesterdayTraffics: number;
  thisMonthTraffics: number;
  lastMonthTraffics: number;
  adverUserNums: number;
  trafficUserNums: number;
  adNums: number;
  domainNums: number;
}
export interface ChartLine {
  name: string;
  /** A count per hour; null for an hour still to come (today's later hours, every hour of a later day). */
  value: Array<number | null>;
}
export interface ChartData {
  items: ChartLine[];
  timepoint: string[];
}
export interface TeamMember {
  adminId: number;
  adminName: string;
}
export interface TrafficOwner {
  userId: number;
  userName: string;
}
export interface StaffSummaryRow {
  adminId: number;
  adminName: string;
  currentMonthTotal: number;
  lastMonthTotal: number;
  historyTotal: number;
}
export interface MediaStatsRow {
  userId: number;
  userName: string;
  mediaAdminName: string | null;
  traffic: number;
}

export interface TrafficCount {
  siteUserId: number;
  /** `YYYY-MM-DD HH` in the server's time zone. */
  hour: string;
  count: number;
}
export interface RevenueRow {
  adminId: number;
  /** `YYYY-MM`. */
  month: string;
  /** Yuan, at most two decimals. */
  amount: number;
}
export interface IngestBatch {
  traffic?: TrafficCount[];
  revenue?: RevenueRow[];
}
export interface IngestAnswer {
  traffic: number;
  revenue: number;
}

export const STATISTICS_MESSAGES = {
  hour: text('时间须为 YYYY-MM-DD HH', 'hour must be YYYY-MM-DD HH'),
  day: text('日期须为 YYYY-MM-DD', 'The date must be YYYY-MM-DD'),
  month: text('月份须为 YYYY-MM', 'month must be YYYY-MM'),
  count: text(`流量须为 0 到 ${MAX_TRAFFIC_COUNT} 的整数`, `count must be a whole number from 0 to ${MAX_TRAFFIC_COUNT}`),
  amount: text('金额须为非负数，最多两位小数', 'amount must be zero or more, with at most two decimals'),
  id: text('编号无效', 'Invalid id'),
  rows: text(`每批最多 ${MAX_INGEST_ROWS} 行`, `At most ${MAX_INGEST_ROWS} rows per batch`),
  unknownSiteUser: text('流量主不存在', 'No such traffic owner'),
  unknownStaff: text('员工不存在', 'No such staff member'),
  notBusinessStaff: text('该员工不在任何商务组', 'This staff member is in no business team'),
  futureHour: text('时间不能晚于当前时间一小时以后', 'hour cannot be more than one hour after now'),
  expiredHour: text('该小时早于按小时保存的期限，已不再接收', 'hour is older than the hours kept, no longer taken'),
  futureMonth: text('月份不能晚于本月', 'month cannot be after the current month'),
  duplicateKey: text('同一批次中重复', 'Repeated in the same batch'),
  period: text(`统计区间须为开始不晚于结束、最长 ${MAX_PERIOD_DAYS} 天`, `The period must start no later than it ends and span at most ${MAX_PERIOD_DAYS} days`),
} satisfies Record<string, Text>;

const HOUR_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2})$/;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

function isCalendarDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2999 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD` → 20261123, or undefined when it is no calendar day. */
export function dayKey(value: string): number | undefined {
  const m = DAY_PATTERN.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDay(y, mo, d) ? y * 10000 + mo * 100 + d : undefined;
}

/** `YYYY-MM-DD HH` → 2026112309. */
export function hourKey(value: string): number | undefined {
  const m = HOUR_PATTERN.exec(value);
  if (!m) return undefined;
  const day = dayKey(`${m[1]}-${m[2]}-${m[3]}`);
  const hour = Number(m[4]);
  return day !== undefined && hour <= 23 ? day * 100 + hour : undefined;
}

/** `YYYY-MM` → 202611. */
export function monthKey(value: string): number | undefined {
  const m = MONTH_PATTERN.exec(value);
  if (!m) return undefined;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  return y >= 2000 && y <= 2999 && mo >= 1 && mo <= 12 ? y * 100 + mo : undefined;
}

/** 20261123 → `2026-11-23`. */
export function dayText(key: number): string {
  const s = String(key);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** 2026112310 → `2026-11-23 10`. */
export function hourText(key: number): string {
  return `${dayText(Math.floor(key / 100))} ${String(key % 100).padStart(2, '0')}`;
}

/** 202611 → `2026-11`. */
export function monthText(key: number): string {
  return `${Math.floor(key / 100)}-${String(key % 100).padStart(2, '0')}`;
}

/** The day after (or `delta` days from) a day key, across months and years. */
export function addDays(key: number, delta: number): number {
  const date = new Date(Date.UTC(Math.floor(key / 10000), (Math.floor(key / 100) % 100) - 1, key % 100 + delta));
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: number, to: number): number {
  const utc = (k: number) => Date.UTC(Math.floor(k / 10000), (Math.floor(k / 100) % 100) - 1, k % 100);
  return Math.round((utc(to) - utc(from)) / 86_400_000) + 1;
}

/**
 * Why a media-statistics period is refused, or undefined when it is taken: it ends before it
 * starts, or spans more than MAX_PERIOD_DAYS days (both included). The server's check and the
 * picker's message.
 */
export function periodProblem(from: number, to: number): Text | undefined {
  return from > to || daysBetween(from, to) > MAX_PERIOD_DAYS ? STATISTICS_MESSAGES.period : undefined;
}

export function previousMonth(month: number): number {
  return month % 100 === 1 ? (Math.floor(month / 100) - 1) * 100 + 12 : month - 1;
}

/** The chart's x axis: `00:00` … `23:00`. */
export const TIMEPOINTS: readonly string[] = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/**
 * How many of a day's hours have begun by now: 24 for a past day, 0 for a later one, and for today
 * the hours up to and including the current one. The hours after it have no count yet, not a 0.
 */
export function hoursBegun(day: number, now: { today: number; hour: number }): number {
  if (day < now.today) return 24;
  return day === now.today ? now.hour + 1 : 0;
}

/**
 * A day's 24 hourly values from the hours that have counts: a begun hour without counts is 0, never
 * a gap; an hour from `begun` on has not come yet and is null (the chart draws nothing there)
 * unless counts arrived for it already (ingestion takes the next hour, for clocks a little ahead).
 */
export function hourlyPoints(counts: ReadonlyArray<{ hour: number; count: number }>, begun = 24): Array<number | null> {
  const points: Array<number | null> = Array.from({ length: 24 }, (_, hour) => (hour < begun ? 0 : null));
  for (const { hour, count } of counts) if (hour >= 0 && hour < 24) points[hour] = (points[hour] ?? 0) + count;
  return points;
}

/** A line's total over the day (its hours to come count nothing). */
export function lineTotal(line: ChartLine): number {
  return line.value.reduce<number>((sum, value) => sum + (value ?? 0), 0);
}

/** Lines the chart draws unless owners are chosen: the day's busiest. */
export const DEFAULT_CHART_LINES = 10;

/**
 * The lines to draw: all of them when the owners were chosen, else the `limit` with the largest
 * day totals (ties in the server's order), busiest first; `hidden` says how many were left out.
 */
export function topLines(data: ChartData, isChosen: boolean, limit = DEFAULT_CHART_LINES): { data: ChartData; hidden: number } {
  if (isChosen || data.items.length <= limit) return { data, hidden: 0 };
  const ranked = data.items.map((line, index) => ({ line, index, total: lineTotal(line) })).sort((a, b) => b.total - a.total || a.index - b.index);
  return { data: { ...data, items: ranked.slice(0, limit).map((r) => r.line) }, hidden: data.items.length - limit };
}

/** The rows a line chart draws: one per line and hour, in line order; an hour to come is null (a gap). */
export function chartRows(data: ChartData): Array<{ name: string; time: string; value: number | null }> {
  return data.items.flatMap((line) => data.timepoint.map((time, i) => ({ name: line.name, time, value: i < line.value.length ? (line.value[i] ?? null) : 0 })));
}

const NUMBER_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'en-US': 'en-US' };

/** A count with thousands separators: 1234567 → `1,234,567`. */
export function formatCount(value: number, locale: Locale = 'zh-CN'): string {
  return new Intl.NumberFormat(NUMBER_LOCALE[locale], { maximumFractionDigits: 0 }).format(value);
}

/** Yuan with its sign, thousands separators and two decimals: 1234567.5 → `¥1,234,567.50`. */
export function formatCurrency(value: number, locale: Locale = 'zh-CN'): string {
  const sign = value < 0 ? '-' : '';
  const digits = new Intl.NumberFormat(NUMBER_LOCALE[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(value));
  return `${sign}¥${digits}`;
}

/** Yuan → fen, or undefined when it has more than two decimals or is out of range. */
export function toFen(amount: number): number | undefined {
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_REVENUE) return undefined;
  const fen = Math.round(amount * 100);
  return Math.abs(fen - amount * 100) < 1e-6 ? fen : undefined;
}
